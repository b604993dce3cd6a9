// Unmoves against forward moves, on random positions of every variant: every predecessor
// the unmove generator gives leads to the position by a legal non-capturing king move, and
// every position that does so (found by brute force: each king of the side that just moved
// put on each empty square, each streak state) is among them.
#include <gtest/gtest.h>

#include "all_variants.hpp"

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/unmove.hpp"
#include "dtb/core/variant.hpp"
#include "random_position.hpp"

namespace dtb {
namespace {

template <class V>
bool leads_to(const Position<V>& q, const Position<V>& p, int from, int to) {
    MoveList<typename V::board> moves;
    MoveGen<V>::generate(q, moves);
    for (const auto& m : moves) {
        if (m.is_capture() || m.from != from || m.to != to) continue;
        if (apply(q, m) == p) return true;
    }
    return false;
}

// Every predecessor candidate: one king of the side that just moved relocated to an empty
// square, with every streak state the side could have had.
template <class V>
std::vector<Position<V>> brute_force_predecessors(const Position<V>& p) {
    using G = typename V::board;
    using bb = typename G::bb;
    std::vector<Position<V>> out;
    const Color mover = ~p.side;
    for (bb kings = p.kings_of(mover); kings;) {
        const int to = pop_lsb(kings);
        for (int from = 0; from < G::bits; ++from) {
            if (!G::is_square(from) || (p.occupied() & bit<bb>(from))) continue;
            Position<V> q = p;
            q.side = mover;
            q.pieces(mover) ^= bit<bb>(from) | bit<bb>(to);
            q.kings ^= bit<bb>(from) | bit<bb>(to);
            std::vector<Position<V>> states{q};
            if constexpr (V::king_streak_limit > 0) {
                states.clear();
                const int m = static_cast<int>(mover);
                q.extra.square[m] = q.extra.kNone;
                q.extra.count[m] = 0;
                states.push_back(q);
                if (q.men(mover)) {
                    for (bb k = q.kings_of(mover); k;) {
                        const int sq = pop_lsb(k);
                        for (int c = 1; c <= V::king_streak_limit; ++c) {
                            q.extra.square[m] = std::uint8_t(sq);
                            q.extra.count[m] = std::uint8_t(c);
                            states.push_back(q);
                        }
                    }
                }
            }
            for (const auto& s : states)
                if (leads_to(s, p, from, to)) out.push_back(s);
        }
    }
    return out;
}

template <class V>
void check_unmoves(int positions, std::uint64_t seed, int max_pieces) {
    std::mt19937_64 rng(seed);
    long predecessors = 0;
    for (int i = 0; i < positions; ++i) {
        const auto p = test::random_position<V>(rng, max_pieces);
        std::vector<Position<V>> got;
        Unmoves<V>::for_each(p, [&](const Position<V>& q, int from, int to) {
            EXPECT_TRUE(leads_to(q, p, from, to))
                << V::name << ": " << write_fen(q) << " does not lead to " << write_fen(p);
            got.push_back(q);
        });
        const auto expected = brute_force_predecessors(p);
        for (const auto& q : expected) {
            EXPECT_NE(std::find(got.begin(), got.end(), q), got.end())
                << V::name << ": predecessor " << write_fen(q) << " of " << write_fen(p)
                << " missed";
        }
        EXPECT_EQ(got.size(), expected.size()) << V::name << ": " << write_fen(p);
        predecessors += long(got.size());
        if (::testing::Test::HasFailure()) return;
    }
    // Crowded positions often leave the side that just moved a capture in every
    // predecessor; the sample must still exercise the generator.
    EXPECT_GT(predecessors, positions / 4) << V::name << ": the sample exercised too little";
    std::printf("%s: %ld predecessors of %d positions\n", std::string(V::name).c_str(),
                predecessors, positions);
}

template <class V>
class UnmoveTest : public ::testing::Test {};

TYPED_TEST_SUITE(UnmoveTest, dtb::test::AllVariants);

TYPED_TEST(UnmoveTest, MatchForwardMovesOnRandomPositions) {
    check_unmoves<TypeParam>(2000, 20261122, 5);
}

TYPED_TEST(UnmoveTest, MatchForwardMovesOnCrowdedPositions) {
    check_unmoves<TypeParam>(300, 7, 12);
}

}  // namespace
}  // namespace dtb
