// What verify.cpp reaches through dispatch: the sampled values of verify.hpp re-derived for
// one variant V, defined and compiled once per variant in the objects made from verify.cpp.in.
#pragma once

#include <filesystem>
#include <map>
#include <utility>
#include <vector>

#include "dtb/core/material.hpp"
#include "dtb/core/value.hpp"
#include "dtb/gen/verify.hpp"

namespace dtb::gen {

// The tables of a directory whose files check: the pure kinds of each material (bit
// kind_index(k) for kind k), the counters' tables and the distance tables.
struct CheckedTables {
    std::map<Material, int> pure;
    std::vector<std::pair<Material, ValueKind>> counters;
    std::vector<std::pair<Material, ValueKind>> distances;
};

// Fills r.samples, r.counter_samples and r.distance_samples.
template <class V>
void verify_samples(const std::filesystem::path& dir, VariantId variant,
                    const compress::Manifest* manifest, const CheckedTables& tables,
                    const VerifyOptions& o, VerifyReport& r);

}  // namespace dtb::gen
