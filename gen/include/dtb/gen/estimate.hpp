// What a dtb gen run will need, before it starts: the memory at its peak and the disk at its
// peak (tables, and under --memory the scratch files), from the index sizes of the materials
// it solves in their order. A model of what the run holds at each step, fitted to measured
// runs (docs/performance.md, "What a run needs"): the slices later ones still look into,
// coded; the arrays the run keeps for reuse (run/array_stock.hpp); and the work on the
// material being solved.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

#include "dtb/compress/table_writer.hpp"
#include "dtb/core/counter_rules.hpp"
#include "dtb/core/counters_classes.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/material.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/run/resume_plan.hpp"

namespace dtb::gen {

// The model's terms for one material of a run, in the run's order.
struct MaterialLoad {
    std::uint64_t entries = 0;  // White-to-move index entries
    bool counters = false;      // values under the counters solved for it
    // The place in the order of the step that solves it and writes its tables: its own, or
    // its colour-flipped twin's when that comes earlier (then it looks into nothing).
    std::size_t solved_at = 0;
    // The place of the last material solved that moves into it or its twin (its own place
    // when none does): until then the run holds it, or its scratch file.
    std::size_t needed_until = 0;
    bool two_counts = false;  // with the counters: one of its classes binds two counts at once
    double pace = 1;          // its variant's time a position against russian's (variant_pace)
    // Distributed: another rank's material, read back into memory for this rank's (its
    // values without the counters'); it writes no tables, and its time is counted apart
    // (rank_estimate.hpp).
    bool read_back = false;
};

// Bytes per White-to-move index entry (both sides to move), fitted to measured runs:
// a slice's arrays while it is solved (WDL 1, DTW 2, DTC 2 and the capture flag 1, a side);
inline constexpr double kSliceArrayBytes = 12;
// the solver's own work beside them, the values under the counters solved with them, and
// where two counts bind, the two-count solver's (5 bytes a position, counters_two_counts.hpp);
inline constexpr double kSolverBytes = 6;
inline constexpr double kCountersWorkBytes = 29;
inline constexpr double kTwoCountBytes = 10;
// a solved slice held for the materials that look into it (WDL and DTW coded in a byte a
// side, exit_code.hpp), and its values under the counters held beside it.
inline constexpr double kHeldBytes = 2;
inline constexpr double kCountersHeldBytes = 10.5;
// The program itself, its caches and a block's working memory, whatever the material.
inline constexpr std::uint64_t kProgramBytes = 60ull << 20;

// The solver's work on a material beside its slice's arrays, per entry.
inline double work_beside_arrays(bool counters, bool two_counts) {
    return kSolverBytes + (counters ? kCountersWorkBytes + (two_counts ? kTwoCountBytes : 0) : 0);
}

// The memory solving a material takes beside what the run holds (two_counts unknown: the
// most).
inline std::uint64_t working_bytes(std::uint64_t entries, bool counters, bool two_counts = true) {
    return std::uint64_t((kSliceArrayBytes + work_beside_arrays(counters, two_counts)) *
                         double(entries));
}

// The entries' worth of slice arrays in memory while a material of `entries` is solved, when
// the largest solved before it had `largest_before`: the run keeps the arrays of the largest
// (ArrayStock), a material of half their size or more reuses them, a smaller one gets new
// ones beside them, and a larger one lets them go.
inline std::uint64_t slice_array_entries(std::uint64_t largest_before, std::uint64_t entries) {
    if (entries > largest_before) return entries;
    return 2 * entries >= largest_before ? largest_before : largest_before + entries;
}

// The block cache of the tables a run under a budget reads back: a sixteenth of the budget,
// within 64 MiB and 2 GiB. Part of what it holds, so a material whose work does not fit
// beside it is solved in files.
inline std::uint64_t table_cache_bytes(std::uint64_t budget) {
    return std::clamp<std::uint64_t>(budget / 16, 64u << 20, 2ull << 30);
}

// Under --memory a slice later ones need is in a scratch file, spilled or copied once its
// WDL and DTW (coded in a byte each by side to move, 2 bytes an entry; 4 where a DTW passes
// 253, which the model cannot know) take a thousandth of the budget (run/residency.hpp); its
// values under the counters 3.5 more. A material whose work does not fit is solved in files:
// 13 bytes an entry (the slice, then its twin's tables a kind at a time), 24 more with the
// counters (their twins are made whole).
inline bool copied_to_scratch(const MaterialLoad& l, std::uint64_t budget) {
    return !l.read_back && 2 * l.entries * 1000 >= budget;
}
inline std::uint64_t scratch_bytes(const MaterialLoad& l) {
    return std::uint64_t((l.counters ? 5.5 : 2.0) * double(l.entries));
}
inline bool solved_in_files(const MaterialLoad& l, std::uint64_t budget) {
    return working_bytes(l.entries, l.counters) + table_cache_bytes(budget) > budget;
}
inline std::uint64_t in_files_bytes(const MaterialLoad& l) {
    return (l.counters ? 37 : 13) * l.entries;
}

// The disk of a run at its peak, which comes at the end of a material's step: the tables
// written so far (its twin's with it), the scratch files of the earlier slices it or a later
// material still moves into, its own when a later one does, and its arrays when it was solved
// in files; the step after lets go of what only it needed. tables[k]: material k's table
// bytes; budget 0: unbounded (no scratch).
inline std::uint64_t peak_disk(const std::vector<MaterialLoad>& loads,
                               const std::vector<double>& tables, std::uint64_t budget) {
    std::vector<double> written_at(loads.size(), 0);
    for (std::size_t i = 0; i < loads.size(); ++i) written_at[loads[i].solved_at] += tables[i];
    double written = 0, peak = 0;
    for (std::size_t k = 0; k < loads.size(); ++k) {
        written += written_at[k];
        const MaterialLoad& l = loads[k];
        if (!budget || l.solved_at != k) continue;
        const bool in_files = solved_in_files(l, budget);
        double disk = written + (in_files ? double(in_files_bytes(l)) : 0);
        for (std::size_t i = 0; i < k; ++i)
            if (loads[i].solved_at == i && loads[i].needed_until >= k &&
                copied_to_scratch(loads[i], budget))
                disk += double(scratch_bytes(loads[i]));
        if (l.needed_until > k && (in_files || copied_to_scratch(l, budget)))
            disk += double(scratch_bytes(l));
        peak = std::max(peak, disk);
    }
    return std::uint64_t(std::max(peak, written));
}

// The bytes a solved material takes while later ones look into it, per entry.
inline double held_bytes(const MaterialLoad& l) {
    return kHeldBytes + (l.counters ? kCountersHeldBytes : 0);
}

// The memory at step k of a run, for a step that solves its material: the program, the
// slices solved before k and still looked into (`held` bytes), the arrays kept and those of
// k, and k's work beside them.
inline std::uint64_t memory_at_step(const MaterialLoad& l, double held,
                                    std::uint64_t largest_before) {
    return kProgramBytes +
           std::uint64_t(held +
                         kSliceArrayBytes * double(slice_array_entries(largest_before, l.entries)) +
                         work_beside_arrays(l.counters, l.two_counts) * double(l.entries));
}

// The bytes of a material's tables: per entry, WDL, DTW and DTC (or WDL alone) at the
// preset, as much again for the counters' tables.
inline double table_bytes(const MaterialLoad& l, compress::Compression compression, bool wdl_only) {
    const bool small = compression == compress::Compression::small;
    const double pure = wdl_only ? (small ? 0.02 : 0.04) : (small ? 0.15 : 0.25);
    return (l.counters ? 2 : 1) * pure * double(l.entries);
}

// The time of a step that solves a material and writes its tables (and its twin's), on
// `threads` threads of a machine like the one measured (docs/performance.md, "What a run
// needs"): its positions, both sides to move, at a rate that does not depend on the
// material's size (russian up to 6 pieces: 6.5-8.7 M a second from 2^18 entries to 2^26),
// slower with the counters and in files, faster for the WDL alone.
inline constexpr int kMeasuredThreads = 2;
// Positions a second, pure values at the fast preset, on the measured machine's two threads;
inline constexpr double kPositionsPerSecond = 6.5e6;
// the time of the small preset's writing, the WDL alone, the counters' tables beside the
// pure values, and a material solved in files, against that;
inline constexpr double kSmallPresetTime = 1.2;
inline constexpr double kWdlOnlyTime = 0.5;
inline constexpr double kCountersTime = 3.0;
inline constexpr double kInFilesTime = 2.5;
// and two threads against one (more threads are counted to gain as much each).
inline constexpr double kTwoThreadsSpeedup = 1.82;
// A variant's time a position against russian's, from the rates of the largest runs: on
// 10x10 boards 0.8 (international up to 6 pieces at 9.1 M a second against russian up to 7
// at 7.3), with frisian's king-move streaks 0.63 (11.7 M a second up to 5 pieces).
template <class V>
constexpr double variant_pace() {
    if constexpr (V::king_streak_limit > 0) return 0.63;
    return V::board::squares == 50 ? 0.8 : 1.0;
}
inline double solve_seconds(const MaterialLoad& l, compress::Compression compression, bool wdl_only,
                            std::uint64_t budget, int threads) {
    const double speed = threads <= 1 ? 1 / kTwoThreadsSpeedup : double(threads) / kMeasuredThreads;
    return 2 * double(l.entries) * l.pace / (kPositionsPerSecond * speed) *
           (compression == compress::Compression::small ? kSmallPresetTime : 1) *
           (wdl_only     ? kWdlOnlyTime
            : l.counters ? kCountersTime
                         : 1) *
           (budget && solved_in_files(l, budget) ? kInFilesTime : 1);
}

// The estimate of a run held to `budget` bytes of memory (0: unbounded), on `threads`
// threads. Memory: the most of memory_at_step over the steps that solve a material (a twin's
// step writes nothing new); past the budget, held slices are spilled to the disk, where the
// model of peak_disk counts them. Time: the steps' solve_seconds. beside[k], when given: what
// step k holds besides (a rank's table cache, rank_estimate.hpp).
inline GenEstimate estimate_from_loads(const std::vector<MaterialLoad>& loads,
                                       compress::Compression compression, bool wdl_only,
                                       std::uint64_t budget = 0, int threads = kMeasuredThreads,
                                       const std::vector<std::uint64_t>& beside = {}) {
    GenEstimate e;
    std::vector<double> tables;
    // released[k]: the held bytes let go of after step k.
    std::vector<double> released(loads.size(), 0);
    double held = 0;
    std::uint64_t largest = 0, memory = 0;
    for (std::size_t k = 0; k < loads.size(); ++k) {
        const MaterialLoad& l = loads[k];
        if (!l.read_back) e.positions += l.entries;
        tables.push_back(l.read_back ? 0 : table_bytes(l, compression, wdl_only));
        if (l.solved_at == k) {
            const std::uint64_t here =
                memory_at_step(l, held, largest) + (beside.empty() ? 0 : beside[k]);
            if (here > memory) {
                memory = here;
                e.memory_peak_step = k;
            }
            if (!l.read_back) e.seconds += solve_seconds(l, compression, wdl_only, budget, threads);
            largest = std::max(largest, l.entries);
            if (l.needed_until > k) {
                held += held_bytes(l) * double(l.entries);
                released[l.needed_until] += held_bytes(l) * double(l.entries);
            }
        }
        held = std::max(0.0, held - released[k]);
    }
    e.memory = memory;
    e.disk = peak_disk(loads, tables, budget) + (1 << 20);
    if (budget && e.memory > budget) e.memory = budget;
    return e;
}

// Whether a class of m's counters binds two counts at once (counters_two_counts.hpp).
inline bool binds_two_counts(const CounterSet& set, const Material& m) {
    for (const bool idle : {false, true})
        if ((!idle || has_idle_class(set, m)) &&
            counters_class(set, m, idle).binding == Binding::two_counts)
            return true;
    return false;
}

// Whether step j, which solves its material, moves into material i (or its twin).
inline bool looks_into(const std::vector<Material>& order, std::size_t j, std::size_t i) {
    return moves_into(order[j], order[i]) || moves_into(order[j], order[i].flipped());
}

// Each material of `order` with the step that solves it and its place of last need, as the
// run takes them; `counters`: the run solves the values under the counters. read_back, when
// given: the steps of a rank that read another rank's material back (MaterialLoad::read_back),
// which look into nothing.
inline std::vector<MaterialLoad> loads_of(const std::vector<Material>& order,
                                          const std::vector<std::uint64_t>& entries, bool counters,
                                          const std::vector<bool>& read_back = {}) {
    std::vector<MaterialLoad> loads(order.size());
    std::map<Material, std::size_t> place;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const Material& m = order[k];
        const auto twin = place.find(m.flipped());
        loads[k] = {entries[k], counters, twin == place.end() ? k : twin->second, k};
        if (!read_back.empty() && read_back[k]) {
            loads[k].read_back = true;
            loads[k].counters = false;
        }
        place.emplace(m, k);
    }
    for (std::size_t j = 0; j < order.size(); ++j) {
        // A twin is written with its material, a material read back is held: neither looks
        // into anything.
        if (loads[j].solved_at != j || loads[j].read_back) continue;
        for (std::size_t k = 0; k < j; ++k)
            if (looks_into(order, j, k)) loads[k].needed_until = j;
    }
    return loads;
}

