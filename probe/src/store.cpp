#include "dtb/probe/store.hpp"
#include "dtb/compress/table_dir.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <system_error>
#include <vector>

#include "dtb/compress/table_reader.hpp"

namespace dtb::probe {

namespace {

constexpr int kKinds = int(kEveryKind.size());
constexpr int kSlots = Material::kSlots * kKinds;
static_assert(Material::kMostOfKind >= Store::kMaxPieces);

// The decoder state of this thread, per value kind: a zstd context and the block it
// decoded last (which a recomputed position's successors, a king move away, usually need
// again; one per kind because a probe of all values reads WDL, DTW and DTC in turn), and
// room for a block as cache pages. Per thread rather than per handle so that a probe never
// waits for another thread's decoder.
struct LastBlock {
    compress::DecodeContext context;
    std::uint64_t store = 0;  // Store::id_ of the block (0: none)
    int slot = -1;
    std::uint64_t block = 0;
    const unsigned char* encoded = nullptr;  // in context, until it decodes again

    bool holds(std::uint64_t s, int t, std::uint64_t b) const {
        return store == s && slot == t && block == b;
    }
    void hold(std::uint64_t s, int t, std::uint64_t b) {
        store = s;
        slot = t;
        block = b;
    }
};
struct ThreadDecoder {
    LastBlock last[kKinds];
    std::vector<std::uint64_t> words;
};
ThreadDecoder& thread_decoder() {
    // Every lookup asks for it: a pointer in the static TLS block is one load, where the
    // object itself, in a shared library, is a call to __tls_get_addr and a guard.
    [[gnu::tls_model("initial-exec")]] static thread_local ThreadDecoder* known = nullptr;
    if (known) return *known;
    thread_local ThreadDecoder d;
    known = &d;
    return d;
}

Status status_of(compress::ErrorCode e) {
    switch (e) {
        case compress::ErrorCode::ok:
            return Status::ok;
        case compress::ErrorCode::not_found:
            return Status::not_available;
        case compress::ErrorCode::io:
            return Status::io;
        default:
            return Status::corrupt;
    }
}

// Bits an entry takes in a cache page: as encoded, except that the two byte planes of a
// 16-bit block are joined into 16-bit entries.
int entry_bits(compress::Encoding e) {
    switch (e) {
        case compress::Encoding::packed2:
            return 2;
        case compress::Encoding::packed4:
            return 4;
        case compress::Encoding::bytes:
            return 8;
        default:
            return 16;
    }
}

// A decompressed block as cache words: entry i at bit i * entry_bits of the little-endian
// words. Returns the number of words.
std::size_t block_words(compress::Encoding e, const unsigned char* encoded, std::uint32_t n,
                        std::vector<std::uint64_t>& words) {
    const std::size_t count = (std::size_t(n) * std::size_t(entry_bits(e)) + 63) / 64;
    if (words.size() < count) words.resize(count);
    std::fill(words.begin(), words.begin() + std::ptrdiff_t(count), 0);
    if (e == compress::Encoding::planes16) {
        for (std::uint32_t i = 0; i < n; ++i)
            words[i / 4] |= std::uint64_t(compress::encoded_value(e, encoded, n, i))
                            << (16 * (i % 4));
        return count;
    }
    const std::size_t have = compress::encoded_size(e, n);
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(words.data(), encoded, have);
    } else {
        for (std::size_t b = 0; b < have; ++b)
            words[b / 8] |= std::uint64_t(encoded[b]) << (8 * (b % 8));
    }
    return count;
}

// The key of a cached page: table slot, block, page within the block. A table with more
// than 2^40 blocks or blocks of more than 256 pages is not cached (no format writes those).
constexpr std::uint64_t kMaxBlock = std::uint64_t{1} << 40;
constexpr std::uint64_t kMaxPagesPerBlock = 256;
std::uint64_t page_key(int slot, std::uint64_t block, std::uint64_t page) {
    return std::uint64_t(slot) << 48 | block << 8 | page;
}

// Whether some table could hold material m: no count of it above Store::kMaxPieces.
bool within_tables(const Material& m) {
    constexpr int most = Store::kMaxPieces;
    return m.white_men <= most && m.white_kings <= most && m.black_men <= most &&
           m.black_kings <= most && m.pieces() <= most;
}

std::uint64_t next_store_id() {
    static std::atomic<std::uint64_t> last{0};
    return last.fetch_add(1, std::memory_order_relaxed) + 1;
}

}  // namespace

Store::Store(std::vector<std::filesystem::path> dirs, VariantId variant, std::size_t cache_bytes)
    : dirs_(std::move(dirs)),
      variant_(variant),
      id_(next_store_id()),
      cache_(cache_bytes),
      tables_(std::make_unique<Table[]>(kSlots)) {
    for (const auto& d : dirs_) {
        if (!dirs_text_.empty()) dirs_text_ += ':';
        dirs_text_ += d.string();
    }
}

Store::~Store() = default;

int Store::slot_of(const Material& m, ValueKind k) { return m.slot() * kKinds + kind_index(k); }

Store::Layout Store::layout_of(const compress::TableReader& r, bool caching) {
    Layout l;
    l.positions = r.positions();
    l.block_positions = r.block_positions();
    if (std::has_single_bit(l.block_positions)) l.block_shift = std::countr_zero(l.block_positions);
    l.bits = entry_bits(r.encoding());
    l.page_shift = std::countr_zero(BlockCache::kPageBits) - std::countr_zero(unsigned(l.bits));
    const std::uint64_t pages = (std::uint64_t(l.block_positions) >> l.page_shift) +
                                ((l.block_positions & ((1u << l.page_shift) - 1)) != 0);
    l.cacheable = caching && r.blocks() <= kMaxBlock && pages <= kMaxPagesPerBlock;
    l.one_ply = r.form() == compress::TableForm::one_ply;
    return l;
}

