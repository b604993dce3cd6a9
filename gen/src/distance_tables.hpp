// A material's distance tables (docs/counters.md "The distance under the counters"): for each
// class of its counters, the positions whose distance under the counters is not their pure DTW,
// swept (gen/counters/counters_distances.hpp) from the tables the run has written: m's pure
// values, and what a move out of m reaches through the probers, which read the distance tables
// of the materials written before (or search where a class has none).
#pragma once

#include <omp.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "dtb/compress/table_dir.hpp"
#include "dtb/core/counter_state.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/gen/counters/counters_distances.hpp"
#include "dtb/gen/solver/for_range.hpp"
#include "dtb/gen/tables/counters_files.hpp"
#include "dtb/probe/counters_distance.hpp"
#include "dtb/probe/counters_prober.hpp"
#include "dtb/probe/prober.hpp"
#include "dtb/probe/store.hpp"

namespace dtb::gen {

// m's pure WDL and DTW of both sides, read through `pure`; fail(message) where one cannot be.
template <class V, class Fail>
std::unique_ptr<Slice<V>> read_pure_slice(const probe::Prober<V>& pure, const Material& m,
                                          Fail&& fail) {
    auto read = std::make_unique<Slice<V>>(m);
    for_range<true>(2, [&](std::size_t s, int) {
        for (std::uint64_t i = 0; i < read->index.size(); ++i) {
            Position<V> p;
            if (!read->index.unrank(i, Color(s), p)) continue;
            Value v;
            std::string message;
            if (pure.value(p, probe::want_dtw, v, &message) != probe::Status::ok) fail(message);
            read->wdl[s][i] = std::uint8_t(v.wdl);
            read->dtw[s][i] = v.dtw;
        }
    });
    return read;
}

// What write_distance_tables wrote: its bytes, and the classes it left without a table, each
// with why: a move out of the class reaches a child whose distance the prober's search leaves
// unfound within its bound (a child in a class without a table). The prober searches such a
// class as it does a set made without the distance tables.
struct DistanceTablesWritten {
    std::uint64_t bytes = 0;
    std::vector<std::string> unfound;
};

// Writes m's distance tables (and its twin's) into dir, whose pure tables of m and every table of
// the materials m reaches are written. `held_pure`: m's pure values if at hand; `effort`: the
// bound of each search for a child in a class without a table. Throws
// compress::TableError where a table cannot be read, std::runtime_error where a value cannot.
template <class V>
DistanceTablesWritten write_distance_tables(const std::filesystem::path& dir, VariantId variant,
                                            const CounterSet& set, const Material& m,
                                            const Slice<V>* held_pure,
                                            compress::Compression compression,
                                            std::int64_t effort = probe::kDistanceEffort) {
    using P = Position<V>;
    // A store of its own: it sees the tables written since the run's stores were opened.
    const probe::Store store(dir, variant, std::size_t(64) << 20);
    const probe::Prober<V> pure(store);
    const probe::CountersProber<V> counted(store, set);
    const int threads = omp_get_max_threads();
    std::vector<std::unique_ptr<probe::CountersDistance<V>>> search;
    for (int t = 0; t < threads; ++t)
        search.push_back(std::make_unique<probe::CountersDistance<V>>(counted, pure, effort));
    auto fail = [&](const std::string& why) {
        throw std::runtime_error("generator: distances of " + m.name() + ": " + why);
    };
    struct Unfound : std::runtime_error {
        using std::runtime_error::runtime_error;
    };

    // m's pure values: the run's, where it holds both sides' WDL and DTW, else read back.
    std::unique_ptr<Slice<V>> read;
    const bool held = held_pure && !held_pure->wdl[0].empty() && !held_pure->wdl[1].empty() &&
                      !held_pure->dtw[0].empty() && !held_pure->dtw[1].empty();
    if (!held) read = read_pure_slice(pure, m, fail);
    const Slice<V>& slice = held ? *held_pure : *read;
    auto restart = [&](const P& child, const CounterState& cs) {
        DistanceExit e;
        if (child.pieces(child.side) == 0) return DistanceExit{Wdl::loss, 0};
        probe::CountersAnswer a;
        std::string message;
        if (counted.value(child, cs, a, &message) != probe::Status::ok) fail(message);
        e.wdl = a.wdl;
        auto& own = *search[std::size_t(omp_get_thread_num())];
        if (own.states_known() > (std::size_t(1) << 22)) own.forget();
        if (a.wdl == Wdl::draw) return e;
        const probe::Status st = own.distance(child, cs, a, e.plies, &message);
        if (st == probe::Status::not_available)
            throw Unfound(write_fen(child) + " (" + material_of(child).name() + "): " + message);
        if (st != probe::Status::ok) fail(message);
        return e;
    };
    auto carried = [&](const P& child, int left) {
        return carried_exit(set, child, left, restart);
    };
    DistanceTablesWritten out;
    for (const ValueKind kind : distance_table_kinds(set, m)) {
        const bool idle = kind == ValueKind::counters_idle_distance;
        try {
            const DistanceSolution solution =
                solve_class_distances(set, m, idle, slice, restart, carried);
            out.bytes +=
                write_record_tables<V>(dir, variant, m, kind, solution.records, compression);
        } catch (const Unfound& e) {
            out.unfound.push_back(m.name() + (idle ? " (idle)" : "") + ": a child " + e.what());
        }
    }
    return out;
}

}  // namespace dtb::gen
