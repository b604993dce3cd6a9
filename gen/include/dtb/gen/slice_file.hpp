// Raw slice files, as dtb gen writes them (compressed files replace them later).
//
// Layout, little-endian:
//   SliceFileHeader (64 bytes, below)
//   for side to move white, then black:
//     wdl[size]          one byte each: 0 broken index, 1 win, 2 draw, 3 loss
//     dtw[size]          `width` bytes each (1 or 2), plies
//     dtc[size]          `width` bytes each
// `payload_hash` is the XXH64 of everything after the header. A file is written under a
// temporary name and renamed when complete, so a file that exists is whole; a damaged one
// fails its checksum.
#pragma once

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "dtb/gen/slice.hpp"

namespace dtb::gen {

struct SliceFileHeader {
    char magic[8];          // "DTBSLICE"
    std::uint32_t version;  // kSliceFileVersion
    std::uint8_t variant;   // VariantId
    std::uint8_t white_men, white_kings, black_men, black_kings;
    std::uint8_t width;  // bytes per distance
    std::uint8_t reserved0[2];
    std::uint64_t size;          // index size per side to move
    std::uint64_t payload_hash;  // XXH64 of the payload
    std::uint8_t reserved1[24];
};
static_assert(sizeof(SliceFileHeader) == 64, "the header is 64 bytes on disk");
static_assert(std::is_trivially_copyable_v<SliceFileHeader>);

inline constexpr std::uint32_t kSliceFileVersion = 1;

class SliceFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Byte-level I/O (slice_file.cpp).
namespace detail {
std::uint64_t hash_bytes(const void* data, std::size_t size, std::uint64_t seed);
// Writes header and payload chunks to path via a temporary file and a rename.
void write_atomically(const std::filesystem::path& path, const SliceFileHeader& header,
                      const std::vector<std::pair<const void*, std::size_t>>& chunks);
// Reads and checks a whole file; throws SliceFileError naming what is wrong.
std::vector<unsigned char> read_checked(const std::filesystem::path& path, SliceFileHeader& header);
void put_le(unsigned char* out, std::uint64_t v, int width);
std::uint64_t get_le(const unsigned char* in, int width);
}  // namespace detail

std::string slice_file_name(const Material& m);

template <class V>
void write_slice(const std::filesystem::path& path, std::uint8_t variant, const Slice<V>& s) {
    const auto size = s.index.size();
    int width = 1;
    for (int side = 0; side < 2; ++side)
        for (std::uint64_t i = 0; i < size; ++i)
            if (s.dtw[side][i] > 255 || (!s.dtc[side].empty() && s.dtc[side][i] > 255)) width = 2;
    std::vector<unsigned char> dist[2][2];
    std::vector<std::pair<const void*, std::size_t>> chunks;
    for (int side = 0; side < 2; ++side) {
        for (int k = 0; k < 2; ++k) {
            const auto& src = k == 0 ? s.dtw[side] : s.dtc[side];
            auto& out = dist[side][k];
            out.assign(size * std::uint64_t(width), 0);
            for (std::uint64_t i = 0; i < size; ++i)
                detail::put_le(out.data() + i * std::uint64_t(width), src[i], width);
        }
    }
    for (int side = 0; side < 2; ++side) {
        chunks.push_back({s.wdl[side].data(), size});
        chunks.push_back({dist[side][0].data(), dist[side][0].size()});
        chunks.push_back({dist[side][1].data(), dist[side][1].size()});
    }
    SliceFileHeader h{};
    std::memcpy(h.magic, "DTBSLICE", 8);
    h.version = kSliceFileVersion;
    h.variant = variant;
    const Material& m = s.material();
    h.white_men = std::uint8_t(m.white_men);
    h.white_kings = std::uint8_t(m.white_kings);
    h.black_men = std::uint8_t(m.black_men);
    h.black_kings = std::uint8_t(m.black_kings);
    h.width = std::uint8_t(width);
    h.size = size;
    detail::write_atomically(path, h, chunks);
}

// Reads a slice of variant `variant` and material m; with_dtc false leaves DTC out (the
// generator needs only WDL and DTW of earlier slices).
template <class V>
std::unique_ptr<Slice<V>> read_slice(const std::filesystem::path& path, std::uint8_t variant,
                                     const Material& m, bool with_dtc) {
    SliceFileHeader h{};
    const auto payload = detail::read_checked(path, h);
    auto s = std::make_unique<Slice<V>>(m);
    const auto size = s->index.size();
    const auto name = path.string();
    if (h.variant != variant) throw SliceFileError(name + ": a table of another variant");
    if (h.white_men != m.white_men || h.white_kings != m.white_kings ||
        h.black_men != m.black_men || h.black_kings != m.black_kings)
        throw SliceFileError(name + ": holds another material than its name says");
    if (h.size != size || (h.width != 1 && h.width != 2) ||
        payload.size() != 2 * size * (1 + 2 * std::uint64_t(h.width)))
        throw SliceFileError(name + ": sizes in the header do not match the material");
    const unsigned char* in = payload.data();
    for (int side = 0; side < 2; ++side) {
        std::memcpy(s->wdl[side].data(), in, size);
        in += size;
        for (int k = 0; k < 2; ++k) {
            auto& dst = k == 0 ? s->dtw[side] : s->dtc[side];
            if (k == 1 && !with_dtc) {
                dst = {};
            } else {
                for (std::uint64_t i = 0; i < size; ++i)
                    dst[i] = std::uint16_t(detail::get_le(in + i * h.width, h.width));
            }
            in += size * h.width;
        }
    }
    return s;
}

}  // namespace dtb::gen
