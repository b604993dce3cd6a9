// The writer: fill don't-care entries, cut into blocks, encode, compress (in parallel: each
// block is compressed on its own, so the bytes do not depend on the thread count) or, at the
// small preset, also code as runs and keep the smaller; write header, index, dictionary (or
// run code) and frames under a temporary name, rename.
#include "dtb/compress/table_writer.hpp"

#define ZSTD_STATIC_LINKING_ONLY  // ZSTD_c_format (magicless frames), a stable parameter
#include <xxhash.h>
#include <zdict.h>
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
// The fast preset of earlier releases (tables written then still count as fast).
constexpr int kEarlierFastLevel = 6;
constexpr std::size_t kDictionaryBytes = 8192;
constexpr std::uint64_t kMinBlocksForDictionary = 64;

struct CctxDeleter {
    void operator()(ZSTD_CCtx* c) const { ZSTD_freeCCtx(c); }
};
struct CdictDeleter {
    void operator()(ZSTD_CDict* c) const { ZSTD_freeCDict(c); }
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

// Compresses `count` blocks, with the dictionary when it is not null. The bytes of block b
// are what produce(b, scratch) returns, scratch being the calling thread's own Scratch: a
// block is filled, encoded and compressed by one thread while it is in its cache, and only
// the compressed frames are kept.
template <class Scratch, class Produce>
std::vector<std::vector<unsigned char>> compress_each(std::size_t count, int level,
                                                      const ZSTD_CDict* dict, Produce&& produce) {
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
            if (dict) ZSTD_CCtx_refCDict(cctx.get(), dict);
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

// Compresses every block of raw (with the dictionary when it is not null).
std::vector<std::vector<unsigned char>> compress_blocks(
    const std::vector<std::vector<unsigned char>>& raw, int level, const ZSTD_CDict* dict) {
    struct None {};
    return compress_each<None>(raw.size(), level, dict, [&](std::size_t b, None&) {
        return std::span<const unsigned char>(raw[b]);
    });
}

// Every block as Huffman-coded runs (run_code.hpp): the table's code, made from the runs of
// all its blocks, and each block's frame. values(b, scratch) is block b's values, don't-care
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

// Puts the runs in place of the zstd frames and dictionary when they make the smaller file,
// or whatever the size when `asked`: the one rule of write_table and recompress_table, which
// must choose alike. Returns whether the runs were taken.
bool take_runs(RunFrames&& runs, bool asked, std::vector<std::vector<unsigned char>>& frames,
               std::vector<unsigned char>& dict) {
    if (!asked && total_size(runs.frames) + runs.code.size() >= total_size(frames) + dict.size())
        return false;
    frames = std::move(runs.frames);
    dict = std::move(runs.code);
    return true;
}

// The largest value whose entry is not don't-care. A mask instead of a select, in a loop of
// its own: gcc leaves a select in OpenMP's outlined reduction loop scalar, with a branch.
template <class T>
T largest_stored(std::span<const T> values, std::span<const std::uint8_t> dont_care) {
    T largest = 0;
    for (std::size_t i = 0; i < values.size(); ++i)
        largest = std::max(largest, T(values[i] & -T(dont_care[i] == 0)));
    return largest;
}

// Whether a table of this preset and encoding is also tried as Huffman-coded runs.
bool runs_at(Compression c, Encoding e) {
    return c == Compression::small && e == Encoding::packed2;
}

// A dictionary trained on the blocks themselves (empty when training fails, as it does on
// too little or too uniform data).
std::vector<unsigned char> train_dictionary(const std::vector<std::vector<unsigned char>>& raw) {
    std::vector<unsigned char> samples;
    std::vector<std::size_t> sizes;
    // At most ~100 dictionary sizes of samples, spread evenly over the table.
    const std::size_t budget = 100 * kDictionaryBytes;
    const std::size_t step = std::max<std::size_t>(1, total_size(raw) / budget);
    for (std::size_t b = 0; b < raw.size(); b += step) {
        samples.insert(samples.end(), raw[b].begin(), raw[b].end());
        sizes.push_back(raw[b].size());
    }
    std::vector<unsigned char> dict(kDictionaryBytes);
    const std::size_t r = ZDICT_trainFromBuffer(dict.data(), dict.size(), samples.data(),
                                                sizes.data(), unsigned(sizes.size()));
    if (ZDICT_isError(r)) return {};
    dict.resize(r);
    return dict;
}

// The header's description of a table (write_file fills in offsets, sizes and hashes).
TableHeader header_of(const TableSpec& spec, std::uint32_t format_version, TableForm form,
                      Encoding enc, std::uint32_t block_positions, std::uint64_t positions,
                      std::uint16_t max_value, int level) {
    TableHeader h{};
    std::memcpy(h.magic, kTableMagic, 8);
    h.format_version = form == TableForm::one_ply ? kOnePlyFormatVersion : format_version;
    h.form = std::uint8_t(form);
    h.variant = std::uint8_t(spec.variant);
    h.white_men = std::uint8_t(spec.material.white_men);
    h.white_kings = std::uint8_t(spec.material.white_kings);
    h.black_men = std::uint8_t(spec.material.black_men);
    h.black_kings = std::uint8_t(spec.material.black_kings);
    h.kind = std::uint8_t(spec.kind);
    h.encoding = std::uint8_t(enc);
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
        put(dict.data(), dict.size());
        for (const auto& f : frames) put(f.data(), f.size());
        out.flush();
        if (!out) throw TableError("writing " + tmp + " failed (disk full?)");
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw TableError("cannot rename " + tmp + " to " + path.string() + ": " + ec.message());
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
    if (level == kEarlierFastLevel) return Compression::fast;
    return std::nullopt;
}

void write_table(const std::filesystem::path& path, const TableSpec& spec,
                 std::span<const std::uint16_t> values, std::span<const std::uint8_t> dont_care) {
    write_table(path, spec, values, dont_care, WriteOptions{});
}

namespace {

// write_table for values of either width. Byte values (a slice's WDL) are widened a block at
// a time, where the block is filled, instead of into a copy of the whole table.
template <class T>
void write_table_of(const std::filesystem::path& path, const TableSpec& spec,
                    std::span<const T> values, std::span<const std::uint8_t> dont_care,
                    const WriteOptions& o) {
    if (values.size() != dont_care.size())
        throw TableError(path.string() + ": " + std::to_string(values.size()) + " values but " +
                         std::to_string(dont_care.size()) + " don't-care flags");
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
                                                             dont_care.subspan(begin, len))));
    }
    const Encoding enc =
        o.encoding != Encoding{0} ? o.encoding : detail::smallest_encoding(max_value);
    if (!detail::valid_encoding(std::uint8_t(enc)) || max_value > detail::max_encodable(enc))
        throw TableError(path.string() + ": values up to " + std::to_string(max_value) +
                         " do not fit encoding " + to_string(enc));
    const bool wdl = spec.kind == ValueKind::wdl;
    if (o.form == TableForm::one_ply && !wdl)
        throw TableError(path.string() + ": only a WDL table can be in one-ply form");
    const std::uint32_t bp = o.block_positions ? o.block_positions
                             : wdl             ? kWdlBlockPositions
                                               : kDistanceBlockPositions;
    const int level = o.level ? o.level : zstd_level(o.compression, spec.kind);
    const Fill fill = o.fill != Fill::best          ? o.fill
                      : spec.kind == ValueKind::dtc ? Fill::frequent
                      : wdl && o.period > 0         ? Fill::aligned
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
        detail::fill_block(block, dont_care.subspan(begin, len), fill, o.period, w.filled.data());
        return std::span<const std::uint16_t>(w.filled.data(), len);
    };
    const auto encode_block = [&](std::uint64_t b, Scratch& w) {
        const auto filled = filled_block(b, w);
        w.encoded.resize(detail::encoded_size(enc, filled.size()));
        detail::encode(enc, filled, w.encoded.data());
        return std::span<const unsigned char>(w.encoded);
    };

    std::vector<unsigned char> dict;
    std::vector<std::vector<unsigned char>> frames;
    Encoding written = enc;
    if (enc == Encoding::runs2) {
        // Asked for: no zstd frames to compare with.
    } else if (!o.dictionary || blocks < kMinBlocksForDictionary) {
        frames = compress_each<Scratch>(blocks, level, nullptr, encode_block);
    } else {
        // A dictionary is trained on the encoded blocks: they are kept.
        std::vector<std::vector<unsigned char>> raw(blocks);
#pragma omp parallel if (blocks >= 4)
        {
            Scratch scratch;
#pragma omp for schedule(dynamic, 16)
            for (std::uint64_t b = 0; b < blocks; ++b) {
                const auto e = encode_block(b, scratch);
                raw[b].assign(e.begin(), e.end());
            }
        }
        frames = compress_blocks(raw, level, nullptr);
        auto d = train_dictionary(raw);
        if (!d.empty()) {
            std::unique_ptr<ZSTD_CDict, CdictDeleter> cdict(
                ZSTD_createCDict(d.data(), d.size(), level));
            if (!cdict) throw TableError("zstd: out of memory");
            auto with = compress_blocks(raw, level, cdict.get());
            if (total_size(with) + d.size() < total_size(frames)) {
                frames = std::move(with);
                dict = std::move(d);
            }
        }
    }
    // The small preset codes a 2-bit table as runs too, and keeps the smaller.
    if (enc == Encoding::runs2 || (runs_at(o.compression, enc) && o.encoding == Encoding{0} &&
                                   o.level == 0 && !o.dictionary)) {
        if (take_runs(run_frames<Scratch>(blocks, filled_block), enc == Encoding::runs2, frames,
                      dict))
            written = Encoding::runs2;
    }

    write_file(path, header_of(spec, kTableFormatVersion, o.form, written, bp, n, max_value, level),
               dict, frames);
}

}  // namespace

