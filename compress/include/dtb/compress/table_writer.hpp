// Writing a compressed table (the format: table_format.hpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>

#include "dtb/compress/table_format.hpp"

namespace dtb::compress {

// What a don't-care entry is given (the measurements: docs/performance.md).
enum class Fill : std::uint8_t {
    best,      // the measured best for the value kind
    previous,  // the nearest cared-for value before it (after it, at a block's start)
    frequent,  // the block's most frequent cared-for value
    zero,
    period,   // the value `period` entries before (the previous one in a block's first period)
    aligned,  // previous, but a gap between two values switches where the entry `period`
              // back switched (block_codec.cpp)
};

// How hard zstd works (docs/performance.md has the measurements). Here only the zstd level
// differs, and the small preset's trying 2-bit tables as runs (Encoding::runs2): the blocks
// and their filling are the same, so recompress_table() turns a fast table into the small
// one, byte for byte, without the values it came from. (dtb gen's fast tables also leave
// fewer entries don't-care: gen/table_files.hpp.)
enum class Compression : std::uint8_t {
    small,  // the smallest files: zstd level 19 (WDL) and 15 (DTW, DTC), or runs where smaller
    fast,   // zstd level 3 for every kind: far less work, somewhat larger files
};
const char* to_string(Compression c);
// The zstd level of a preset for a value kind.
int zstd_level(Compression c, ValueKind k);
// The preset that compresses kind k at `level`, if one does.
std::optional<Compression> compression_of(ValueKind k, int level);

// The choices the writer makes; the defaults are the measured best (docs/performance.md).
struct WriteOptions {
    std::uint32_t block_positions = 0;  // 0: the default for the kind
    Compression compression = Compression::small;
    int level = 0;                    // zstd level, 0: the compression preset's
    bool dictionary = false;          // train a dictionary (kept only where it helps)
    // 0: the smallest that holds every value (at the small preset packed2 or runs2, whichever
    // makes the smaller file); runs2: Huffman-coded runs whatever the size.
    Encoding encoding = Encoding{0};
    Fill fill = Fill::best;
    // The index's innermost period (entries per configuration of all pieces but the last
    // kind): where values repeat best. 0: unknown.
    std::uint64_t period = 0;
    // TableForm::one_ply: the values' 0 entries are found one ply away (WDL only,
    // table_format.hpp).
    TableForm form = TableForm::values;
};

// values[i] for every index entry i (White to move); dont_care[i] != 0 where any value may be
// stored (a position the prober recomputes, core/recompute.hpp, or a broken index). Written
// atomically (a temporary file, then a rename). The bytes depend only on the arguments.
// Throws TableError on an I/O failure or when the spans do not have the same size. Byte
// values (WDL) give the same file as the same values widened.
void write_table(const std::filesystem::path& path, const TableSpec& spec,
                 std::span<const std::uint16_t> values, std::span<const std::uint8_t> dont_care);
void write_table(const std::filesystem::path& path, const TableSpec& spec,
                 std::span<const std::uint16_t> values, std::span<const std::uint8_t> dont_care,
                 const WriteOptions& options);
void write_table(const std::filesystem::path& path, const TableSpec& spec,
                 std::span<const std::uint8_t> values, std::span<const std::uint8_t> dont_care,
                 const WriteOptions& options);

// Rewrites the table at `path` with its frames compressed at the preset's level for its
// kind; nothing else changes. The table is checked first (every checksum); the result is
// written like a new table (temporary file, then rename). Throws TableError when the table
// is damaged or cannot be rewritten; the file is then left as it was.
void recompress_table(const std::filesystem::path& path, const TableSpec& expected, Compression c);

}  // namespace dtb::compress
