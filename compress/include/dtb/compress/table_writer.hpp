// Writing a compressed table (the format: table_format.hpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>

#include "dtb/compress/table_format.hpp"

namespace dtb::compress {

// How hard zstd works (docs/performance.md has the measurements). Here only the zstd level
// differs, and the small preset's trying packed2 tables as runs (FrameCoding::runs): the
// blocks and their filling are the same, so recompress_table() turns a fast table into the
// small one, byte for byte, without the values it came from. (dtb gen's fast tables also
// leave fewer entries out: gen/tables/table_files.hpp.)
enum class Compression : std::uint8_t {
    small,  // the smallest files: zstd level 19 (WDL) and 15 (DTW, DTC), or runs where smaller
    fast,   // zstd level 3 for every kind: far less work, somewhat larger files
};
const char* to_string(Compression c);
// The zstd level of a preset for a value kind.
int zstd_level(Compression c, ValueKind k);
// The preset that compresses kind k at `level`, if one does.
std::optional<Compression> compression_of(ValueKind k, int level);

// What the writer is told about a table; it makes every other choice itself, the measured
// best (docs/performance.md): the smallest encoding that holds every value, the fill of the
// left-out entries for the kind, and at the small preset runs where they make the smaller
// file.
struct WriteOptions {
    std::uint32_t block_positions = 0;  // 0: the default for the kind
    Compression compression = Compression::small;
    // The index's innermost period (entries per configuration of all pieces but the last
    // kind): where values repeat best. 0: unknown.
    std::uint64_t period = 0;
    // TableForm::one_ply: the values' 0 entries are found one ply away (WDL only,
    // table_format.hpp).
    TableForm form = TableForm::values;
};

// values[i] for every index entry i (White to move); left_out[i] != 0 where any value may be
// stored (a position the prober recomputes, core/left_out.hpp, or a broken index). Written
// atomically and durably (a temporary file, flushed, renamed: durable_file.hpp). The bytes
// depend only on the arguments. Throws TableError on an I/O failure or when the spans do not
// have the same size. Byte values (WDL) give the same file as the same values widened.
void write_table(const std::filesystem::path& path, const TableSpec& spec,
                 std::span<const std::uint16_t> values, std::span<const std::uint8_t> left_out);
void write_table(const std::filesystem::path& path, const TableSpec& spec,
                 std::span<const std::uint16_t> values, std::span<const std::uint8_t> left_out,
                 const WriteOptions& options);
void write_table(const std::filesystem::path& path, const TableSpec& spec,
                 std::span<const std::uint8_t> values, std::span<const std::uint8_t> left_out,
                 const WriteOptions& options);

// Rewrites the table at `path` with its frames compressed at the preset's level for its
// kind; nothing else changes. The table is checked first (every checksum); the result is
// written like a new table (temporary file, then rename). Throws TableError when the table
// is damaged or cannot be rewritten; the file is then left as it was.
void recompress_table(const std::filesystem::path& path, const TableSpec& expected, Compression c);

}  // namespace dtb::compress
