// Armenian draughts (tama): turkish with diagonal man steps and eight-way king moves.
// Source: seed 003 ("Rules of Armenian Draughts"), RULES.md §1.
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/turkish.hpp"

namespace dtb {

struct Armenian : Turkish {
    static constexpr std::string_view name = "armenian";
    static constexpr int pdn_gametype = 0;  // no PDN GameType assigned
    // (4) forward, diagonally forward or sideways.
    static constexpr DirSet man_moves = dirs({Dir::n, Dir::ne, Dir::nw, Dir::e, Dir::w});
    static constexpr DirSet king_moves = kAllDirs;  // (8) eight directions, flying
    // Captures stay orthogonal, as in turkish (RULES.md §1).
    // RULES.md §2: the counter rules, the default first, then the named options.
    static constexpr std::array rule_sets = {kNoCounters};
};

}  // namespace dtb
