// What the distance to the end of the game under the counters looks like, position by position
// (docs/counters.md "The distance under the counters"), from the independent oracle
// (counters_oracle.hpp), which solves every (position, counts) state: the facts the stored form
// of that distance rests on, checked, and its size measured.
//
// Outside the two-count class, a position's distance is a function of its counters' table (the
// class: waiting rule counting or not) and of the plies the counters leave, L (the fewest any
// counting rule leaves, as the prober reads them): two states alike in these have the same value.
// It falls as L rises (more plies never make the winner slower nor the loser longer-lived), so
// a position's distances are a staircase of steps (L from which it holds, distance), as few as
// the times the counters shorten the game; its size is what a stored form costs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "bruteforce_solver.hpp"
#include "counters_oracle.hpp"
#include "dtb/core/counter_state.hpp"
#include "dtb/core/counters_classes.hpp"
#include "dtb/core/flip.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/variant.hpp"

namespace dtb::test {
namespace {

struct Shape {
    long long entries = 0, decided = 0, not_function = 0, rising = 0;
    long long longer_than_pure = 0;  // decided states whose distance the counters lengthen
    int most_plies = 0;
    std::map<int, long long> steps;  // steps in an entry's staircase -> entries
    // Entries (a position in one counters' table) where the distance is not the pure DTW at
    // some L, and the steps of theirs that differ from it: what a store of exceptions holds.
    long long exceptions = 0, exception_steps = 0;
    // Two counts: positions, states, and those positions whose distance is not the pure DTW
    // at some (kings-only left, balance left), with the distinct distances they take there.
    long long two_count_positions = 0, two_count_states = 0, two_count_exceptions = 0,
              two_count_values = 0;
    std::string first_bad;
};

template <class V>
Shape shape(const CountersOracle<V>& o, const BruteForceSolver<V>& bf) {
    const CounterSet& set = o.counter_set();
    Shape out;
    // (table, L) -> distance, of one position; two-count states are left out.
    std::map<std::pair<int, int>, int> at;
    std::set<int> two;  // the distances of one position's two-count states
    auto staircase = [&](const Position<V>& p, int pure, auto begin, auto end) {
        ++out.entries;
        int steps = 0, differ = 0, last = 0;
        for (auto it = begin; it != end; ++it) {  // rising L
            const int plies = it->second;
            if (it != begin && plies > last && out.rising++ == 0 && out.first_bad.empty())
                out.first_bad = write_fen(p) + ": the distance rises with L";
            if (it == begin || plies != last) {
                ++steps;
                differ += plies != pure;
            }
            last = plies;
        }
        ++out.steps[steps];
        out.exceptions += differ > 0;
        out.exception_steps += differ;
    };
    o.for_each_position([&](const Position<V>& p,
                            std::span<const typename CountersOracle<V>::StateValue> states) {
        at.clear();
        two.clear();
        const BruteValue pure = bf.value(p).value();
        const Material m = material_of(p);
        const Material white = material_of(p.side == Color::white ? p : Flip<V>::apply(p));
        for (const auto& s : states) {
            const CountersValue v = s.value;
            if (v.outcome != Outcome::win && v.outcome != Outcome::loss) continue;
            const CounterState cs = counters_reading::to_counter_state(set, s.counters);
            const ValueKind kind = counters_kind(set, cs, m);
            const CountersClass c = counters_class(set, white, kind == ValueKind::counters_idle);
            if (c.binding == Binding::two_counts) {
                ++out.two_count_states;
                two.insert(v.plies);
                continue;
            }
            ++out.decided;
            out.most_plies = std::max(out.most_plies, v.plies);
            out.longer_than_pure += v.plies > pure.dtw;
            const auto key = std::make_pair(int(kind), plies_left(set, cs, p));
            const auto [it, fresh] = at.emplace(key, v.plies);
            if (!fresh && it->second != v.plies && out.not_function++ == 0)
                out.first_bad = o.state_text(p, s.counters) + ": " + std::to_string(v.plies) +
                                " plies, another state alike " + std::to_string(it->second);
        }
        if (!two.empty()) {
            ++out.two_count_positions;
            if (two.size() > 1 || *two.begin() != pure.dtw) {
                ++out.two_count_exceptions;
                out.two_count_values += std::int64_t(two.size());
            }
        }
        for (auto a = at.begin(); a != at.end();) {  // by table, then rising L
            auto z = a;
            while (z != at.end() && z->first.first == a->first.first) ++z;
            staircase(p, pure.dtw, a, z);
            a = z;
        }
    });
    return out;
}

template <class V>
void expect_staircases(const CounterSet& set, typename CountersOracle<V>::Family family,
                       typename BruteForceSolver<V>::Family pure, const char* what) {
    const CountersOracle<V> o(set, family);
    const BruteForceSolver<V> bf(pure);
    const Shape s = shape(o, bf);
    std::string histogram;
    for (const auto& [steps, n] : s.steps)
        histogram += " " + std::to_string(steps) + ":" + std::to_string(n);
    std::printf(
        "[   info   ] %s %s %s: %lld entries decided under the counters (%lld states, %lld "
        "longer than pure), at most %d plies; steps per entry%s; not the pure DTW: %lld "
        "entries, %lld steps; two counts: %lld positions (%lld states), %lld not the pure DTW "
        "with %lld distances\n",
        std::string(V::name).c_str(), std::string(set.name).c_str(), what, s.entries, s.decided,
        s.longer_than_pure, s.most_plies, histogram.c_str(), s.exceptions, s.exception_steps,
        s.two_count_positions, s.two_count_states, s.two_count_exceptions, s.two_count_values);
    EXPECT_GT(s.decided + s.two_count_states, 0) << what;
    EXPECT_EQ(s.not_function, 0) << what << ": " << s.first_bad;
    EXPECT_EQ(s.rising, 0) << what << ": " << s.first_bad;
}

TEST(CountersDistanceShapeLong, Russian) {
    expect_staircases<Russian>(Russian::counter_sets[0], {all_counts(3)}, {3}, "up to 3 pieces");
    expect_staircases<Russian>(Russian::counter_sets[0], {{Counts{0, 3, 0, 1}}},
                               {4, Counts{0, 3, 0, 1}}, "KKKvK");
}

TEST(CountersDistanceShapeLong, RussianTwoCounts) {
    expect_staircases<Russian>(Russian::counter_sets[0], {{Counts{1, 2, 0, 1}}, 2},
                               {4, Counts{1, 2, 0, 1}}, "KKMvK, the man on its last two rows");
}

TEST(CountersDistanceShapeLong, Other) {
    expect_staircases<Portuguese>(Portuguese::counter_sets[0], {{Counts{0, 3, 0, 1}}},
                                  {4, Counts{0, 3, 0, 1}}, "KKKvK");
    expect_staircases<Pool>(Pool::counter_sets[0], {{Counts{0, 3, 0, 1}}}, {4, Counts{0, 3, 0, 1}},
                            "KKKvK");
    expect_staircases<International>(International::counter_sets[0], {all_counts(3)}, {3},
                                     "up to 3 pieces");
    expect_staircases<English>(English::counter_sets[0], {all_counts(3)}, {3}, "up to 3 pieces");
    expect_staircases<Brazilian>(Brazilian::counter_sets[0], {{Counts{1, 2, 0, 1}}, 1},
                                 {4, Counts{1, 2, 0, 1}}, "KKMvK, the man on its last row");
}

}  // namespace
}  // namespace dtb::test
