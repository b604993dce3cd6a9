// Writing and reading tables: every cared-for value comes back, in every encoding, block size
// and fill; the bytes depend only on the input.
#include <gtest/gtest.h>
#include <omp.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <span>
#include <vector>

#include "compress_test_support.hpp"
#include "dtb/compress/table_dir.hpp"

namespace dtb::test {
namespace {

using namespace dtb::compress;

struct Case {
    Encoding encoding;
    std::uint32_t block_positions;
    Fill fill;
    std::uint16_t max_value;
};

class TableRoundTrip : public ::testing::TestWithParam<Case> {};

TEST_P(TableRoundTrip, EveryCaredForValueComesBack) {
    const Case c = GetParam();
    TempDir dir;
    const TableSpec spec{VariantId::russian, kKKvK, ValueKind::dtw};
    const auto data = structured_values(russian_size(kKKvK), c.max_value, 42);
    WriteOptions o;
    o.encoding = c.encoding;
    o.block_positions = c.block_positions;
    o.fill = c.fill;
    o.period = 29;
    const auto path = dir.path / table_file_name(spec.material, spec.kind);
    write_table(path, spec, data.values, data.dont_care, o);
    expect_round_trip(path, spec, data);
}

INSTANTIATE_TEST_SUITE_P(Encodings, TableRoundTrip,
                         ::testing::Values(Case{Encoding::packed2, 1000, Fill::previous, 3},
                                           Case{Encoding::packed2, 16384, Fill::previous, 3},
                                           Case{Encoding::packed4, 777, Fill::frequent, 15},
                                           Case{Encoding::bytes, 4096, Fill::zero, 255},
                                           Case{Encoding::planes16, 333, Fill::period, 4000},
                                           Case{Encoding::planes16, 100000, Fill::aligned, 65535},
                                           Case{Encoding{0}, 0, Fill::previous, 3},
                                           Case{Encoding{0}, 0, Fill::previous, 200}));

TEST(TableWriter, BytesDoNotDependOnTheThreadCount) {
    TempDir dir;
    const TableSpec spec{VariantId::russian, kKKvK, ValueKind::wdl};
    const auto data = structured_values(russian_size(kKKvK), 3, 7);
    WriteOptions o;
    o.block_positions = 512;
    const auto a = dir.path / "a.dtb", b = dir.path / "b.dtb";
    const int threads = omp_get_max_threads();
    omp_set_num_threads(1);
    write_table(a, spec, data.values, data.dont_care, o);
    omp_set_num_threads(std::max(2, threads));
    write_table(b, spec, data.values, data.dont_care, o);
    omp_set_num_threads(threads);
    EXPECT_EQ(read_bytes(a), read_bytes(b));
}

// The generator writes WDL from its byte array: the file is the one of the values widened,
// in every fill (the WDL presets use aligned, the others are for completeness).
TEST(TableWriter, ByteValuesWriteTheWidenedValuesFile) {
    TempDir dir;
    const TableSpec spec{VariantId::russian, kKKvK, ValueKind::wdl};
    const auto data = structured_values(russian_size(kKKvK), 200, 5);
    std::vector<std::uint8_t> bytes;
    for (const auto v : data.values) bytes.push_back(std::uint8_t(v));  // don't-cares may be large
    const std::vector<std::uint16_t> wide(bytes.begin(), bytes.end());
    for (Fill fill : {Fill::aligned, Fill::previous, Fill::frequent, Fill::period}) {
        WriteOptions o;
        o.block_positions = 1000;
        o.fill = fill;
        o.period = 29;
        const auto a = dir.path / "wide.dtb", b = dir.path / "bytes.dtb";
        write_table(a, spec, std::span<const std::uint16_t>(wide), data.dont_care, o);
        write_table(b, spec, std::span<const std::uint8_t>(bytes), data.dont_care, o);
        EXPECT_EQ(read_bytes(a), read_bytes(b)) << int(fill);
    }
}

TEST(TableWriter, RefusesValuesTheEncodingCannotHold) {
    TempDir dir;
    const TableSpec spec{VariantId::russian, kKvK, ValueKind::dtw};
    std::vector<std::uint16_t> values(russian_size(kKvK), 9);
    std::vector<std::uint8_t> dc(values.size(), 0);
    WriteOptions o;
    o.encoding = Encoding::packed2;
    EXPECT_THROW(write_table(dir.path / "x.dtb", spec, values, dc, o), TableError);
    dc.pop_back();
    EXPECT_THROW(write_table(dir.path / "x.dtb", spec, values, dc), TableError);
}

TEST(TableWriter, DontCareEntriesDoNotRaiseTheEncoding) {
    // A distance table whose large values are all don't-care packs in 2 bits.
    TempDir dir;
    const TableSpec spec{VariantId::russian, kKvK, ValueKind::dtc};
    std::vector<std::uint16_t> values(russian_size(kKvK), 1);
    std::vector<std::uint8_t> dc(values.size(), 0);
    for (std::size_t i = 0; i < values.size(); i += 3) values[i] = 999, dc[i] = 1;
    const auto path = dir.path / "KvK.dtc.dtb";
    write_table(path, spec, values, dc);
    std::unique_ptr<TableReader> r;
    std::string message;
    ASSERT_EQ(TableReader::open(path, spec, r, message), ErrorCode::ok) << message;
    EXPECT_EQ(r->encoding(), Encoding::packed2);
    EXPECT_EQ(r->max_value(), 1);
}

TEST(TableFormat, ErrorNames) { EXPECT_STREQ(to_string(ErrorCode::checksum), "checksum mismatch"); }

}  // namespace
}  // namespace dtb::test

namespace dtb::test {
namespace {

// Blocks that all repeat one random pattern: each alone is incompressible, with a trained
// dictionary nearly free. The writer keeps the dictionary, and the reader decodes with it.
TEST(TableWriter, DictionaryWhereItHelps) {
    using namespace dtb::compress;
    TempDir dir;
    const Material m{0, 3, 0, 1};  // KKKvK: 143840 entries, 140 blocks of 1024
    const TableSpec spec{VariantId::russian, m, ValueKind::dtw};
    std::mt19937 rng(5);
    std::vector<std::uint16_t> pattern(1024);
    for (auto& v : pattern) v = std::uint16_t(rng() % 256);
    TableData d{std::vector<std::uint16_t>(russian_size(m)),
                std::vector<std::uint8_t>(russian_size(m), 0)};
    for (std::size_t i = 0; i < d.values.size(); ++i) d.values[i] = pattern[i % 1024];
    WriteOptions o;
    o.block_positions = 1024;
    o.encoding = Encoding::bytes;
    o.dictionary = true;
    const auto path = dir.path / "KKKvK.dtw.dtb";
    write_table(path, spec, d.values, d.dont_care, o);
    EXPECT_LT(std::filesystem::file_size(path), d.values.size() / 8);
    expect_round_trip(path, spec, d);
}

}  // namespace
}  // namespace dtb::test
