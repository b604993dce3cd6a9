// What a distributed dtb gen run (mpirun; run/rank_coordination.hpp) will need of each rank,
// before it starts: the plan every rank computes (run/rank_plan.hpp) followed through the
// order with the single run's model (estimate.hpp). A rank holds only its own slices, while
// a later material of its own moves into them; it writes its tables into the shared
// directory and reads there those of the materials it moves into that other ranks solved
// (the network, when the directory is a shared file system), through a block cache that
// fills as it reads; each step starts when what it may look into is finished, on whichever
// rank.
#pragma once

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "dtb/core/material.hpp"
#include "dtb/gen/estimate.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/run/rank_plan.hpp"

namespace dtb::gen {

// A step that reads values of other ranks' materials reads them position by position from
// their compressed tables, not from memory: on two ranks of this machine those steps took
// 2.2 times as long at russian's 5 pieces, where what a rank read fitted its table cache, and
// 4.0 times at 6, where it did not (docs/performance.md, "Across machines").
inline constexpr double kReadFromCacheCost = 2.2;
inline constexpr double kReadPastCacheCost = 4.0;
// The table cache of a rank fills with the blocks it reads, as the tables code them (WDL 2
// bits an entry, DTW up to 16), up to its size; with the counters their tables as much again.
inline constexpr double kCachedBytesPerEntry = 2.25;

// The plan the ranks of a run from empty make: a material's cost is its index when it is
// solved there (a twin written with it costs nothing).
inline RankPlan plan_of_run(const std::vector<Material>& order,
                            const std::vector<MaterialLoad>& loads, const CounterSet* set,
                            int ranks) {
    std::vector<std::uint64_t> cost(order.size(), 0);
    for (std::size_t k = 0; k < order.size(); ++k)
        if (loads[k].solved_at == k) cost[k] = loads[k].entries;
    return plan_ranks(order, cost, kept_together(order, set), ranks);
}

// The estimate of each rank of a run over `ranks` ranks, each with `budget` bytes of memory
// (0: unbounded) and `threads` threads. loads: loads_of_run's.
inline RanksEstimate estimate_ranks_from_loads(const std::vector<Material>& order,
                                               const std::vector<MaterialLoad>& loads,
                                               const CounterSet* set, int ranks,
                                               compress::Compression compression, bool wdl_only,
                                               std::uint64_t budget, int threads) {
    const RankPlan plan = plan_of_run(order, loads, set, ranks);
    RanksEstimate e;
    e.ranks = ranks;
    e.shares.resize(std::size_t(ranks));
    std::vector<double> tables(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        tables[k] = table_bytes(loads[k], compression, wdl_only);
        e.tables += std::uint64_t(tables[k]);
    }
    // The materials each rank reads from the others' tables, and what they cost it in time.
    std::vector<std::set<std::size_t>> reads(static_cast<std::size_t>(ranks));
    // The bytes each rank has read into its table cache (past its size, some read again), and
    // cached[k]: the cache of step k's rank while it solves k.
    std::vector<double> read_into_cache(std::size_t(ranks), 0);
    std::vector<std::uint64_t> cached(order.size(), 0);
    const double cache_size = ranks > 1 ? double(table_cache_bytes(budget)) : 0;
    std::vector<double> finish(order.size(), 0), free_at(std::size_t(ranks), 0);
    for (std::size_t k = 0; k < order.size(); ++k) {
        const int r = plan.rank[k];
        RankShare& s = e.shares[std::size_t(r)];
        s.written += std::uint64_t(tables[k]);
        double start = free_at[std::size_t(r)];
        for (const std::size_t j : plan.waits[k]) start = std::max(start, finish[j]);
        double seconds = 0;
        if (loads[k].solved_at == k) {
            s.positions += loads[k].entries;
            bool from_tables = false;
            for (std::size_t i = 0; i < k; ++i)
                if (plan.rank[i] != r && looks_into(order, k, i)) {
                    from_tables = true;
                    if (reads[std::size_t(r)].insert(i).second)
                        read_into_cache[std::size_t(r)] += kCachedBytesPerEntry *
                                                           (loads[i].counters ? 2 : 1) *
                                                           double(loads[i].entries);
                }
            const double read = read_into_cache[std::size_t(r)];
            cached[k] = std::uint64_t(std::min(cache_size, read));
            seconds = solve_seconds(loads[k], compression, wdl_only, budget, threads) *
                      (!from_tables         ? 1.0
                       : read <= cache_size ? kReadFromCacheCost
                                            : kReadPastCacheCost);
        }
        s.busy_seconds += seconds;
        finish[k] = free_at[std::size_t(r)] = start + seconds;
        s.seconds = finish[k];
        e.seconds = std::max(e.seconds, finish[k]);
    }
    // Each rank's memory and scratch: the single run's model over its own materials, held
    // only for its own later ones, beside the cache of the tables it has read.
    for (int r = 0; r < ranks; ++r) {
        RankShare& s = e.shares[std::size_t(r)];
        for (const std::size_t i : reads[std::size_t(r)]) s.read += std::uint64_t(tables[i]);
        std::vector<Material> own;
        std::vector<std::uint64_t> entries;
        std::vector<std::size_t> at;  // each own material's step in the order
        std::vector<std::uint64_t> beside;
        for (std::size_t k = 0; k < order.size(); ++k)
            if (plan.rank[k] == r) {
                own.push_back(order[k]);
                entries.push_back(loads[k].entries);
                at.push_back(k);
                beside.push_back(cached[k]);
            }
        if (own.empty()) continue;
        std::vector<MaterialLoad> own_loads = loads_of(own, entries, loads[0].counters);
        for (std::size_t k = 0; k < own.size(); ++k) {
            own_loads[k].two_counts = loads[at[k]].two_counts;
            own_loads[k].pace = loads[at[k]].pace;
        }
        const GenEstimate alone =
            estimate_from_loads(own_loads, compression, wdl_only, budget, threads, beside);
        s.memory = alone.memory;
        s.scratch = alone.disk > s.written ? alone.disk - s.written : 0;
    }
    return e;
}

// The estimate of a run of V as `o` says over `ranks` ranks, from empty.
template <class V>
RanksEstimate estimate_ranks_run(const GenOptions& o, int ranks) {
    const std::vector<Material> order = run_order(o);
    const CounterSet* set = counter_set_of<V>(o);
    const std::vector<MaterialLoad> loads = loads_of_run<V>(order, set);
    return estimate_ranks_from_loads(order, loads, set, ranks, o.compression, o.wdl_only, o.memory,
                                     o.threads ? o.threads : kMeasuredThreads);
}

}  // namespace dtb::gen
