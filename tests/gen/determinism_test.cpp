// The solver gives the same values whatever the number of threads. Its schedule depends on
// it: the blocks of a wave are solved one per thread when there are as many blocks as
// threads, and by every thread together otherwise (solver.hpp), so 1, 2 and 3 threads take
// different paths through every slice with men. A slice of kings only, and every slice of a
// variant whose men step sideways (turkish), is one region solved by all threads together,
// or, for a kings-only slice with a lone king, with its two passes side by side.
#include <gtest/gtest.h>
#include <omp.h>

#include "dtb/core/variant.hpp"
#include "dtb/gen/run/solved_slices.hpp"

namespace dtb::gen {
namespace {

template <class V>
void expect_same_values_for_any_thread_count(int pieces) {
    const int before = omp_get_max_threads();
    const auto one = SolvedSlices<V>::solve(pieces, 1);
    for (const int threads : {2, 3}) {
        const auto many = SolvedSlices<V>::solve(pieces, threads);
        for (const Material& m : materials_up_to(pieces)) {
            const Slice<V>* a = one.slice(m);
            const Slice<V>* b = many.slice(m);
            ASSERT_TRUE(a && b) << m.name();
            for (int s = 0; s < 2; ++s) {
                EXPECT_EQ(a->wdl[s], b->wdl[s]) << V::name << " " << m.name() << " " << threads;
                EXPECT_EQ(a->dtw[s], b->dtw[s]) << V::name << " " << m.name() << " " << threads;
                EXPECT_EQ(a->dtc[s], b->dtc[s]) << V::name << " " << m.name() << " " << threads;
                EXPECT_EQ(a->capture[s], b->capture[s]) << V::name << " " << m.name();
            }
        }
    }
    omp_set_num_threads(before);
}

TEST(SolverDeterminism, RussianUpToFourPieces) {
    expect_same_values_for_any_thread_count<Russian>(4);
}

TEST(SolverDeterminism, TurkishUpToThreePieces) {
    expect_same_values_for_any_thread_count<Turkish>(3);
}

TEST(SolverDeterminism, InternationalUpToThreePieces) {
    expect_same_values_for_any_thread_count<International>(3);
}

}  // namespace
}  // namespace dtb::gen
