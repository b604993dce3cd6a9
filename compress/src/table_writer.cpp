// The writer: fill left-out entries, cut into blocks, encode, compress (in parallel: each
// block is compressed on its own, so the bytes do not depend on the thread count) or, at the
// small preset, also code as runs and keep the smaller; write header, index, run code (runs
// only) and frames under a temporary name, put in place durably (durable_file.hpp).
#include "dtb/compress/table_writer.hpp"

#define ZSTD_STATIC_LINKING_ONLY  // ZSTD_c_format (magicless frames), a stable parameter
#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "block_codec.hpp"
#include "dtb/compress/durable_file.hpp"
#include "dtb/compress/kill_point.hpp"
#include "dtb/compress/table_reader.hpp"
#include "run_code.hpp"

namespace dtb::compress {

namespace {

// The defaults: what gave the smallest files on russian up to 5 pieces, and for the fast
// preset a level chosen for speed (its tables are meant to be packed later, by dtb pack);
// the measurements are in docs/performance.md.
constexpr std::uint32_t kWdlBlockPositions = 32768;
constexpr std::uint32_t kDistanceBlockPositions = 16384;
constexpr int kWdlLevel = 19;
constexpr int kDistanceLevel = 15;
constexpr int kFastLevel = 3;

struct CctxDeleter {
    void operator()(ZSTD_CCtx* c) const { ZSTD_freeCCtx(c); }
};

void check_zstd(std::size_t r, const char* what) {
    if (ZSTD_isError(r))
        throw TableError(std::string("zstd: ") + what + ": " + ZSTD_getErrorName(r));
}

std::unique_ptr<ZSTD_CCtx, CctxDeleter> make_cctx(int level) {
    std::unique_ptr<ZSTD_CCtx, CctxDeleter> c(ZSTD_createCCtx());
    if (!c) throw TableError("zstd: out of memory");
    check_zstd(ZSTD_CCtx_setParameter(c.get(), ZSTD_c_compressionLevel, level), "level");
    // The header and the index record what the frame header would: drop it to the minimum.
    check_zstd(ZSTD_CCtx_setParameter(c.get(), ZSTD_c_format, ZSTD_f_zstd1_magicless), "format");
    check_zstd(ZSTD_CCtx_setParameter(c.get(), ZSTD_c_contentSizeFlag, 0), "content size");
    check_zstd(ZSTD_CCtx_setParameter(c.get(), ZSTD_c_checksumFlag, 0), "checksum");
    check_zstd(ZSTD_CCtx_setParameter(c.get(), ZSTD_c_dictIDFlag, 0), "dictionary id");
    return c;
}

// Compresses `count` blocks. The bytes of block b are what produce(b, scratch) returns, scratch
// being the calling thread's own Scratch: a block is filled, encoded and compressed by one thread
// while it is in its cache, and only the compressed frames are kept.
template <class Scratch, class Produce>
std::vector<std::vector<unsigned char>> compress_each(std::size_t count, int level,
                                                      Produce&& produce) {
    std::vector<std::vector<unsigned char>> out(count);
    bool failed = false;
    std::string error;
    // Threads only for tables of several blocks: waking them costs more than a small table.
#pragma omp parallel if (count >= 4)
    {
        std::unique_ptr<ZSTD_CCtx, CctxDeleter> cctx;
        Scratch scratch;
        try {
            cctx = make_cctx(level);
        } catch (const TableError& e) {
#pragma omp critical
            {
                failed = true;
                error = e.what();
            }
        }
#pragma omp for schedule(dynamic, 4)
        for (std::size_t b = 0; b < count; ++b) {
            if (!cctx) continue;
            const std::span<const unsigned char> src = produce(b, scratch);
            auto& dst = out[b];
            dst.resize(ZSTD_compressBound(src.size()));
            const std::size_t r =
                ZSTD_compress2(cctx.get(), dst.data(), dst.size(), src.data(), src.size());
            if (ZSTD_isError(r)) {
#pragma omp critical
                {
                    failed = true;
                    error = ZSTD_getErrorName(r);
                }
                continue;
            }
            dst.resize(r);
        }
    }
    if (failed) throw TableError("zstd: " + error);
    return out;
}

// Compresses every block of raw.
std::vector<std::vector<unsigned char>> compress_blocks(
    const std::vector<std::vector<unsigned char>>& raw, int level) {
    struct None {};
    return compress_each<None>(raw.size(), level, [&](std::size_t b, None&) {
        return std::span<const unsigned char>(raw[b]);
    });
}

// Every block as Huffman-coded runs (run_code.hpp): the table's code, made from the runs of
// all its blocks, and each block's frame. values(b, scratch) is block b's values, left-out
// entries filled, in the calling thread's Scratch.
struct RunFrames {
    std::vector<unsigned char> code;
    std::vector<std::vector<unsigned char>> frames;
};
template <class Scratch, class Values>
RunFrames run_frames(std::size_t count, Values&& values) {
    detail::RunCounts counts{};
#pragma omp parallel if (count >= 4)
    {
        Scratch scratch;
        detail::RunCounts mine{};
#pragma omp for schedule(dynamic, 16)
        for (std::size_t b = 0; b < count; ++b) detail::count_runs(values(b, scratch), mine);
#pragma omp critical
        for (std::size_t s = 0; s < counts.size(); ++s) counts[s] += mine[s];
    }
    const auto code = detail::RunCode::from_counts(counts);
    RunFrames out{code.bytes(), std::vector<std::vector<unsigned char>>(count)};
    bool failed = false;
#pragma omp parallel if (count >= 4)
    {
        Scratch scratch;
#pragma omp for schedule(dynamic, 16)
        for (std::size_t b = 0; b < count; ++b) {
            try {
                code.encode(values(b, scratch), out.frames[b]);
            } catch (const TableError&) {
#pragma omp critical
                failed = true;
            }
        }
    }
    if (failed) throw TableError("a block's runs are not those its table's code was made from");
    return out;
}

std::size_t total_size(const std::vector<std::vector<unsigned char>>& v) {
    std::size_t s = 0;
    for (const auto& x : v) s += x.size();
    return s;
}

// Puts the runs in place of the zstd frames when they make the smaller file: the one rule of
// write_table and recompress_table, which must choose alike. Returns whether the runs were
// taken (their code is then the table's dictionary region).
bool take_runs(RunFrames&& runs, std::vector<std::vector<unsigned char>>& frames,
               std::vector<unsigned char>& code) {
    if (total_size(runs.frames) + runs.code.size() >= total_size(frames)) return false;
    frames = std::move(runs.frames);
    code = std::move(runs.code);
    return true;
}

// The largest value whose entry is not left out. A mask instead of a select, in a loop of
// its own: gcc leaves a select in OpenMP's outlined reduction loop scalar, with a branch.
template <class T>
T largest_stored(std::span<const T> values, std::span<const std::uint8_t> left_out) {
    T largest = 0;
    for (std::size_t i = 0; i < values.size(); ++i)
        largest = std::max(largest, T(values[i] & -T(left_out[i] == 0)));
    return largest;
}

// Whether a table of this preset and encoding is also tried as Huffman-coded runs.
bool runs_at(Compression c, Encoding e) {
    return c == Compression::small && e == Encoding::packed2;
}

// The header's description of a table (write_file fills in offsets, sizes and hashes).
TableHeader header_of(const TableSpec& spec, std::uint32_t format_version, TableForm form,
                      BlockCoding coding, std::uint32_t block_positions, std::uint64_t positions,
                      std::uint16_t max_value, int level) {
    TableHeader h{};
    std::memcpy(h.magic, kTableMagic, 8);
    h.format_version = format_version;
    h.form = std::uint8_t(form);
    h.variant = std::uint8_t(spec.variant);
    h.white_men = std::uint8_t(spec.material.white_men);
    h.white_kings = std::uint8_t(spec.material.white_kings);
    h.black_men = std::uint8_t(spec.material.black_men);
    h.black_kings = std::uint8_t(spec.material.black_kings);
    h.kind = std::uint8_t(spec.kind);
    h.coding = coding_byte(coding);
    h.zstd_level = std::uint8_t(std::clamp(level, 0, 255));  // zstd's negative levels: 0
    h.block_positions = block_positions;
    h.positions = positions;
    h.blocks = (positions + block_positions - 1) / block_positions;
    h.max_value = max_value;
    return h;
}

void write_file(const std::filesystem::path& path, TableHeader h,
                const std::vector<unsigned char>& dict,
                const std::vector<std::vector<unsigned char>>& frames) {
    std::vector<unsigned char> index(frames.size() * sizeof(BlockEntry));
    std::uint64_t offset = 0;
    for (std::size_t b = 0; b < frames.size(); ++b) {
        encode_entry({offset, xxh64(frames[b].data(), frames[b].size())},
                     index.data() + b * sizeof(BlockEntry));
        offset += frames[b].size();
    }
    h.index_offset = sizeof(TableHeader);
    h.dict_offset = h.index_offset + index.size();
    h.dict_size = dict.size();
    h.data_offset = h.dict_offset + dict.size();
    h.file_size = h.data_offset + offset;
    // The index hash covers index and dictionary, the whole-file hash index, dictionary and
    // frames, in file order: both hashed piece by piece, without a copy of the file.
    const std::unique_ptr<XXH64_state_t, decltype(&XXH64_freeState)> index_state(
        XXH64_createState(), XXH64_freeState),
        file_state(XXH64_createState(), XXH64_freeState);
    if (!index_state || !file_state) throw TableError("xxhash: out of memory");
    XXH64_reset(index_state.get(), 0);
    XXH64_reset(file_state.get(), 0);
    for (auto* st : {index_state.get(), file_state.get()}) {
        XXH64_update(st, index.data(), index.size());
        XXH64_update(st, dict.data(), dict.size());
    }
    for (const auto& f : frames) XXH64_update(file_state.get(), f.data(), f.size());
    h.index_hash = XXH64_digest(index_state.get());
    h.file_hash = XXH64_digest(file_state.get());
    unsigned char raw[sizeof(TableHeader)];
    encode_header(h, raw);
    h.header_hash = xxh64(raw, kHeaderHashedBytes);
    encode_header(h, raw);

    const auto tmp = path.string() + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw TableError("cannot write " + tmp);
        const auto put = [&](const void* data, std::size_t size) {
            out.write(static_cast<const char*>(data), std::streamsize(size));
        };
        put(raw, sizeof raw);
        put(index.data(), index.size());
        kill_point("table", "partial");  // a file stopped halfway
        put(dict.data(), dict.size());
        for (const auto& f : frames) put(f.data(), f.size());
        out.flush();
        if (!out) throw TableError("writing " + tmp + " failed (disk full?)");
    }
    durable_replace(tmp, path, "table");
}

// Reads, checks and returns the encoded bytes of every block of an open table.
std::vector<std::vector<unsigned char>> encoded_blocks(const TableReader& t) {
    std::vector<std::vector<unsigned char>> raw(t.blocks());
    bool failed = false;
    std::string error;
#pragma omp parallel if (t.blocks() >= 4)
    {
        DecodeContext ctx;
        std::string message;
#pragma omp for schedule(dynamic, 16)
        for (std::uint64_t b = 0; b < t.blocks(); ++b) {
            const unsigned char* encoded = nullptr;
            if (t.decompress_block(b, ctx, encoded, message) != ErrorCode::ok) {
#pragma omp critical
                if (!failed) {
                    failed = true;
                    error = message;
                }
                continue;
            }
            raw[b].assign(encoded,
                          encoded + detail::encoded_size(t.encoding(), t.block_entries(b)));
        }
    }
    if (failed) throw TableError(error);
    return raw;
}

}  // namespace

