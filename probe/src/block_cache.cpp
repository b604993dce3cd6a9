// The seqlock protocol of block_cache.hpp, after H.-J. Boehm, "Can seqlocks get along with
// programming language memory models?" (MSPC 2012): relaxed data accesses between an
// acquire fence (reader) or a release fence (writer) and the counter.
#include "dtb/probe/block_cache.hpp"

#include <algorithm>

namespace dtb::probe {

BlockCache::BlockCache(std::size_t bytes) {
    const std::size_t per_slot = kPageWords * 8 + sizeof(Slot);
    slots_ = bytes / per_slot;
    if (slots_ == 0) return;
    ways_ = int(std::min<std::size_t>(kMaxWays, slots_));
    sets_ = std::min<std::size_t>(slots_ / std::size_t(ways_), 0xFFFFFFFFu);  // set_of's range
    slots_ = sets_ * std::size_t(ways_);
    slot_ = std::make_unique<Slot[]>(slots_);
    set_ = std::make_unique<Set[]>(sets_);
    words_.reset(new std::uint64_t[slots_ * kPageWords]);
}

std::size_t BlockCache::set_of(std::uint64_t key) const {
    // A multiplicative hash (Fibonacci hashing): consecutive blocks land in different sets.
    // Its high 32 bits scaled to the sets by a multiply, not a division (Lemire's reduction).
    const std::uint64_t h = key * 0x9e3779b97f4a7c15ull;
    return std::size_t(((h >> 32) * std::uint64_t(sets_)) >> 32);
}

bool BlockCache::find(std::uint64_t key, std::uint32_t entry, int bits,
                      std::uint16_t& value) const {
    if (sets_ == 0) return false;
    const std::size_t first = set_of(key) * std::size_t(ways_);
    for (int w = 0; w < ways_; ++w) {
        Slot& s = slot_[first + std::size_t(w)];
        const std::uint64_t seq = s.seq.load(std::memory_order_acquire);
        if ((seq & 1) || s.key.load(std::memory_order_relaxed) != key) continue;
        const std::uint32_t bit = entry * std::uint32_t(bits);
        std::uint64_t& word = words_[(first + std::size_t(w)) * kPageWords + bit / 64];
        const std::uint64_t x =
            std::atomic_ref<std::uint64_t>(word).load(std::memory_order_relaxed);
        std::atomic_thread_fence(std::memory_order_acquire);
        if (s.seq.load(std::memory_order_relaxed) != seq) continue;  // overwritten meanwhile
        value = std::uint16_t((x >> (bit % 64)) & ((std::uint64_t{1} << bits) - 1));
        if (!s.used.load(std::memory_order_relaxed)) s.used.store(1, std::memory_order_relaxed);
        return true;
    }
    return false;
}

void BlockCache::insert(std::uint64_t key, const std::uint64_t* words, std::uint32_t n) const {
    if (sets_ == 0) return;
    const std::size_t set = set_of(key);
    const std::size_t first = set * std::size_t(ways_);
    // The clock: skip (and clear) ways used since the hand last passed them.
    std::size_t victim = first;
    for (int step = 0; step < 2 * ways_; ++step) {
        const auto w =
            set_[set].hand.fetch_add(1, std::memory_order_relaxed) % std::uint32_t(ways_);
        Slot& s = slot_[first + w];
        if (s.key.load(std::memory_order_relaxed) == key) return;  // cached by another thread
        if (s.used.load(std::memory_order_relaxed)) {
            s.used.store(0, std::memory_order_relaxed);
            continue;
        }
        victim = first + w;
        break;
    }
    Slot& s = slot_[victim];
    std::uint64_t seq = s.seq.load(std::memory_order_relaxed);
    if ((seq & 1) || !s.seq.compare_exchange_strong(seq, seq + 1, std::memory_order_relaxed))
        return;  // another writer has the slot
    std::atomic_thread_fence(std::memory_order_release);
    s.key.store(key, std::memory_order_relaxed);
    std::uint64_t* page = &words_[victim * kPageWords];
    for (std::uint32_t i = 0; i < kPageWords; ++i)
        std::atomic_ref<std::uint64_t>(page[i]).store(i < n ? words[i] : 0,
                                                      std::memory_order_relaxed);
    s.used.store(1, std::memory_order_relaxed);
    s.seq.store(seq + 2, std::memory_order_release);
}

}  // namespace dtb::probe
