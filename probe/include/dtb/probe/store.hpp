// The table files of one directory: found and opened on first use, then read through the
// block cache. Non-template (compiled once): the variant-specific work (moves, index, flip)
// is in prober.hpp, which asks this class for single stored values.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "dtb/core/material.hpp"
#include "dtb/core/value.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/probe/block_cache.hpp"
#include "dtb/probe/status.hpp"

namespace dtb::compress {
class TableReader;
}

namespace dtb::probe {

class Store {
  public:
    // Tables with more pieces than this are never looked for.
    static constexpr int kMaxPieces = 8;

    // Nothing is read until a lookup needs it. A table is looked for in each directory in
    // turn (a search path), and taken from the first that has its file.
    Store(std::vector<std::filesystem::path> dirs, VariantId variant, std::size_t cache_bytes);
    Store(std::filesystem::path dir, VariantId variant, std::size_t cache_bytes)
        : Store(std::vector<std::filesystem::path>{std::move(dir)}, variant, cache_bytes) {}
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    // What lookup gives for an entry 0 of a table in one-ply form (compress/table_format.hpp):
    // no value, the prober finds it from the positions one move away.
    static constexpr std::uint16_t kOnePly = 0xFFFF;

    // The value stored for entry `index` of the table of material m (White to move), kind k,
    // or kOnePly. not_available when the table is not installed; io/corrupt when it cannot be
    // read (the file and the reason go to *message when given). Thread-safe; after a table has
    // been opened, takes no lock.
    Status lookup(const Material& m, ValueKind k, std::uint64_t index, std::uint16_t& value,
                  std::string* message = nullptr) const;

    // What a reader of a record table (record_table.hpp) works out from it once and keeps
    // while the store lives: one number for the table's head and one for each block, kNotKept
    // until set. Empty where the table is not a record table or cannot be opened. Thread-safe.
    static constexpr std::uint64_t kNotKept = ~std::uint64_t(0);
    struct Memo {
        std::span<std::atomic<std::uint64_t>> numbers;
        std::uint32_t block_positions = 0;
    };
    Memo memo(const Material& m, ValueKind k) const;

    const std::vector<std::filesystem::path>& directories() const { return dirs_; }
    VariantId variant() const { return variant_; }
    const BlockCache& cache() const { return cache_; }

  private:
    enum State : std::uint8_t { unknown = 0, open = 1, absent = 2, failed = 3 };
    // Where entry i of an open table is: its block and the cache page within the block,
    // worked out once at open so that a lookup divides by nothing.
    struct Layout {
        std::uint64_t positions = 0;
        std::uint32_t block_positions = 1;
        int block_shift = -1;  // log2(block_positions), -1 when it is not a power of two
        int bits = 16;         // an entry's bits in a cache page
        int page_shift = 0;    // log2(entries a cache page holds)
        bool cacheable = false, one_ply = false;
    };
    struct Table {
        std::atomic<std::uint8_t> state{unknown};
        std::unique_ptr<compress::TableReader> reader;       // set before state becomes open
        Layout layout;                                       // likewise
        Status error = Status::ok;                           // when failed
        std::string message;                                 // when failed
        std::unique_ptr<std::atomic<std::uint64_t>[]> memo;  // a record table's, set at open
        std::size_t memo_size = 0;
    };

    static int slot_of(const Material& m, ValueKind k);
    static Layout layout_of(const compress::TableReader& r, bool caching);
    std::uint8_t open_table(const Material& m, ValueKind k, Table& t) const;
    Status fail(const Table& t, std::string* message) const;

    std::vector<std::filesystem::path> dirs_;
    std::string dirs_text_;  // "DIR1:DIR2", for messages
    VariantId variant_;
    // Distinguishes this store from every other of the process (a thread's last decoded
    // block is remembered under it: an address could be reused by a later store).
    std::uint64_t id_;
    BlockCache cache_;
    mutable std::mutex open_mutex_;  // only while a table is being opened
    std::unique_ptr<Table[]> tables_;
};

}  // namespace dtb::probe
