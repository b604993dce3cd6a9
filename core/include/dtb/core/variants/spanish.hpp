// Spanish draughts (docs/variants.md#spanish). Source: Roberto's Rules of Draughts, "Rules
// of Spanish Draughts" (RR, rule numbers in parentheses).
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/geometry.hpp"
#include "dtb/core/rules.hpp"

namespace dtb {

// Portuguese rules, FPD 3.2.1 (also spanish's `portuguese` option). The force count counts
// the strong side's 12 moves after its kings reach the river, the winning capture among them
// and not the move that made the material; leaving the river does not restart it
// (docs/variants.md#how-the-counters-combine, point 8). Revision 2: revision 1 counted the
// capture that made the material as the first of the 12 (issue 51).
inline constexpr CounterSet kPortugueseCounters =
    revised(counter_set("standard", "3.2.1a twenty moves, 3.2.1b force rule counted from the river",
                        CounterRule{.name = "twenty-moves",
                                    .article = "FPD 3.2.1a",
                                    .kind = CounterKind::progress,
                                    .moves = 20},
                        CounterRule{.name = "force",
                                    .article = "FPD 3.2.1b",
                                    .kind = CounterKind::force,
                                    .scope = {ScopeKind::against_lone_king, 3, 3, true},
                                    .moves = 12,
                                    .budget = Budget::strong_side,
                                    .start = Start::on_river}),
            2);

struct Spanish {
    static constexpr std::string_view name = "spanish";
    static constexpr std::string_view summary =
        "8x8 mirrored, as portuguese (draw counters differ)";
    static constexpr int pdn_gametype = 24;                        // docs/variants.md#notation
    using board = Board8x8;                                        // (1)
    static constexpr bool mirrored = true;                         // (1) single corner lower RIGHT
    static constexpr std::string_view start = "W:W1-12:B21-32";    // (2)
    static constexpr Color first_player = Color::white;            // (3)
    static constexpr DirSet man_moves = dirs({Dir::ne, Dir::nw});  // (4)
    static constexpr DirSet man_captures = dirs({Dir::ne, Dir::nw});  // (5) never backward
    static constexpr bool man_captures_king = true;                   // (12)
    static constexpr DirSet king_moves = kDiagonal;                   // (8)
    static constexpr DirSet king_captures = kDiagonal;                // (8)
    static constexpr Range king_range = Range::flying;                // (8)
    static constexpr Landing king_landing = Landing::any_beyond;      // (9)
    static constexpr Removal removal = Removal::at_end;               // (11)
    static constexpr bool turn_180 = false;
    static constexpr Promotion promotion = Promotion::stops;  // (7) crowning ends the turn
    static constexpr Precedence precedence = Precedence::most_pieces_then_kings;  // (13), (14)
    static constexpr int king_streak_limit = 0;
    static constexpr Goal goal = Goal::normal;  // (16)
    // Houses 1..32 from White's lower right, right to left, upwards (FPD 2.1.3).
    static constexpr Numbering numbering = Numbering::bottom_right;
    static constexpr bool algebraic_output = false;
    static constexpr char capture_mark = 'x';
    using extra_state = NoExtraState;
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kNoCounters,
                                                renamed(kPortugueseCounters, "portuguese")};
};

}  // namespace dtb
