// Which materials' classes' budgets (counters_solve.hpp) solving a material reads where they
// are held: those a promotion leads to where a force count may run on into them (FMJD 6.3,
// russian 7.2.7). A run holds them in memory beside the fresh views, and a distributed run
// solves them on the rank of the material promoting into them (run/rank_plan.hpp); the
// estimate of a distributed run plans the same way (rank_estimate.hpp).
#pragma once

#include <vector>

#include "dtb/core/counter_rules.hpp"
#include "dtb/core/material.hpp"

namespace dtb::gen {

// The materials a promotion leads to from m.
inline std::vector<Material> promotions(const Material& m) {
    std::vector<Material> out;
    if (m.white_men > 0)
        out.push_back({m.white_men - 1, m.white_kings + 1, m.black_men, m.black_kings});
    if (m.black_men > 0)
        out.push_back({m.white_men, m.white_kings, m.black_men - 1, m.black_kings + 1});
    return out;
}

// Whether a promotion into m may carry a force count on (a force rule in scope in m).
inline bool carries_force(const CounterSet& set, const Material& m) {
    for (const CounterRule& rule : set.list())
        if (rule.kind == CounterKind::force && in_scope(rule.scope, m)) return true;
    return false;
}

// The materials whose classes' budgets solving m reads where they are held.
inline std::vector<Material> budgets_read(const CounterSet& set, const Material& m) {
    std::vector<Material> out;
    for (const Material& child : promotions(m))
        if (carries_force(set, child) || carries_force(set, child.flipped())) out.push_back(child);
    return out;
}

}  // namespace dtb::gen
