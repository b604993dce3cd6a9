// African-American straight checkers: english with flying kings.
// Source: seed 003 ("Rules of African-American Straight Checkers"), RULES.md §1.
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/english.hpp"

namespace dtb {

struct African : English {
    static constexpr std::string_view name = "african";
    static constexpr int pdn_gametype = 0;                        // no PDN GameType assigned
    static constexpr Range king_range = Range::flying;            // (8) long-range king
    static constexpr Landing king_landing = Landing::any_beyond;  // (9) any square beyond
    // RULES.md §2: the counter rules, the default first, then the named options.
    static constexpr std::array rule_sets = {kFortyMoves};
};

}  // namespace dtb
