// What a dtb gen run will need, before it starts: the memory at its peak and the disk its
// tables take, from the index sizes of the materials it solves. A model fitted to measured
// runs (docs/performance.md, "What a run needs"): the solver holds the WDL and DTW of the
// slices later ones may look into (some 1.5 bytes per White-to-move entry of the run, twins
// sharing) and works on one slice at a time (some 30 bytes per entry of the largest); the
// values under the counters add per entry some 3.5 bytes, and 40 per entry of the largest
// slice. Measured peaks lie 0-20 % below it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "dtb/compress/table_writer.hpp"
#include "dtb/core/counter_rules.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/material.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/resume_plan.hpp"

namespace dtb::gen {

// The model's terms for one material of a run.
struct MaterialLoad {
    std::uint64_t entries = 0;  // White-to-move index entries
    bool rules = false;         // values under the counters solved for it
};

// The memory the solver works in for one material beside what it holds, per White-to-move
// entry, and 40 more where its values under the counters are solved.
inline constexpr double kWorkingBytes = 30.0;
inline std::uint64_t working_bytes(std::uint64_t entries, bool rules) {
    return std::uint64_t(kWorkingBytes * double(entries) + (rules ? 40.0 * double(entries) : 0.0));
}

// The estimate of a run held to `budget` bytes of memory (0: unbounded): what passes it goes
// to the disk. Slices let go become scratch files of 4 bytes an entry where memory held 6
// (scratch_values.hpp); when the largest material's work passes the budget too, its arrays
// go to files (in_files).
inline GenEstimate within_budget(GenEstimate e, std::uint64_t budget) {
    if (!budget || e.memory <= budget) return e;
    const double working = double(e.working), held = double(e.memory) - working;
    const double room = std::max(0.0, double(budget) - working);
    e.disk += std::uint64_t(std::max(0.0, held - room) * 4.0 / 6.0);
    if (working > double(budget)) e.disk += e.in_files;
    e.memory = budget;
    return e;
}

inline GenEstimate estimate_from_loads(const std::vector<MaterialLoad>& loads,
                                       compress::Compression compression, bool wdl_only) {
    GenEstimate e;
    std::uint64_t largest = 0, rules_largest = 0;
    double memory = 40.0 * (1 << 20), rules_memory = 0, disk = 0;
    const bool small = compression == compress::Compression::small;
    for (const MaterialLoad& l : loads) {
        e.positions += l.entries;
        largest = std::max(largest, l.entries);
        memory += 1.5 * double(l.entries);
        // Bytes per entry on disk: WDL, DTW and DTC (or WDL alone), then the rules tables.
        const double pure = wdl_only ? (small ? 0.02 : 0.04) : (small ? 0.15 : 0.25);
        disk += pure * double(l.entries);
        if (l.rules) {
            rules_largest = std::max(rules_largest, l.entries);
            rules_memory += 3.5 * double(l.entries);
            disk += pure * double(l.entries);
        }
    }
    const std::uint64_t work =
        std::max(working_bytes(largest, false), working_bytes(rules_largest, rules_largest > 0));
    memory += double(working_bytes(largest, false));
    if (rules_largest)
        rules_memory += double(working_bytes(rules_largest, true)) -
                        double(working_bytes(rules_largest, false));
    e.memory = std::uint64_t(memory + rules_memory);
    e.working = work + (40u << 20);
    e.disk = std::uint64_t(disk) + (1 << 20);
    // In files, a material takes 13 bytes an entry (the slice, then its twin's tables a kind
    // at a time); its values under the counters 24 more (their twins are made whole).
    e.in_files = 13 * largest + 24 * rules_largest;
    return e;
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
    std::vector<MaterialLoad> loads;
    for (const Material& m : order) {
        loads.push_back({Index<V>(m).size(), set && !set->empty()});
    }
    return within_budget(estimate_from_loads(loads, o.compression, o.wdl_only), o.memory);
}

}  // namespace dtb::gen
