// Thai draughts (mak-hos). Source: seed 003 ("Rules of Thai Draughts"), RULES.md §1.
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/spanish.hpp"

namespace dtb {

struct Thai : Spanish {
    static constexpr std::string_view name = "thai";
    static constexpr int pdn_gametype = 31;
    static constexpr bool mirrored = false;                         // (1) single corner lower left
    static constexpr std::string_view start = "B:W25-32:B1-8";      // (2) 8 men on two rows
    static constexpr Color first_player = Color::black;             // RULES.md §1 "first: Black"
    static constexpr Landing king_landing = Landing::first_beyond;  // (9) the first square
    static constexpr Removal removal = Removal::immediate;          // (11) removed at once
    static constexpr bool turn_180 = true;                          // (10) may turn 180 degrees
    static constexpr Precedence precedence = Precedence::free;      // (13-14)
    static constexpr Numbering numbering = Numbering::top_left;
    // RULES.md §2: the counter rules, the default first, then the named options.
    static constexpr std::array rule_sets = {kNoCounters};
};

}  // namespace dtb
