// for_range: every item once, on one thread or several, and an exception thrown by an item
// inside the parallel loop reaches the caller instead of terminating the program.
#include <gtest/gtest.h>
#include <omp.h>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "dtb/gen/solver/for_range.hpp"

namespace dtb::gen {
namespace {

TEST(ForRange, VisitsEveryItemOnce) {
    omp_set_num_threads(2);
    std::vector<std::atomic<int>> seen(10000);
    for_range<true, 16>(seen.size(), [&](std::size_t k, int) { ++seen[k]; });
    for_range<false>(seen.size(), [&](std::size_t k, int t) {
        EXPECT_EQ(t, 0);
        ++seen[k];
    });
    for (const auto& s : seen) ASSERT_EQ(s.load(), 2);
}

TEST(ForRange, OneChunkStaysOnTheCallingThread) {
    omp_set_num_threads(2);
    std::vector<int> seen(16, 0);
    for_range<true, 16>(seen.size(), [&](std::size_t k, int t) {
        EXPECT_EQ(t, 0);
        EXPECT_EQ(omp_get_num_threads(), 1);
        ++seen[k];
    });
    for (const int s : seen) ASSERT_EQ(s, 1);
}

TEST(ForRange, AnExceptionInsideTheParallelLoopReachesTheCaller) {
    omp_set_num_threads(2);
    for (const std::size_t bad : {std::size_t(0), std::size_t(4999), std::size_t(9999)}) {
        try {
            for_range<true>(10000, [&](std::size_t k, int) {
                if (k == bad) throw std::logic_error("item " + std::to_string(k));
            });
            FAIL() << "no exception for item " << bad;
        } catch (const std::logic_error& e) {
            EXPECT_EQ(std::string(e.what()), "item " + std::to_string(bad));
        }
    }
    EXPECT_THROW(for_range<false>(10,
                                  [](std::size_t k, int) {
                                      if (k == 3) throw std::runtime_error("serial");
                                  }),
                 std::runtime_error);
}

}  // namespace
}  // namespace dtb::gen
