// The compressed table file: one value kind (WDL, DTW or DTC) of one material, White to move.
//
// Black to move is not stored: it is the colour-flipped position (dtb::Flip<V>, core/flip.hpp)
// with White to move in the flipped material's table. Every number on disk is little-endian
// and read byte by byte (never by casting the mapped memory), so a file reads the same on any
// host. Layout:
//
//   offset 0          TableHeader (128 bytes, below)
//   index_offset      BlockEntry[blocks]: where each block's frame starts (relative to
//                     data_offset) and the XXH64 of its bytes
//   dict_offset       the zstd dictionary shared by the blocks, or their run code (dict_size
//                     bytes, may be 0)
//   data_offset       the frames, one per block, back to back, to the end of the file
//
// A block holds `block_positions` consecutive index entries (the last may hold fewer). Its
// values are encoded (Encoding below) and the encoded bytes coded as the block's frame
// (FrameCoding below): a zstd frame (without magic number, content size or checksum: the
// header and the index say all that), with the table's dictionary when dict_size > 0, or
// Huffman-coded runs, whose code then lies where the dictionary would.
// A WDL table may be in one-ply form (TableForm::one_ply): an entry 0 is then not a value but
// "found from the positions one move away". `dtb pack --wdl-sides one` writes it for the
// larger table of a pair of colour-flipped materials, whose twin holds the other side to
// move: every position is 0 but those one of whose moves reaches a position the twin leaves
// out for a threat (core/left_out.hpp), which would send the search back here.
// Checks: header_hash covers the header's first 112 bytes, index_hash the block index and the
// dictionary (both checked when a table opens); each block's hash is checked before it is
// decoded; file_hash covers every byte after the header (dtb verify).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "dtb/core/material.hpp"
#include "dtb/core/value.hpp"
#include "dtb/core/variant.hpp"

