// Which rank of a distributed run (ranks.hpp) takes each material of the order. Every rank
// computes the same plan from the same inputs, so no rank has to send it.
//
// Each rank takes its materials in the order's order and starts one when every material it
// may look into is finished, wherever that was solved. That cannot deadlock: the earliest
// unfinished material of the order is the next of its rank, and all it needs comes before it.
// Some materials must share a rank (`together`): a twin is written with its material, and
// values held only in memory (a force count's budgets, carried on by a promotion) are read by
// the material promoting into them. The groups go to ranks by a list schedule: the order
// simulated with each material's cost, a group going to the rank free soonest when its first
// material is ready.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <utility>
#include <vector>

#include "dtb/core/counter_rules.hpp"
#include "dtb/core/material.hpp"
#include "dtb/gen/counters/budgets_read.hpp"
#include "dtb/gen/run/resume_plan.hpp"

namespace dtb::gen {

struct RankPlan {
    std::vector<int> rank;  // per material of the order
    // The steps each step waits for: those it may look into (resume_plan.hpp).
    std::vector<std::vector<std::size_t>> waits;
};

// The cost of each step of the order for plan_ranks: the entries of its material when the
// step solves it (solved[k]), nothing when it does not (found finished) or when its twin was
// solved earlier (the twin's step wrote both). A material that is its own twin costs its
// entries like any other.
inline std::vector<std::uint64_t> step_costs(const std::vector<Material>& order,
                                             const std::vector<std::uint64_t>& entries,
                                             const std::vector<bool>& solved) {
    std::map<Material, std::size_t> at;
    std::vector<std::uint64_t> cost(order.size(), 0);
    for (std::size_t k = 0; k < order.size(); ++k) {
        const auto twin = at.find(order[k].flipped());
        if (solved[k] && (twin == at.end() || !solved[twin->second])) cost[k] = entries[k];
        at.emplace(order[k], k);
    }
    return cost;
}

// The pairs of steps of the order that must share a rank: a material and its twin, and with
// the counters (set not null) a material and those whose classes' budgets it reads.
inline std::vector<std::pair<std::size_t, std::size_t>> kept_together(
    const std::vector<Material>& order, const CounterSet* set) {
    std::map<Material, std::size_t> at;
    for (std::size_t k = 0; k < order.size(); ++k) at[order[k]] = k;
    std::vector<std::pair<std::size_t, std::size_t>> together;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const auto twin = at.find(order[k].flipped());
        if (twin != at.end() && twin->second != k) together.emplace_back(k, twin->second);
        if (set)
            for (const Material& c : budgets_read(*set, order[k]))
                for (const Material& x : {c, c.flipped()})
                    if (const auto it = at.find(x); it != at.end())
                        together.emplace_back(k, it->second);
    }
    return together;
}

inline RankPlan plan_ranks(const std::vector<Material>& order,
                           const std::vector<std::uint64_t>& cost,
                           const std::vector<std::pair<std::size_t, std::size_t>>& together,
                           int ranks) {
    const std::size_t n = order.size();
    std::vector<std::size_t> group(n);
    std::iota(group.begin(), group.end(), std::size_t(0));
    auto root = [&](std::size_t k) {
        while (group[k] != k) k = group[k] = group[group[k]];
        return k;
    };
    for (const auto& [a, b] : together) group[root(a)] = root(b);

    RankPlan plan{std::vector<int>(n, -1), std::vector<std::vector<std::size_t>>(n)};
    std::vector<int> rank_of_group(n, -1);
    std::vector<std::uint64_t> free_at(std::size_t(std::max(ranks, 1)), 0), finish(n, 0);
    for (std::size_t k = 0; k < n; ++k) {
        std::uint64_t ready = 0;
        for (std::size_t j = 0; j < k; ++j)
            if (may_depend_on(order[k], order[j])) {
                plan.waits[k].push_back(j);
                ready = std::max(ready, finish[j]);
            }
        int& r = rank_of_group[root(k)];
        if (r < 0) {
            r = 0;
            for (int q = 1; q < int(free_at.size()); ++q)
                if (std::max(free_at[q], ready) < std::max(free_at[r], ready)) r = q;
        }
        plan.rank[k] = r;
        finish[k] = std::max(free_at[r], ready) + cost[k];
        free_at[r] = finish[k];
    }
    return plan;
}

}  // namespace dtb::gen
