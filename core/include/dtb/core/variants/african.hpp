// African-American straight checkers: english with flying kings.
// docs/variants.md#african. Source: Roberto's Rules of Draughts, "Rules of African-American
// Straight Checkers" (RR, rule numbers in parentheses).
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/english.hpp"

namespace dtb {

struct African : English {
    static constexpr std::string_view name = "african";
    static constexpr std::string_view summary =
        "African-American straight checkers: english, flying kings";
    static constexpr int pdn_gametype = 0;                        // no PDN GameType assigned
    static constexpr Range king_range = Range::flying;            // (8) long-range king
    static constexpr Landing king_landing = Landing::any_beyond;  // (9) any square beyond
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kFortyMoves};
};

}  // namespace dtb
