#include "dtb/gen/slice_file.hpp"

#include <xxhash.h>

#include <cerrno>
#include <cstdio>
#include <fstream>

namespace dtb::gen {

std::string slice_file_name(const Material& m) { return m.name() + ".dtbs"; }

namespace detail {

std::uint64_t hash_bytes(const void* data, std::size_t size, std::uint64_t seed) {
    return XXH64(data, size, seed);
}

void put_le(unsigned char* out, std::uint64_t v, int width) {
    for (int b = 0; b < width; ++b) out[b] = static_cast<unsigned char>(v >> (8 * b));
}

std::uint64_t get_le(const unsigned char* in, int width) {
    std::uint64_t v = 0;
    for (int b = 0; b < width; ++b) v |= std::uint64_t(in[b]) << (8 * b);
    return v;
}

void write_atomically(const std::filesystem::path& path, const SliceFileHeader& header,
                      const std::vector<std::pair<const void*, std::size_t>>& chunks) {
    XXH64_state_t* st = XXH64_createState();
    XXH64_reset(st, 0);
    for (const auto& [data, size] : chunks) XXH64_update(st, data, size);
    SliceFileHeader h = header;
    h.payload_hash = XXH64_digest(st);
    XXH64_freeState(st);

    const auto tmp = path.string() + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw SliceFileError("cannot write " + tmp);
        // The header is written field by field in little-endian order.
        unsigned char raw[sizeof(SliceFileHeader)] = {};
        std::memcpy(raw, h.magic, 8);
        put_le(raw + 8, h.version, 4);
        raw[12] = h.variant;
        raw[13] = h.white_men;
        raw[14] = h.white_kings;
        raw[15] = h.black_men;
        raw[16] = h.black_kings;
        raw[17] = h.width;
        put_le(raw + 20, h.size, 8);
        put_le(raw + 28, h.payload_hash, 8);
        out.write(reinterpret_cast<const char*>(raw), sizeof raw);
        for (const auto& [data, size] : chunks)
            out.write(static_cast<const char*>(data), std::streamsize(size));
        out.flush();
        if (!out) throw SliceFileError("writing " + tmp + " failed (disk full?)");
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw SliceFileError("cannot rename " + tmp + ": " + ec.message());
}

std::vector<unsigned char> read_checked(const std::filesystem::path& path, SliceFileHeader& h) {
    const auto name = path.string();
    std::ifstream in(path, std::ios::binary);
    if (!in) throw SliceFileError(name + ": cannot open");
    unsigned char raw[sizeof(SliceFileHeader)];
    if (!in.read(reinterpret_cast<char*>(raw), sizeof raw))
        throw SliceFileError(name + ": truncated header");
    std::memcpy(h.magic, raw, 8);
    if (std::memcmp(h.magic, "DTBSLICE", 8) != 0)
        throw SliceFileError(name + ": not a dtb slice file");
    h.version = std::uint32_t(get_le(raw + 8, 4));
    if (h.version != kSliceFileVersion)
        throw SliceFileError(name + ": format version " + std::to_string(h.version) +
                             ", this dtb reads " + std::to_string(kSliceFileVersion));
    h.variant = raw[12];
    h.white_men = raw[13];
    h.white_kings = raw[14];
    h.black_men = raw[15];
    h.black_kings = raw[16];
    h.width = raw[17];
    h.size = get_le(raw + 20, 8);
    h.payload_hash = get_le(raw + 28, 8);
    std::vector<unsigned char> payload;
    in.seekg(0, std::ios::end);
    const auto end = std::uint64_t(in.tellg());
    payload.resize(end - sizeof raw);
    in.seekg(sizeof raw);
    if (!in.read(reinterpret_cast<char*>(payload.data()), std::streamsize(payload.size())))
        throw SliceFileError(name + ": truncated");
    if (hash_bytes(payload.data(), payload.size(), 0) != h.payload_hash)
        throw SliceFileError(name + ": checksum mismatch (the file is damaged)");
    return payload;
}

}  // namespace detail
}  // namespace dtb::gen
