// The reader: map the file, check everything that can be checked without decoding (header,
// sizes, offsets, the index hash), decode a block on demand after checking its hash.
#include "dtb/compress/table_reader.hpp"

#define ZSTD_STATIC_LINKING_ONLY  // ZSTD_d_format (magicless frames), a stable parameter
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>

#include "block_codec.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/variant.hpp"
#include "run_code.hpp"

namespace dtb::compress {

DecodeContext::DecodeContext() : dctx_(ZSTD_createDCtx()) {
    if (dctx_) ZSTD_DCtx_setParameter(dctx_, ZSTD_d_format, ZSTD_f_zstd1_magicless);
}
DecodeContext::~DecodeContext() { ZSTD_freeDCtx(dctx_); }
DecodeContext::DecodeContext(DecodeContext&& o) noexcept
    : dctx_(std::exchange(o.dctx_, nullptr)), scratch_(std::move(o.scratch_)), runs_(o.runs_) {}
DecodeContext& DecodeContext::operator=(DecodeContext&& o) noexcept {
    if (this != &o) {
        ZSTD_freeDCtx(dctx_);
        dctx_ = std::exchange(o.dctx_, nullptr);
        scratch_ = std::move(o.scratch_);
        runs_ = o.runs_;
    }
    return *this;
}

TableReader::~TableReader() {
    ZSTD_freeDDict(ddict_);
    if (map_) munmap(const_cast<unsigned char*>(map_), map_size_);
}

ErrorCode TableReader::fail(ErrorCode c, const std::string& what, std::string& message) const {
    message = path_.string() + ": " + what;
    return c;
}

namespace {

// Index entries of a material in a variant (0 when the variant id is unknown).
std::uint64_t index_size(VariantId variant, const Material& m) {
    if (int(variant) >= kVariantCount) return 0;
    return dispatch(variant, [&](auto v) { return Index<decltype(v)>(m).size(); });
}

std::string spec_text(const TableSpec& s) {
    const std::string variant = int(s.variant) < kVariantCount
                                    ? std::string(variant_name(s.variant))
                                    : "variant #" + std::to_string(int(s.variant));
    return variant + " " + s.material.name() + " " + to_string(s.kind);
}

}  // namespace

ErrorCode TableReader::open(const std::filesystem::path& path, const TableSpec& expected,
                            std::unique_ptr<TableReader>& out, std::string& message) {
    out.reset();
    std::unique_ptr<TableReader> t(new TableReader);
    t->path_ = path;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        const int err = errno;
        return t->fail(err == ENOENT ? ErrorCode::not_found : ErrorCode::io,
                       err == ENOENT ? "no such file" : std::strerror(err), message);
    }
    struct stat st {};
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return t->fail(ErrorCode::io, "not a regular file", message);
    }
    const auto size = std::size_t(st.st_size);
    if (size < sizeof(TableHeader)) {
        ::close(fd);
        return t->fail(ErrorCode::truncated,
                       "truncated: " + std::to_string(size) + " bytes, shorter than the header",
                       message);
    }
    void* p = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);
    if (p == MAP_FAILED)
        return t->fail(ErrorCode::io, std::string("mmap: ") + std::strerror(errno), message);
    t->map_ = static_cast<const unsigned char*>(p);
    t->map_size_ = size;

    TableHeader& h = t->header_;
    decode_header(t->map_, h);
    if (std::memcmp(h.magic, kTableMagic, 8) != 0)
        return t->fail(ErrorCode::bad_magic, "not a dtb table (bad magic)", message);
    if (h.format_version < kOldestReadableFormatVersion ||
        h.format_version > kNewestReadableFormatVersion)
        return t->fail(ErrorCode::bad_version,
                       "format version " + std::to_string(h.format_version) +
                           ", this dtb reads versions " +
                           std::to_string(kOldestReadableFormatVersion) + " to " +
                           std::to_string(kNewestReadableFormatVersion),
                       message);
    if (xxh64(t->map_, kHeaderHashedBytes) != h.header_hash)
        return t->fail(ErrorCode::checksum, "header checksum mismatch (the file is damaged)",
                       message);
    t->spec_ = {VariantId(h.variant),
                Material{h.white_men, h.white_kings, h.black_men, h.black_kings},
                ValueKind(h.kind)};
    const std::optional<BlockCoding> coding = block_coding(h.coding);
    if (h.kind < 1 || h.kind > int(kEveryKind.size()) || !coding)
        return t->fail(ErrorCode::corrupt, "unknown value kind or encoding in the header", message);
    t->coding_ = *coding;
    if (!(t->spec_ == expected))
        return t->fail(ErrorCode::mismatch,
                       "holds " + spec_text(t->spec_) + ", expected " + spec_text(expected),
                       message);
    if (h.file_size != size)
        return t->fail(size < h.file_size ? ErrorCode::truncated : ErrorCode::corrupt,
                       (size < h.file_size ? "truncated: " : "longer than its header says: ") +
                           std::to_string(size) + " bytes, the header says " +
                           std::to_string(h.file_size),
                       message);
    const Material& m = t->spec_.material;
    if (std::max({m.white_men, m.white_kings, m.black_men, m.black_kings}) > 16 ||
        m.white_men + m.white_kings == 0 || m.black_men + m.black_kings == 0)
        return t->fail(ErrorCode::corrupt, "the header's material is not one of a table", message);
    // A steps table is a list (core/counters_value.hpp), not one entry per position.
    if (h.positions == 0 ||
        (!is_record_kind(ValueKind(h.kind)) && h.positions != index_size(VariantId(h.variant), m)))
        return t->fail(ErrorCode::corrupt,
                       "the header's position count does not match the material", message);
    // Before the version that has it, the form field is reserved (a table of values); the
    // one-ply form is a form of WDL tables.
    const bool one_ply = h.form == std::uint8_t(TableForm::one_ply);
    if (h.form > std::uint8_t(TableForm::one_ply) ||
        (h.format_version < kFormFieldVersion && h.form != 0) ||
        (one_ply && ValueKind(h.kind) != ValueKind::wdl))
        return t->fail(ErrorCode::corrupt,
                       "the header's table form does not match its version and kind", message);
    if (h.block_positions == 0 || h.block_positions > kMaxBlockPositions ||
        h.blocks != (h.positions + h.block_positions - 1) / h.block_positions)
        return t->fail(ErrorCode::corrupt, "block counts in the header do not add up", message);
    // Each region follows the one before; the additions cannot overflow once each part is
    // known to be no larger than the file.
    if (h.index_offset != sizeof(TableHeader) || h.blocks > size / sizeof(BlockEntry) ||
        h.dict_offset != h.index_offset + h.blocks * sizeof(BlockEntry) || h.dict_size > size ||
        h.data_offset != h.dict_offset + h.dict_size || h.data_offset > size)
        return t->fail(ErrorCode::corrupt, "the header's offsets do not add up", message);
    if (xxh64(t->map_ + h.index_offset, h.data_offset - h.index_offset) != h.index_hash)
        return t->fail(ErrorCode::checksum, "block index checksum mismatch (the file is damaged)",
                       message);
    const std::uint64_t data = size - h.data_offset;
    std::uint64_t prev = 0;
    for (std::uint64_t b = 0; b < h.blocks; ++b) {
        BlockEntry e{};
        decode_entry(t->map_ + h.index_offset + b * sizeof(BlockEntry), e);
        if (e.offset < prev || e.offset > data || (b == 0 && e.offset != 0))
            return t->fail(ErrorCode::corrupt,
                           "block " + std::to_string(b) + " lies outside the data", message);
        prev = e.offset;
    }
    if (coding->frames == FrameCoding::runs) {
        // The dictionary region holds the table's run code (run_code.hpp).
        auto code = detail::RunCode::from_bytes({t->map_ + h.dict_offset, h.dict_size});
        if (!code) return t->fail(ErrorCode::corrupt, "the table's run code is invalid", message);
        t->run_code_ = std::make_unique<const detail::RunCode>(std::move(*code));
    } else if (h.dict_size > 0) {
        t->ddict_ = ZSTD_createDDict(t->map_ + h.dict_offset, h.dict_size);
        if (!t->ddict_)
            return t->fail(ErrorCode::corrupt, "the zstd dictionary is invalid", message);
    }
    out = std::move(t);
    message.clear();
    return ErrorCode::ok;
}

