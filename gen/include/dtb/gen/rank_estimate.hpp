// What a distributed dtb gen run (mpirun; run/rank_coordination.hpp) will need of each rank,
// before it starts: the plan every rank computes (run/rank_plan.hpp) followed through the
// order with the single run's model (estimate.hpp). A rank holds its own slices while a
// later material of its own moves into them, and reads back into memory those of other
// ranks' materials its own move into, from their tables in the shared directory (the
// network, when it is a shared file system); their values under the counters it reads
// there position by position, through a block cache that fills as it reads. Each step
// starts when what it may look into is finished, on whichever rank.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <vector>

#include "dtb/core/material.hpp"
#include "dtb/gen/estimate.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/run/rank_plan.hpp"

namespace dtb::gen {

// A rank reads back into memory each material of other ranks that its own look into, once,
// before the first of them (run/residency.hpp hold_from_tables): the tables of the material
// and its twin decoded and the positions they leave out worked out, some of them by capture
// searches into tables the rank does not hold. Against the time solving the material takes
// (pure values, fast preset), measured on two ranks of one thread (docs/performance.md,
// "Across machines"): from fast tables 0.52-0.73 at russian's 5 pieces, 0.57-1.53 at 6, where
// more of those searches go past the cache; from small ones, whose threats are worked out
// too, 1.5 times as much at 5 pieces.
inline constexpr double kReadBackFastCost = 1.05;
inline constexpr double kReadBackSmallCost = 1.6;
// The values under the counters of other ranks' materials are read position by position
// from their compressed tables, not from memory: on two ranks of this machine the steps
// reading them took 2.2 times as long at russian's 5 pieces, where what a rank read fitted
// its table cache, and 4.0 times at 6, where it did not (docs/performance.md, "Across
// machines"); that cost is counted on the counters' share of a step.
inline constexpr double kReadFromCacheCost = 2.2;
inline constexpr double kReadPastCacheCost = 4.0;
// The table cache of a rank fills with the blocks of the counters' tables it reads, as the
// tables code them (WDL 2 bits an entry, budgets up to 16), up to its size.
inline constexpr double kCachedBytesPerEntry = 2.25;

// The plan the ranks of a run from empty make (run/rank_coordination.hpp makes it from the
// same costs: step_costs).
inline RankPlan plan_of_run(const std::vector<Material>& order,
                            const std::vector<MaterialLoad>& loads, const CounterSet* set,
                            int ranks) {
    std::vector<std::uint64_t> entries;
    for (const MaterialLoad& l : loads) entries.push_back(l.entries);
    return plan_ranks(order, step_costs(order, entries, std::vector<bool>(order.size(), true)),
                      kept_together(order, set), ranks);
}

// The steps of rank r for the single run's model (loads_of): its own materials and, before
// the first of its steps that looks into each, the materials it reads back (read_back: the
// step that solved one, with the first own step that needs it). beside[x]: the table cache
// while step x is solved (cached: per step of the order).
inline std::vector<MaterialLoad> rank_steps(const std::vector<Material>& order,
                                            const std::vector<MaterialLoad>& loads,
                                            const RankPlan& plan, int r,
                                            const std::map<std::size_t, std::size_t>& read_back,
                                            const std::vector<std::uint64_t>& cached,
                                            std::vector<std::uint64_t>& beside) {
    std::multimap<std::size_t, std::size_t> back_before;  // first own need -> material
    for (const auto& [solved, first] : read_back) back_before.emplace(first, solved);
    std::vector<std::size_t> at;  // each of the rank's steps: its material in the order
    std::vector<bool> back;       // and whether it is read back
    for (std::size_t k = 0; k < order.size(); ++k) {
        const auto [first, end] = back_before.equal_range(k);
        for (auto it = first; it != end; ++it) {
            at.push_back(it->second);
            back.push_back(true);
        }
        if (plan.rank[k] == r) {
            at.push_back(k);
            back.push_back(false);
        }
    }
    std::vector<Material> materials;
    std::vector<std::uint64_t> entries;
    for (const std::size_t k : at) {
        materials.push_back(order[k]);
        entries.push_back(loads[k].entries);
    }
    std::vector<MaterialLoad> steps =
        loads_of(materials, entries, !loads.empty() && loads[0].counters, back);
    beside.assign(at.size(), 0);
    for (std::size_t x = 0; x < at.size(); ++x) {
        steps[x].two_counts = loads[at[x]].two_counts;
        steps[x].pace = loads[at[x]].pace;
        if (!back[x]) beside[x] = cached[at[x]];
    }
    return steps;
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
    const auto pure = [](MaterialLoad l) {
        l.counters = false;
        return l;
    };
    const double read_back_cost =
        compression == compress::Compression::fast ? kReadBackFastCost : kReadBackSmallCost;
    // Per rank, the materials read back (by the step that solves them, a twin's read with
    // it) and the first of its steps that needs each; the bytes read into its table cache of the
    // counters' tables (past its size, some read again), and cached[k]: the cache of step
    // k's rank while it solves k.
    std::vector<std::map<std::size_t, std::size_t>> read_backs(static_cast<std::size_t>(ranks));
    std::vector<std::set<std::size_t>> counters_read(static_cast<std::size_t>(ranks));
    std::vector<double> read_into_cache(std::size_t(ranks), 0);
    std::vector<std::uint64_t> cached(order.size(), 0);
    const double cache_size = ranks > 1 ? double(table_cache_bytes(budget)) : 0;
    std::vector<double> finish(order.size(), 0), free_at(std::size_t(ranks), 0);
    for (std::size_t k = 0; k < order.size(); ++k) {
        const std::size_t r = std::size_t(plan.rank[k]);
        RankShare& s = e.shares[r];
        s.written += std::uint64_t(tables[k]);
        double start = free_at[r];
        for (const std::size_t j : plan.waits[k]) start = std::max(start, finish[j]);
        double seconds = 0;
        if (loads[k].solved_at == k) {
            s.positions += loads[k].entries;
            bool from_tables = false;
            for (std::size_t i = 0; i < k; ++i) {
                if (plan.rank[i] == int(r) || !looks_into(order, k, i)) continue;
                const std::size_t solved = loads[i].solved_at;
                if (read_backs[r].try_emplace(solved, k).second) {
                    seconds += read_back_cost * solve_seconds(pure(loads[solved]),
                                                              compress::Compression::fast, wdl_only,
                                                              budget, threads);
                    const bool twins = order[solved].flipped() != order[solved];
                    s.read += std::uint64_t(
                        (twins ? 2 : 1) * table_bytes(pure(loads[solved]), compression, wdl_only));
                    ++s.read_back;
                }
                if (!loads[i].counters) continue;
                from_tables = true;
                if (counters_read[r].insert(i).second) {
                    read_into_cache[r] += kCachedBytesPerEntry * double(loads[i].entries);
                    s.read += std::uint64_t(table_bytes(pure(loads[i]), compression, wdl_only));
                }
            }
            const double read = read_into_cache[r];
            cached[k] = std::uint64_t(std::min(cache_size, read));
            const double alone = solve_seconds(loads[k], compression, wdl_only, budget, threads);
            const double own =
                solve_seconds(pure(loads[k]), compression, wdl_only, budget, threads);
            seconds += own + (alone - own) * (!from_tables         ? 1.0
                                              : read <= cache_size ? kReadFromCacheCost
                                                                   : kReadPastCacheCost);
        }
        s.busy_seconds += seconds;
        finish[k] = free_at[r] = start + seconds;
        s.seconds = finish[k];
        e.seconds = std::max(e.seconds, finish[k]);
    }
    // Each rank's memory and scratch: the single run's model over its steps (rank_steps),
    // beside the cache of the tables it has read.
    for (std::size_t r = 0; r < std::size_t(ranks); ++r) {
        std::vector<std::uint64_t> beside;
        const std::vector<MaterialLoad> steps =
            rank_steps(order, loads, plan, int(r), read_backs[r], cached, beside);
        if (steps.empty()) continue;
        const GenEstimate alone =
            estimate_from_loads(steps, compression, wdl_only, budget, threads, beside);
        RankShare& s = e.shares[r];
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
