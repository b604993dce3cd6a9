// A block of 2-bit values as Huffman-coded runs (FrameCoding::runs, docs/file-format.md). The
// code is the table's: built from the runs of all its blocks, stored once where a dictionary
// would be, and enough to decode any block alone. Internal to dtb_compress.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "dtb/compress/table_reader.hpp"  // RunCursor

namespace dtb::compress::detail {

// A run is one token, coded in the context of its value (0..3): 12 * k + 3 * top + rank,
// where the run's length has k + 1 bits, `top` is the length's (up to) two bits below the
// leading one, and `rank` is the next run's value among the three others (0 after a block's
// last run). The length's k - min(k, 2) lower bits follow the token as they are.
inline constexpr int kRunContexts = 4;
inline constexpr int kRunLengthClasses = 23;  // a block holds at most 2^22 entries
inline constexpr int kRunSymbols = 12 * kRunLengthClasses;
inline constexpr int kRunMaxCodeBits = 15;
// The stored code: each symbol's code length (0: unused) in a nibble, the low nibble first,
// symbol by symbol, context by context.
inline constexpr std::size_t kRunCodeBytes = kRunContexts * kRunSymbols / 2;

using RunCounts = std::array<std::uint64_t, kRunContexts * kRunSymbols>;

// Adds the tokens of a block's values (each below 4) to counts.
void count_runs(std::span<const std::uint16_t> values, RunCounts& counts);

class RunCode {
  public:
    // The Huffman code of the counts, no code longer than kRunMaxCodeBits.
    static RunCode from_counts(const RunCounts& counts);
    // The code stored in `bytes`; nullopt when they are not kRunCodeBytes of a prefix code.
    static std::optional<RunCode> from_bytes(std::span<const unsigned char> bytes);
    std::vector<unsigned char> bytes() const;

    // A block's values (each below 4, their tokens counted in the code) as a frame.
    void encode(std::span<const std::uint16_t> values, std::vector<unsigned char>& frame) const;
    // A frame back to its n values, packed four a byte (encoding packed2) into out, which
    // holds decoded_room(n) bytes: it is written a word at a time, and the bytes past the
    // values are left undefined. False when the frame is not n values of this code.
    static constexpr std::size_t decoded_room(std::size_t n) { return 8 * ((n + 31) / 32 + 1); }
    bool decode(const unsigned char* frame, std::size_t size, std::size_t n,
                unsigned char* out) const;
    // Entry i of a frame of n values, its runs read only as far as i: on from `at`, a cursor
    // made by default or left by this call in the same frame at or before i (else read from
    // the first run again). -1 when the frame is not values of this code up to i.
    int value_at(const unsigned char* frame, std::size_t size, std::size_t n, std::size_t i,
                 RunCursor& at) const;

  private:
    class Stream;

    RunCode() = default;
    void build_decoder();
    // The next run of a run of `value` in s: false when the stream holds no token there.
    bool read_run(Stream& s, int value, std::uint64_t& length, int& rank) const;

    static constexpr int kLookupBits = 10;
    std::array<std::uint8_t, kRunContexts * kRunSymbols> length_{};
    std::array<std::uint16_t, kRunContexts * kRunSymbols> code_{};  // canonical, first bit high
    // Per context: the next kLookupBits of the stream -> the run they hold whole (its length
    // << 8 | rank << 6 | kWholeRun | bits taken), or its token (symbol << 8 | code length)
    // when the plain bits go beyond, or 0 when the code is longer (then decoded bit by bit
    // from the counts per length).
    static constexpr std::uint32_t kWholeRun = 32;
    std::vector<std::uint32_t> lookup_;
    std::array<std::array<std::uint16_t, kRunMaxCodeBits + 1>, kRunContexts> per_length_{};
    std::array<std::vector<std::uint16_t>, kRunContexts> by_code_;  // symbols in code order
};

}  // namespace dtb::compress::detail
