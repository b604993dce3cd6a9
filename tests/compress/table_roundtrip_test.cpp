// Writing and reading tables: every cared-for value comes back, in every encoding, block size
// and fill; the bytes depend only on the input.
#include <gtest/gtest.h>
#include <omp.h>
#define ZSTD_STATIC_LINKING_ONLY  // ZSTD_c_format (magicless frames), as the writer uses
#include <zstd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <span>
#include <utility>
#include <vector>

#include "compress_test_support.hpp"
#include "dtb/compress/table_dir.hpp"

namespace dtb::test {
namespace {

using namespace dtb::compress;

// The kind chooses the fill (WDL aligned, given the period; DTW the previous value; DTC the
// most frequent), the largest value the encoding.
struct Case {
    ValueKind kind;
    Compression compression;
    std::uint32_t block_positions;
    std::uint16_t max_value;
    Encoding encoding;
};

// data written as spec's table in dir (index period 29), every cared-for value read back
// (expect_round_trip), and the table opened into r.
void write_and_read_back(const TempDir& dir, const TableSpec& spec, const TableData& data,
                         Compression compression, std::uint32_t block_positions,
                         std::unique_ptr<TableReader>& r) {
    WriteOptions o;
    o.compression = compression;
    o.block_positions = block_positions;
    o.period = 29;
    const auto path = dir.path / table_file_name(spec.material, spec.kind);
    write_table(path, spec, data.values, data.left_out, o);
    expect_round_trip(path, spec, data);
    std::string message;
    ASSERT_EQ(TableReader::open(path, spec, r, message), ErrorCode::ok) << message;
}

class TableRoundTrip : public ::testing::TestWithParam<Case> {};

TEST_P(TableRoundTrip, EveryCaredForValueComesBack) {
    const Case c = GetParam();
    TempDir dir;
    const TableSpec spec{VariantId::russian, kKKvK, c.kind};
    const auto data = structured_values(russian_size(kKKvK), c.max_value, 42);
    std::unique_ptr<TableReader> r;
    write_and_read_back(dir, spec, data, c.compression, c.block_positions, r);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->encoding(), c.encoding);
}

INSTANTIATE_TEST_SUITE_P(
    Encodings, TableRoundTrip,
    ::testing::Values(Case{ValueKind::dtw, Compression::fast, 1000, 3, Encoding::packed2},
                      Case{ValueKind::wdl, Compression::small, 16384, 3, Encoding::packed2},
                      Case{ValueKind::dtc, Compression::small, 777, 15, Encoding::packed4},
                      Case{ValueKind::dtw, Compression::small, 4096, 255, Encoding::bytes},
                      Case{ValueKind::dtc, Compression::small, 333, 4000, Encoding::planes16},
                      Case{ValueKind::wdl, Compression::small, 100000, 65535, Encoding::planes16},
                      Case{ValueKind::dtw, Compression::small, 0, 3, Encoding::packed2},
                      Case{ValueKind::dtw, Compression::small, 0, 200, Encoding::bytes}));

TEST(TableWriter, BytesDoNotDependOnTheThreadCount) {
    TempDir dir;
    const TableSpec spec{VariantId::russian, kKKvK, ValueKind::wdl};
    const auto data = structured_values(russian_size(kKKvK), 3, 7);
    WriteOptions o;
    o.block_positions = 512;
    const auto a = dir.path / "a.dtb", b = dir.path / "b.dtb";
    const int threads = omp_get_max_threads();
    omp_set_num_threads(1);
    write_table(a, spec, data.values, data.left_out, o);
    omp_set_num_threads(std::max(2, threads));
    write_table(b, spec, data.values, data.left_out, o);
    omp_set_num_threads(threads);
    EXPECT_EQ(read_bytes(a), read_bytes(b));
}

// The generator writes WDL from its byte array: the file is the one of the values widened,
// in every fill (WDL with the period aligned, without it the previous value as DTW, DTC the
// most frequent: the WDL presets use aligned, the others are for completeness).
TEST(TableWriter, ByteValuesWriteTheWidenedValuesFile) {
    TempDir dir;
    const auto data = structured_values(russian_size(kKKvK), 200, 5);
    std::vector<std::uint8_t> bytes;
    for (const auto v : data.values)
        bytes.push_back(std::uint8_t(v));  // left-out entries may be large
    const std::vector<std::uint16_t> wide(bytes.begin(), bytes.end());
    for (const ValueKind kind : {ValueKind::wdl, ValueKind::dtw, ValueKind::dtc})
        for (const std::uint64_t period : {29, 0}) {
            const TableSpec spec{VariantId::russian, kKKvK, kind};
            WriteOptions o;
            o.block_positions = 1000;
            o.period = period;
            const auto a = dir.path / "wide.dtb", b = dir.path / "bytes.dtb";
            write_table(a, spec, std::span<const std::uint16_t>(wide), data.left_out, o);
            write_table(b, spec, std::span<const std::uint8_t>(bytes), data.left_out, o);
            EXPECT_EQ(read_bytes(a), read_bytes(b)) << to_string(kind) << ", period " << period;
        }
}

TEST(TableWriter, RefusesValuesAndFlagsOfDifferentSizes) {
    TempDir dir;
    const TableSpec spec{VariantId::russian, kKvK, ValueKind::dtw};
    std::vector<std::uint16_t> values(russian_size(kKvK), 9);
    std::vector<std::uint8_t> dc(values.size() - 1, 0);
    EXPECT_THROW(write_table(dir.path / "x.dtb", spec, values, dc), TableError);
}

TEST(TableWriter, DontCareEntriesDoNotRaiseTheEncoding) {
    // A distance table whose large values are all left out packs in 2 bits.
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

// A block whose every entry is left out (all captures, say) has no value to continue: its
// fill must still fit the table's encoding, whatever junk the entries held, and every way of
// reading the table (a whole block, or an entry at a time as the prober reads it) must agree
// on it and on the blocks around it.
TEST(TableWriter, ABlockWhollyLeftOut) {
    struct Kind {
        ValueKind kind;
        Compression compression;
        std::uint16_t max_value;
    };
    // Largest values below what the encodings hold (2 bits, a byte, 4 bits), so that junk
    // cut to the encoding's width would show.
    for (const Kind k :
         {Kind{ValueKind::wdl, Compression::small, 2}, Kind{ValueKind::wdl, Compression::fast, 2},
          Kind{ValueKind::dtw, Compression::small, 200},
          Kind{ValueKind::dtc, Compression::small, 12}}) {
        SCOPED_TRACE(std::string(to_string(k.kind)) +
                     (k.compression == Compression::fast ? " fast" : " small"));
        TempDir dir;
        const TableSpec spec{VariantId::russian, kKKvK, k.kind};
        auto data = structured_values(russian_size(kKKvK), k.max_value, 7);
        constexpr std::uint32_t kBlock = 1000;
        for (std::uint64_t i = kBlock; i < 2 * kBlock; ++i) {
            data.left_out[i] = 1;
            data.values[i] = 0xFFFF;  // junk no encoding of the table holds
        }
        std::unique_ptr<TableReader> r;
        write_and_read_back(dir, spec, data, k.compression, kBlock, r);
        ASSERT_TRUE(r);
        ASSERT_LE(r->max_value(), k.max_value);
        std::string message;
        DecodeContext whole, one;
        std::vector<std::uint16_t> block(kBlock);
        for (std::uint64_t b = 0; b < 3; ++b) {
            ASSERT_EQ(r->decode_block(b, whole, block.data(), message), ErrorCode::ok) << message;
            for (std::uint32_t e = 0; e < kBlock; ++e) {
                std::uint16_t v = 0;
                ASSERT_EQ(r->block_entry(b, e, e > 0, one, v, message), ErrorCode::ok) << message;
                ASSERT_EQ(v, block[e]) << "block " << b << ", entry " << e;
                ASSERT_LE(v, r->max_value()) << "block " << b << ", entry " << e;
            }
        }
    }
}

TEST(TableFormat, ErrorNames) { EXPECT_STREQ(to_string(ErrorCode::checksum), "checksum mismatch"); }

// Byte 18 of the header: 1 to 4 the encodings in zstd frames, 5 packed2 in runs, any other no
// coding; each coding back to its byte.
TEST(TableFormat, CodingByte) {
    EXPECT_EQ(block_coding(1), (BlockCoding{Encoding::bytes, FrameCoding::zstd}));
    EXPECT_EQ(block_coding(3), (BlockCoding{Encoding::packed2, FrameCoding::zstd}));
    EXPECT_EQ(block_coding(4), (BlockCoding{Encoding::packed4, FrameCoding::zstd}));
    EXPECT_EQ(block_coding(5), (BlockCoding{Encoding::packed2, FrameCoding::runs}));
    for (int byte = 0; byte < 256; ++byte) {
        const auto coding = block_coding(std::uint8_t(byte));
        EXPECT_EQ(coding.has_value(), byte >= 1 && byte <= 5) << byte;
        if (coding) {
            EXPECT_EQ(coding_byte(*coding), byte);
        }
    }
}

}  // namespace
}  // namespace dtb::test

