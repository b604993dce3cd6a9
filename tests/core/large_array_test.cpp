// LargeVector: arrays of many megabytes from the kernel, aligned for huge pages; small ones
// from the ordinary allocator; any of them in unnamed files (ArrayFiles) when asked. Either
// way a std::vector that holds what is put in it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <numeric>
#include <stdexcept>
#include <string>

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

struct ScratchDir {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("dtb_array_files_" + std::to_string(getpid()));
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

TEST(ArrayFiles, HoldWhatIsPutInThemThroughPagingOutAndMoves) {
    ScratchDir dir;
    const ArrayFiles files(dir.path);
    EXPECT_TRUE(std::filesystem::is_directory(dir.path));
    const std::size_t n = 2 * detail::kLargeArrayBytes / sizeof(std::uint32_t) + 777;
    LargeVector<std::uint32_t> v{LargeArrayAllocator<std::uint32_t>(&files)};
    v.resize(n);
    EXPECT_TRUE(in_files(v));
    for (std::size_t i = 0; i < n; ++i) v[i] = std::uint32_t(i * 2654435761u);
    page_out(v, 0, n / 2);  // written to the file and dropped: read back on the next touch
    for (std::size_t i = 0; i < n; i += 1021) ASSERT_EQ(v[i], std::uint32_t(i * 2654435761u));
    LargeVector<std::uint32_t> moved;
    moved = std::move(v);  // the file goes with the array
    EXPECT_TRUE(in_files(moved));
    EXPECT_EQ(moved[n - 1], std::uint32_t((n - 1) * 2654435761u));
    const LargeVector<std::uint32_t> copy = moved;  // copies are made in memory
    EXPECT_FALSE(in_files(copy));
    EXPECT_EQ(copy[12345], moved[12345]);
    // Small arrays go to files too; the files have no names.
    LargeVector<std::uint8_t> small{LargeArrayAllocator<std::uint8_t>(&files)};
    small.assign(100, 9);
    EXPECT_TRUE(in_files(small));
    EXPECT_EQ(std::accumulate(small.begin(), small.end(), 0u), 900u);
    EXPECT_TRUE(std::filesystem::is_empty(dir.path));
}

TEST(ArrayFiles, ADirectoryThatCannotBeMadeIsAClearError) {
    ScratchDir dir;
    std::filesystem::create_directories(dir.path);
    const auto file = dir.path / "file";
    {
        std::FILE* f = std::fopen(file.c_str(), "w");
        std::fclose(f);
    }
    EXPECT_THROW(ArrayFiles(file / "sub"), std::filesystem::filesystem_error);
}

}  // namespace
}  // namespace dtb::test
