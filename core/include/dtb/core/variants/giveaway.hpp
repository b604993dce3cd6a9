// Giveaway checkers: english rules, inverted goal.
// docs/variants.md#giveaway. Source: Roberto's Rules of Draughts, "Rules of Giveaway
// Checkers".
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/english.hpp"

namespace dtb {

struct Giveaway : English {
    static constexpr std::string_view name = "giveaway";
    static constexpr std::string_view summary = "english rules; the side that cannot move wins";
    static constexpr int pdn_gametype = 0;        // no PDN GameType assigned
    static constexpr Goal goal = Goal::giveaway;  // the player who cannot move wins
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kNoCounters};
};

}  // namespace dtb
