// The distance under the counters as gen's sweep finds it
// (gen/counters/counters_distance_sweep.hpp), at every state the independent oracle
// (tests/gen/counters_oracle.hpp) decides: for each material and class the sweep solves, the
// sweep's staircases (the pure DTW where it keeps none) must give the oracle's distance at the
// plies the state's binding counter leaves, and a draw where the oracle's counters draw. What a
// move out of the material reaches is valued by the prober's search (probe/counters_distance.hpp),
// itself checked against the oracle in counters_agreement_test.cpp.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <tuple>

#include "../../gen/src/distance_tables.hpp"
#include "../gen/counters_oracle.hpp"
#include "dtb/gen/counters/counters_distance_sweep.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/probe/counters_distance.hpp"
#include "dtb/probe/counters_prober.hpp"
#include "probe_test_support.hpp"

namespace dtb::test {
namespace {

template <class V>
struct SweepCheck {
    std::int64_t states = 0, compared = 0, bad = 0, records = 0, classes = 0;
    std::string first_bad;
};

// Generates V up to `pieces`, sweeps every material and class of `materials` (up to `pieces`
// when empty) with one binding count, and compares at every oracle state of their family.
template <class V>
SweepCheck<V> check_sweep(const CounterSet& set, int pieces, std::vector<Counts> materials = {},
                          int man_rows = 0) {
    const auto dir = counters_tables<V>(set, pieces, "sweep");
    const probe::Store store(dir->path(), variant_id_of(V::name), 16 << 20);
    const probe::CountersProber<V> counted(store, set);
    const probe::Prober<V> pure(store);
    // One search a thread: the sweep asks from every thread, and a search keeps what it proved.
    std::vector<std::unique_ptr<probe::CountersDistance<V>>> search;
    for (int t = 0; t < omp_get_max_threads(); ++t)
        search.push_back(std::make_unique<probe::CountersDistance<V>>(counted, pure, 1 << 30));
    // The staircases by (material, idle, side), by rising index; the classes swept.
    using Key = std::tuple<Material, bool, int>;
    std::map<Key, std::vector<gen::DistanceRecord>> records;
    std::map<std::pair<Material, bool>, bool> swept;
    // The sweep's distance at p, counters s, in a class swept; -1 for a draw there.
    auto swept_distance = [&](const Position<V>& p, const CounterState& s, bool idle) {
        const int left = plies_left(set, s, p);
        static const std::vector<gen::DistanceRecord> none;
        const auto found = records.find({material_of(p), idle, int(p.side)});
        const auto& list = found == records.end() ? none : found->second;
        const std::uint64_t i = Index<V>(material_of(p)).rank(p);
        const auto it = std::lower_bound(
            list.begin(), list.end(), i,
            [](const gen::DistanceRecord& a, std::uint64_t x) { return a.index < x; });
        if (it != list.end() && it->index == i) return distance_at(it->steps, left);
        probe::CountersAnswer a;
        Value v;
        if (counted.value(p, s, a, nullptr) == probe::Status::ok && a.wdl != Wdl::draw &&
            pure.value(p, probe::want_dtw, v) == probe::Status::ok)
            return int(v.dtw);
        return -1;
    };
    // What a move out of a sweep reaches: from the sweeps done, else by the prober's search.
    auto searched = [&](const Position<V>& child, const CounterState& cs) {
        gen::DistanceExit e;
        probe::CountersAnswer a;
        if (child.pieces(child.side) == 0) return gen::DistanceExit{Wdl::loss, 0};
        EXPECT_EQ(counted.value(child, cs, a, nullptr), probe::Status::ok);
        e.wdl = a.wdl;
        if (a.wdl == Wdl::draw) return e;
        const bool idle = counters_kind(set, cs, material_of(child)) == ValueKind::counters_idle;
        if (swept.count({material_of(child), idle})) {
            e.plies = swept_distance(child, cs, idle);
            EXPECT_GE(e.plies, 0);
        } else {
            auto& own = *search[std::size_t(omp_get_thread_num())];
            EXPECT_EQ(own.distance(child, cs, e.plies), probe::Status::ok);
        }
        return e;
    };
    auto carried = [&](const Position<V>& child, int left) {
        return gen::carried_exit(set, child, left, searched);
    };

    std::vector<Counts> family = materials.empty() ? all_counts(pieces) : materials;
    // Fewer pieces first, then fewer men: captures and promotions lead to materials swept.
    std::sort(family.begin(), family.end(), [](const Counts& a, const Counts& b) {
        return std::pair(a.pieces(), a.men()) < std::pair(b.pieces(), b.men());
    });
    const auto t0 = std::chrono::steady_clock::now();
    for (const Counts& k : family) {
        const Material m{k.white_men, k.white_kings, k.black_men, k.black_kings};
        // The pure values of both sides from the tables.
        const auto slice =
            gen::read_pure_slice(pure, m, [](const std::string& why) { ADD_FAILURE() << why; });
        for (const bool idle : {false, true}) {
            if (idle && !has_idle_class(set, m)) continue;
            if (!gen::sweeps_class(set, m, idle)) continue;
            const gen::DistanceSolution sol =
                gen::solve_distances(set, m, idle, *slice, searched, carried);
            for (int s = 0; s < 2; ++s) records[{m, idle, s}] = sol.records[s];
            swept[{m, idle}] = true;
        }
    }

    std::printf("swept in %.1f s\n",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    SweepCheck<V> r;
    r.classes = std::int64_t(swept.size());
    for (const auto& [k, v] : records) r.records += std::int64_t(v.size());
    const CountersOracle<V> oracle(set, {family, man_rows});
    // Per position, what does not depend on the count: its record or pure DTW, and per class
    // the counters' table value and budget (a draw where fewer plies are left).
    const auto t = std::chrono::steady_clock::now();
    oracle.for_each_position([&](const Position<V>& p, auto states) {
        const Material m = material_of(p);
        if (p.pieces(p.side) == 0) return;
        const std::uint64_t i = Index<V>(m).rank(p);
        struct Known {
            bool done = false;
            const gen::DistanceRecord* record = nullptr;
            probe::CountersAnswer answer;
        } known[2];
        Value pure_value;
        const bool has_pure = pure.value(p, probe::want_dtw, pure_value) == probe::Status::ok;
        for (const auto& st : states) {
            ++r.states;
            const CounterState s = to_counter_state(set, st.counters);
            const bool idle = counters_kind(set, s, m) == ValueKind::counters_idle;
            if (!swept.count({m, idle})) continue;
            Known& k = known[idle];
            if (!k.done) {
                k.done = true;
                const auto& list = records[{m, idle, int(p.side)}];
                const auto it = std::lower_bound(
                    list.begin(), list.end(), i,
                    [](const gen::DistanceRecord& a, std::uint64_t x) { return a.index < x; });
                if (it != list.end() && it->index == i) k.record = &*it;
                EXPECT_EQ(counted.value(p, s, k.answer, nullptr), probe::Status::ok);
            }
            const int left = plies_left(set, s, p);
            int got = -1;
            if (k.record) {
                got = distance_at(k.record->steps, left);
            } else if (gen::may_start_count(set, m, idle)) {  // no budget on L alone
                probe::CountersAnswer at;
                EXPECT_EQ(counted.value(p, s, at, nullptr), probe::Status::ok);
                if (at.wdl != Wdl::draw && has_pure) got = pure_value.dtw;
            } else if (k.answer.table_wdl != Wdl::draw && k.answer.budget <= left && has_pure) {
                got = pure_value.dtw;
            }
            const test::CountersValue& want = st.value;
            const bool decided = want.outcome == Outcome::win || want.outcome == Outcome::loss;
            ++r.compared;
            if ((decided ? got != want.plies : got >= 0) && r.bad++ < 5)
                r.first_bad += "\n  " + oracle.state_text(p, st.counters) + ": oracle " +
                               counters_value_text(want) + ", sweep " + std::to_string(got) +
                               " at " + std::to_string(left) + " left";
        }
    });
    std::printf("compared in %.1f s\n",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count());
    std::printf(
        "%s %s up to %d pieces: %lld classes swept, %lld records; %lld states, %lld "
        "compared\n",
        V::name.data(), set.name.data(), pieces, (long long)r.classes, (long long)r.records,
        (long long)r.states, (long long)r.compared);
    return r;
}

template <class V>
void expect_sweep(const CounterSet& set, int pieces, std::vector<Counts> materials = {},
                  int man_rows = 0) {
    const SweepCheck<V> r = check_sweep<V>(set, pieces, std::move(materials), man_rows);
    EXPECT_GT(r.classes, 0);
    EXPECT_GT(r.compared, 0);
    EXPECT_EQ(r.bad, 0) << V::name << " " << set.name << ":" << r.first_bad;
}

TEST(CountersDistanceSweep, RussianThreeKingsAgainstOne) {
    expect_sweep<Russian>(Russian::counter_sets[0], 4,
                          {Counts{0, 3, 0, 1}, Counts{0, 2, 0, 1}, Counts{0, 1, 0, 1}});
}
// The force count that waits for the river: the waiting class's moves onto it lead into the
// counting class, at the counters they reach (90 million states).
TEST(CountersDistanceSweepLong, LongPortugueseThreeKingsAgainstOne) {
    expect_sweep<Portuguese>(Portuguese::counter_sets[0], 4,
                             {Counts{0, 3, 0, 1}, Counts{0, 2, 0, 1}, Counts{0, 1, 0, 1}});
}
TEST(CountersDistanceSweep, EnglishThreePieces) {
    expect_sweep<English>(English::counter_sets[0], 3);
}
// Classes without a count: two against one, where only one against one counts.
TEST(CountersDistanceSweep, TurkishThreePieces) {
    expect_sweep<Turkish>(Turkish::counter_sets[0], 3);
}
TEST(CountersDistanceSweep, FrisianThreePieces) {
    expect_sweep<Frisian>(Frisian::counter_sets[0], 3);
}
TEST(CountersDistanceSweepLong, LongInternationalThreeAgainstOneWithMen) {
    expect_sweep<International>(International::counter_sets[0], 4,
                                {Counts{0, 3, 0, 1}, Counts{1, 2, 0, 1}}, 1);
}

}  // namespace
}  // namespace dtb::test
