// Czech draughts (also 8-man Czech): spanish movement on the russian board orientation,
// free choice of capture except that a king must capture if one can.
// Source: seed 003 ("Rules of Czech Draughts"), RULES.md §1.
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/spanish.hpp"

namespace dtb {

inline constexpr RuleSet kCzechCounters =
    rule_set("standard", "15 moves each with kings only",
             CounterRule{.name = "kings-only",
                         .article = "Czech rules (RULES.md §2)",
                         .kind = CounterKind::progress,
                         .moves = 15});

struct Czech : Spanish {
    static constexpr std::string_view name = "czech";
    static constexpr int pdn_gametype = 29;
    static constexpr bool mirrored = false;  // (1) single corner lower left
    static constexpr std::string_view start = "W:W21-32:B1-12";
    static constexpr Precedence precedence = Precedence::king_first;  // (13-14), (15)
    static constexpr Numbering numbering = Numbering::top_left;
    static constexpr bool algebraic_output = true;  // RULES.md §3
    static constexpr char capture_mark = ':';
    // RULES.md §2: the counter rules, the default first, then the named options.
    static constexpr std::array rule_sets = {kCzechCounters};
};

}  // namespace dtb
