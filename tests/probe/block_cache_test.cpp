// The block cache on its own: hits return what was stored, a full set evicts, a cache of
// size zero stores nothing, concurrent writers and readers of one set never see a mixed page.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "dtb/probe/block_cache.hpp"

namespace dtb::probe {
namespace {

std::vector<std::uint16_t> page(std::uint16_t seed, std::uint32_t n = BlockCache::kPageEntries) {
    std::vector<std::uint16_t> v(n);
    for (std::uint32_t i = 0; i < n; ++i) v[i] = std::uint16_t(seed * 31 + i);
    return v;
}

TEST(BlockCache, StoresAndFinds) {
    BlockCache c(1 << 20);
    EXPECT_GT(c.slots(), 100u);
    const auto a = page(1), b = page(2, 100);
    c.insert(7, a.data(), std::uint32_t(a.size()));
    c.insert(8, b.data(), std::uint32_t(b.size()));
    std::uint16_t v = 0;
    for (std::uint32_t i : {0u, 1u, 2u, 3u, 4u, 4095u}) {
        ASSERT_TRUE(c.find(7, i, v));
        EXPECT_EQ(v, a[i]);
    }
    ASSERT_TRUE(c.find(8, 99, v));
    EXPECT_EQ(v, b[99]);
    EXPECT_FALSE(c.find(9, 0, v));
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
        if (!c.find(k, 17, v)) continue;
        ++found;
        EXPECT_EQ(v, page(k)[17]);
    }
    EXPECT_GE(found, 1);
    EXPECT_LE(found, 4);
}

TEST(BlockCache, ZeroBytesCachesNothing) {
    BlockCache c(0);
    const auto p = page(3);
    c.insert(1, p.data(), std::uint32_t(p.size()));
    std::uint16_t v = 0;
    EXPECT_FALSE(c.find(1, 0, v));
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
                const std::uint32_t e = std::uint32_t(k * 13) % BlockCache::kPageEntries;
                if (c.find(key, e, v)) {
                    if (v != page(key)[e]) ++bad;
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
