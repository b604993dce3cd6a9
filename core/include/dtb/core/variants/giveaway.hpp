// Giveaway checkers: english rules, inverted goal.
// Source: seed 003 ("Rules of Giveaway Checkers"), RULES.md §1.
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/english.hpp"

namespace dtb {

struct Giveaway : English {
    static constexpr std::string_view name = "giveaway";
    static constexpr int pdn_gametype = 0;        // no PDN GameType assigned
    static constexpr Goal goal = Goal::giveaway;  // the player who cannot move wins
    // RULES.md §2: the counter rules, the default first, then the named options.
    static constexpr std::array rule_sets = {kNoCounters};
};

}  // namespace dtb
