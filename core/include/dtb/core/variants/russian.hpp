// Russian draughts: pool checkers with White first and promotion in passing.
// Sources: seed 001 (Russian rules), seed 003 ("Rules of Russian Draughts"), RULES.md §1.
#pragma once

#include "dtb/core/variants/pool.hpp"

namespace dtb {

struct Russian : Pool {
    static constexpr std::string_view name = "russian";
    static constexpr int pdn_gametype = 25;
    static constexpr std::string_view start = "W:W21-32:B1-12";
    static constexpr Color first_player = Color::white;  // seed 003 Russian (3)
    // seed 003 Russian (7), seed 001: a man reaching the last row in a capture becomes a king
    // and goes on capturing as a king.
    static constexpr Promotion promotion = Promotion::in_passing;
    static constexpr bool algebraic_output = true;  // RULES.md §3: a1..h8
    static constexpr char capture_mark = ':';       // russian style e3:c5
};

}  // namespace dtb
