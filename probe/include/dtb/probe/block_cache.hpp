// A bounded cache of decoded table blocks whose hits take no lock and write nothing shared
// but a "recently used" bit.
//
// Why this design: a probe reads one 16-bit value. A cache that hands out pointers to
// decoded blocks would need reference counts or hazard pointers to free a block safely; here
// the memory is a fixed array of slots that are overwritten in place, each guarded by a
// sequence counter (a seqlock). A reader reads the counter, the slot's key and the one word
// it needs, then the counter again: if the counter is even and unchanged, the word belongs to
// that key. A writer claims a slot by moving its counter from even to odd with a CAS (a
// writer that loses the race simply does not cache: the value it decoded is returned all the
// same), fills it, and makes the counter even again. Every shared access is atomic (the data
// through std::atomic_ref, relaxed), so the scheme is free of data races in the C++ model and
// ThreadSanitizer checks it as such.
//
// The slots form sets of up to 8 ways (a set-associative cache, like a CPU's): a key's set is
// a hash of it, a lookup compares the keys of its set, and a miss evicts by the clock rule
// within the set (a way used since the hand last passed it is spared once). Sets are the
// shards: two threads contend only when they write the same set at the same moment.
//
// A slot holds a page of 8 KB of a block as the table encodes it (2, 4, 8 or 16 bits an
// entry, entry i at bit i * bits of the little-endian words): a WDL block of 32768 entries
// is one page, so a miss copies what zstd produced, with no unpacking, and the cache holds
// eight times more WDL entries than it would as 16-bit values. Filling a slot costs 1024
// atomic stores.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace dtb::probe {

class BlockCache {
  public:
    static constexpr std::uint32_t kPageWords = 1024;
    static constexpr std::uint32_t kPageBits = kPageWords * 64;
    static constexpr int kMaxWays = 8;
    static constexpr std::uint64_t kNoKey = ~std::uint64_t{0};

    // A cache using at most about `bytes` bytes (0: caches nothing).
    explicit BlockCache(std::size_t bytes);
    BlockCache(const BlockCache&) = delete;
    BlockCache& operator=(const BlockCache&) = delete;

    // Entry `entry` of the page with key `key` whose entries are `bits` wide (2, 4, 8 or 16;
    // entry * bits < kPageBits), when cached.
    bool find(std::uint64_t key, std::uint32_t entry, int bits, std::uint16_t& value) const;
    // Caches a page of n <= kPageWords words (the rest of the page reads as zero). May
    // decline (another thread is writing the slot it would take); the cache stays consistent
    // either way.
    void insert(std::uint64_t key, const std::uint64_t* words, std::uint32_t n) const;

    std::size_t slots() const { return slots_; }
    std::size_t bytes() const { return slots_ * (kPageWords * 8 + sizeof(Slot)); }

  private:
    struct Slot {
        std::atomic<std::uint64_t> seq{0};  // odd while a writer fills the slot
        std::atomic<std::uint64_t> key{kNoKey};
        std::atomic<std::uint8_t> used{0};  // the clock bit
    };
    struct Set {
        std::atomic<std::uint32_t> hand{0};
    };

    std::size_t set_of(std::uint64_t key) const;

    std::size_t slots_ = 0, sets_ = 0;
    int ways_ = 0;
    std::unique_ptr<Slot[]> slot_;
    std::unique_ptr<Set[]> set_;
    // The pages, kPageWords words a slot. Only ever accessed through std::atomic_ref. Left
    // uninitialised: the memory of a large cache is touched only as it fills.
    std::unique_ptr<std::uint64_t[]> words_;
};

}  // namespace dtb::probe
