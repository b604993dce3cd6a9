// Portuguese draughts: the same movement and capture as spanish (RULES.md §1); the two
// differ in their draw counters. Source: seed 000 (Portuguese rules, article numbers).
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/spanish.hpp"

namespace dtb {

struct Portuguese : Spanish {
    static constexpr std::string_view name = "portuguese";
    static constexpr int pdn_gametype = 28;
    // seed 000, 2.1.5: the lower right corner of each player is dark (board mirrored);
    // 2.1.3: houses numbered from White's lower right.  Inherited from Spanish.
    // seed 000, 2.2.7 ff.: men capture forward only, kings fly, the law of quantity and then
    // of quality (most pieces, then most kings) -- inherited from Spanish.
    // RULES.md §2: the counter rules, the default first, then the named options.
    static constexpr std::array rule_sets = {kPortugueseCounters};
};

}  // namespace dtb