const char* to_string(Compression c) { return c == Compression::fast ? "fast" : "small"; }

int zstd_level(Compression c, ValueKind k) {
    if (c == Compression::fast) return kFastLevel;
    return k == ValueKind::wdl ? kWdlLevel : kDistanceLevel;
}

std::optional<Compression> compression_of(ValueKind k, int level) {
    for (const auto c : {Compression::small, Compression::fast})
        if (zstd_level(c, k) == level) return c;
    return std::nullopt;
}

void write_table(const std::filesystem::path& path, const TableSpec& spec,
                 std::span<const std::uint16_t> values, std::span<const std::uint8_t> left_out) {
    write_table(path, spec, values, left_out, WriteOptions{});
}

namespace {

// write_table for values of either width. Byte values (a slice's WDL) are widened a block at
// a time, where the block is filled, instead of into a copy of the whole table.
template <class T>
void write_table_of(const std::filesystem::path& path, const TableSpec& spec,
                    std::span<const T> values, std::span<const std::uint8_t> left_out,
                    const WriteOptions& o) {
    if (values.size() != left_out.size())
        throw TableError(path.string() + ": " + std::to_string(values.size()) + " values but " +
                         std::to_string(left_out.size()) + " left-out flags");
    if (values.empty()) throw TableError(path.string() + ": a table has at least one entry");
    const std::uint64_t n = values.size();
    constexpr std::uint64_t kScanPiece = 1 << 16;
    const std::int64_t pieces = std::int64_t((n + kScanPiece - 1) / kScanPiece);
    std::uint16_t max_value = 0;
#pragma omp parallel for schedule(static) reduction(max : max_value) if (pieces >= 16)
    for (std::int64_t k = 0; k < pieces; ++k) {
        const std::uint64_t begin = std::uint64_t(k) * kScanPiece;
        const std::uint64_t len = std::min(kScanPiece, n - begin);
        max_value =
            std::max(max_value, std::uint16_t(largest_stored(values.subspan(begin, len),
                                                             left_out.subspan(begin, len))));
    }
    const Encoding enc = detail::smallest_encoding(max_value);
    const bool wdl = spec.kind == ValueKind::wdl;
    if (o.form == TableForm::one_ply && !wdl)
        throw TableError(path.string() + ": only a WDL table can be in one-ply form");
    const std::uint32_t bp = o.block_positions ? o.block_positions
                             : wdl             ? kWdlBlockPositions
                                               : kDistanceBlockPositions;
    const int level = zstd_level(o.compression, spec.kind);
    using detail::Fill;
    const Fill fill = spec.kind == ValueKind::dtc ? Fill::frequent
                      : wdl && o.period > 0       ? Fill::aligned
                                                  : Fill::previous;
    if (bp > kMaxBlockPositions)
        throw TableError(path.string() + ": blocks of more than " +
                         std::to_string(kMaxBlockPositions) + " entries");
    const std::uint64_t blocks = (n + bp - 1) / bp;

    // A block filled, and encoded, in the calling thread's scratch.
    struct Scratch {
        std::vector<std::uint16_t> filled, widened;
        std::vector<unsigned char> encoded;
    };
    const auto filled_block = [&](std::uint64_t b, Scratch& w) {
        const std::uint64_t begin = b * bp, len = std::min<std::uint64_t>(bp, n - begin);
        w.filled.resize(bp);
        std::span<const std::uint16_t> block;
        if constexpr (std::is_same_v<T, std::uint16_t>) {
            block = values.subspan(begin, len);
        } else {
            w.widened.resize(bp);
            std::copy_n(values.begin() + std::ptrdiff_t(begin), len, w.widened.begin());
            block = {w.widened.data(), len};
        }
        detail::fill_block(block, left_out.subspan(begin, len), fill, o.period, w.filled.data());
        return std::span<const std::uint16_t>(w.filled.data(), len);
    };
    const auto encode_block = [&](std::uint64_t b, Scratch& w) {
        const auto filled = filled_block(b, w);
        w.encoded.resize(detail::encoded_size(enc, filled.size()));
        detail::encode(enc, filled, w.encoded.data());
        return std::span<const unsigned char>(w.encoded);
    };

    auto frames = compress_each<Scratch>(blocks, level, encode_block);
    std::vector<unsigned char> code;
    BlockCoding coding{enc, FrameCoding::zstd};
    if (runs_at(o.compression, enc) &&
        take_runs(run_frames<Scratch>(blocks, filled_block), frames, code))
        coding.frames = FrameCoding::runs;
    write_file(path,
               header_of(spec, format_version_of(o.form), o.form, coding, bp, n, max_value, level),
               code, frames);
}

}  // namespace

