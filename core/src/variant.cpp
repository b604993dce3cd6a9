#include "dtb/core/variant.hpp"

#include <array>

namespace dtb {

namespace {

template <class V>
constexpr VariantName entry(VariantId id, std::string_view summary) {
    return {V::name, id, V::start, summary};
}

constexpr std::array kNames = {
    entry<Russian>(VariantId::russian, "8x8, flying kings, free capture, promotion in passing"),
    entry<Brazilian>(VariantId::brazilian, "8x8, international rules: flying kings, most pieces"),
    entry<Pool>(VariantId::pool, "American pool checkers: 8x8, flying kings, free capture"),
    entry<Portuguese>(VariantId::portuguese,
                      "8x8 mirrored, men capture forward, most pieces then kings"),
    entry<Spanish>(VariantId::spanish, "8x8 mirrored, as portuguese (draw counters differ)"),
    entry<Czech>(VariantId::czech, "8x8, men capture forward, a king must capture if one can"),
    entry<Thai>(VariantId::thai, "8x8, 8 men each, kings land right behind, immediate removal"),
    entry<English>(VariantId::english, "English draughts / straight checkers: short kings"),
    entry<African>(VariantId::african, "African-American straight checkers: english, flying kings"),
    entry<Giveaway>(VariantId::giveaway, "english rules; the side that cannot move wins"),
    entry<Italian>(VariantId::italian, "8x8 mirrored, short kings, men cannot take kings"),
    entry<International>(VariantId::international, "10x10, flying kings, most pieces"),
    entry<Canadian>(VariantId::canadian, "12x12, international rules"),
    entry<Frisian>(VariantId::frisian, "10x10, captures in 8 directions, value rule"),
    entry<Turkish>(VariantId::turkish, "8x8 all squares, orthogonal moves, flying rook kings"),
    entry<Armenian>(VariantId::armenian, "turkish, with diagonal-forward men and 8-way kings"),
    VariantName{"restriction", VariantId::english, English::start,
                "english rules; the first three moves are balloted"},
    VariantName{"ballot11", VariantId::english, English::start,
                "english rules, 11-man ballot: one man per side removed by ballot"},
    VariantName{"czech8", VariantId::czech, "W:W25-32:B1-8", "czech rules, 8 men each"},
};

}  // namespace

std::span<const VariantName> variant_names() { return kNames; }

std::optional<VariantName> find_variant(std::string_view name) {
    for (const auto& v : kNames)
        if (v.name == name) return v;
    return std::nullopt;
}

std::string_view variant_name(VariantId id) {
    return dispatch(id, [](auto v) { return decltype(v)::name; });
}

}  // namespace dtb
