// Thai draughts (mak-hos), docs/variants.md#thai. Source: Roberto's Rules of Draughts, "Rules
// of Thai Draughts" (RR, rule numbers in parentheses).
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/spanish.hpp"

namespace dtb {

struct Thai : Spanish {
    static constexpr std::string_view name = "thai";
    static constexpr std::string_view summary =
        "8x8, 8 men each, kings land right behind, immediate removal";
    static constexpr int pdn_gametype = 31;
    static constexpr bool mirrored = false;                     // (1) single corner lower left
    static constexpr std::string_view start = "B:W25-32:B1-8";  // (2) 8 men on two rows
    // Sources differ on who starts; dtb lets Black start (docs/variants.md#thai).
    static constexpr Color first_player = Color::black;
    static constexpr Landing king_landing = Landing::first_beyond;  // (9) the first square
    static constexpr Removal removal = Removal::immediate;          // (11) removed at once
    static constexpr bool turn_180 = true;                          // (10) may turn 180 degrees
    static constexpr Precedence precedence = Precedence::free;      // (13-14)
    static constexpr Numbering numbering = Numbering::top_left;
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kNoCounters};
};

}  // namespace dtb
