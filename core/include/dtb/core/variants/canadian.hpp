// Canadian draughts: international rules on 12x12.
// docs/variants.md#canadian. Source: Roberto's Rules of Draughts, "Rules of Canadian Draughts"
// (RR, rule numbers in parentheses).
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/international.hpp"

namespace dtb {

struct Canadian : International {
    static constexpr std::string_view name = "canadian";
    static constexpr std::string_view summary = "12x12, international rules";
    static constexpr int pdn_gametype = 27;
    using board = Board12x12;                                    // (1) 12x12, 72 dark squares
    static constexpr std::string_view start = "W:W43-72:B1-30";  // (2) 30 men on 5 rows
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kFmjdCounters};
};

}  // namespace dtb