std::uint32_t TableReader::block_entries(std::uint64_t b) const {
    const std::uint64_t begin = b * header_.block_positions;
    return std::uint32_t(
        std::min<std::uint64_t>(header_.block_positions, header_.positions - begin));
}

ErrorCode TableReader::decode_block(std::uint64_t b, DecodeContext& ctx, std::uint16_t* out,
                                    std::string& message) const {
    const unsigned char* encoded = nullptr;
    if (const auto e = decompress_block(b, ctx, encoded, message); e != ErrorCode::ok) return e;
    detail::decode(encoding(), encoded, block_entries(b), out);
    return ErrorCode::ok;
}

ErrorCode TableReader::checked_frame(std::uint64_t b, const unsigned char*& frame,
                                     std::size_t& size, bool check, std::string& message) const {
    if (b >= header_.blocks)
        return fail(ErrorCode::corrupt,
                    "block " + std::to_string(b) + " asked for, the table has " +
                        std::to_string(header_.blocks),
                    message);
    const unsigned char* base = map_ + header_.data_offset;
    BlockEntry e{}, next{};
    decode_entry(map_ + header_.index_offset + b * sizeof(BlockEntry), e);
    std::uint64_t end = map_size_ - header_.data_offset;
    if (b + 1 < header_.blocks) {
        decode_entry(map_ + header_.index_offset + (b + 1) * sizeof(BlockEntry), next);
        end = next.offset;
    }
    frame = base + e.offset;
    size = std::size_t(end - e.offset);
    if (check && xxh64(frame, size) != e.hash)
        return fail(ErrorCode::checksum,
                    "block " + std::to_string(b) + " checksum mismatch (the file is damaged)",
                    message);
    return ErrorCode::ok;
}

