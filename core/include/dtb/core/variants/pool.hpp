// American pool checkers (docs/variants.md#pool). Sources: Roberto's Rules of Draughts,
// "Rules of American Pool Checkers" (RR, rule numbers in parentheses); APCA for the counter.
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/geometry.hpp"
#include "dtb/core/rules.hpp"

namespace dtb {

inline constexpr CounterSet kPoolCounters =
    counter_set("apca", "APCA: three kings must beat one within 13 moves",
                CounterRule{.name = "three-kings",
                            .article = "APCA",
                            .kind = CounterKind::force,
                            .scope = {ScopeKind::against_lone_king, 3, 3, true},
                            .moves = 13,
                            .budget = Budget::strong_side});

struct Pool {
    static constexpr std::string_view name = "pool";
    static constexpr std::string_view summary =
        "American pool checkers: 8x8, flying kings, free capture";
    static constexpr int pdn_gametype = 23;                         // docs/variants.md#notation
    using board = Board8x8;                                         // (1) 8x8, dark squares only
    static constexpr bool mirrored = false;                         // (1) single corner lower left
    static constexpr std::string_view start = "B:W21-32:B1-12";     // (2) 12 men on 3 rows
    static constexpr Color first_player = Color::black;             // (3) Red/Black moves first
    static constexpr DirSet man_moves = dirs({Dir::ne, Dir::nw});   // (4) diagonally forward
    static constexpr DirSet man_captures = kDiagonal;               // (5) forward or backward
    static constexpr bool man_captures_king = true;                 // (12) men can jump kings
    static constexpr DirSet king_moves = kDiagonal;                 // (8)
    static constexpr DirSet king_captures = kDiagonal;              // (8)
    static constexpr Range king_range = Range::flying;              // (8) long-range king
    static constexpr Landing king_landing = Landing::any_beyond;    // (9)
    static constexpr Removal removal = Removal::at_end;             // (11) removed after the turn
    static constexpr bool turn_180 = false;                         // (11) a jumped piece blocks
    static constexpr Promotion promotion = Promotion::end_of_move;  // (7) "terminates its move"
    static constexpr Precedence precedence = Precedence::free;      // (13), (14)
    static constexpr int king_streak_limit = 0;                     // no king-move restriction
    static constexpr Goal goal = Goal::normal;                      // (15)
    static constexpr Numbering numbering = Numbering::top_left;     // 1 = b8 ... 32 = g1
    static constexpr bool algebraic_output = false;  // numeric squares in FEN and moves
    static constexpr char capture_mark = 'x';
    using extra_state = NoExtraState;
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kPoolCounters};
};

}  // namespace dtb
