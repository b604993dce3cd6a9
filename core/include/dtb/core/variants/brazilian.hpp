// Brazilian draughts: international rules on the 8x8 board.
// Sources: seed 002 (Brazilian rules), seed 003 ("Rules of Brazilian Draughts"), RULES.md §1.
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/pool.hpp"
#include "dtb/core/variants/russian.hpp"

namespace dtb {

inline constexpr RuleSet kBrazilianCounters = rule_set("cbd", "CBD: 20 moves each with kings only",
                                                       CounterRule{.name = "kings-only",
                                                                   .article = "CBD (RULES.md §2)",
                                                                   .kind = CounterKind::progress,
                                                                   .moves = 20});

struct Brazilian : Pool {
    static constexpr std::string_view name = "brazilian";
    static constexpr int pdn_gametype = 26;
    static constexpr std::string_view start = "W:W21-32:B1-12";
    static constexpr Color first_player = Color::white;  // seed 002 "light pieces first"
    // seed 003 Brazilian (13), seed 002: the maximum number of pieces, men and kings equal.
    static constexpr Precedence precedence = Precedence::most_pieces;
    // seed 002 "Crowning": a man passing the last row during a capture stays a man.
    static constexpr Promotion promotion = Promotion::end_of_move;
    static constexpr bool algebraic_output = true;  // RULES.md §3
    static constexpr char capture_mark = ':';
    // RULES.md §2: the counter rules, the default first, then the named options.
    static constexpr std::array rule_sets = {kBrazilianCounters, RuleSet{kRussianCounters}};
};

}  // namespace dtb