namespace dtb::compress {

using dtb::ValueKind;

// Which table a file must be: a reader opens a file only as the table it expects.
struct TableSpec {
    VariantId variant = VariantId::russian;
    Material material;
    ValueKind kind = ValueKind::wdl;
    friend bool operator==(const TableSpec&, const TableSpec&) = default;
};

// How a block's values become bytes: what its frame codes, and what a decoded block is.
enum class Encoding : std::uint8_t {
    bytes = 1,     // one byte per value (every value < 256)
    planes16 = 2,  // two bytes per value: the low bytes of the block, then the high bytes
    packed2 = 3,   // four values per byte, the first in the low bits (every value < 4)
    packed4 = 4,   // two values per byte, the first in the low bits (every value < 16)
};
const char* to_string(Encoding e);

// How a block's encoded bytes are stored as its frame.
enum class FrameCoding : std::uint8_t {
    zstd,  // a zstd frame of the encoded bytes
    runs,  // packed2 only: the values' runs, Huffman-coded with the table's code (run_code.hpp)
};
const char* to_string(FrameCoding f);

// A table's encoding and frame coding: one byte of the header (byte 18, coding_byte()).
struct BlockCoding {
    Encoding encoding = Encoding::packed2;
    FrameCoding frames = FrameCoding::zstd;
    friend bool operator==(const BlockCoding&, const BlockCoding&) = default;
};

enum class ErrorCode {
    ok = 0,
    not_found,
    io,
    truncated,
    bad_magic,
    bad_version,
    mismatch,
    checksum,
    corrupt
};
const char* to_string(ErrorCode c);

// Thrown by the writer (and by the generator when a table cannot be written or read back).
class TableError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

inline constexpr char kTableMagic[8] = {'D', 'T', 'B', 'T', 'A', 'B', 'L', 'E'};
// The format version says what a table holds and which header fields exist; the fields
// themselves say what the table is. Version 1 stores the threatened positions' values,
// version 2 leaves them out (core/left_out.hpp; the layout is the same, and a reader
// that recomputes them reads either). Version 3 adds the form field (byte 82; before it the
// byte is reserved, and a table holds values). A table is written with the oldest version
// that has the fields it needs (format_version_of), so that adding a field leaves the bytes
// of every table that does not use it as they were.
inline constexpr std::uint32_t kTableFormatVersion = 2;  // what a table of values is written as
inline constexpr std::uint32_t kFormFieldVersion = 3;    // the first with the form field
inline constexpr std::uint32_t kOldestReadableFormatVersion = 1;
inline constexpr std::uint32_t kNewestReadableFormatVersion = kFormFieldVersion;

// Whether a table holds its values.
enum class TableForm : std::uint8_t {
    values = 0,   // every entry a value
    one_ply = 1,  // WDL only: an entry 0 is found from the positions one move away
};
// The version a table of this form is written with.
std::uint32_t format_version_of(TableForm form);
// The most entries a block may hold: bounds what a reader allocates for a block, whatever a
// damaged header says.
inline constexpr std::uint32_t kMaxBlockPositions = 1u << 22;

// The header as it lies on disk (field by field, little-endian; reserved bytes are zero).
struct TableHeader {
    char magic[8];                  //   0 "DTBTABLE"
    std::uint32_t format_version;   //   8 what the table holds, which fields exist (above)
    std::uint8_t variant;           //  12 dtb::VariantId
    std::uint8_t white_men;         //  13 the material
    std::uint8_t white_kings;       //  14
    std::uint8_t black_men;         //  15
    std::uint8_t black_kings;       //  16
    std::uint8_t kind;              //  17 ValueKind
    std::uint8_t coding;            //  18 BlockCoding: block_coding() below
    std::uint8_t zstd_level;        //  19 of zstd frames (0: not recorded, older files); runs:
                                    //     the level the preset that wrote it gives zstd
    std::uint32_t block_positions;  //  20 index entries per block
    std::uint64_t positions;        //  24 index entries of the table (White to move); a
                                    //     steps table's words (core/counters_value.hpp)
    std::uint64_t blocks;           //  32 ceil(positions / block_positions)
    std::uint64_t index_offset;     //  40 the block index (BlockEntry[blocks])
    std::uint64_t dict_offset;      //  48 the zstd dictionary
    std::uint64_t dict_size;        //  56 its size (0: none)
    std::uint64_t data_offset;      //  64 the first frame
    std::uint64_t file_size;        //  72 the whole file
    std::uint16_t max_value;        //  80 the largest value stored (left-out entries excluded)
    std::uint8_t form;              //  82 TableForm (version 3 on; reserved, 0, before)
    std::uint8_t reserved1[21];     //  83
    std::uint64_t index_hash;       // 104 XXH64 of [index_offset, data_offset)
    std::uint64_t header_hash;      // 112 XXH64 of bytes [0, 112)
    std::uint64_t file_hash;        // 120 XXH64 of bytes [128, file_size)
};
static_assert(sizeof(TableHeader) == 128, "the header is 128 bytes on disk");
static_assert(offsetof(TableHeader, block_positions) == 20);
static_assert(offsetof(TableHeader, max_value) == 80);
static_assert(offsetof(TableHeader, form) == 82);
static_assert(offsetof(TableHeader, index_hash) == 104);
static_assert(offsetof(TableHeader, file_hash) == 120);
static_assert(std::is_trivially_copyable_v<TableHeader>);

// One entry of the block index. A frame ends where the next begins (the last at the end of
// the file), so its size is not stored: at 100 positions a byte a block of 16384 entries is
// some 160 bytes, and every byte of the index counts.
struct BlockEntry {
    std::uint64_t offset;  // 0 of the frame, from data_offset
    std::uint64_t hash;    // 8 XXH64 of the frame
};
static_assert(sizeof(BlockEntry) == 16, "a block index entry is 16 bytes on disk");
static_assert(std::is_trivially_copyable_v<BlockEntry>);

inline constexpr std::size_t kHeaderHashedBytes = offsetof(TableHeader, header_hash);

// Byte 18 of the header, the table's BlockCoding: 1 to 4 an Encoding (its value) in zstd
// frames, 5 packed2 in runs (runs code only packed2). One byte for the pair, not a field each,
// so that a table of zstd frames holds just its encoding there. The one place where the byte
// and the pair are translated.
std::uint8_t coding_byte(BlockCoding c);                     // c a pair block_coding() gives
std::optional<BlockCoding> block_coding(std::uint8_t byte);  // nullopt: no coding

// Byte-order-independent serialisation of the on-disk structs (table_format.cpp).
void encode_header(const TableHeader& h, unsigned char* out);  // 128 bytes
void decode_header(const unsigned char* in, TableHeader& h);
void encode_entry(const BlockEntry& e, unsigned char* out);  // 16 bytes
void decode_entry(const unsigned char* in, BlockEntry& e);
std::uint64_t xxh64(const void* data, std::size_t size);

}  // namespace dtb::compress
