// The runtime variant becomes a type here; the matching is in the per-variant objects made
// from replay.cpp.in.
#include "dtb/pdn/replay.hpp"

#include <array>
#include <utility>

#include "replay_of.hpp"

namespace dtb::pdn {

namespace {

// PDN 3.0's GameType numbers of the draughts games dtb plays.
constexpr std::array<std::pair<int, VariantId>, 13> kGameTypes = {{
    {20, VariantId::international},
    {21, VariantId::english},
    {22, VariantId::italian},
    {23, VariantId::pool},
    {24, VariantId::spanish},
    {25, VariantId::russian},
    {26, VariantId::brazilian},
    {27, VariantId::canadian},
    {28, VariantId::portuguese},
    {29, VariantId::czech},
    {30, VariantId::turkish},
    {31, VariantId::thai},
    {40, VariantId::frisian},
}};

}  // namespace

std::optional<VariantId> variant_of_game_type(std::string_view value) {
    int n = 0, digits = 0;
    std::size_t i = 0;
    while (i < value.size() && value[i] == ' ') ++i;
    for (; i < value.size() && value[i] >= '0' && value[i] <= '9' && digits < 4; ++i, ++digits)
        n = n * 10 + (value[i] - '0');
    if (digits == 0) return std::nullopt;
    for (auto [number, id] : kGameTypes)
        if (number == n) return id;
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

Replay replay(const Game& g, VariantId variant) {
    return dispatch(variant, [&](auto v) { return replay_of<decltype(v)>(g); });
}

}  // namespace dtb::pdn