// The materials of a run as `o` says, in their order: those of --only and those it needs, or
// all up to --pieces.
inline std::vector<Material> run_order(const GenOptions& o) {
    std::vector<Material> order = materials_up_to(o.pieces);
    if (o.only)
        std::erase_if(
            order, [&](const Material& m) { return m != *o.only && !may_depend_on(*o.only, m); });
    return order;
}

// The counter set whose tables the run writes, or null.
template <class V>
const CounterSet* counter_set_of(const GenOptions& o) {
    const CounterSet* set =
        o.counters && !o.wdl_only ? find_counter_set<V>(o.counter_set) : nullptr;
    return set && !set->empty() ? set : nullptr;
}

// The loads of a run of V over `order`, with the counters of `set` (null: none).
template <class V>
std::vector<MaterialLoad> loads_of_run(const std::vector<Material>& order, const CounterSet* set) {
    std::vector<std::uint64_t> entries;
    for (const Material& m : order) entries.push_back(Index<V>(m).size());
    std::vector<MaterialLoad> loads = loads_of(order, entries, set != nullptr);
    for (std::size_t k = 0; k < order.size(); ++k) {
        loads[k].two_counts = set && binds_two_counts(*set, order[k]);
        loads[k].pace = variant_pace<V>();
    }
    return loads;
}

// The estimate of a run of V as `o` says, whatever the directory holds already.
template <class V>
GenEstimate estimate_run(const GenOptions& o) {
    const std::vector<Material> order = run_order(o);
    const std::vector<MaterialLoad> loads = loads_of_run<V>(order, counter_set_of<V>(o));
    GenEstimate e = estimate_from_loads(loads, o.compression, o.wdl_only, o.memory,
                                        o.threads ? o.threads : kMeasuredThreads);
    if (!order.empty()) e.memory_peak = order[e.memory_peak_step];
    return e;
}

}  // namespace dtb::gen
