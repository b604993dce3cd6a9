#include "dtb/compress/table_format.hpp"

#include <xxhash.h>

#include <cstring>

namespace dtb::compress {

const char* to_string(Encoding e) {
    switch (e) {
        case Encoding::bytes:
            return "bytes";
        case Encoding::planes16:
            return "planes16";
        case Encoding::packed2:
            return "packed2";
        case Encoding::packed4:
            return "packed4";
    }
    return "unknown";
}

const char* to_string(FrameCoding f) { return f == FrameCoding::runs ? "runs" : "zstd"; }

std::uint32_t format_version_of(TableForm form) {
    return form == TableForm::values ? kTableFormatVersion : kFormFieldVersion;
}

namespace {

// coding_byte's value for packed2 in runs; 1 to 4 are the encodings in zstd frames.
constexpr std::uint8_t kPacked2RunsByte = 5;

}  // namespace

std::uint8_t coding_byte(BlockCoding c) {
    return c.frames == FrameCoding::runs ? kPacked2RunsByte : std::uint8_t(c.encoding);
}

std::optional<BlockCoding> block_coding(std::uint8_t byte) {
    if (byte == kPacked2RunsByte) return BlockCoding{Encoding::packed2, FrameCoding::runs};
    if (byte < std::uint8_t(Encoding::bytes) || byte > std::uint8_t(Encoding::packed4))
        return std::nullopt;
    return BlockCoding{Encoding(byte), FrameCoding::zstd};
}

const char* to_string(ErrorCode c) {
    switch (c) {
        case ErrorCode::ok:
            return "ok";
        case ErrorCode::not_found:
            return "not found";
        case ErrorCode::io:
            return "I/O error";
        case ErrorCode::truncated:
            return "truncated";
        case ErrorCode::bad_magic:
            return "not a dtb table";
        case ErrorCode::bad_version:
            return "unsupported format version";
        case ErrorCode::mismatch:
            return "another table than expected";
        case ErrorCode::checksum:
            return "checksum mismatch";
        case ErrorCode::corrupt:
            return "corrupt";
    }
    return "unknown error";
}

namespace {

void put(unsigned char* out, std::uint64_t v, int bytes) {
    for (int b = 0; b < bytes; ++b) out[b] = static_cast<unsigned char>(v >> (8 * b));
}

std::uint64_t get(const unsigned char* in, int bytes) {
    std::uint64_t v = 0;
    for (int b = 0; b < bytes; ++b) v |= std::uint64_t(in[b]) << (8 * b);
    return v;
}

}  // namespace

void encode_header(const TableHeader& h, unsigned char* out) {
    std::memset(out, 0, sizeof(TableHeader));
    std::memcpy(out, h.magic, 8);
    put(out + 8, h.format_version, 4);
    out[12] = h.variant;
    out[13] = h.white_men;
    out[14] = h.white_kings;
    out[15] = h.black_men;
    out[16] = h.black_kings;
    out[17] = h.kind;
    out[18] = h.coding;
    out[19] = h.zstd_level;
    put(out + 20, h.block_positions, 4);
    put(out + 24, h.positions, 8);
    put(out + 32, h.blocks, 8);
    put(out + 40, h.index_offset, 8);
    put(out + 48, h.dict_offset, 8);
    put(out + 56, h.dict_size, 8);
    put(out + 64, h.data_offset, 8);
    put(out + 72, h.file_size, 8);
    put(out + 80, h.max_value, 2);
    out[82] = h.form;
    put(out + 104, h.index_hash, 8);
    put(out + 112, h.header_hash, 8);
    put(out + 120, h.file_hash, 8);
}

void decode_header(const unsigned char* in, TableHeader& h) {
    h = TableHeader{};
    std::memcpy(h.magic, in, 8);
    h.format_version = std::uint32_t(get(in + 8, 4));
    h.variant = in[12];
    h.white_men = in[13];
    h.white_kings = in[14];
    h.black_men = in[15];
    h.black_kings = in[16];
    h.kind = in[17];
    h.coding = in[18];
    h.zstd_level = in[19];
    h.block_positions = std::uint32_t(get(in + 20, 4));
    h.positions = get(in + 24, 8);
    h.blocks = get(in + 32, 8);
    h.index_offset = get(in + 40, 8);
    h.dict_offset = get(in + 48, 8);
    h.dict_size = get(in + 56, 8);
    h.data_offset = get(in + 64, 8);
    h.file_size = get(in + 72, 8);
    h.max_value = std::uint16_t(get(in + 80, 2));
    h.form = in[82];
    std::memcpy(h.reserved1, in + 83, sizeof h.reserved1);
    h.index_hash = get(in + 104, 8);
    h.header_hash = get(in + 112, 8);
    h.file_hash = get(in + 120, 8);
}

void encode_entry(const BlockEntry& e, unsigned char* out) {
    put(out, e.offset, 8);
    put(out + 8, e.hash, 8);
}

void decode_entry(const unsigned char* in, BlockEntry& e) {
    e.offset = get(in, 8);
    e.hash = get(in + 8, 8);
}

std::uint64_t xxh64(const void* data, std::size_t size) { return XXH64(data, size, 0); }

}  // namespace dtb::compress
