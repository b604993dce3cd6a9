// English draughts / American straight checkers (also restriction and 11-man ballot, which
// differ only in how the opening is chosen), docs/variants.md#english. Source: Roberto's Rules
// of Draughts, "Rules of American Straight Checkers" (RR, rule numbers in parentheses).
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/geometry.hpp"
#include "dtb/core/rules.hpp"

namespace dtb {

// WCDF 40-move rule: a claim rule, scored as if it were always claimed (docs/variants.md#english).
inline constexpr CounterSet kFortyMoves =
    counter_set("standard", "40 moves each without a man move or a capture",
                CounterRule{.name = "no-progress",
                            .article = "WCDF 40-move rule",
                            .kind = CounterKind::progress,
                            .moves = 40});

struct English {
    static constexpr std::string_view name = "english";
    static constexpr std::string_view summary = "English draughts / straight checkers: short kings";
    static constexpr int pdn_gametype = 21;                        // docs/variants.md#notation
    using board = Board8x8;                                        // (1)
    static constexpr bool mirrored = false;                        // (1) single corner lower left
    static constexpr std::string_view start = "B:W21-32:B1-12";    // (2)
    static constexpr Color first_player = Color::black;            // (3) Red/Black first
    static constexpr DirSet man_moves = dirs({Dir::ne, Dir::nw});  // (4)
    static constexpr DirSet man_captures = dirs({Dir::ne, Dir::nw});  // (5) forward only
    static constexpr bool man_captures_king = true;                   // (11)
    static constexpr DirSet king_moves = kDiagonal;                   // (8) backward too
    static constexpr DirSet king_captures = kDiagonal;                // (8)
    static constexpr Range king_range = Range::short_;                // (8) short-range king
    static constexpr Landing king_landing = Landing::first_beyond;    // (9)
    static constexpr Removal removal = Removal::at_end;               // (10)
    static constexpr bool turn_180 = false;
    static constexpr Promotion promotion = Promotion::stops;    // (7) crowning ends the turn
    static constexpr Precedence precedence = Precedence::free;  // (12), (13)
    static constexpr int king_streak_limit = 0;
    static constexpr Goal goal = Goal::normal;                   // (14)
    static constexpr Numbering numbering = Numbering::top_left;  // 1 = b8 ... 32 = g1
    static constexpr bool algebraic_output = false;
    static constexpr char capture_mark = 'x';
    using extra_state = NoExtraState;
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kFortyMoves};
};

}  // namespace dtb
