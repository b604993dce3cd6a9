// Compression presets and recompression: a table records the zstd level it was written with,
// and recompress_table() turns a table of one preset into the exact bytes the writer gives
// for the other, without the values it came from; a damaged table is refused and left alone.
#include <gtest/gtest.h>

#include "compress_test_support.hpp"

namespace dtb::test {
namespace {

using namespace dtb::compress;

int recorded_level(const std::filesystem::path& path, const TableSpec& spec) {
    std::unique_ptr<TableReader> r;
    std::string message;
    EXPECT_EQ(TableReader::open(path, spec, r, message), ErrorCode::ok) << message;
    return r ? r->zstd_level() : -1;
}

TEST(Compression, PresetsHaveTheirLevels) {
    EXPECT_EQ(zstd_level(Compression::small, ValueKind::wdl), 19);
    EXPECT_EQ(zstd_level(Compression::small, ValueKind::dtw), 15);
    EXPECT_EQ(zstd_level(Compression::fast, ValueKind::dtc), 3);
    EXPECT_EQ(compression_of(ValueKind::dtw, 15), Compression::small);
    EXPECT_EQ(compression_of(ValueKind::wdl, 3), Compression::fast);
    EXPECT_EQ(compression_of(ValueKind::wdl, 15), std::nullopt);
    EXPECT_STREQ(to_string(Compression::fast), "fast");
}

class Recompress : public ::testing::TestWithParam<ValueKind> {};

TEST_P(Recompress, FastBecomesExactlySmallAndBack) {
    const ValueKind kind = GetParam();
    TempDir dir;
    const TableSpec spec{VariantId::russian, kKKvK, kind};
    const auto data = structured_values(russian_size(kKKvK), kind == ValueKind::wdl ? 3 : 90, 5);
    WriteOptions o;
    o.block_positions = 700;  // many blocks: the parallel path
    o.period = 29;
    const auto small = dir.path / "small.dtb", fast = dir.path / "fast.dtb";
    write_table(small, spec, data.values, data.left_out, o);
    o.compression = Compression::fast;
    write_table(fast, spec, data.values, data.left_out, o);
    EXPECT_EQ(recorded_level(small, spec), zstd_level(Compression::small, kind));
    EXPECT_EQ(recorded_level(fast, spec), zstd_level(Compression::fast, kind));
    EXPECT_NE(read_bytes(small), read_bytes(fast));

    const auto fast_bytes = read_bytes(fast);
    recompress_table(fast, spec, Compression::small);
    EXPECT_EQ(read_bytes(fast), read_bytes(small));
    expect_round_trip(fast, spec, data);
    recompress_table(fast, spec, Compression::fast);
    EXPECT_EQ(read_bytes(fast), fast_bytes);
}

INSTANTIATE_TEST_SUITE_P(Kinds, Recompress,
                         ::testing::Values(ValueKind::wdl, ValueKind::dtw, ValueKind::dtc));

TEST(Recompress, DamagedOrMismatchedTableIsRefusedAndLeftAlone) {
    TempDir dir;
    const TableSpec spec{VariantId::russian, kKvK, ValueKind::dtw};
    const auto data = structured_values(russian_size(kKvK), 40, 9);
    WriteOptions o;
    o.block_positions = 64;
    o.compression = Compression::fast;
    const auto path = dir.path / "t.dtb";
    write_table(path, spec, data.values, data.left_out, o);
    auto bytes = read_bytes(path);
    bytes[bytes.size() - 3] ^= 0x40;  // inside the last frame: only its checksum tells
    write_bytes(path, bytes);
    EXPECT_THROW(recompress_table(path, spec, Compression::small), TableError);
    EXPECT_EQ(read_bytes(path), bytes);
    EXPECT_FALSE(std::filesystem::exists(path.string() + ".tmp"));

    write_table(path, spec, data.values, data.left_out, o);
    const auto good = read_bytes(path);
    TableSpec other = spec;
    other.kind = ValueKind::dtc;
    EXPECT_THROW(recompress_table(path, other, Compression::small), TableError);
    EXPECT_THROW(recompress_table(dir.path / "missing.dtb", spec, Compression::small), TableError);
    EXPECT_EQ(read_bytes(path), good);
}

}  // namespace
}  // namespace dtb::test
