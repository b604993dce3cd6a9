// Where a block's man moves lead (gen/solver/man_children.hpp): for every non-crowning man move of
// every position of sampled blocks, the index found without ranking (when no king stands
// between the two squares) is the index of the position the move makes; and a king between
// them is reported, never answered wrongly.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "dtb/core/apply.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/gen/solver/man_children.hpp"
#include "gen_test_support.hpp"

namespace dtb::gen {
namespace {

template <class V>
class ManChildrenTest : public testing::Test {};
// The boards of the variants solved block by block (men only advance): 8x8, 10x10, 12x12
// (128-bit), men that take backwards or not, short or flying kings.
using ByBlock = testing::Types<Russian, English, International, Canadian, Italian>;
TYPED_TEST_SUITE(ManChildrenTest, ByBlock, test::VariantNames);

TYPED_TEST(ManChildrenTest, ChildIndexIsTheRankOfTheMoveMade) {
    using V = TypeParam;
    std::mt19937_64 rng(2026);
    for (const char* name : {"KMvK", "MvKK", "KMvKM", "MMvKK", "KKMvM", "MMvMM"}) {
        SCOPED_TRACE(name);
        const Material m = *Material::parse(name);
        const Index<V> idx(m);
        const Index<V> same(m);  // ranks the children: the same material
        ManChildren<V> children;
        std::uint64_t fast = 0, between = 0;
        for (int sample = 0; sample < 40; ++sample) {
            const std::uint64_t block = rng() % idx.blocks();
            const auto [wm, bm] = idx.block_men(block);
            if (wm & bm) continue;
            children.enter(idx, wm, bm);
            for (const Color side : {Color::white, Color::black})
                idx.visit(block, 0, idx.white_king_ranks(), side,
                          [&](std::uint64_t i, const Position<V>& p) {
                              MoveGen<V>::for_each_quiet_man_move(
                                  p, [&](int from, int to, bool promotes) {
                                      if (promotes) return;
                                      const std::uint64_t got =
                                          children.child(p, from, to, i - block * idx.block_size());
                                      if (got == ManChildren<V>::kUnknown) {
                                          ++between;
                                          return;
                                      }
                                      ++fast;
                                      const Position<V> q =
                                          apply(p, MoveGen<V>::quiet_move(from, to, false));
                                      ASSERT_EQ(got, same.rank(q)) << write_fen(p);
                                  });
                          });
        }
        if (m.white_kings + m.black_kings > 0) {
            EXPECT_GT(between, 0u);
        }
        EXPECT_GT(fast, between);
    }
}

}  // namespace
}  // namespace dtb::gen
