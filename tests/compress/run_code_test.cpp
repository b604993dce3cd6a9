// Huffman-coded runs (FrameCoding::runs): the codec through its private header, and the writer
// choosing it at the small preset.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include "../../compress/src/block_codec.hpp"
#include "../../compress/src/run_code.hpp"
#include "compress_test_support.hpp"

namespace dtb::test {
namespace {

using namespace dtb::compress;
using detail::RunCode;
using detail::RunCounts;

// Runs of values 0..3 with lengths spread over every length class up to `longest`.
std::vector<std::uint16_t> runs_block(std::size_t n, std::uint32_t longest, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<std::uint16_t> v;
    std::uint16_t value = std::uint16_t(rng() % 4);
    while (v.size() < n) {
        const std::uint32_t bits = rng() % (std::bit_width(longest));
        const std::uint32_t length = std::min<std::uint32_t>(
            longest, (std::uint32_t{1} << bits) + rng() % (std::uint32_t{1} << bits));
        v.insert(v.end(), std::min<std::size_t>(length, n - v.size()), value);
        value = std::uint16_t((value + 1 + rng() % 3) % 4);
    }
    return v;
}

// A WDL table's values: runs of random lengths (up to 300) of 1, 2 and 3.
std::vector<std::uint16_t> wdl_runs(std::size_t n, unsigned seed) {
    const auto runs = runs_block(n, 300, seed);
    std::vector<std::uint16_t> values(n);
    for (std::size_t i = 0; i < n; ++i) values[i] = std::uint16_t(1 + runs[i] % 3);
    return values;
}

std::vector<unsigned char> packed(const std::vector<std::uint16_t>& v) {
    std::vector<unsigned char> out(detail::encoded_size(Encoding::packed2, v.size()));
    detail::encode(Encoding::packed2, v, out.data());
    return out;
}

// Decodes into a buffer with a guard behind the room decode asks for: nothing may be written
// there.
bool decode_guarded(const RunCode& code, const std::vector<unsigned char>& frame, std::size_t n,
                    std::vector<unsigned char>& out) {
    const std::size_t bytes = detail::encoded_size(Encoding::packed2, n);
    const std::size_t room = RunCode::decoded_room(n);
    out.assign(room + 16, 0xAB);
    const bool ok = code.decode(frame.data(), frame.size(), n, out.data());
    for (std::size_t b = room; b < out.size(); ++b) EXPECT_EQ(out[b], 0xAB) << "byte " << b;
    out.resize(bytes);
    return ok;
}

TEST(RunCode, EveryBlockDecodesToItsValues) {
    std::vector<std::vector<std::uint16_t>> blocks;
    for (const std::size_t n : {1u, 2u, 31u, 32u, 33u, 64u, 1000u, 32768u})
        for (unsigned seed = 0; seed < 4; ++seed) blocks.push_back(runs_block(n, 5000, seed + n));
    blocks.push_back(std::vector<std::uint16_t>(std::size_t{1} << 22, 2));  // the longest run
    blocks.push_back(runs_block(std::size_t{1} << 22, std::uint32_t{1} << 21, 7));
    RunCounts counts{};
    for (const auto& b : blocks) detail::count_runs(b, counts);
    const RunCode code = RunCode::from_counts(counts);
    const auto stored = RunCode::from_bytes(code.bytes());
    ASSERT_TRUE(stored);
    std::vector<unsigned char> frame, out;
    for (const auto& b : blocks) {
        code.encode(b, frame);
        ASSERT_TRUE(decode_guarded(code, frame, b.size(), out)) << b.size() << " entries";
        EXPECT_EQ(out, packed(b)) << b.size() << " entries";
        ASSERT_TRUE(decode_guarded(*stored, frame, b.size(), out));
        EXPECT_EQ(out, packed(b)) << b.size() << " entries, code from its bytes";
    }
}

// value_at, reading runs only as far as the entry asked for, agrees with the block's values
// whichever order the entries are asked in: forward (the cursor goes on), backward (it starts
// again) and at random, and with a cursor left in another frame's state by a failure.
TEST(RunCode, EntriesReadAsFarAsNeededAreTheBlocksValues) {
    std::vector<std::vector<std::uint16_t>> blocks;
    for (const std::size_t n : {1u, 2u, 33u, 1000u, 32768u})
        for (unsigned seed = 0; seed < 3; ++seed) blocks.push_back(runs_block(n, 5000, seed + n));
    blocks.push_back(std::vector<std::uint16_t>(std::size_t{1} << 22, 1));
    RunCounts counts{};
    for (const auto& b : blocks) detail::count_runs(b, counts);
    const RunCode code = RunCode::from_counts(counts);
    std::mt19937 rng(11);
    std::vector<unsigned char> frame;
    for (const auto& b : blocks) {
        code.encode(b, frame);
        const std::size_t n = b.size();
        detail::RunCursor at;
        for (std::size_t i = 0; i < n; i += 1 + rng() % 97)
            ASSERT_EQ(code.value_at(frame.data(), frame.size(), n, i, at), b[i]) << n << " " << i;
        for (std::size_t k = 0; k < 200; ++k) {
            const std::size_t i = n - 1 - std::min(n - 1, k * (1 + n / 200));
            ASSERT_EQ(code.value_at(frame.data(), frame.size(), n, i, at), b[i]) << n << " " << i;
        }
        for (int k = 0; k < 500; ++k) {
            const std::size_t i = rng() % n;
            ASSERT_EQ(code.value_at(frame.data(), frame.size(), n, i, at), b[i]) << n << " " << i;
        }
        EXPECT_EQ(code.value_at(frame.data(), frame.size(), n, n, at), -1) << "beyond the block";
    }
    // A frame cut short, by half or by its last byte: its first entries still read, the last
    // refused (the bits it would take are beyond the frame), the cursor reset.
    for (const auto& b : blocks) {
        code.encode(b, frame);
        if (frame.size() < 16) continue;  // the first run within the first half
        for (const std::size_t size : {frame.size() / 2, frame.size() - 1}) {
            detail::RunCursor at;
            EXPECT_EQ(code.value_at(frame.data(), size, b.size(), 0, at), b[0]);
            EXPECT_EQ(code.value_at(frame.data(), size, b.size(), b.size() - 1, at), -1)
                << b.size() << " entries, " << size << " of " << frame.size() << " bytes";
            EXPECT_EQ(at.value, -1);
        }
    }
    // A frame whose last byte is zero, cut by it: the zeros read past the end give the same
    // runs, so only the count of bits read can refuse it.
    int cut_zero = 0;
    for (unsigned seed = 0; cut_zero < 3 && seed < 20000; ++seed) {
        const auto b = runs_block(100, 50, seed);
        RunCounts own{};
        detail::count_runs(b, own);
        const RunCode its_code = RunCode::from_counts(own);
        its_code.encode(b, frame);
        if (frame.back() != 0) continue;
        ++cut_zero;
        detail::RunCursor at;
        EXPECT_EQ(its_code.value_at(frame.data(), frame.size() - 1, b.size(), b.size() - 1, at), -1)
            << "seed " << seed;
    }
    EXPECT_EQ(cut_zero, 3);
}

TEST(RunCode, ABlockOfOneRunTakesTwoBytes) {
    const std::vector<std::uint16_t> block(32768, 3);
    RunCounts counts{};
    detail::count_runs(block, counts);
    const RunCode code = RunCode::from_counts(counts);
    std::vector<unsigned char> frame, out;
    code.encode(block, frame);
    EXPECT_EQ(frame.size(), 2u);  // 2 bits of value, a 1-bit code, 13 plain bits
    ASSERT_TRUE(decode_guarded(code, frame, block.size(), out));
    EXPECT_EQ(out, packed(block));
}

TEST(RunCode, StoredCodesThatAreNoPrefixCodeAreRefused) {
    EXPECT_FALSE(RunCode::from_bytes(std::vector<unsigned char>(detail::kRunCodeBytes - 1, 0)));
    // Every symbol of context 0 one bit long: far more than one.
    std::vector<unsigned char> lengths(detail::kRunCodeBytes, 0);
    for (int s = 0; s < detail::kRunSymbols / 2; ++s) lengths[std::size_t(s)] = 0x11;
    EXPECT_FALSE(RunCode::from_bytes(lengths));
    EXPECT_TRUE(RunCode::from_bytes(std::vector<unsigned char>(detail::kRunCodeBytes, 0)));
}

TEST(RunCode, DamagedFramesAreRefusedOrStayInTheirBlock) {
    const auto block = runs_block(32768, 3000, 11);
    RunCounts counts{};
    detail::count_runs(block, counts);
    const RunCode code = RunCode::from_counts(counts);
    std::vector<unsigned char> frame, out;
    code.encode(block, frame);
    // Cut short: the runs read past the end.
    auto cut = frame;
    cut.pop_back();
    EXPECT_FALSE(decode_guarded(code, cut, block.size(), out));
    EXPECT_FALSE(decode_guarded(code, {}, block.size(), out));
    // Too few entries asked for: a run overshoots.
    EXPECT_FALSE(decode_guarded(code, frame, block.size() - 1, out));
    // Random bytes: refused, or some values, but never a write outside the block.
    std::mt19937 rng(5);
    for (int k = 0; k < 2000; ++k) {
        std::vector<unsigned char> junk(rng() % 600);
        for (auto& b : junk) b = std::uint8_t(rng());
        decode_guarded(code, junk, 1 + rng() % 40000, out);
    }
}

TEST(RunCode, TheSmallPresetKeepsTheSmallerCoding) {
    TempDir dir;
    const Material m{0, 3, 0, 2};
    const TableSpec spec{VariantId::russian, m, ValueKind::wdl};
    const std::uint64_t n = russian_size(m);
    // Runs of random lengths: smaller as runs than as zstd frames. Some entries are
    // left out, holding junk: filled, they continue the runs.
    std::vector<std::uint16_t> values = wdl_runs(n, 3);
    std::vector<std::uint8_t> left_out(n, 0);
    for (std::uint64_t i = 5; i < n; i += 97) left_out[i] = 1, values[i] = 9;
    const auto read = [&](const std::filesystem::path& p) {
        std::unique_ptr<TableReader> t;
        std::string message;
        EXPECT_EQ(TableReader::open(p, spec, t, message), ErrorCode::ok) << message;
        return t;
    };
    const auto small = dir.path / "small.dtb", fast = dir.path / "fast.dtb";
    write_table(small, spec, values, left_out);
    WriteOptions f;
    f.compression = Compression::fast;
    write_table(fast, spec, values, left_out, f);
    auto t = read(small);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->encoding(), Encoding::packed2);
    EXPECT_EQ(t->frame_coding(), FrameCoding::runs);
    EXPECT_EQ(t->max_value(), 3);
    EXPECT_EQ(t->zstd_level(), zstd_level(Compression::small, ValueKind::wdl));
    DecodeContext ctx;
    std::string message;
    EXPECT_EQ(t->verify(ctx, message), ErrorCode::ok) << message;
    std::vector<std::uint16_t> block(t->block_positions());
    for (std::uint64_t b = 0; b < t->blocks(); ++b) {
        ASSERT_EQ(t->decode_block(b, ctx, block.data(), message), ErrorCode::ok) << message;
        for (std::uint32_t i = 0; i < t->block_entries(b); ++i) {
            const std::uint64_t k = b * t->block_positions() + i;
            if (!left_out[k]) {
                ASSERT_EQ(block[i], values[k]) << k;
            }
        }
    }
    EXPECT_EQ(read(fast)->encoding(), Encoding::packed2);
    EXPECT_EQ(read(fast)->frame_coding(), FrameCoding::zstd);
    t.reset();
    // Packing turns one into the other, byte for byte, both ways.
    const auto small_bytes = read_bytes(small), fast_bytes = read_bytes(fast);
    recompress_table(fast, spec, Compression::small);
    EXPECT_EQ(read_bytes(fast), small_bytes);
    recompress_table(fast, spec, Compression::fast);
    EXPECT_EQ(read_bytes(fast), fast_bytes);
}

// TableReader::block_entry, the prober's read without a cache, gives what decode_block gives,
// for a table of runs and one of zstd frames, entries asked forward, backward and across
// blocks, and refuses a damaged block when it enters it.
TEST(TableReader, AnEntryReadOnItsOwnIsTheBlocksValue) {
    TempDir dir;
    const Material m{0, 3, 0, 2};
    const TableSpec spec{VariantId::russian, m, ValueKind::wdl};
    const std::uint64_t n = russian_size(m);
    const std::vector<std::uint16_t> values = wdl_runs(n, 4);
    const std::vector<std::uint8_t> left_out(n, 0);
    WriteOptions fast;
    fast.compression = Compression::fast;
    for (const bool small : {true, false}) {
        const auto path = dir.path / (small ? "small.dtb" : "fast.dtb");
        write_table(path, spec, values, left_out, small ? WriteOptions{} : fast);
        std::unique_ptr<TableReader> t;
        std::string message;
        ASSERT_EQ(TableReader::open(path, spec, t, message), ErrorCode::ok) << message;
        ASSERT_EQ(t->frame_coding(), small ? FrameCoding::runs : FrameCoding::zstd);
        ASSERT_GT(t->blocks(), 2u);
        DecodeContext ctx;
        std::uint64_t last_block = ~std::uint64_t{0};
        // Entry e read, resuming where it is in the block read last.
        const auto read_entry = [&](std::uint64_t e) {
            const std::uint64_t b = e / t->block_positions();
            std::uint16_t v = 0;
            ASSERT_EQ(t->block_entry(b, std::uint32_t(e % t->block_positions()), b == last_block,
                                     ctx, v, message),
                      ErrorCode::ok)
                << message;
            ASSERT_EQ(v, values[e]) << e;
            last_block = b;
        };
        std::mt19937 rng(3);
        // Mostly a little after the last entry, sometimes anywhere; then every seventh.
        for (std::uint64_t k = 0, e = 0; k < 20000; ++k) {
            e = rng() % 4 ? std::min<std::uint64_t>(n - 1, e + rng() % 200) : rng() % n;
            read_entry(e);
            if (HasFatalFailure()) return;
        }
        for (std::uint64_t e = 0; e < n && !HasFatalFailure(); e += 7) read_entry(e);
        if (HasFatalFailure()) return;
        // A byte of the last block's frame changed: refused when the block is entered.
        t.reset();
        auto bytes = read_bytes(path);
        bytes[bytes.size() - 1] ^= 0x40;
        write_bytes(path, bytes);
        ASSERT_EQ(TableReader::open(path, spec, t, message), ErrorCode::ok) << message;
        std::uint16_t v = 0;
        EXPECT_EQ(t->block_entry(t->blocks() - 1, 0, false, ctx, v, message), ErrorCode::checksum);
        EXPECT_EQ(t->block_entry(0, 0, false, ctx, v, message), ErrorCode::ok) << message;
    }
}

}  // namespace
}  // namespace dtb::test
