// The don't-care fill of one block (an internal step of the writer, tested through its
// private header): the bytes of a table must depend on its values only.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "../../compress/src/block_codec.hpp"

namespace dtb::test {
namespace {

using namespace dtb::compress;

// The writer reuses one scratch buffer per thread for block after block. The aligned WDL
// fill looks one index period back; inside a gap longer than the period that would reach
// entries of the gap not written yet — stale data from whichever block the thread wrote
// before. The fill must come out the same whatever the buffer held.
TEST(BlockFill, AlignedFillIgnoresWhatTheScratchHeld) {
    constexpr std::size_t n = 256;
    std::vector<std::uint16_t> values(n);
    std::vector<std::uint8_t> dont_care(n);
    for (std::size_t k = 0; k < n; ++k) {
        values[k] = k < 100 ? 1 : 3;         // wins, then losses
        dont_care[k] = k >= 100 && k < 150;  // a gap of 50, longer than the period
    }
    for (Fill fill : {Fill::aligned, Fill::previous, Fill::period, Fill::frequent}) {
        std::vector<std::uint16_t> a(n, 0), b(n, 3);
        detail::fill_block(values, dont_care, fill, 7, a.data());
        detail::fill_block(values, dont_care, fill, 7, b.data());
        EXPECT_EQ(a, b) << "fill " << int(fill);
        for (std::size_t k = 0; k < n; ++k) {
            if (!dont_care[k]) {
                EXPECT_EQ(a[k], values[k]) << "entry " << k;
            }
        }
    }
}

}  // namespace
}  // namespace dtb::test
