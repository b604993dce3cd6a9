// LargeVector: arrays of many megabytes from the kernel, aligned for huge pages; small ones
// from the ordinary allocator. Either way a std::vector that holds what is put in it.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>

#include "dtb/core/large_array.hpp"

namespace dtb::test {
namespace {

TEST(LargeVector, LargeArraysStartOnAHugePage) {
    LargeVector<std::uint16_t> v(detail::kLargeArrayBytes);  // twice the threshold in bytes
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(v.data()) % detail::kHugePage, 0u);
#endif
    for (const auto x : v) ASSERT_EQ(x, 0);
}

TEST(LargeVector, HoldsWhatIsPutInItThroughGrowthAndCopies) {
    LargeVector<std::uint32_t> v;
    const std::size_t n = 3 * detail::kLargeArrayBytes / sizeof(std::uint32_t) + 12345;
    for (std::size_t i = 0; i < n; ++i) v.push_back(std::uint32_t(i * 2654435761u));
    LargeVector<std::uint32_t> copy = v;
    for (std::size_t i = 0; i < n; i += 4099) ASSERT_EQ(copy[i], std::uint32_t(i * 2654435761u));
    v.assign(17, 5);  // small again
    EXPECT_EQ(std::accumulate(v.begin(), v.end(), 0u), 85u);
    copy = {};
    EXPECT_TRUE(copy.empty());
}

}  // namespace
}  // namespace dtb::test
