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

enum class Piece { king, man };

// Every predecessor candidate: one king (or man) of the side that just moved relocated to
// an empty square, with every streak state the side could have had; kept when a legal
// non-capturing move leads from it to p.
template <class V>
std::vector<Position<V>> brute_force_predecessors(const Position<V>& p, Piece piece) {
    using G = typename V::board;
    using bb = typename G::bb;
    std::vector<Position<V>> out;
    const Color mover = ~p.side;
    const bb movers = piece == Piece::king ? p.kings_of(mover) : p.men(mover);
    for (bb pieces = movers; pieces;) {
        const int to = pop_lsb(pieces);
        for (int from = 0; from < G::bits; ++from) {
            if (!G::is_square(from) || (p.occupied() & bit<bb>(from))) continue;
            if (piece == Piece::man && (bit<bb>(from) & G::promotion_row(mover))) continue;
            Position<V> q = p;
            q.side = mover;
            q.pieces(mover) ^= bit<bb>(from) | bit<bb>(to);
            if (piece == Piece::king) q.kings ^= bit<bb>(from) | bit<bb>(to);
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
    long predecessors[2] = {0, 0};
    for (int i = 0; i < positions; ++i) {
        const auto p = test::random_position<V>(rng, max_pieces);
        for (Piece piece : {Piece::king, Piece::man}) {
            std::vector<Position<V>> got;
            auto collect = [&](const Position<V>& q, int from, int to) {
                EXPECT_TRUE(leads_to(q, p, from, to))
                    << V::name << ": " << write_fen(q) << " does not lead to " << write_fen(p);
                got.push_back(q);
            };
            if (piece == Piece::king) {
                Unmoves<V>::for_each(p, collect);
            } else {
                Unmoves<V>::for_each_man(p, collect);
            }
            const auto expected = brute_force_predecessors(p, piece);
            for (const auto& q : expected) {
                EXPECT_NE(std::find(got.begin(), got.end(), q), got.end())
                    << V::name << ": " << (piece == Piece::king ? "king" : "man") << " predecessor "
                    << write_fen(q) << " of " << write_fen(p) << " missed";
            }
            EXPECT_EQ(got.size(), expected.size()) << V::name << ": " << write_fen(p);
            predecessors[piece == Piece::man] += long(got.size());
        }
        if (::testing::Test::HasFailure()) return;
    }
    // Crowded positions often leave the side that just moved a capture in every
    // predecessor; the sample must still exercise the generator.
    EXPECT_GT(predecessors[0], positions / 4) << V::name << ": too few king unmoves sampled";
    EXPECT_GT(predecessors[1], positions / 4) << V::name << ": too few man unmoves sampled";
    std::printf("%s: %ld king and %ld man predecessors of %d positions\n",
                std::string(V::name).c_str(), predecessors[0], predecessors[1], positions);
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
