// The solver's shortcuts give the slice the counting loop gives. The brute-force comparison
// checks them on up to 4 pieces; here they meet the counting loop on 5-piece slices: the
// bit-parallel loop with a white bit king facing four black kings (the most terms of the index
// it shifts), a black one facing four white kings, and blocks with men; the one-sided
// resolution with a man facing four kings (its side has no king).
#include <gtest/gtest.h>
#include <omp.h>

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

// Two threads: the bit-parallel loop of a kings-only slice runs its two passes side by side,
// one thread each, the counting loop on both together; blocks are solved one per thread or,
// in waves of a single block, by both together (solver.hpp), so every path of both loops runs.
TEST(LevelLoops, ShortcutsAgreeOnRussianFivePieceSlices) {
    const int before = omp_get_max_threads();
    auto tb = SolvedSlices<Russian>::solve(4, 2);
    // KvKKKM's and MvKKKK's men crown into KvKKKK.
    for (const char* name : {"KvKKKK", "KKKKvK", "KvKKKM", "MvKKKK"}) {
        const Material m = *Material::parse(name);
        auto fast = solve_with(tb, m, LevelLoop::fastest);
        const auto counted = solve_with(tb, m, LevelLoop::counting);
        expect_same_slice(*fast, *counted);
        tb.add(std::move(fast));
    }
    omp_set_num_threads(before);
}

}  // namespace
}  // namespace dtb::gen
