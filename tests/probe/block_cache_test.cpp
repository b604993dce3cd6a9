// The block cache on its own: hits return what was stored (entries of 2, 4, 8 and 16 bits),
// a full set evicts, a cache of size zero stores nothing, concurrent writers and readers of
// one set never see a mixed page.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "dtb/probe/block_cache.hpp"

namespace dtb::probe {
namespace {

// A page of 16-bit entries: entry i (seed * 31 + i) at bit 16 * i.
std::vector<std::uint64_t> page(std::uint16_t seed, std::uint32_t words = BlockCache::kPageWords) {
    std::vector<std::uint64_t> w(words);
    for (std::uint32_t i = 0; i < 4 * words; ++i)
        w[i / 4] |= std::uint64_t(std::uint16_t(seed * 31 + i)) << (16 * (i % 4));
    return w;
}
std::uint16_t entry(std::uint16_t seed, std::uint32_t i) { return std::uint16_t(seed * 31 + i); }
constexpr std::uint32_t kEntries16 = BlockCache::kPageBits / 16;

TEST(BlockCache, StoresAndFinds) {
    BlockCache c(1 << 20);
    EXPECT_GT(c.slots(), 100u);
    const auto a = page(1), b = page(2, 25);
    c.insert(7, a.data(), std::uint32_t(a.size()));
    c.insert(8, b.data(), std::uint32_t(b.size()));
    std::uint16_t v = 0;
    for (std::uint32_t i : {0u, 1u, 2u, 3u, 4u, kEntries16 - 1}) {
        ASSERT_TRUE(c.find(7, i, 16, v));
        EXPECT_EQ(v, entry(1, i));
    }
    ASSERT_TRUE(c.find(8, 99, 16, v));
    EXPECT_EQ(v, entry(2, 99));
    ASSERT_TRUE(c.find(8, 100, 16, v));  // past the words inserted: zero
    EXPECT_EQ(v, 0);
    EXPECT_FALSE(c.find(9, 0, 16, v));
}

TEST(BlockCache, NarrowEntries) {
    BlockCache c(1 << 20);
    // Word k holds k in every byte: entry i of width b is the b-bit field at bit i * b.
    std::vector<std::uint64_t> w(BlockCache::kPageWords);
    for (std::uint32_t k = 0; k < w.size(); ++k) w[k] = (k & 0xff) * 0x0101010101010101ull;
    c.insert(1, w.data(), std::uint32_t(w.size()));
    std::uint16_t v = 0;
    for (int bits : {2, 4, 8}) {
        for (std::uint32_t i : {0u, 1u, 5u, 77u, BlockCache::kPageBits / bits - 1}) {
            ASSERT_TRUE(c.find(1, i, bits, v));
            const std::uint32_t bit = i * std::uint32_t(bits);
            EXPECT_EQ(v, ((w[bit / 64] >> (bit % 64)) & ((1u << bits) - 1))) << bits << " " << i;
        }
    }
}

TEST(BlockCache, EvictsWithinItsSize) {
    BlockCache c(4 * 8300);  // four slots, one set
    EXPECT_EQ(c.slots(), 4u);
    for (std::uint16_t k = 0; k < 100; ++k) {
        const auto p = page(k);
        c.insert(k, p.data(), std::uint32_t(p.size()));
    }
    int found = 0;
    std::uint16_t v = 0;
    for (std::uint16_t k = 0; k < 100; ++k) {
        if (!c.find(k, 17, 16, v)) continue;
        ++found;
        EXPECT_EQ(v, entry(k, 17));
    }
    EXPECT_GE(found, 1);
    EXPECT_LE(found, 4);
}

TEST(BlockCache, ZeroBytesCachesNothing) {
    BlockCache c(0);
    const auto p = page(3);
    c.insert(1, p.data(), std::uint32_t(p.size()));
    std::uint16_t v = 0;
    EXPECT_FALSE(c.find(1, 0, 16, v));
    EXPECT_EQ(c.slots(), 0u);
}

TEST(BlockCache, ConcurrentWritersAndReaders) {
    BlockCache c(2 * 8300);  // two slots: every insert overwrites one being read
    std::vector<std::thread> threads;
    std::atomic<int> bad{0};
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            for (int k = 0; k < 3000; ++k) {
                const auto key = std::uint16_t((k * 7 + t) % 16);
                std::uint16_t v = 0;
                const std::uint32_t e = std::uint32_t(k * 13) % kEntries16;
                if (c.find(key, e, 16, v)) {
                    if (v != entry(key, e)) ++bad;
                } else {
                    const auto p = page(key);
                    c.insert(key, p.data(), std::uint32_t(p.size()));
                }
            }
        });
    }
    for (auto& th : threads) th.join();
    EXPECT_EQ(bad.load(), 0);
}

}  // namespace
}  // namespace dtb::probe
