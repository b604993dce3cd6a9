// Damaged, truncated, missing and mismatched files: each is an error code and a message
// naming the file, never a crash and never a value.
#include <gtest/gtest.h>

#include <filesystem>
#include <vector>

#include "compress_test_support.hpp"

namespace dtb::test {
namespace {

using namespace dtb::compress;

class TableErrors : public ::testing::Test {
  protected:
    void SetUp() override {
        data = structured_values(russian_size(kKKvK), 3, 11);
        WriteOptions o;
        o.block_positions = 1024;  // several blocks
        write_table(path(), spec, data.values, data.left_out, o);
        bytes = read_bytes(path());
    }
    std::filesystem::path path() const { return dir.path / "KKvK.wdl.dtb"; }

    // Writes `from` with change(header) made and the header hash made good.
    template <class Change>
    void write_resealed(const std::vector<char>& from, Change change) const {
        TableHeader h{};
        decode_header(reinterpret_cast<const unsigned char*>(from.data()), h);
        change(h);
        auto b = from;
        auto* raw = reinterpret_cast<unsigned char*>(b.data());
        encode_header(h, raw);
        h.header_hash = xxh64(raw, kHeaderHashedBytes);
        encode_header(h, raw);
        write_bytes(path(), b);
    }

    // Opens (and, when that works, verifies) the file as it is now.
    ErrorCode check(std::string& message, const TableSpec* expected = nullptr) const {
        std::unique_ptr<TableReader> r;
        const ErrorCode c = TableReader::open(path(), expected ? *expected : spec, r, message);
        if (c != ErrorCode::ok) {
            EXPECT_EQ(r, nullptr);
            return c;
        }
        DecodeContext ctx;
        return r->verify(ctx, message);
    }

