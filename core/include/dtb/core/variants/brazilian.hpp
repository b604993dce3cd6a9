// Brazilian draughts: international rules on the 8x8 board.
// docs/variants.md#brazilian. Sources: Wikipedia, "Brazilian draughts"; Roberto's Rules of
// Draughts, "Rules of Brazilian Draughts" (RR, rule numbers in parentheses); CBD.
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/pool.hpp"
#include "dtb/core/variants/russian.hpp"

namespace dtb {

inline constexpr CounterSet kBrazilianCounters = counter_set(
    "cbd", "CBD: 20 moves each with kings only",
    CounterRule{
        .name = "kings-only", .article = "CBD", .kind = CounterKind::progress, .moves = 20});

struct Brazilian : Pool {
    static constexpr std::string_view name = "brazilian";
    static constexpr std::string_view summary =
        "8x8, international rules: flying kings, most pieces";
    static constexpr int pdn_gametype = 26;
    static constexpr std::string_view start = "W:W21-32:B1-12";
    static constexpr Color first_player = Color::white;  // Wikipedia: "light pieces first"
    // RR Brazilian (13), Wikipedia: the maximum number of pieces, men and kings equal.
    static constexpr Precedence precedence = Precedence::most_pieces;
    // Wikipedia "Crowning": a man passing the last row during a capture stays a man.
    static constexpr Promotion promotion = Promotion::end_of_move;
    static constexpr bool algebraic_output = true;  // docs/variants.md#notation
    static constexpr char capture_mark = ':';
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kBrazilianCounters, CounterSet{kRussianCounters}};
};

}  // namespace dtb
