// The values under the counter rules as dtb gen writes them and the rules prober reads them,
// against the independent oracle of tests/gen/counters_oracle.hpp: the same WDL at every
// counter state the oracle reaches, for every position of every material generated.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "../gen/counters_oracle.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/probe/counters_distance.hpp"
#include "dtb/probe/counters_prober.hpp"
#include "probe_test_support.hpp"

namespace dtb::test {
namespace {

struct Agreement {
    std::int64_t states = 0, compared = 0, missing = 0, bad = 0;
    std::int64_t cursed = 0;  // states the counters draw though the tables' value is decided
    // The distance under the counters (counters_distance.hpp) at a sample of the decided states.
    std::int64_t distances = 0, longer_than_pure = 0, distance_bad = 0, longer_seen = 0;
    double distance_seconds = 0;
    std::string first_bad, first_missing, first_distance_bad;
};

template <class V>
void compare_distance(probe::CountersDistance<V>& distance, const probe::Prober<V>& pure,
                      const CountersOracle<V>& oracle, const Position<V>& p,
                      const counters_reading::Counters& c, const test::CountersValue& want,
                      Agreement& a) {
    const CounterState s = to_counter_state(oracle.counter_set(), c);
    int got = 0;
    std::string message;
    const auto t = std::chrono::steady_clock::now();
    const probe::Status st = distance.distance(p, s, got, &message);
    a.distance_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    if (st == probe::Status::not_available) return;
    ++a.distances;
    Value v;
    if (pure.value(p, probe::want_dtw, v) == probe::Status::ok) a.longer_than_pure += got > v.dtw;
    if ((st != probe::Status::ok || got != want.plies) && a.distance_bad++ < 5)
        a.first_distance_bad += "\n  " + oracle.state_text(p, c) + ": oracle " +
                                counters_value_text(want) + ", distance " +
                                (st == probe::Status::ok ? std::to_string(got) : message);
}

// Where the distance under the counters is compared with the oracle's, and whence it comes.
enum class Distances {
    sampled,  // every fourth state longer than pure and some 10,000 others a family
    stored,   // the same sample, from the distance tables
    every,    // every state the oracle decides, from the distance tables
};

// Generates V up to `pieces` with counter set `set` and compares every oracle state of the
// family of `materials` (every material up to `pieces` when empty).
template <class V>
Agreement compare(const CounterSet& set, int pieces, std::vector<Counts> materials = {},
                  int man_rows = 0, Distances distances = Distances::sampled) {
    // The distance tables where asked, and up to 3 pieces: the stored distance checked there,
    // the search elsewhere.
    const bool stored = distances != Distances::sampled || pieces <= 3;
    const auto dir = counters_tables<V>(set, pieces, stored ? "distances" : "counters", stored);

    const probe::Store store(dir->path(), variant_id_of(V::name), 16 << 20);
    const probe::CountersProber<V> prober(store, set);
    const CountersOracle<V> oracle(set,
                                   {materials.empty() ? all_counts(pieces) : materials, man_rows});
    Agreement a;
    const probe::Prober<V> pure(store);
    probe::CountersDistance<V> distance(prober, pure);
    // Some 10,000 states a family, and every fourth where the distance is not the pure DTW.
    const std::size_t every = std::max<std::size_t>(1, oracle.states() / 10000);
    oracle.for_each_state([&](const Position<V>& p, const counters_reading::Counters& c,
                              const test::CountersValue& want) {
        ++a.states;
        if (want.outcome == Outcome::win || want.outcome == Outcome::loss) {
            Value v;  // every fourth state the counters make longer than pure, and the sample
            const bool longer =
                pure.value(p, probe::want_dtw, v) == probe::Status::ok && v.dtw < want.plies;
            if ((longer && ++a.longer_seen % 4 == 0) || a.states % std::int64_t(every) == 0 ||
                distances == Distances::every) {
                if (distance.states_known() > (std::size_t(1) << 22)) distance.forget();
                compare_distance(distance, pure, oracle, p, c, want, a);
            }
        }
        const CounterState s = to_counter_state(set, c);
        probe::CountersAnswer got;
        std::string message;
        const probe::Status st = prober.value(p, s, got, &message);
        if (st == probe::Status::not_available) {
            if (a.missing++ == 0) a.first_missing = message;
            return;
        }
        ++a.compared;
        if (st == probe::Status::ok && got.wdl == Wdl::draw && got.table_wdl != Wdl::draw)
            ++a.cursed;
        const bool same = st == probe::Status::ok && int(got.wdl) == int(want.outcome);
        if (!same && a.bad++ < 5)
            a.first_bad += "\n  " + write_fen(p) + " at " + oracle.state_text(p, c) + ": oracle " +
                           counters_value_text(want) + ", tables " +
                           (st == probe::Status::ok ? to_string(got.wdl) : message) + " (budget " +
                           std::to_string(got.budget) + ")";
    });
    std::printf(
        "%s %s up to %d pieces: %lld states, %lld compared (%lld drawn by the counters), %lld "
        "without tables%s%s; distances at %lld states (%lld longer than pure), %.1f s, %zu "
        "states searched\n",
        V::name.data(), set.name.data(), pieces, (long long)a.states, (long long)a.compared,
        (long long)a.cursed, (long long)a.missing, a.missing ? ": " : "", a.first_missing.c_str(),
        (long long)a.distances, (long long)a.longer_than_pure, a.distance_seconds,
        distance.states_known());
    std::fflush(stdout);  // the long runs report as each family ends
    return a;
}

// Every state compared; `skipped_ok`: materials dtb gen does not solve yet (docs/counters.md)
// may lack tables.
template <class V>
void expect_agreement(const CounterSet& set, int pieces, std::vector<Counts> materials = {},
                      bool skipped_ok = false, int man_rows = 0,
                      Distances distances = Distances::sampled) {
    const Agreement a = compare<V>(set, pieces, std::move(materials), man_rows, distances);
    if (!skipped_ok) {
        EXPECT_EQ(a.missing, 0) << a.first_missing;
    }
    EXPECT_GT(a.compared, 0);
    EXPECT_GT(a.cursed, 0) << "the counters decide nothing here: the comparison proves little";
    EXPECT_EQ(a.bad, 0) << V::name << " " << set.name << ":" << a.first_bad;
    EXPECT_GT(a.distances, 0);
    EXPECT_EQ(a.distance_bad, 0) << V::name << " " << set.name << ":" << a.first_distance_bad;
}

TEST(CountersAgreement, RussianThreePieces) {
    expect_agreement<Russian>(Russian::counter_sets[0], 3);
}
TEST(CountersAgreement, BrazilianThreePieces) {
    for (const CounterSet& set : Brazilian::counter_sets) expect_agreement<Brazilian>(set, 3);
}
TEST(CountersAgreement, CzechItalianThreePieces) {
    expect_agreement<Czech>(Czech::counter_sets[0], 3);
    expect_agreement<Italian>(Italian::counter_sets[0], 3);
}
TEST(CountersAgreement, EnglishAfricanThreePieces) {
    expect_agreement<English>(English::counter_sets[0], 3);
    expect_agreement<African>(African::counter_sets[0], 3);
}
TEST(CountersAgreement, InternationalCanadianTurkishThreePieces) {
    expect_agreement<International>(International::counter_sets[0], 3);
    expect_agreement<Turkish>(Turkish::counter_sets[0], 3);
}
// Frisian: two kings against one (7 moves each) and king against king (2 moves each), the
// king-move streaks of a side with men part of every state.
TEST(CountersAgreement, FrisianThreePieces) {
    expect_agreement<Frisian>(Frisian::counter_sets[0], 3);
}
TEST(CountersAgreementLong, LongFrisianTwoKingsAgainstOneWithMen) {
    expect_agreement<Frisian>(Frisian::counter_sets[0], 4, {Counts{1, 2, 0, 1}, Counts{1, 1, 0, 1}},
                              false, 1);
}
TEST(CountersAgreement, PortugueseSpanishThreePieces) {
    expect_agreement<Portuguese>(Portuguese::counter_sets[0], 3);
    expect_agreement<Spanish>(Spanish::counter_sets[1], 3);
}

// The force count that starts at the river, and russian 7.2.7 fixed at arising: three kings
// against one and all it leads to.
TEST(CountersAgreement, ThreeKingsAgainstOne) {
    expect_agreement<Russian>(Russian::counter_sets[0], 4, {Counts{0, 3, 0, 1}});
    expect_agreement<Pool>(Pool::counter_sets[0], 4, {Counts{0, 3, 0, 1}});
}

// Russian 7.2.5 (kings only) beside 7.2.6 (balance) with men on the board: two counts bind
// (gen/counters/counters_two_counts.hpp): two kings and a man against a king, the man two steps
// from promotion (a man move that restarts kings-only, then the promotion). The distance from
// the tables (gen/counters/counters_two_count_distance.hpp); the search's is checked by
// CountersDistanceLong.LongSearchedRussianTwoCounts.
TEST(CountersAgreement, RussianTwoCounts) {
    expect_agreement<Russian>(Russian::counter_sets[0], 4, {Counts{1, 2, 0, 1}}, false, 2,
                              Distances::stored);
}

// Every material up to 4 pieces, the men on their last two rows before promotion (with the
// men anywhere, kings-only and balance apart make some 23 GB of oracle states).
TEST(CountersAgreementLong, LongRussianFourPieces) {
    expect_agreement<Russian>(Russian::counter_sets[0], 4, {}, false, 2);
}
TEST(CountersAgreementLong, LongPoolFourPieces) {
    expect_agreement<Pool>(Pool::counter_sets[0], 4);
}
// FMJD 6.3: three pieces against a lone king, men included (the man on its last row), the
// force count running through the man's moves and its promotion.
TEST(CountersAgreementLong, LongInternationalThreeAgainstOneWithMen) {
    expect_agreement<International>(International::counter_sets[0], 4,
                                    {Counts{0, 3, 0, 1}, Counts{1, 2, 0, 1}}, false, 1);
}
TEST(CountersAgreementLong, LongPortugueseRiver) {
    expect_agreement<Portuguese>(Portuguese::counter_sets[0], 4, {Counts{0, 3, 0, 1}});
}
TEST(CountersAgreementLong, LongPortugueseFourPieces) {
    expect_agreement<Portuguese>(Portuguese::counter_sets[0], 4);
}

// The distance under the counters at every state the oracle decides, not a sample: every
// material up to 3 pieces and the 4-piece families the oracle holds (pool's counters bind
// from three kings against one only).
TEST(CountersDistanceLong, LongEveryStateThreePieces) {
    constexpr auto every = Distances::every;
    expect_agreement<Russian>(Russian::counter_sets[0], 3, {}, false, 0, every);
    expect_agreement<Portuguese>(Portuguese::counter_sets[0], 3, {}, false, 0, every);
    expect_agreement<International>(International::counter_sets[0], 3, {}, false, 0, every);
    expect_agreement<English>(English::counter_sets[0], 3, {}, false, 0, every);
    expect_agreement<Turkish>(Turkish::counter_sets[0], 3, {}, false, 0, every);
}
// Three against one, one variant a test: each is long, and each reports on its own.
TEST(CountersDistanceLong, LongEveryStateThreeAgainstOneRussianPool) {
    constexpr auto every = Distances::every;
    expect_agreement<Russian>(Russian::counter_sets[0], 4, {Counts{0, 3, 0, 1}}, false, 0, every);
    expect_agreement<Pool>(Pool::counter_sets[0], 4, {Counts{0, 3, 0, 1}}, false, 0, every);
}
TEST(CountersDistanceLong, LongEveryStateThreeAgainstOnePortuguese) {
    expect_agreement<Portuguese>(Portuguese::counter_sets[0], 4, {Counts{0, 3, 0, 1}}, false, 0,
                                 Distances::every);
}
TEST(CountersDistanceLong, LongEveryStateThreeAgainstOneInternational) {
    expect_agreement<International>(International::counter_sets[0], 4,
                                    {Counts{0, 3, 0, 1}, Counts{1, 2, 0, 1}}, false, 1,
                                    Distances::every);
}
// English's forty moves each over four kings, and turkish's one-each count reached by the
// captures of two kings against two (with men as well the oracle outgrows 24 GB).
TEST(CountersDistanceLong, LongEveryStateEnglishFourKings) {
    expect_agreement<English>(English::counter_sets[0], 4, {Counts{0, 3, 0, 1}, Counts{0, 2, 0, 2}},
                              false, 0, Distances::every);
}
TEST(CountersDistanceLong, LongEveryStateTurkishTwoAgainstTwo) {
    expect_agreement<Turkish>(Turkish::counter_sets[0], 4, {Counts{0, 2, 0, 2}}, false, 0,
                              Distances::every);
}
TEST(CountersDistanceLong, LongSearchedRussianTwoCounts) {
    expect_agreement<Russian>(Russian::counter_sets[0], 4, {Counts{1, 2, 0, 1}}, false, 2);
}
TEST(CountersDistanceLong, LongEveryStateRussianTwoCounts) {
    expect_agreement<Russian>(Russian::counter_sets[0], 4, {Counts{1, 2, 0, 1}}, false, 2,
                              Distances::every);
}

}  // namespace
}  // namespace dtb::test
