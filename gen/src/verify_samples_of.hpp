// The definitions of verify_samples.hpp: included once per variant by entry_points.cpp.in,
// which instantiates them.
#pragma once

#include <optional>
#include <random>
#include <string>
#include <system_error>

#include "dtb/compress/table_dir.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/left_out.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/successor_values.hpp"
#include "dtb/probe/prober.hpp"
#include "dtb/probe/store.hpp"
#include "verify_counters.hpp"
#include "verify_distances.hpp"
#include "verify_samples.hpp"

namespace dtb::gen {

namespace verify_detail {

namespace fs = std::filesystem;

// Enough for the blocks a sample's successors touch again and again.
constexpr std::size_t kVerifyCacheBytes = 64 << 20;
constexpr int kAllThree = 7;  // WDL, DTW and DTC

inline std::string value_text(const Value& v, bool distances) {
    std::string s = to_string(v.wdl);
    if (distances && (v.wdl == Wdl::win || v.wdl == Wdl::loss))
        s += " dtw " + std::to_string(v.dtw) + " dtc " + std::to_string(v.dtc);
    return s;
}

// The value stored for White-to-move entry i of m (nullopt: a table is missing or damaged),
// with its distances or (tables of WDL alone) without. Left-out entries come back as
// stored. An entry 0 of a WDL table in one-ply form is no WDL: it comes back unknown, with
// the distances.
inline std::optional<Value> stored(const probe::Store& store, const Material& m, std::uint64_t i,
                                   bool distances) {
    std::uint16_t x = 0;
    if (store.lookup(m, ValueKind::wdl, i, x) != probe::Status::ok) return std::nullopt;
    Value v{x == probe::Store::kOnePly ? Wdl::unknown : Wdl(x), 0, 0};
    if (!distances || v.wdl == Wdl::draw) return v;
    if (store.lookup(m, ValueKind::dtw, i, v.dtw) != probe::Status::ok ||
        store.lookup(m, ValueKind::dtc, i, v.dtc) != probe::Status::ok)
        return std::nullopt;
    return v;
}

// A material with WDL alone is sampled only where gen --values wdl wrote it so.
inline bool wdl_alone(const fs::path& dir, const Material& m, int kinds) {
    std::error_code ec;
    return kinds == 1 && !fs::exists(dir / compress::table_file_name(m, ValueKind::dtw), ec) &&
           !fs::exists(dir / compress::table_file_name(m, ValueKind::dtc), ec);
}

}  // namespace verify_detail

template <class V>
void verify_samples(const std::filesystem::path& dir, VariantId variant,
                    const compress::Manifest* manifest, const CheckedTables& tables,
                    const VerifyOptions& o, VerifyReport& r) {
    using namespace verify_detail;
    // Values re-derived from their successors, on random White-to-move positions the tables
    // store (the others are left out of them).
    const probe::Store store(dir, variant, kVerifyCacheBytes);
    const probe::Prober<V> prober(store);
    int want = probe::want_all;
    auto probe_value = [&](const Position<V>& q) -> std::optional<Value> {
        Value v;
        if (prober.value(q, want, v) != probe::Status::ok) return std::nullopt;
        return v;
    };
    std::mt19937_64 rng(o.seed);
    SampleCounts& out = r.samples;
    for (const auto& [m, kinds] : tables.pure) {
        // All three values re-derived, or WDL alone from a table written by gen --values wdl
        // (its successors probed for WDL alone too).
        const bool distances = kinds == kAllThree;
        if (!distances && !wdl_alone(dir, m, kinds)) continue;
        want = distances ? probe::want_all : probe::want_wdl;
        const Index<V> idx(m);
        std::uniform_int_distribution<std::uint64_t> pick(0, idx.size() - 1);
        for (int s = 0, tries = 0; s < o.samples && tries < 20 * o.samples; ++tries) {
            const std::uint64_t i = pick(rng);
            Position<V> p;
            if (!idx.unrank(i, Color::white, p) || left_out_kind(p) != LeftOut::no) continue;
            ++s;
            auto stored_value = stored(store, m, i, distances);
            const auto derived = value_from_successors(p, probe_value);
            if (!stored_value || !derived) {
                ++out.unavailable;  // a successor's material is missing or damaged
                continue;
            }
            // One-ply form: the WDL is the successors' by definition; the distances are checked.
            if (stored_value->wdl == Wdl::unknown) {
                if (!distances) continue;
                stored_value->wdl = derived->wdl;
            }
            ++out.checked;
            const bool same =
                stored_value->wdl == derived->wdl &&
                (stored_value->wdl == Wdl::draw || !distances ||
                 (stored_value->dtw == derived->dtw && stored_value->dtc == derived->dtc));
            if (!same) {
                ++out.failed;
                if (out.failures.size() < 20)
                    out.failures.push_back({write_fen(p), "", value_text(*stored_value, distances),
                                            value_text(*derived, distances)});
            }
        }
    }
    // The counters' tables' sampled entries, from the values under the counters of their
    // moves. (Without a manifest their counter set is unknown: they are not sampled.)
    const CounterSet* set = manifest ? find_counter_set<V>(manifest->counter_set()) : nullptr;
    if (!set) return;
    r.counter_samples = verify_counter_samples<V>(store, *set, tables.counters, o.samples, rng);
    r.distance_samples = verify_distance_samples<V>(store, *set, tables.distances, o.samples, rng);
}

}  // namespace dtb::gen
