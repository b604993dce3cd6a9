// The run's stock of arrays (gen/run/array_stock.hpp): what is given back is handed out again,
// memory and all, for an array it fits without holding twice the memory needed; a miss frees
// what is too small; a slice built from the stock is filled as a new one.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>

#include "dtb/core/variant.hpp"
#include "dtb/gen/run/array_stock.hpp"
#include "dtb/gen/solver/slice.hpp"

namespace dtb::test {
namespace {

using gen::ArrayStock;

LargeVector<std::uint16_t> words(std::size_t n) { return LargeVector<std::uint16_t>(n, 7); }

TEST(ArrayStock, HandsBackWhatItWasGiven) {
    ArrayStock stock;
    auto a = words(1000);
    const auto* memory = a.data();
    stock.give(a);
    EXPECT_TRUE(a.empty());
    EXPECT_EQ(stock.kept_count<std::uint16_t>(), 1u);
    EXPECT_EQ(stock.kept_count<std::uint8_t>(), 0u);
    auto b = stock.take<std::uint16_t>(900);
    EXPECT_EQ(b.data(), memory);
    EXPECT_TRUE(b.empty());
    EXPECT_GE(b.capacity(), 900u);
    EXPECT_EQ(stock.kept_count<std::uint16_t>(), 0u);
}

// A slice too large for the run's memory: its arrays come from files, and go when given back.
TEST(ArrayStock, HandsOutArraysInFilesWhileToldAndKeepsNoneOfThem) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("dtb_stock_files_" + std::to_string(getpid()));
    {
        const ArrayFiles files(dir);
        ArrayStock stock;
        auto kept = words(1000);
        stock.give(kept);
        stock.put_in(&files);
        auto a = stock.take<std::uint16_t>(900);  // not the kept one: a new one in a file
        EXPECT_TRUE(in_files(a));
        a.assign(900, 3);
        EXPECT_EQ(a[899], 3);
        stock.give(a);
        EXPECT_EQ(stock.kept_count<std::uint16_t>(), 1u);  // the one in memory only
        EXPECT_EQ(a.capacity(), 0u);
        stock.put_in(nullptr);
        EXPECT_FALSE(in_files(stock.take<std::uint16_t>(900)));
    }
    std::filesystem::remove_all(dir);
}

TEST(ArrayStock, TakesTheSmallestThatFitsAndNotOneTwiceTooLarge) {
    ArrayStock stock;
    auto small = words(100), middle = words(1000), large = words(5000);
    const auto* middle_memory = middle.data();
    stock.give(large);
    stock.give(small);
    stock.give(middle);
    EXPECT_EQ(stock.take<std::uint16_t>(800).data(), middle_memory);
    // 5000 is more than twice 2000: a new array; the kept one too small (100) is freed.
    const auto fresh = stock.take<std::uint16_t>(2000);
    EXPECT_GE(fresh.capacity(), 2000u);
    EXPECT_EQ(stock.kept_count<std::uint16_t>(), 1u);  // the large one
}

TEST(ArrayStock, KeepsTheLargestFour) {
    ArrayStock stock;
    for (std::size_t n = 1; n <= 10; ++n) {
        auto v = LargeVector<std::uint8_t>(n * 100, 1);
        stock.give(v);
    }
    EXPECT_EQ(stock.kept_count<std::uint8_t>(), 4u);  // 700 to 1000
    EXPECT_GE(stock.take<std::uint8_t>(600).capacity(), 700u);
    EXPECT_EQ(stock.kept_count<std::uint8_t>(), 3u);
    // Nothing kept is small enough for 300 (less than twice as large): a new array.
    EXPECT_LT(stock.take<std::uint8_t>(300).capacity(), 700u);
    EXPECT_EQ(stock.kept_count<std::uint8_t>(), 3u);
}

TEST(ArrayStock, SliceFromTheStockIsFilledAsANewOne) {
    ArrayStock stock;
    const Material m = *Material::parse("KKvK");
    gen::Slice<Russian> used(m);
    for (int s = 0; s < 2; ++s) {
        std::fill(used.wdl[s].begin(), used.wdl[s].end(), std::uint8_t(Wdl::win));
        std::fill(used.dtw[s].begin(), used.dtw[s].end(), std::uint16_t(9));
        std::fill(used.dtc[s].begin(), used.dtc[s].end(), std::uint16_t(9));
    }
    const auto* memory = used.dtw[1].data();
    used.give_arrays(stock);
    const gen::Slice<Russian> fresh(m), reused(m, gen::Sides::both, &stock);
    bool shared_memory = false;
    for (int s = 0; s < 2; ++s) {
        EXPECT_EQ(reused.wdl[s], fresh.wdl[s]);
        EXPECT_EQ(reused.dtw[s], fresh.dtw[s]);
        EXPECT_EQ(reused.dtc[s], fresh.dtc[s]);
        shared_memory |= reused.dtw[s].data() == memory || reused.dtc[s].data() == memory;
    }
    EXPECT_TRUE(shared_memory);
}

}  // namespace
}  // namespace dtb::test
