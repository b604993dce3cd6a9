// International draughts (docs/variants.md#international). Sources: FMJD rules; Roberto's
// Rules of Draughts, "Rules of International Draughts" (RR, rule numbers in parentheses).
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/geometry.hpp"
#include "dtb/core/rules.hpp"

namespace dtb {

inline constexpr CounterSet kFmjdCounters = counter_set(
    "fmjd", "FMJD 6.2-6.4",
    CounterRule{
        .name = "kings-only", .article = "FMJD 6.2", .kind = CounterKind::progress, .moves = 25},
    CounterRule{.name = "three-v-one",
                .article = "FMJD 6.3",
                .kind = CounterKind::force,
                .scope = {ScopeKind::against_lone_king, 3, 3},
                .moves = 16},
    CounterRule{.name = "small-material",
                .article = "FMJD 6.4",
                .kind = CounterKind::force,
                .scope = {ScopeKind::against_lone_king, 1, 2},
                .moves = 5});

struct International {
    static constexpr std::string_view name = "international";
    static constexpr std::string_view summary = "10x10, flying kings, most pieces";
    static constexpr int pdn_gametype = 20;                        // docs/variants.md#notation
    using board = Board10x10;                                      // (1) 10x10, 50 dark squares
    static constexpr bool mirrored = false;                        // (1) single corner lower left
    static constexpr std::string_view start = "W:W31-50:B1-20";    // (2) 20 men on 4 rows
    static constexpr Color first_player = Color::white;            // (3)
    static constexpr DirSet man_moves = dirs({Dir::ne, Dir::nw});  // (4)
    static constexpr DirSet man_captures = kDiagonal;              // (5) forward or backward
    static constexpr bool man_captures_king = true;                // (12)
    static constexpr DirSet king_moves = kDiagonal;                // (8)
    static constexpr DirSet king_captures = kDiagonal;             // (8)
    static constexpr Range king_range = Range::flying;             // (8)
    static constexpr Landing king_landing = Landing::any_beyond;   // (9)
    static constexpr Removal removal = Removal::at_end;            // (11)
    static constexpr bool turn_180 = false;
    static constexpr Promotion promotion = Promotion::end_of_move;     // (7); FMJD 3.7
    static constexpr Precedence precedence = Precedence::most_pieces;  // (13), (14)
    static constexpr int king_streak_limit = 0;
    static constexpr Goal goal = Goal::normal;                   // (15)
    static constexpr Numbering numbering = Numbering::top_left;  // 1..50 from the top left
    static constexpr bool algebraic_output = false;
    static constexpr char capture_mark = 'x';
    using extra_state = NoExtraState;
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kFmjdCounters};
};

}  // namespace dtb
