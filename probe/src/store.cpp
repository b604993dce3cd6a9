#include "dtb/probe/store.hpp"

#include <system_error>
#include <vector>

#include "dtb/compress/table_reader.hpp"

namespace dtb::probe {

namespace {

constexpr int kDim = Store::kMaxPieces + 1;  // 0..8 men or kings of a kind
constexpr int kSlots = kDim * kDim * kDim * kDim * kKinds;

// The decoder state of this thread: a zstd context and room for one block. Per thread
// rather than per handle so that a probe never waits for another thread's decoder; it holds
// no table data, so one serves every handle.
struct ThreadDecoder {
    compress::DecodeContext context;
    std::vector<std::uint16_t> block;
};
ThreadDecoder& thread_decoder() {
    thread_local ThreadDecoder d;
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

// The key of a cached page: table slot, block, page within the block. A table with more
// than 2^40 blocks or blocks of more than 256 pages is not cached (no format writes those).
constexpr std::uint64_t kMaxBlock = std::uint64_t{1} << 40;
constexpr std::uint64_t kMaxPagesPerBlock = 256;
std::uint64_t page_key(int slot, std::uint64_t block, std::uint64_t page) {
    return std::uint64_t(slot) << 48 | block << 8 | page;
}

}  // namespace

Store::Store(std::filesystem::path dir, VariantId variant, std::size_t cache_bytes)
    : dir_(std::move(dir)),
      variant_(variant),
      cache_(cache_bytes),
      tables_(std::make_unique<Table[]>(kSlots)) {}

Store::~Store() = default;

int Store::slot_of(const Material& m, Kind k) {
    return (((m.white_men * kDim + m.white_kings) * kDim + m.black_men) * kDim + m.black_kings) *
               kKinds +
           int(k);
}

std::uint8_t Store::open_table(const Material& m, Kind k, Table& t) const {
    std::lock_guard lock(open_mutex_);
    const auto state = t.state.load(std::memory_order_acquire);
    if (state != unknown) return state;  // opened by another thread meanwhile
    const auto kind = compress::ValueKind(int(k) + 1);
    const auto path = dir_ / compress::table_file_name(m, kind);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        t.state.store(absent, std::memory_order_release);
        return absent;
    }
    const compress::TableSpec spec{std::uint8_t(variant_), m, kind};
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
    t.state.store(open, std::memory_order_release);
    return open;
}

Status Store::fail(const Table& t, std::string* message) const {
    if (message) *message = t.message;
    return t.error;
}

Status Store::lookup(const Material& m, Kind k, std::uint64_t index, std::uint16_t& value,
                     std::string* message) const {
    if (m.white_men > kMaxPieces || m.white_kings > kMaxPieces || m.black_men > kMaxPieces ||
        m.black_kings > kMaxPieces || m.pieces() > kMaxPieces) {
        if (message) *message = m.name() + ": more pieces than any table has";
        return Status::not_available;
    }
    const int slot = slot_of(m, k);
    Table& t = tables_[std::size_t(slot)];
    auto state = t.state.load(std::memory_order_acquire);
    if (state == unknown) state = open_table(m, k, t);
    if (state == absent) {
        if (message)
            *message = m.name() + ": no " + compress::to_string(compress::ValueKind(int(k) + 1)) +
                       " table in " + dir_.string();
        return Status::not_available;
    }
    if (state == failed) return fail(t, message);

    const compress::TableReader& r = *t.reader;
    if (index >= r.positions()) {
        if (message)
            *message = r.path().string() + ": index " + std::to_string(index) +
                       " beyond the table's " + std::to_string(r.positions()) + " entries";
        return Status::corrupt;
    }
    const std::uint64_t block = index / r.block_positions();
    const auto offset = std::uint32_t(index % r.block_positions());
    const std::uint64_t pages =
        (std::uint64_t(r.block_positions()) + BlockCache::kPageEntries - 1) /
        BlockCache::kPageEntries;
    const bool cacheable = block < kMaxBlock && pages <= kMaxPagesPerBlock;
    const std::uint32_t page = offset / BlockCache::kPageEntries;
    if (cacheable &&
        cache_.find(page_key(slot, block, page), offset % BlockCache::kPageEntries, value))
        return Status::ok;

    ThreadDecoder& d = thread_decoder();
    if (d.block.size() < r.block_positions()) d.block.resize(r.block_positions());
    std::string why;
    const auto e = r.decode_block(block, d.context, d.block.data(), why);
    if (e != compress::ErrorCode::ok) {
        if (message) *message = r.path().string() + ": block " + std::to_string(block) + ": " + why;
        const Status s = status_of(e);
        return s == Status::not_available ? Status::io : s;
    }
    value = d.block[offset];
    if (cacheable) {
        // Every page of the block: neighbouring positions are often probed next.
        const std::uint32_t entries = r.block_entries(block);
        for (std::uint32_t p = 0; p * BlockCache::kPageEntries < entries; ++p) {
            const std::uint32_t begin = p * BlockCache::kPageEntries;
            cache_.insert(page_key(slot, block, p), d.block.data() + begin,
                          std::min(BlockCache::kPageEntries, entries - begin));
        }
    }
    return Status::ok;
}

}  // namespace dtb::probe
