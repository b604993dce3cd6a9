// The runtime variant becomes a type here; the matching is in the per-variant objects made
// from replay.cpp.in.
#include "dtb/pdn/replay.hpp"

#include "replay_of.hpp"

namespace dtb::pdn {

std::optional<VariantId> variant_of_game_type(std::string_view value) {
    int n = 0, digits = 0;
    std::size_t i = 0;
    while (i < value.size() && value[i] == ' ') ++i;
    for (; i < value.size() && value[i] >= '0' && value[i] <= '9' && digits < 4; ++i, ++digits)
        n = n * 10 + (value[i] - '0');
    if (digits == 0) return std::nullopt;
    // Each variant's number is its rule struct's pdn_gametype (0: PDN assigns it none).
    for (int k = 0; k < kVariantCount; ++k) {
        const auto id = VariantId(k);
        if (n != 0 && dispatch(id, [](auto v) { return decltype(v)::pdn_gametype; }) == n)
            return id;
    }
    return std::nullopt;
}

std::optional<VariantId> game_variant(const Game& g, std::optional<VariantId> given,
                                      std::string* why) {
    if (given) return given;
    const auto type = g.tag("GameType");
    if (!type) {
        if (why) *why = "no GameType tag and no variant given";
        return std::nullopt;
    }
    const auto v = variant_of_game_type(*type);
    if (!v && why) *why = "GameType \"" + *type + "\" is no variant dtb plays";
    return v;
}

ScoreOrder score_order(std::optional<VariantId> variant) {
    if (!variant) return ScoreOrder::white_first;
    return dispatch(*variant, [](auto v) {
        return decltype(v)::first_player == Color::black ? ScoreOrder::black_first
                                                         : ScoreOrder::white_first;
    });
}

Replay replay(const Game& g, VariantId variant) {
    return dispatch(variant, [&](auto v) { return replay_of<decltype(v)>(g); });
}

}  // namespace dtb::pdn
