// The scratch file of one slice a run spilled under --memory (scratch_values.hpp), as it lies
// on disk. A stopped run leaves these files behind; started again, it takes over those that
// are complete and agree with their header instead of solving their slices again, which
// would cost a sitting of the largest runs most of an hour.
//
//   [0, 4096)  the header (below), field by field, little-endian; the rest zero, so that the
//              values start on a page of the mapping
//   then       per side to move, White then Black, one value per index entry, as the
//              header's kind says: a byte of WDL, a 16-bit word WDL | DTW << 2, or a byte
//              of WDL and DTW coded (gen/solver/exit_code.hpp)
//
// It is written as NAME.exit.part and renamed to NAME.exit once its checksum is in the
// header: a file stopped halfway never has the final name.
#pragma once

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "dtb/compress/table_format.hpp"
#include "dtb/core/material.hpp"
#include "dtb/core/variant.hpp"

namespace dtb::gen {

inline constexpr std::uint64_t kScratchHeaderBytes = 4096;
inline constexpr char kScratchMagic[8] = {'D', 'T', 'B', 'S', 'C', 'R', 'A', 'T'};
inline constexpr std::uint32_t kScratchFormatVersion = 1;
inline constexpr std::string_view kScratchSuffix = ".exit";
inline constexpr std::string_view kScratchPartSuffix = ".exit.part";

// What a scratch file holds for each entry and side to move.
enum class ScratchKind : std::uint8_t {
    wdl = 0,              // a byte of WDL
    words = 1,            // a word WDL | DTW << 2
    codes_odd_wins = 2,   // a byte ExitCode(true) codes
    codes_even_wins = 3,  // a byte ExitCode(false) codes
};
inline constexpr bool has_dtw(ScratchKind k) { return k != ScratchKind::wdl; }
inline constexpr std::uint64_t bytes_per_value(ScratchKind k) {
    return k == ScratchKind::words ? 2 : 1;
}

// The header's fields; on disk also the magic "DTBSCRAT" at 0 and kScratchFormatVersion at 12.
struct ScratchHeader {               // offset
    VariantId variant{};             //  16
    Material material;               //  17 white men, white kings, black men, black kings
    ScratchKind kind{};              //  21
    std::uint64_t entries = 0;       //  24 index entries per side (White to move's index)
    std::uint64_t body_hash = 0;     //  32 XXH64 of the values, [4096, end)
    std::uint32_t table_format = 0;  //  40 compress::kTableFormatVersion: the tables' index layout

    std::uint64_t body_bytes() const { return 2 * bytes_per_value(kind) * entries; }
};

inline std::array<unsigned char, kScratchHeaderBytes> encode_scratch_header(
    const ScratchHeader& h) {
    std::array<unsigned char, kScratchHeaderBytes> out{};
    auto put = [&](std::size_t at, std::uint64_t v, int bytes) {
        for (int i = 0; i < bytes; ++i) out[at + std::size_t(i)] = (v >> (8 * i)) & 0xff;
    };
    std::memcpy(out.data(), kScratchMagic, sizeof kScratchMagic);
    put(12, kScratchFormatVersion, 1);
    put(16, std::uint64_t(h.variant), 1);
    put(17, std::uint64_t(h.material.white_men), 1);
    put(18, std::uint64_t(h.material.white_kings), 1);
    put(19, std::uint64_t(h.material.black_men), 1);
    put(20, std::uint64_t(h.material.black_kings), 1);
    put(21, std::uint64_t(h.kind), 1);
    put(24, h.entries, 8);
    put(32, h.body_hash, 8);
    put(40, h.table_format, 4);
    return out;
}

// The header, or nullopt when the bytes are not a scratch header of this format.
inline std::optional<ScratchHeader> decode_scratch_header(const unsigned char* in) {
    auto get = [&](std::size_t at, int bytes) {
        std::uint64_t v = 0;
        for (int i = bytes; i-- > 0;) v = v << 8 | in[at + std::size_t(i)];
        return v;
    };
    if (std::memcmp(in, kScratchMagic, sizeof kScratchMagic) != 0 ||
        get(12, 1) != kScratchFormatVersion || get(21, 1) > 3)
        return std::nullopt;
    ScratchHeader h;
    h.variant = VariantId(get(16, 1));
    h.material = {int(get(17, 1)), int(get(18, 1)), int(get(19, 1)), int(get(20, 1))};
    h.kind = ScratchKind(get(21, 1));
    h.entries = get(24, 8);
    h.body_hash = get(32, 8);
    h.table_format = std::uint32_t(get(40, 4));
    return h;
}

// The material a complete scratch file is named after, or nullopt (a .part, anything else).
inline std::optional<Material> scratch_material(const std::filesystem::path& path) {
    const std::string name = path.filename().string();
    if (!name.ends_with(kScratchSuffix)) return std::nullopt;
    return Material::parse(std::string_view(name).substr(0, name.size() - kScratchSuffix.size()));
}

// A whole scratch file mapped read-only; unmapped with it.
class MappedScratch {
  public:
    // Throws compress::TableError when the file cannot be opened or mapped.
    explicit MappedScratch(const std::filesystem::path& path) {
        const int fd = ::open(path.c_str(), O_RDONLY);
        std::error_code ec;
        bytes_ = std::filesystem::file_size(path, ec);
        if (fd >= 0 && !ec && bytes_ >= kScratchHeaderBytes)
            map_ = mmap(nullptr, bytes_, PROT_READ, MAP_SHARED, fd, 0);
        const int error = errno;
        if (fd >= 0) ::close(fd);
        if (map_ == MAP_FAILED)
            throw compress::TableError(path.string() + ": cannot map the scratch file: " +
                                       (ec ? ec.message()
                                        : fd >= 0 && bytes_ < kScratchHeaderBytes
                                            ? std::string("shorter than its header")
                                            : std::string(std::strerror(error))));
    }
    ~MappedScratch() { munmap(map_, bytes_); }
    MappedScratch(const MappedScratch&) = delete;
    MappedScratch& operator=(const MappedScratch&) = delete;

    const unsigned char* data() const { return static_cast<const unsigned char*>(map_); }
    std::uint64_t bytes() const { return bytes_; }
    const unsigned char* body() const { return data() + kScratchHeaderBytes; }

    // The header, when the file holds the values of `m`'s `entries` index entries of this
    // variant and index layout, with their DTW, and the values hash to its checksum.
    std::optional<ScratchHeader> holds(VariantId variant, const Material& m,
                                       std::uint64_t entries) const {
        const auto h = decode_scratch_header(data());
        if (!h || h->variant != variant || h->material != m || !has_dtw(h->kind) ||
            h->entries != entries || h->table_format != compress::kTableFormatVersion ||
            bytes_ != kScratchHeaderBytes + h->body_bytes() ||
            compress::xxh64(body(), h->body_bytes()) != h->body_hash)
            return std::nullopt;
        return h;
    }

  private:
    void* map_ = MAP_FAILED;
    std::uint64_t bytes_ = 0;
};

}  // namespace dtb::gen