ErrorCode TableReader::block_entry(std::uint64_t b, std::uint32_t i, bool resume,
                                   DecodeContext& ctx, std::uint16_t& value,
                                   std::string& message) const {
    if (!run_code_) {
        const unsigned char* encoded = ctx.scratch_.data();
        if (!resume)
            if (const auto e = decompress_block(b, ctx, encoded, message); e != ErrorCode::ok)
                return e;
        value = encoded_value(encoding(), encoded, block_entries(b), i);
        return ErrorCode::ok;
    }
    const unsigned char* frame = nullptr;
    std::size_t size = 0;
    if (const auto e = checked_frame(b, frame, size, !resume, message); e != ErrorCode::ok)
        return e;
    if (!resume) ctx.runs_ = {};
    const int v = run_code_->value_at(frame, size, block_entries(b), i, ctx.runs_);
    if (v < 0)
        return fail(ErrorCode::corrupt,
                    "block " + std::to_string(b) + " does not decode to its runs", message);
    value = std::uint16_t(v);
    return ErrorCode::ok;
}

ErrorCode TableReader::decompress_block(std::uint64_t b, DecodeContext& ctx,
                                        const unsigned char*& encoded, std::string& message) const {
    if (!ctx.dctx_)
        return fail(ErrorCode::io, "zstd: no decompression context (out of memory)", message);
    const unsigned char* frame_start = nullptr;
    std::size_t frame = 0;
    if (const auto e = checked_frame(b, frame_start, frame, true, message); e != ErrorCode::ok)
        return e;
    const std::size_t bytes = detail::encoded_size(encoding(), block_entries(b));
    const std::size_t room = run_code_ ? detail::RunCode::decoded_room(block_entries(b)) : bytes;
    if (ctx.scratch_.size() < room) ctx.scratch_.resize(room);
    if (run_code_) {
        if (!run_code_->decode(frame_start, frame, block_entries(b), ctx.scratch_.data()))
            return fail(ErrorCode::corrupt,
                        "block " + std::to_string(b) + " does not decode to its runs", message);
        encoded = ctx.scratch_.data();
        return ErrorCode::ok;
    }
    const std::size_t r =
        ddict_ ? ZSTD_decompress_usingDDict(ctx.dctx_, ctx.scratch_.data(), bytes, frame_start,
                                            frame, ddict_)
               : ZSTD_decompressDCtx(ctx.dctx_, ctx.scratch_.data(), bytes, frame_start, frame);
    if (ZSTD_isError(r) || r != bytes)
        return fail(
            ErrorCode::corrupt,
            "block " + std::to_string(b) + " does not decode" +
                (ZSTD_isError(r) ? std::string(": ") + ZSTD_getErrorName(r) : " to its size"),
            message);
    encoded = ctx.scratch_.data();
    return ErrorCode::ok;
}

std::size_t encoded_size(Encoding e, std::size_t n) { return detail::encoded_size(e, n); }

std::uint16_t encoded_value(Encoding e, const unsigned char* encoded, std::size_t n,
                            std::size_t i) {
    switch (e) {
        case Encoding::bytes:
            return encoded[i];
        case Encoding::planes16:
            return std::uint16_t(encoded[i] | encoded[n + i] << 8);
        case Encoding::packed2:
            return (encoded[i / 4] >> (2 * (i % 4))) & 3;
        case Encoding::packed4:
            return (encoded[i / 2] >> (4 * (i % 2))) & 15;
    }
    return 0;
}

ErrorCode TableReader::verify(DecodeContext& ctx, std::string& message) const {
    if (xxh64(map_ + sizeof(TableHeader), map_size_ - sizeof(TableHeader)) != header_.file_hash)
        return fail(ErrorCode::checksum, "file checksum mismatch (the file is damaged)", message);
    std::vector<std::uint16_t> values(block_entries(0));
    for (std::uint64_t b = 0; b < header_.blocks; ++b)
        if (const auto c = decode_block(b, ctx, values.data(), message); c != ErrorCode::ok)
            return c;
    message.clear();
    return ErrorCode::ok;
}

}  // namespace dtb::compress