    TempDir dir;
    TableSpec spec{VariantId::russian, kKKvK, ValueKind::wdl};
    TableData data;
    std::vector<char> bytes;
};

TEST_F(TableErrors, MissingFile) {
    std::filesystem::remove(path());
    std::string message;
    EXPECT_EQ(check(message), ErrorCode::not_found);
    EXPECT_NE(message.find("KKvK.wdl.dtb"), std::string::npos) << message;
}

TEST_F(TableErrors, Truncated) {
    for (std::size_t keep : {std::size_t(0), std::size_t(50), std::size_t(127), std::size_t(128),
                             bytes.size() / 2, bytes.size() - 1}) {
        write_bytes(path(), {bytes.begin(), bytes.begin() + std::ptrdiff_t(keep)});
        std::string message;
        EXPECT_EQ(check(message), ErrorCode::truncated) << keep << " bytes: " << message;
        EXPECT_NE(message.find("truncated"), std::string::npos) << message;
    }
}

TEST_F(TableErrors, BadMagicAndVersion) {
    auto b = bytes;
    b[0] = 'X';
    write_bytes(path(), b);
    std::string message;
    EXPECT_EQ(check(message), ErrorCode::bad_magic) << message;
    b = bytes;
    b[8] = 99;
    write_bytes(path(), b);
    EXPECT_EQ(check(message), ErrorCode::bad_version) << message;
    EXPECT_NE(message.find("99"), std::string::npos) << message;
    b[8] = 0;  // older than any version this dtb reads
    write_bytes(path(), b);
    EXPECT_EQ(check(message), ErrorCode::bad_version) << message;
}

// The encoding and frame coding byte holds one of the codings block_coding() knows.
TEST_F(TableErrors, UnknownCoding) {
    for (const std::uint8_t coding : {0, 6, 255}) {
        write_resealed(bytes, [&](TableHeader& h) { h.coding = coding; });
        std::string message;
        EXPECT_EQ(check(message), ErrorCode::corrupt) << int(coding) << ": " << message;
        EXPECT_NE(message.find("encoding"), std::string::npos) << message;
    }
}

TEST_F(TableErrors, FlippedHeaderByte) {
    auto b = bytes;
    b[24] ^= 0x10;  // the position count
    write_bytes(path(), b);
    std::string message;
    EXPECT_EQ(check(message), ErrorCode::checksum) << message;
    EXPECT_NE(message.find("header"), std::string::npos) << message;
}

TEST_F(TableErrors, FlippedBlockByte) {
    auto b = bytes;
    b[b.size() - 3] ^= 0x01;  // inside the last frame
    write_bytes(path(), b);
    std::unique_ptr<TableReader> r;
    std::string message;
    ASSERT_EQ(TableReader::open(path(), spec, r, message), ErrorCode::ok) << message;
    DecodeContext ctx;
    std::vector<std::uint16_t> out(r->block_positions());
    EXPECT_EQ(r->decode_block(r->blocks() - 1, ctx, out.data(), message), ErrorCode::checksum);
    EXPECT_NE(message.find("block"), std::string::npos) << message;
    EXPECT_EQ(r->decode_block(0, ctx, out.data(), message), ErrorCode::ok) << message;
    EXPECT_EQ(r->verify(ctx, message), ErrorCode::checksum);
}

TEST_F(TableErrors, OutOfRangeBlock) {
    std::unique_ptr<TableReader> r;
    std::string message;
    ASSERT_EQ(TableReader::open(path(), spec, r, message), ErrorCode::ok) << message;
    DecodeContext ctx;
    std::vector<std::uint16_t> out(r->block_positions());
    EXPECT_NE(r->decode_block(r->blocks(), ctx, out.data(), message), ErrorCode::ok);
}

TEST_F(TableErrors, Mismatch) {
    std::string message;
    for (const TableSpec& other : {TableSpec{VariantId::english, kKKvK, ValueKind::wdl},
                                   TableSpec{VariantId::russian, kKvK, ValueKind::wdl},
                                   TableSpec{VariantId::russian, kKKvK, ValueKind::dtw}}) {
        EXPECT_EQ(check(message, &other), ErrorCode::mismatch) << message;
        EXPECT_NE(message.find("expected"), std::string::npos) << message;
    }
}

TEST_F(TableErrors, NotARegularFile) {
    std::filesystem::remove(path());
    std::filesystem::create_directory(path());
    std::string message;
    EXPECT_EQ(check(message), ErrorCode::io) << message;
}

// Every single flipped byte anywhere in the file is caught by open() or verify(), and
// decoding never crashes.
TEST_F(TableErrors, EveryFlippedByteIsDetected) {
    std::vector<std::uint16_t> out(1024);
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        auto b = bytes;
        b[i] ^= 0x40;
        write_bytes(path(), b);
        std::string message;
        EXPECT_NE(check(message), ErrorCode::ok) << "byte " << i << " of " << bytes.size();
    }
}

// A table in one-ply form: it opens, verifies and decodes like any (its entries 0 are for the
// prober to read as "one ply away"), records its form and the version that has the form
// field, and is refused where either does not fit: the form under a version without the
// field or on another kind, an unknown form. A table of values under that version reads.
TEST_F(TableErrors, OnePlyForm) {
    WriteOptions o;
    o.block_positions = 1024;
    o.form = TableForm::one_ply;
    write_table(path(), spec, data.values, data.left_out, o);
    std::string message;
    ASSERT_EQ(check(message), ErrorCode::ok) << message;
    {
        std::unique_ptr<TableReader> r;
        ASSERT_EQ(TableReader::open(path(), spec, r, message), ErrorCode::ok) << message;
        EXPECT_EQ(r->form(), TableForm::one_ply);
        EXPECT_EQ(r->format_version(), kFormFieldVersion);
        DecodeContext ctx;
        std::vector<std::uint16_t> out(1024);
        ASSERT_EQ(r->decode_block(0, ctx, out.data(), message), ErrorCode::ok) << message;
        for (std::size_t i = 0; i < out.size(); ++i)
            if (!data.left_out[i]) {
                ASSERT_EQ(out[i], data.values[i]) << i;
            }
    }
    const auto one_ply = read_bytes(path());
    // Header fields changed and the header hash made good: the form's rules still hold.
    const TableSpec as_dtw{VariantId::russian, kKKvK, ValueKind::dtw};
    auto resealed = [&](const std::vector<char>& from, auto change,
                        const TableSpec* expected = nullptr) {
        write_resealed(from, change);
        return check(message, expected);
    };
    EXPECT_EQ(resealed(one_ply, [](TableHeader& h) { h.format_version = kTableFormatVersion; }),
              ErrorCode::corrupt);
    EXPECT_EQ(resealed(one_ply, [](TableHeader& h) { h.form = 2; }), ErrorCode::corrupt);
    EXPECT_EQ(resealed(
                  one_ply, [](TableHeader& h) { h.kind = std::uint8_t(ValueKind::dtw); }, &as_dtw),
              ErrorCode::corrupt);
    EXPECT_EQ(resealed(bytes, [](TableHeader& h) { h.form = std::uint8_t(TableForm::one_ply); }),
              ErrorCode::corrupt);
    EXPECT_EQ(resealed(bytes, [](TableHeader& h) { h.format_version = kFormFieldVersion; }),
              ErrorCode::ok)
        << message;
    EXPECT_EQ(resealed(one_ply, [](TableHeader&) {}), ErrorCode::ok) << message;
    // Only WDL has the form; recompressing keeps it.
    EXPECT_THROW(write_table(dir.path / "KKvK.dtw.dtb", as_dtw, data.values, data.left_out, o),
                 TableError);
    recompress_table(path(), spec, Compression::fast);
    std::unique_ptr<TableReader> r;
    ASSERT_EQ(TableReader::open(path(), spec, r, message), ErrorCode::ok) << message;
    EXPECT_EQ(r->form(), TableForm::one_ply);
    EXPECT_EQ(r->zstd_level(), zstd_level(Compression::fast, ValueKind::wdl));
}

}  // namespace
}  // namespace dtb::test