namespace dtb::test {
namespace {

// The format lets a table's zstd frames share a dictionary (dtb's writer makes none): a table
// built here by hand, its blocks repeating one random pattern, each block a frame compressed
// with the pattern as the dictionary. Alone each block is incompressible; the reader decodes
// them with the dictionary.
TEST(TableReader, DecodesFramesWithTheTablesDictionary) {
    using namespace dtb::compress;
    TempDir dir;
    const Material m{0, 3, 0, 1};  // KKKvK: 143840 entries, 141 blocks of 1024
    const TableSpec spec{VariantId::russian, m, ValueKind::dtw};
    constexpr std::uint32_t kBlock = 1024;
    std::mt19937 rng(5);
    std::vector<unsigned char> pattern(kBlock);
    for (auto& v : pattern) v = static_cast<unsigned char>(rng() % 256);
    TableData d{std::vector<std::uint16_t>(russian_size(m)),
                std::vector<std::uint8_t>(russian_size(m), 0)};
    for (std::size_t i = 0; i < d.values.size(); ++i) d.values[i] = pattern[i % kBlock];
    // The header of the table written without a dictionary; offsets and hashes made anew.
    const auto path = dir.path / "KKKvK.dtw.dtb";
    WriteOptions o;
    o.block_positions = kBlock;
    write_table(path, spec, d.values, d.left_out, o);
    TableHeader h{};
    decode_header(reinterpret_cast<const unsigned char*>(read_bytes(path).data()), h);
    ASSERT_EQ(block_coding(h.coding), (BlockCoding{Encoding::bytes, FrameCoding::zstd}));

    const std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> cctx(ZSTD_createCCtx(),
                                                                    ZSTD_freeCCtx);
    ASSERT_TRUE(cctx);
    for (const auto& [param, value] :
         {std::pair{ZSTD_c_format, int(ZSTD_f_zstd1_magicless)},
          std::pair{ZSTD_c_contentSizeFlag, 0}, std::pair{ZSTD_c_checksumFlag, 0},
          std::pair{ZSTD_c_dictIDFlag, 0}})
        ASSERT_FALSE(ZSTD_isError(ZSTD_CCtx_setParameter(cctx.get(), param, value)));
    std::vector<unsigned char> index(h.blocks * sizeof(BlockEntry)), frames;
    for (std::uint64_t b = 0; b < h.blocks; ++b) {
        const std::size_t entries = std::min<std::size_t>(kBlock, d.values.size() - b * kBlock);
        std::vector<unsigned char> frame(ZSTD_compressBound(entries));
        ASSERT_FALSE(ZSTD_isError(ZSTD_CCtx_loadDictionary_advanced(
            cctx.get(), pattern.data(), pattern.size(), ZSTD_dlm_byRef, ZSTD_dct_rawContent)));
        const std::size_t r =
            ZSTD_compress2(cctx.get(), frame.data(), frame.size(), pattern.data(), entries);
        ASSERT_FALSE(ZSTD_isError(r));
        encode_entry({frames.size(), xxh64(frame.data(), r)},
                     index.data() + b * sizeof(BlockEntry));
        frames.insert(frames.end(), frame.begin(), frame.begin() + std::ptrdiff_t(r));
    }
    std::vector<unsigned char> file(sizeof(TableHeader));
    file.insert(file.end(), index.begin(), index.end());
    file.insert(file.end(), pattern.begin(), pattern.end());
    file.insert(file.end(), frames.begin(), frames.end());
    h.index_offset = sizeof(TableHeader);
    h.dict_offset = h.index_offset + index.size();
    h.dict_size = pattern.size();
    h.data_offset = h.dict_offset + h.dict_size;
    h.file_size = file.size();
    h.index_hash = xxh64(file.data() + h.index_offset, h.data_offset - h.index_offset);
    h.file_hash = xxh64(file.data() + sizeof(TableHeader), file.size() - sizeof(TableHeader));
    encode_header(h, file.data());
    h.header_hash = xxh64(file.data(), kHeaderHashedBytes);
    encode_header(h, file.data());
    write_bytes(path, {file.begin(), file.end()});

    EXPECT_LT(file.size(), d.values.size() / 8);
    expect_round_trip(path, spec, d);
}

}  // namespace
}  // namespace dtb::test
