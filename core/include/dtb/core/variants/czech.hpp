// Czech draughts (also 8-man Czech): spanish movement on the russian board orientation,
// free choice of capture except that a king must capture if one can.
// docs/variants.md#czech. Source: Roberto's Rules of Draughts, "Rules of Czech Draughts"
// (RR, rule numbers in parentheses; the others are those of its spanish list).
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/spanish.hpp"

namespace dtb {

inline constexpr CounterSet kCzechCounters =
    counter_set("standard", "15 moves each with kings only",
                CounterRule{.name = "kings-only",
                            .article = "Czech rules",
                            .kind = CounterKind::progress,
                            .moves = 15});

struct Czech : Spanish {
    static constexpr std::string_view name = "czech";
    static constexpr std::string_view summary =
        "8x8, men capture forward, a king must capture if one can";
    static constexpr int pdn_gametype = 29;
    static constexpr bool mirrored = false;  // (1) single corner lower left
    static constexpr std::string_view start = "W:W21-32:B1-12";
    static constexpr Precedence precedence = Precedence::king_first;  // (13-14), (15)
    static constexpr Numbering numbering = Numbering::top_left;
    static constexpr bool algebraic_output = true;  // docs/variants.md#notation
    static constexpr char capture_mark = ':';
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kCzechCounters};
};

}  // namespace dtb
