// What a dtb gen run will need, before it starts: the memory at its peak and the disk at its
// peak (tables, and under --memory the scratch files), from the index sizes of the materials
// it solves in their order. A model fitted to measured runs (docs/performance.md, "What a run
// needs"): the solver holds the WDL and DTW of the slices later ones may look into (some 1.5
// bytes per White-to-move entry of the run, twins sharing) and works on one slice at a time
// (some 30 bytes per entry of the largest); the values under the counters add per entry some
// 3.5 bytes, and 40 per entry of the largest slice. Measured peaks lie 0-20 % below it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

#include "dtb/compress/table_writer.hpp"
#include "dtb/core/counter_rules.hpp"
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
};

// The memory the solver works in for one material beside what it holds, per White-to-move
// entry, and 40 more where its values under the counters are solved.
inline constexpr double kWorkingBytes = 30.0;
inline std::uint64_t working_bytes(std::uint64_t entries, bool counters) {
    return std::uint64_t(kWorkingBytes * double(entries) +
                         (counters ? 40.0 * double(entries) : 0.0));
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
    return 2 * l.entries * 1000 >= budget;
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

// The estimate of a run held to `budget` bytes of memory (0: unbounded). Memory: what the
// solver holds of the slices later ones may look into, some 1.5 bytes per entry of the run
// (twins sharing), and its work on the largest; past the budget, held slices are spilled to
// the disk, where the model of peak_disk counts them.
inline GenEstimate estimate_from_loads(const std::vector<MaterialLoad>& loads,
                                       compress::Compression compression, bool wdl_only,
                                       std::uint64_t budget = 0) {
    GenEstimate e;
    std::uint64_t largest = 0, counters_largest = 0;
    double memory = 40.0 * (1 << 20), counters_memory = 0;
    const bool small = compression == compress::Compression::small;
    // Bytes per entry on disk: WDL, DTW and DTC (or WDL alone), as much again for the rules.
    const double pure = wdl_only ? (small ? 0.02 : 0.04) : (small ? 0.15 : 0.25);
    std::vector<double> tables;
    for (const MaterialLoad& l : loads) {
        e.positions += l.entries;
        largest = std::max(largest, l.entries);
        memory += 1.5 * double(l.entries);
        tables.push_back((l.counters ? 2 : 1) * pure * double(l.entries));
        if (l.counters) {
            counters_largest = std::max(counters_largest, l.entries);
            counters_memory += 3.5 * double(l.entries);
        }
    }
    memory += double(working_bytes(largest, false));
    if (counters_largest)
        counters_memory += double(working_bytes(counters_largest, true)) -
                           double(working_bytes(counters_largest, false));
    e.memory = std::uint64_t(memory + counters_memory);
    e.disk = peak_disk(loads, tables, budget) + (1 << 20);
    if (budget && e.memory > budget) e.memory = budget;
    return e;
}

// Each material of `order` with the step that solves it and its place of last need, as the
// run takes them; `counters`: the run solves the values under the counters.
inline std::vector<MaterialLoad> loads_of(const std::vector<Material>& order,
                                          const std::vector<std::uint64_t>& entries,
                                          bool counters) {
    std::vector<MaterialLoad> loads(order.size());
    std::map<Material, std::size_t> place;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const Material& m = order[k];
        const auto twin = place.find(m.flipped());
        loads[k] = {entries[k], counters, twin == place.end() ? k : twin->second, k};
        place.emplace(m, k);
    }
    for (std::size_t j = 0; j < order.size(); ++j) {
        if (loads[j].solved_at != j) continue;  // a twin is written: it looks into nothing
        for (std::size_t k = 0; k < j; ++k)
            if (moves_into(order[j], order[k]) || moves_into(order[j], order[k].flipped()))
                loads[k].needed_until = j;
    }
    return loads;
}

// The estimate of a run of V as `o` says (the materials of --only and those it needs; all
// up to --pieces otherwise), whatever the directory holds already.
template <class V>
GenEstimate estimate_run(const GenOptions& o) {
    std::vector<Material> order = materials_up_to(o.pieces);
    if (o.only)
        std::erase_if(
            order, [&](const Material& m) { return m != *o.only && !may_depend_on(*o.only, m); });
    const CounterSet* set =
        o.counters && !o.wdl_only ? find_counter_set<V>(o.counter_set) : nullptr;
    std::vector<std::uint64_t> entries;
    for (const Material& m : order) entries.push_back(Index<V>(m).size());
    return estimate_from_loads(loads_of(order, entries, set && !set->empty()), o.compression,
                               o.wdl_only, o.memory);
}

}  // namespace dtb::gen
