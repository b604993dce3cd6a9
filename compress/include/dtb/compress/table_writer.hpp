// Writing a compressed table (the format: table_format.hpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>

#include "dtb/compress/table_format.hpp"

namespace dtb::compress {

struct TableSpec {
    std::uint8_t variant = 0;  // dtb::VariantId
    Material material;
    ValueKind kind = ValueKind::wdl;
    friend bool operator==(const TableSpec&, const TableSpec&) = default;
};

// What a don't-care entry is given (measured in table_writer.cpp).
enum class Fill : std::uint8_t {
    best,      // the measured best for the value kind
    previous,  // the nearest cared-for value before it (after it, at a block's start)
    frequent,  // the block's most frequent cared-for value
    zero,
    period,   // the value `period` entries before (the previous one in a block's first period)
    aligned,  // previous, but a gap between two values switches where the entry `period`
              // back switched (block_codec.cpp)
};

// The choices the writer makes; the defaults are the measured best (table_writer.cpp).
struct WriteOptions {
    std::uint32_t block_positions = 0;  // 0: the default for the kind
    int level = 0;                      // zstd level, 0: the default
    bool dictionary = false;            // train a dictionary (kept only where it helps)
    Encoding encoding = Encoding{0};    // 0: the smallest that holds every value
    Fill fill = Fill::best;
    // The index's innermost period (entries per configuration of all pieces but the last
    // kind): where values repeat best. 0: unknown.
    std::uint64_t period = 0;
};

// values[i] for every index entry i (White to move); dont_care[i] != 0 where any value may be
// stored (a position the prober recomputes, core/recompute.hpp, or a broken index). Written
// atomically (a temporary file, then a rename). The bytes depend only on the arguments.
// Throws TableError on an I/O failure or when the spans do not have the same size.
void write_table(const std::filesystem::path& path, const TableSpec& spec,
                 std::span<const std::uint16_t> values, std::span<const std::uint8_t> dont_care);
void write_table(const std::filesystem::path& path, const TableSpec& spec,
                 std::span<const std::uint16_t> values, std::span<const std::uint8_t> dont_care,
                 const WriteOptions& options);

}  // namespace dtb::compress
