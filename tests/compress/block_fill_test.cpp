// The left-out fill of one block (an internal step of the writer, tested through its
// private header): the bytes of a table must depend on its values only.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "../../compress/src/block_codec.hpp"

namespace dtb::test {
namespace {

using namespace dtb::compress;
using detail::Fill;

// The writer reuses one scratch buffer per thread for block after block. The aligned WDL
// fill looks one index period back; inside a gap longer than the period that would reach
// entries of the gap not written yet — stale data from whichever block the thread wrote
// before. The fill must come out the same whatever the buffer held.
TEST(BlockFill, AlignedFillIgnoresWhatTheScratchHeld) {
    constexpr std::size_t n = 256;
    std::vector<std::uint16_t> values(n);
    std::vector<std::uint8_t> left_out(n);
    for (std::size_t k = 0; k < n; ++k) {
        values[k] = k < 100 ? 1 : 3;        // wins, then losses
        left_out[k] = k >= 100 && k < 150;  // a gap of 50, longer than the period
    }
    for (Fill fill : {Fill::aligned, Fill::previous, Fill::frequent}) {
        std::vector<std::uint16_t> a(n, 0), b(n, 3);
        detail::fill_block(values, left_out, fill, 7, a.data());
        detail::fill_block(values, left_out, fill, 7, b.data());
        EXPECT_EQ(a, b) << "fill " << int(fill);
        for (std::size_t k = 0; k < n; ++k) {
            if (!left_out[k]) {
                EXPECT_EQ(a[k], values[k]) << "entry " << k;
            }
        }
    }
}

// What each fill puts in the left-out entries, against plain loops: the previous value
// (leading gaps take the first value) and the lowest of the most frequent values (counted
// apart below and above 1024 by the writer, so both ranges and ties across them are
// tried).
TEST(BlockFill, EachFillGivesWhatItPromises) {
    struct Case {
        std::vector<std::uint16_t> counts;  // value, times, value, times, ...
        std::uint16_t frequent;
    };
    const std::vector<Case> cases = {{{5, 3, 2000, 3, 1500, 4}, 1500},
                                     {{2000, 4, 1500, 4, 9, 1}, 1500},
                                     {{1500, 4, 7, 4}, 7},
                                     {{1023, 2, 1024, 2}, 1023},
                                     {{40000, 1}, 40000}};
    for (const auto& c : cases) {
        std::vector<std::uint16_t> values;
        std::vector<std::uint8_t> left_out;
        for (std::size_t k = 0; k < c.counts.size(); k += 2)
            for (int t = 0; t < c.counts[k + 1]; ++t) {
                // A left-out entry (with a value that must not count) before each one.
                values.push_back(std::uint16_t(c.counts[k] + 1));
                left_out.push_back(1);
                values.push_back(c.counts[k]);
                left_out.push_back(0);
            }
        const std::size_t n = values.size();
        const std::uint64_t period = 3;
        for (Fill fill : {Fill::previous, Fill::frequent}) {
            std::vector<std::uint16_t> got(n, 77);
            detail::fill_block(values, left_out, fill, period, got.data());
            std::uint16_t last = values[1];  // the first cared-for value
            for (std::size_t k = 0; k < n; ++k) {
                std::uint16_t want = values[k];
                if (left_out[k]) {
                    want = fill == Fill::previous ? last : c.frequent;
                }
                EXPECT_EQ(got[k], want) << "fill " << int(fill) << ", entry " << k;
                last = got[k];
            }
        }
    }
}

}  // namespace
}  // namespace dtb::test
