// Armenian draughts (tama): turkish with diagonal man steps and eight-way king moves.
// docs/variants.md#armenian. Source: Roberto's Rules of Draughts, "Rules of Armenian
// Draughts" (RR, rule numbers in parentheses).
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/turkish.hpp"

namespace dtb {

struct Armenian : Turkish {
    static constexpr std::string_view name = "armenian";
    static constexpr std::string_view summary =
        "turkish, with diagonal-forward men and 8-way kings";
    static constexpr int pdn_gametype = 0;  // no PDN GameType assigned
    // (4) forward, diagonally forward or sideways.
    static constexpr DirSet man_moves = dirs({Dir::n, Dir::ne, Dir::nw, Dir::e, Dir::w});
    static constexpr DirSet king_moves = kAllDirs;  // (8) eight directions, flying
    // Captures stay orthogonal, as in turkish (docs/variants.md#armenian).
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kNoCounters};
};

}  // namespace dtb