void write_table(const std::filesystem::path& path, const TableSpec& spec,
                 std::span<const std::uint16_t> values, std::span<const std::uint8_t> left_out,
                 const WriteOptions& o) {
    write_table_of(path, spec, values, left_out, o);
}
void write_table(const std::filesystem::path& path, const TableSpec& spec,
                 std::span<const std::uint8_t> values, std::span<const std::uint8_t> left_out,
                 const WriteOptions& o) {
    write_table_of(path, spec, values, left_out, o);
}

void recompress_table(const std::filesystem::path& path, const TableSpec& expected, Compression c) {
    std::unique_ptr<TableReader> t;
    std::string message;
    if (TableReader::open(path, expected, t, message) != ErrorCode::ok) throw TableError(message);
    {
        DecodeContext ctx;
        if (t->verify(ctx, message) != ErrorCode::ok) throw TableError(message);
    }
    const int level = zstd_level(c, expected.kind);
    const auto raw = encoded_blocks(*t);
    BlockCoding coding{t->encoding(), FrameCoding::zstd};
    auto frames = compress_blocks(raw, level);
    std::vector<unsigned char> code;
    if (runs_at(c, coding.encoding)) {
        struct Unpacked {
            std::vector<std::uint16_t> values;
        };
        auto runs = run_frames<Unpacked>(raw.size(), [&](std::size_t b, Unpacked& u) {
            u.values.resize(t->block_entries(b));
            detail::decode(Encoding::packed2, raw[b].data(), u.values.size(), u.values.data());
            return std::span<const std::uint16_t>(u.values);
        });
        if (take_runs(std::move(runs), frames, code)) coding.frames = FrameCoding::runs;
    }
    // The source's format version: a version-1 table still stores its threatened positions.
    const TableHeader h = header_of(expected, t->format_version(), t->form(), coding,
                                    t->block_positions(), t->positions(), t->max_value(), level);
    t.reset();  // unmapped before the file is replaced
    write_file(path, h, code, frames);
}

}  // namespace dtb::compress
