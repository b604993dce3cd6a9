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
#include <set>
#include <vector>

#include "dtb/compress/table_writer.hpp"
#include "dtb/core/counter_rules.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/material.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/resume_plan.hpp"

namespace dtb::gen {

// The model's terms for one material of a run, in the run's order.
struct MaterialLoad {
    std::uint64_t entries = 0;  // White-to-move index entries
    bool rules = false;         // values under the counters solved for it
    // Its colour-flipped twin comes earlier: solved with it, only its tables are written.
    bool twin = false;
    // The place in the order of the last material solved that moves into it or its twin
    // (its own place when none does): until then the run holds it, or its scratch file.
    std::size_t needed_until = 0;
};

// The memory the solver works in for one material beside what it holds, per White-to-move
// entry, and 40 more where its values under the counters are solved.
inline constexpr double kWorkingBytes = 30.0;
inline std::uint64_t working_bytes(std::uint64_t entries, bool rules) {
    return std::uint64_t(kWorkingBytes * double(entries) + (rules ? 40.0 * double(entries) : 0.0));
}

// Under --memory a slice later ones need is in a scratch file, let go or copied, once it
// takes a thousandth of the budget (generation.hpp): its WDL and DTW coded in a byte each by
// side to move, 2 bytes an entry; its values under the counters 3.5 more. A material whose
// work passes the budget is solved in files: 13 bytes an entry (the slice, then its twin's
// tables a kind at a time), 24 more with the counters (their twins are made whole).
inline std::uint64_t scratch_bytes(const MaterialLoad& l) {
    return std::uint64_t((l.rules ? 5.5 : 2.0) * double(l.entries));
}
inline std::uint64_t in_files_bytes(const MaterialLoad& l) {
    return (l.rules ? 37 : 13) * l.entries;
}

// The disk of a run at its peak: at each material of the order (a twin is only written), the
// tables written before it, the scratch files of the slices still needed and, when its work
// passes the budget, its arrays in files; at the end, all the tables. tables[k] is the bytes
// of material k's tables; budget 0: unbounded (no scratch).
inline std::uint64_t peak_disk(const std::vector<MaterialLoad>& loads,
                               const std::vector<double>& tables, std::uint64_t budget) {
    double written = 0, peak = 0;
    for (std::size_t k = 0; k < loads.size(); ++k) {
        if (budget && !loads[k].twin) {
            double scratch = 0;
            for (std::size_t i = 0; i < k; ++i)
                if (!loads[i].twin && loads[i].needed_until >= k &&
                    scratch_bytes(loads[i]) * 1000 >= budget)
                    scratch += double(scratch_bytes(loads[i]));
            const MaterialLoad& l = loads[k];
            const bool in_files = working_bytes(l.entries, l.rules) > budget;
            peak = std::max(peak, written + scratch + (in_files ? double(in_files_bytes(l)) : 0));
        }
        written += tables[k];
    }
    return std::uint64_t(std::max(peak, written));
}

// The estimate of a run held to `budget` bytes of memory (0: unbounded). Memory: what the
// solver holds of the slices later ones may look into, some 1.5 bytes per entry of the run
// (twins sharing), and its work on the largest; past the budget, held slices are let go to
// the disk, where the model of peak_disk counts them.
inline GenEstimate estimate_from_loads(const std::vector<MaterialLoad>& loads,
                                       compress::Compression compression, bool wdl_only,
                                       std::uint64_t budget = 0) {
    GenEstimate e;
    std::uint64_t largest = 0, rules_largest = 0;
    double memory = 40.0 * (1 << 20), rules_memory = 0;
    const bool small = compression == compress::Compression::small;
    // Bytes per entry on disk: WDL, DTW and DTC (or WDL alone), as much again for the rules.
    const double pure = wdl_only ? (small ? 0.02 : 0.04) : (small ? 0.15 : 0.25);
    std::vector<double> tables;
    for (const MaterialLoad& l : loads) {
        e.positions += l.entries;
        largest = std::max(largest, l.entries);
        memory += 1.5 * double(l.entries);
        tables.push_back((l.rules ? 2 : 1) * pure * double(l.entries));
        if (l.rules) {
            rules_largest = std::max(rules_largest, l.entries);
            rules_memory += 3.5 * double(l.entries);
        }
    }
    memory += double(working_bytes(largest, false));
    if (rules_largest)
        rules_memory += double(working_bytes(rules_largest, true)) -
                        double(working_bytes(rules_largest, false));
    e.memory = std::uint64_t(memory + rules_memory);
    e.disk = peak_disk(loads, tables, budget) + (1 << 20);
    if (budget && e.memory > budget) e.memory = budget;
    return e;
}

// Each material of `order` with its place of last need, as the run solves them.
inline std::vector<MaterialLoad> loads_of(const std::vector<Material>& order,
                                          const std::vector<std::uint64_t>& entries,
                                          const std::vector<bool>& rules) {
    std::vector<MaterialLoad> loads(order.size());
    std::set<Material> seen;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const Material& m = order[k];
        loads[k] = {entries[k], rules[k], m.flipped() != m && seen.count(m.flipped()) > 0, k};
        seen.insert(m);
    }
    for (std::size_t j = 0; j < order.size(); ++j) {
        if (loads[j].twin) continue;  // written only: it looks into nothing
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
    const RuleSet* set = o.rules && !o.wdl_only ? find_rule_set<V>(o.rule_set) : nullptr;
    std::vector<std::uint64_t> entries;
    std::vector<bool> rules;
    for (const Material& m : order) {
        entries.push_back(Index<V>(m).size());
        rules.push_back(set && !set->empty());
    }
    return estimate_from_loads(loads_of(order, entries, rules), o.compression, o.wdl_only,
                               o.memory);
}

}  // namespace dtb::gen