std::uint8_t Store::open_table(const Material& m, ValueKind kind, Table& t) const {
    std::lock_guard lock(open_mutex_);
    const auto state = t.state.load(std::memory_order_acquire);
    if (state != unknown) return state;  // opened by another thread meanwhile
    std::filesystem::path path;
    for (const auto& dir : dirs_) {
        std::error_code ec;
        // A directory written before compress::kCountersNamedFrom names the kind the old way.
        for (const int format :
             {compress::kDirectoryFormatVersion, compress::kCountersNamedFrom - 1})
            if (path.empty() &&
                std::filesystem::exists(dir / compress::table_file_name(m, kind, format), ec))
                path = dir / compress::table_file_name(m, kind, format);
        if (!path.empty()) break;
    }
    if (path.empty()) {
        t.state.store(absent, std::memory_order_release);
        return absent;
    }
    const compress::TableSpec spec{variant_, m, kind};
    std::string message;
    const auto e = compress::TableReader::open(path, spec, t.reader, message);
    if (e != compress::ErrorCode::ok) {
        t.reader.reset();
        t.error = status_of(e);
        if (t.error == Status::not_available) t.error = Status::io;  // it existed a moment ago
        t.message = path.string() + ": " + message;
        t.state.store(failed, std::memory_order_release);
        return failed;
    }
    t.layout = layout_of(*t.reader, cache_.slots() > 0);
    if (is_record_kind(kind)) {
        t.memo_size = 1 + t.reader->blocks();
        t.memo = std::make_unique<std::atomic<std::uint64_t>[]>(t.memo_size);
        for (std::size_t i = 0; i < t.memo_size; ++i) t.memo[i].store(kNotKept);
    }
    t.state.store(open, std::memory_order_release);
    return open;
}

Store::Memo Store::memo(const Material& m, ValueKind k) const {
    if (!is_record_kind(k) || !within_tables(m)) return {};
    Table& t = tables_[std::size_t(slot_of(m, k))];
    auto state = t.state.load(std::memory_order_acquire);
    if (state == unknown) state = open_table(m, k, t);
    if (state != open) return {};
    return {std::span(t.memo.get(), t.memo_size), t.reader->block_positions()};
}

Status Store::fail(const Table& t, std::string* message) const {
    if (message) *message = t.message;
    return t.error;
}

Status Store::lookup(const Material& m, ValueKind k, std::uint64_t index, std::uint16_t& value,
                     std::string* message) const {
    if (!within_tables(m)) {
        if (message) *message = m.name() + ": more pieces than any table has";
        return Status::not_available;
    }
    const int slot = slot_of(m, k);
    Table& t = tables_[std::size_t(slot)];
    auto state = t.state.load(std::memory_order_acquire);
    if (state == unknown) state = open_table(m, k, t);
    if (state == absent) {
        if (message) *message = m.name() + ": no " + to_string(k) + " table in " + dirs_text_;
        return Status::not_available;
    }
    if (state == failed) return fail(t, message);

    const compress::TableReader& r = *t.reader;
    const Layout& l = t.layout;
    if (index >= l.positions) {
        if (message)
            *message = r.path().string() + ": index " + std::to_string(index) +
                       " beyond the table's " + std::to_string(l.positions) + " entries";
        return Status::corrupt;
    }
    const std::uint64_t block =
        l.block_shift >= 0 ? index >> l.block_shift : index / l.block_positions;
    const auto offset = std::uint32_t(index - block * l.block_positions);
    const compress::Encoding encoding = r.encoding();
    ThreadDecoder& thread = thread_decoder();
    LastBlock& d = thread.last[kind_index(k)];
    // In a table in one-ply form an entry 0 is not a value.
    auto found = [&] {
        if (l.one_ply && value == 0) value = kOnePly;
        return Status::ok;
    };
    const bool same_block = d.holds(id_, slot, block);
    std::string why;
    auto failed = [&](compress::ErrorCode e) {
        if (message) *message = r.path().string() + ": block " + std::to_string(block) + ": " + why;
        const Status s = status_of(e);
        return s == Status::not_available ? Status::io : s;
    };
    if (!l.cacheable) {
        // Without a cache the block is decoded only as far as the entry (a table of runs).
        d.store = 0;  // until the context holds the block again
        if (const auto e = r.block_entry(block, offset, same_block, d.context, value, why);
            e != compress::ErrorCode::ok)
            return failed(e);
        d.hold(id_, slot, block);
        return found();
    }
    if (same_block) {
        value = compress::encoded_value(encoding, d.encoded, r.block_entries(block), offset);
        return found();
    }
    if (cache_.find(page_key(slot, block, offset >> l.page_shift),
                    offset & ((1u << l.page_shift) - 1), l.bits, value))
        return found();

    d.store = 0;  // the context's block is about to change
    const unsigned char* encoded = nullptr;
    if (const auto e = r.decompress_block(block, d.context, encoded, why);
        e != compress::ErrorCode::ok)
        return failed(e);
    d.hold(id_, slot, block);
    d.encoded = encoded;
    const std::uint32_t entries = r.block_entries(block);
    value = compress::encoded_value(encoding, encoded, entries, offset);
    // Every page of the block: neighbouring positions are often probed next.
    const std::size_t words = block_words(encoding, encoded, entries, thread.words);
    for (std::uint64_t p = 0; p * BlockCache::kPageWords < words; ++p) {
        const std::size_t begin = p * BlockCache::kPageWords;
        cache_.insert(page_key(slot, block, p), thread.words.data() + begin,
                      std::uint32_t(std::min<std::size_t>(BlockCache::kPageWords, words - begin)));
    }
    return found();
}

}  // namespace dtb::probe
