// The solver's shortcuts give the slice the counting loop gives. The brute-force comparison
// checks them on up to 4 pieces; here they meet the counting loop on 5-piece slices: the
// bit-parallel loop with a white bit king facing four black kings (the most terms of the index
// it shifts), a black one facing four white kings, and blocks with men; the one-sided
// resolution with a man facing four kings (its side has no king); frisian's streak blocks.
#include <gtest/gtest.h>
#include <omp.h>

#include <initializer_list>

#include "dtb/core/variant.hpp"
#include "dtb/gen/run/solved_slices.hpp"
#include "dtb/gen/solver/solver.hpp"

namespace dtb::gen {
namespace {

template <class V>
std::unique_ptr<Slice<V>> solve_with(const SolvedSlices<V>& tb, const Material& m, LevelLoop loop) {
    SliceSolver<V> solver(m, tb.exits(), loop);
    return solver.solve();
}

template <class V>
void expect_same_slice(const Slice<V>& a, const Slice<V>& b) {
    for (int s = 0; s < 2; ++s) {
        EXPECT_EQ(a.wdl[s], b.wdl[s]) << a.material().name() << " side " << s;
        EXPECT_EQ(a.dtw[s], b.dtw[s]) << a.material().name() << " side " << s;
        EXPECT_EQ(a.dtc[s], b.dtc[s]) << a.material().name() << " side " << s;
    }
}

// Up to `pieces` solved, then the materials `held` (those the compared ones crown into) and
// each of `compared` by the fastest loop, each held for those after it; the compared ones
// also by the counting loop, and the two slices compared. Two threads: the bit-parallel loop
// of a kings-only slice runs its two passes side by side, one thread each, the counting loop
// on both together; blocks are solved one per thread or, in waves of a single block, by both
// together (solver.hpp), so every path of both loops runs.
template <class V>
void expect_loops_agree(int pieces, std::initializer_list<const char*> held,
                        std::initializer_list<const char*> compared) {
    const int before = omp_get_max_threads();
    auto tb = SolvedSlices<V>::solve(pieces, 2);
    for (const char* name : held)
        tb.add(solve_with(tb, *Material::parse(name), LevelLoop::fastest));
    for (const char* name : compared) {
        const Material m = *Material::parse(name);
        auto fast = solve_with(tb, m, LevelLoop::fastest);
        expect_same_slice(*fast, *solve_with(tb, m, LevelLoop::counting));
        tb.add(std::move(fast));
    }
    omp_set_num_threads(before);
}

// KvKKKM's and MvKKKK's men crown into KvKKKK.
TEST(LevelLoops, ShortcutsAgreeOnRussianFivePieceSlices) {
    expect_loops_agree<Russian>(4, {}, {"KvKKKK", "KKKKvK", "KvKKKM", "MvKKKK"});
}

// Frisian's streak blocks in the bit-parallel loop (a slab is also a pair of streaks): a black
// bit king with a streak facing white kings without (KKvKM), and a black bit king without
// facing two white kings with a streak (KKMvK: the moves of its other kings change the
// streak's king as well as its length). A white bit king with a streak is in the long test
// below and, up to 3 pieces, in the brute-force comparison.
TEST(LevelLoops, ShortcutsAgreeOnFrisianStreakSlices) {
    expect_loops_agree<Frisian>(3, {"KKvKK", "KKKvK"}, {"KKvKM", "KKMvK"});
}

// A white bit king with a streak (KMvKK), and both sides with one (KMvKM: the bit king's and
// the other king's together; 7 times KKvKM's positions).
TEST(LevelLoops, LongShortcutsAgreeOnFrisianKMvKM) {
    expect_loops_agree<Frisian>(3, {"KKvKK", "KKvKM"}, {"KMvKK", "KMvKM"});
}

}  // namespace
}  // namespace dtb::gen
