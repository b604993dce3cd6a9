// Italian draughts (docs/variants.md#italian). Sources: Roberto's Rules of Draughts, "Rules of
// Italian Draughts" (RR, rule numbers in parentheses); FID, Regolamento tecnico.
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/english.hpp"

namespace dtb {

inline constexpr CounterSet kItalianCounters = counter_set(
    "standard", "40 moves each without a man move or a capture",
    CounterRule{
        .name = "no-progress", .article = "FID", .kind = CounterKind::progress, .moves = 40});

struct Italian : English {
    static constexpr std::string_view name = "italian";
    static constexpr std::string_view summary = "8x8 mirrored, short kings, men cannot take kings";
    static constexpr int pdn_gametype = 22;
    static constexpr bool mirrored = true;  // (1) single corner lower right
    static constexpr std::string_view start = "W:W21-32:B1-12";
    static constexpr Color first_player = Color::white;  // (3)
    static constexpr bool man_captures_king = false;     // (11) a man never jumps a king
    // (12), (13), (12), then "a king jumped the earliest possible" (FID 6.6-6.9): pieces,
    // capture with a king, most kings, earliest king.
    static constexpr Precedence precedence = Precedence::italian;
    // 1 = the top-left dark square (docs/variants.md#notation).
    static constexpr Numbering numbering = Numbering::top_left;
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kItalianCounters};
};

}  // namespace dtb
