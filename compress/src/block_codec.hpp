// The transforms between a block's values and the bytes zstd compresses, and the filling
// of left-out entries. Internal to dtb_compress.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "dtb/compress/table_format.hpp"

namespace dtb::compress::detail {

// Bytes the encoding takes for n values.
std::size_t encoded_size(Encoding e, std::size_t n);
// The encoding that holds every value up to max_value in the fewest bits.
Encoding smallest_encoding(std::uint16_t max_value);

// values -> out (encoded_size(e, values.size()) bytes).
void encode(Encoding e, std::span<const std::uint16_t> values, unsigned char* out);
// in (encoded_size(e, n) bytes) -> out[0..n).
void decode(Encoding e, const unsigned char* in, std::size_t n, std::uint16_t* out);

// What a left-out entry is given: the writer takes the one measured best for the table's
// kind (docs/performance.md).
enum class Fill : std::uint8_t {
    previous,  // the nearest cared-for value before it (after it, at a block's start)
    frequent,  // the block's most frequent cared-for value
    aligned,   // previous, but a gap between two values switches where the entry `period`
               // back switched (block_codec.cpp)
};

// The values of one block with its left-out entries filled.
void fill_block(std::span<const std::uint16_t> values, std::span<const std::uint8_t> left_out,
                Fill fill, std::uint64_t period, std::uint16_t* out);

}  // namespace dtb::compress::detail
