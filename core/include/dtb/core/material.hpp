// A material: how many men and kings each side has. Written "KKMvKM": White's pieces, "v",
// Black's, kings first (K), then men (M).
#pragma once

#include <compare>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dtb {

struct Material {
    int white_men = 0, white_kings = 0, black_men = 0, black_kings = 0;

    constexpr int pieces() const { return white_men + white_kings + black_men + black_kings; }
    constexpr int men() const { return white_men + black_men; }
    // The same material with the colours exchanged.
    constexpr Material flipped() const { return {black_men, black_kings, white_men, white_kings}; }
    friend constexpr auto operator<=>(const Material&, const Material&) = default;

    // A dense number per material with at most kMostOfKind men or kings of each kind: where
    // a material's table sits in an array of them.
    static constexpr int kMostOfKind = 8;
    static constexpr int kSlots =
        (kMostOfKind + 1) * (kMostOfKind + 1) * (kMostOfKind + 1) * (kMostOfKind + 1);
    constexpr int slot() const {
        constexpr int d = kMostOfKind + 1;
        return ((white_men * d + white_kings) * d + black_men) * d + black_kings;
    }

    std::string name() const;
    static std::optional<Material> parse(std::string_view text);
};

// Every material with 2..max_pieces pieces, each side at least one, in solving order: fewer
// pieces first (captures lead there), then fewer men (promotions lead there).
std::vector<Material> materials_up_to(int max_pieces);

}  // namespace dtb
