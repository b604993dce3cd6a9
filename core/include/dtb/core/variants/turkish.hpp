// Turkish draughts (docs/variants.md#turkish). Source: Roberto's Rules of Draughts, "Rules of
// Turkish Draughts" (RR, rule numbers in parentheses).
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/geometry.hpp"
#include "dtb/core/rules.hpp"

namespace dtb {

inline constexpr CounterSet kTurkishCounters =
    counter_set("standard", "one piece against one: 2 moves each",
                CounterRule{.name = "one-each",
                            .article = "Turkish rules",
                            .kind = CounterKind::force,
                            .scope = {ScopeKind::one_piece_each},
                            .moves = 2});

struct Turkish {
    static constexpr std::string_view name = "turkish";
    static constexpr std::string_view summary =
        "8x8 all squares, orthogonal moves, flying rook kings";
    static constexpr int pdn_gametype = 30;  // docs/variants.md#notation
    using board = Board8x8Full;              // (1), (3) all 64 squares
    static constexpr bool mirrored = false;
    // (2) 16 men each on the second and third rows.
    static constexpr std::string_view start =
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3"
        ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7";
    static constexpr Color first_player = Color::white;                     // (3)
    static constexpr DirSet man_moves = dirs({Dir::n, Dir::e, Dir::w});     // (4)
    static constexpr DirSet man_captures = dirs({Dir::n, Dir::e, Dir::w});  // (5)
    static constexpr bool man_captures_king = true;                         // (12)
    static constexpr DirSet king_moves = kOrthogonal;                       // (8) rook-like
    static constexpr DirSet king_captures = kOrthogonal;                    // (8)
    static constexpr Range king_range = Range::flying;                      // (8)
    static constexpr Landing king_landing = Landing::any_beyond;            // (9)
    static constexpr Removal removal = Removal::immediate;                  // (11)
    static constexpr bool turn_180 = false;  // no 180-degree turn (docs/variants.md#turkish)
    static constexpr Promotion promotion = Promotion::end_of_move;     // (7) ends its move there
    static constexpr Precedence precedence = Precedence::most_pieces;  // (13), (14)
    static constexpr int king_streak_limit = 0;
    static constexpr Goal goal = Goal::normal;  // (15)
    static constexpr Numbering numbering = Numbering::algebraic;
    static constexpr bool algebraic_output = true;
    static constexpr char capture_mark = 'x';
    using extra_state = NoExtraState;
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kTurkishCounters};
};

}  // namespace dtb