void write_table(const std::filesystem::path& path, const TableSpec& spec,
                 std::span<const std::uint16_t> values, std::span<const std::uint8_t> dont_care,
                 const WriteOptions& o) {
    write_table_of(path, spec, values, dont_care, o);
}
void write_table(const std::filesystem::path& path, const TableSpec& spec,
                 std::span<const std::uint8_t> values, std::span<const std::uint8_t> dont_care,
                 const WriteOptions& o) {
    write_table_of(path, spec, values, dont_care, o);
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
    // Decoded, a runs2 block is packed2; zstd compresses it as that.
    Encoding enc = t->encoding() == Encoding::runs2 ? Encoding::packed2 : t->encoding();
    auto frames = compress_blocks(raw, level, nullptr);
    std::vector<unsigned char> code;
    if (runs_at(c, enc)) {
        struct Unpacked {
            std::vector<std::uint16_t> values;
        };
        auto runs = run_frames<Unpacked>(raw.size(), [&](std::size_t b, Unpacked& u) {
            u.values.resize(t->block_entries(b));
            detail::decode(Encoding::packed2, raw[b].data(), u.values.size(), u.values.data());
            return std::span<const std::uint16_t>(u.values);
        });
        if (take_runs(std::move(runs), false, frames, code)) enc = Encoding::runs2;
    }
    // The source's format version: a version-1 table still stores its threatened positions.
    const TableHeader h = header_of(expected, t->format_version(), t->form(), enc,
                                    t->block_positions(), t->positions(), t->max_value(), level);
    t.reset();  // unmapped before the file is replaced
    write_file(path, h, code, frames);
}

}  // namespace dtb::compress
