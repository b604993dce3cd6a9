// Shared by the table tests: temporary directories, table-like test data, file bytes.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "dtb/compress/table_reader.hpp"
#include "dtb/compress/table_writer.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/variant.hpp"

namespace dtb::test {

inline const Material kKvK{0, 1, 0, 1};
inline const Material kKKvK{0, 2, 0, 1};

inline std::uint64_t russian_size(const Material& m) { return Index<Russian>(m).size(); }

// A fresh directory under the system's temporary directory, removed at the end.
struct TempDir {
    std::filesystem::path path;
    TempDir() {
        static std::atomic<int> counter{0};
        path = std::filesystem::temp_directory_path() /
               ("dtb_compress_test_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
        std::filesystem::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

struct TableData {
    std::vector<std::uint16_t> values;
    std::vector<std::uint8_t> left_out;
};

// Runs of values up to max_value with scattered left-out entries (holding out-of-range
// junk the writer must not trip over), like a real table's.
inline TableData structured_values(std::uint64_t n, std::uint16_t max_value, unsigned seed) {
    std::mt19937 rng(seed);
    TableData d{std::vector<std::uint16_t>(n), std::vector<std::uint8_t>(n)};
    std::uint16_t v = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
        if (rng() % 13 == 0) v = std::uint16_t(rng() % (std::uint32_t(max_value) + 1));
        d.values[i] = v;
        d.left_out[i] = rng() % 5 == 0;
        if (d.left_out[i]) d.values[i] = std::uint16_t(rng());
    }
    return d;
}

inline std::vector<char> read_bytes(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Both directories hold the same files, byte for byte.
inline void expect_same_files(const std::filesystem::path& a, const std::filesystem::path& b) {
    std::size_t files = 0;
    for (const auto& e : std::filesystem::directory_iterator(a)) {
        const auto name = e.path().filename();
        ASSERT_TRUE(std::filesystem::exists(b / name)) << name;
        EXPECT_EQ(read_bytes(e.path()), read_bytes(b / name)) << name;
        ++files;
    }
    EXPECT_EQ(files, std::size_t(std::distance(std::filesystem::directory_iterator(b),
                                               std::filesystem::directory_iterator{})));
}

inline void write_bytes(const std::filesystem::path& p, const std::vector<char>& b) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(b.data(), std::streamsize(b.size()));
}

// Opens, verifies and decodes the table at path, comparing every cared-for entry.
inline void expect_round_trip(const std::filesystem::path& path, const compress::TableSpec& spec,
                              const TableData& d) {
    using namespace compress;
    std::unique_ptr<TableReader> r;
    std::string message;
    ASSERT_EQ(TableReader::open(path, spec, r, message), ErrorCode::ok) << message;
    ASSERT_EQ(r->positions(), d.values.size());
    DecodeContext ctx;
    ASSERT_EQ(r->verify(ctx, message), ErrorCode::ok) << message;
    std::vector<std::uint16_t> block(r->block_positions());
    std::uint64_t wrong = 0;
    for (std::uint64_t b = 0; b < r->blocks(); ++b) {
        ASSERT_EQ(r->decode_block(b, ctx, block.data(), message), ErrorCode::ok) << message;
        for (std::uint32_t k = 0; k < r->block_entries(b); ++k) {
            const std::uint64_t i = b * r->block_positions() + k;
            if (!d.left_out[i] && block[k] != d.values[i]) ++wrong;
        }
    }
    EXPECT_EQ(wrong, 0u);
}

}  // namespace dtb::test
