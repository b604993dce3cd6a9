// Russian draughts: pool checkers with White first and promotion in passing.
// docs/variants.md#russian. Sources: the FMJD-64 rules (Russian draughts); Roberto's Rules
// of Draughts, "Rules of Russian Draughts" (RR, rule numbers in parentheses).
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/pool.hpp"

namespace dtb {

// FMJD-64 article 7.2 (docs/variants.md#russian). "30/60 moves" of 7.2.6 are taken per side,
// as the main playing sites count them (docs/variants.md#how-the-counters-combine).
inline constexpr CounterSet kRussianCounters =
    counter_set("fmjd64", "FMJD-64 7.2.4-7.2.8",
                CounterRule{.name = "kings-only",
                            .article = "FMJD-64 7.2.5",
                            .kind = CounterKind::progress,
                            .moves = 15},
                CounterRule{.name = "balance",
                            .article = "FMJD-64 7.2.6",
                            .kind = CounterKind::balance,
                            .scope = {ScopeKind::both_have_kings, 4, 7},
                            .moves = 30,
                            .more_pieces = 6,
                            .more_pieces_moves = 60},
                CounterRule{.name = "three-kings",
                            .article = "FMJD-64 7.2.4",
                            .kind = CounterKind::force,
                            .scope = {ScopeKind::against_lone_king, 3, 12, true},
                            .moves = 15,
                            .budget = Budget::strong_side},
                CounterRule{.name = "long-diagonal",
                            .article = "FMJD-64 7.2.7",
                            .kind = CounterKind::force,
                            .scope = {ScopeKind::against_lone_king, 3, 3},
                            .moves = 5,
                            .budget = Budget::strong_side,
                            .fixed = Fixed::lone_king_on_long_diagonal},
                CounterRule{.name = "small-material",
                            .article = "FMJD-64 7.2.8",
                            .kind = CounterKind::force,
                            .scope = {ScopeKind::against_lone_king, 1, 2},
                            .moves = 5,
                            .budget = Budget::strong_side});

struct Russian : Pool {
    static constexpr std::string_view name = "russian";
    static constexpr std::string_view summary =
        "8x8, flying kings, free capture, promotion in passing";
    static constexpr int pdn_gametype = 25;
    static constexpr std::string_view start = "W:W21-32:B1-12";
    static constexpr Color first_player = Color::white;  // RR Russian (3)
    // RR Russian (7), FMJD-64: a man reaching the last row in a capture becomes a king and
    // goes on capturing as a king.
    static constexpr Promotion promotion = Promotion::in_passing;
    static constexpr bool algebraic_output = true;  // docs/variants.md#notation: a1..h8
    static constexpr char capture_mark = ':';       // russian style e3:c5
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kRussianCounters};
};

}  // namespace dtb
