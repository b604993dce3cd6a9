// The colour-flipped twin of a slice (gen/solver/symmetry.hpp) holds, at the index of every flipped
// position, the original's values for the other side to move. Checked on slices filled with
// distinct values, so a wrong permutation cannot pass by finding equal values elsewhere, on
// every board and with men (many blocks) and without (one block).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "dtb/core/variant.hpp"
#include "dtb/gen/solver/symmetry.hpp"
#include "dtb/gen/tables/slice_stats.hpp"
#include "gen_test_support.hpp"

namespace dtb::gen {
namespace {

template <class V>
class FlippedSlice : public testing::Test {};
using Boards = testing::Types<Russian, International, Canadian, Turkish, English>;
TYPED_TEST_SUITE(FlippedSlice, Boards, test::VariantNames);

// A value made from the index and the side, different for nearby entries.
template <class V>
void fill(Slice<V>& s) {
    for (int side = 0; side < 2; ++side)
        for (std::uint64_t i = 0; i < s.index.size(); ++i) {
            Position<V> p;
            if (!s.index.unrank(i, Color(side), p)) continue;  // broken: stays unknown
            s.wdl[side][i] = std::uint8_t(1 + (i + std::uint64_t(side)) % 3);
            s.dtw[side][i] = std::uint16_t(i * 7 + std::uint64_t(side));
            s.dtc[side][i] = std::uint16_t(i * 13 + 5 * std::uint64_t(side));
            s.capture[side][i] = std::uint8_t((i >> 3) & 1);
        }
}

TYPED_TEST(FlippedSlice, EveryPositionKeepsItsValues) {
    using V = TypeParam;
    for (const char* name : {"KMvK", "MvKK", "KKvM", "KKvK", "MvKM"}) {
        SCOPED_TRACE(name);
        Slice<V> a(*Material::parse(name));
        for (auto& c : a.capture) c.assign(a.index.size(), 0);
        fill(a);
        const auto b = Symmetry<V>::flipped(a);
        ASSERT_EQ(b->material(), a.material().flipped());
        std::uint64_t checked = 0, broken = 0;
        for (int side = 0; side < 2; ++side)
            for (std::uint64_t i = 0; i < a.index.size(); ++i) {
                Position<V> p;
                if (!a.index.unrank(i, Color(side), p)) continue;
                const Position<V> q = Flip<V>::apply(p);
                const std::uint64_t j = b->index.rank(q);
                const int t = 1 - side;
                ASSERT_EQ(b->wdl[t][j], a.wdl[side][i]) << i;
                ASSERT_EQ(b->dtw[t][j], a.dtw[side][i]) << i;
                ASSERT_EQ(b->dtc[t][j], a.dtc[side][i]) << i;
                ASSERT_EQ(b->capture[t][j], a.capture[side][i]) << i;
                ++checked;
            }
        // Broken entries of the twin stay unknown: as many as the original's.
        for (int side = 0; side < 2; ++side)
            for (std::uint64_t j = 0; j < b->index.size(); ++j)
                broken += b->wdl[side][j] == std::uint8_t(Wdl::unknown);
        EXPECT_EQ(checked + broken, 2 * b->index.size());
        EXPECT_GT(checked, 0u);
    }
}

// A twin made for writing holds White to move and both sides' capture flags, as the full
// twin does; the statistics of both its sides, taken from the original's other side, are
// those of the full twin, the positions named included (the lowest twin index realising each
// longest distance): with few distinct distances, where thousands of positions realise the
// longest, and with the index's own values, where a handful do.
TYPED_TEST(FlippedSlice, WhiteToMoveTwinAndItsStatistics) {
    using V = TypeParam;
    for (const bool few_distances : {true, false})
        for (const char* name : {"KMvK", "MvKK", "KKvK", "MvKM"}) {
            SCOPED_TRACE(name + std::string(few_distances ? ", few distances" : ", many"));
            Slice<V> a(*Material::parse(name));
            for (auto& c : a.capture) c.assign(a.index.size(), 0);
            fill(a);
            for (int side = 0; side < 2; ++side)
                for (std::uint64_t i = 0; few_distances && i < a.index.size(); ++i) {
                    a.dtw[side][i] %= 5;
                    a.dtc[side][i] %= 3;
                }
            const auto full = Symmetry<V>::flipped(a);
            const auto white = Symmetry<V>::flipped(a, Sides::white);
            EXPECT_TRUE(white->wdl[1].empty() && white->dtw[1].empty() && white->dtc[1].empty());
            EXPECT_TRUE(
                std::equal(full->wdl[0].begin(), full->wdl[0].end(), white->wdl[0].begin()));
            EXPECT_TRUE(
                std::equal(full->dtw[0].begin(), full->dtw[0].end(), white->dtw[0].begin()));
            EXPECT_TRUE(
                std::equal(full->dtc[0].begin(), full->dtc[0].end(), white->dtc[0].begin()));
            for (int side = 0; side < 2; ++side)
                EXPECT_TRUE(std::equal(full->capture[side].begin(), full->capture[side].end(),
                                       white->capture[side].begin()));
            const auto want = slice_stats(*full);
            const auto own = slice_stats(*white);
            EXPECT_EQ(own[0].max_dtw_index, want[0].max_dtw_index);
            EXPECT_EQ(own[0].wins, want[0].wins);
            const TwinIndex<V> twins(a.index);
            const auto stats = slice_stats(a);
            // Each side of the twin is the other side of a.
            for (int side = 0; side < 2; ++side) {
                const SideStats got =
                    flipped_side_stats(a, stats[std::size_t(1 - side)], Color(1 - side), twins);
                const SideStats& w = want[std::size_t(side)];
                EXPECT_EQ(got.positions, w.positions);
                EXPECT_EQ(got.wins, w.wins);
                EXPECT_EQ(got.draws, w.draws);
                EXPECT_EQ(got.losses, w.losses);
                EXPECT_EQ(got.max_dtw, w.max_dtw);
                EXPECT_EQ(got.max_dtc, w.max_dtc);
                EXPECT_EQ(got.max_dtw_index, w.max_dtw_index);
                EXPECT_EQ(got.max_dtc_index, w.max_dtc_index);
            }
        }
}

}  // namespace
}  // namespace dtb::gen
