// Which positions the tables leave out (core/left_out.hpp): hand-built russian positions,
// and over whole materials the property the prober relies on — a position recomputed from
// its successors never needs another such position to be recomputed first.
//
// Russian squares: a1 c1 e1 g1 / b2 d2 f2 h2 / ... ; White's men move up the board.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include "all_variants.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/left_out.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/variant.hpp"
#include "random_position.hpp"

namespace dtb {
namespace {

using V = Russian;

TEST(LeftOut, CaptureForTheSideToMove) {
    // c5 takes d6 (e7 empty).
    EXPECT_EQ(left_out_kind(parse_fen<V>("W:Wc5:Bd6")), LeftOut::captures);
}

TEST(LeftOut, QuietPositionIsStored) {
    EXPECT_FALSE(threatens(parse_fen<V>("W:Wc3:Bf6")));
    EXPECT_EQ(left_out_kind(parse_fen<V>("W:Wc3:Bf6")), LeftOut::no);
}

TEST(LeftOut, ThreatWithoutCounterThreatIsRecomputed) {
    // White cannot take d6 (e7 is taken); Black threatens d6xb4. White's one move, c5-b6,
    // leaves Black without a capture and White without a threat.
    const auto p = parse_fen<V>("W:Wc5:Bd6,e7");
    EXPECT_FALSE(MoveGen<V>::has_capture(p));
    EXPECT_TRUE(threatens(p));
    EXPECT_EQ(left_out_kind(p), LeftOut::successors);
}

TEST(LeftOut, ThreatAnsweredByAThreatIsStored) {
    // As above plus a white man on a5 and a black one on c7. After c5-b6 Black has no
    // capture (c7xa5 is blocked by a5) and White threatens b6xd8: a threat answered by a
    // threat, so this position stays in the table.
    const auto p = parse_fen<V>("W:Wa5,c5:Bd6,e7,c7");
    ASSERT_FALSE(MoveGen<V>::has_capture(p));
    ASSERT_TRUE(threatens(p));
    EXPECT_EQ(left_out_kind(p), LeftOut::no);
}

// Over every position of a few materials, both sides to move: a recomputed position's moves
// reach only positions with a capture or stored ones, the moves handed to the prober are the
// legal ones (for a threat, those reaching stored positions first, as many as it says), and
// each kind occurs.
TEST(LeftOut, SuccessorsOfARecomputedPositionAreNeverRecomputedSo) {
    std::array<std::uint64_t, 3> seen{};
    for (const char* name : {"KMvKM", "MMvKM", "KMvMM", "MMvMM"}) {
        const Material m = *Material::parse(name);
        const Index<V> idx(m);
        for (std::uint64_t i = 0; i < idx.size(); ++i) {
            for (Color side : {Color::white, Color::black}) {
                Position<V> p;
                if (!idx.unrank(i, side, p)) continue;
                const LeftOut r = left_out_kind(p);
                ++seen[static_cast<int>(r)];
                // The prober's form agrees and hands over the moves it recomputes from.
                MoveList<V::board> handed;
                MovesReach reach = MovesReach::unknown();
                ASSERT_EQ(left_out_kind(p, handed, &reach), r) << write_fen(p);
                if (r == LeftOut::no) continue;
                MoveList<V::board> moves;
                MoveGen<V>::generate(p, moves);  // captures only, when there is one
                ASSERT_EQ(handed.size(), moves.size()) << write_fen(p);
                for (int k = 0; k < moves.size(); ++k)
                    ASSERT_TRUE(r == LeftOut::successors ? std::find(handed.begin(), handed.end(),
                                                                     moves[k]) != handed.end()
                                                         : handed[k] == moves[k])
                        << write_fen(p);
                if (r != LeftOut::successors) {
                    ASSERT_EQ(reach(0), MovesReach::Kind::unknown) << write_fen(p);
                    continue;
                }
                // Stored-reaching moves first, then those leaving a capture.
                for (int k = 0; k < handed.size(); ++k) {
                    const auto q = apply(p, handed[k]);
                    const LeftOut after = left_out_kind(q);
                    ASSERT_NE(after, LeftOut::successors) << write_fen(p) << " -> " << write_fen(q);
                    ASSERT_NE(reach(k), MovesReach::Kind::unknown) << write_fen(p);
                    ASSERT_EQ(after, reach(k) == MovesReach::Kind::stored ? LeftOut::no
                                                                          : LeftOut::captures)
                        << write_fen(p) << " -> " << write_fen(q);
                }
            }
        }
    }
    EXPECT_GT(seen[0], 0u);
    EXPECT_GT(seen[1], 0u);
    EXPECT_GT(seen[2], 0u);
}

// has_threat_answer makes only the moves that could stop every first jump of the opponent.
// On random positions of every variant: the first jumps exist exactly when has_capture says
// the side has a capture; every move the filter would skip leaves the opponent a capture;
// and the answer agrees with the plain search (make every move, test both sides' captures),
// as does threatened_kind, move by move.
template <class V>
void check_threat_answers(int positions, std::uint64_t seed, int max_pieces) {
    using bb = typename V::board::bb;
    std::mt19937_64 rng(seed);
    std::array<int, 2> answered{};
    int skipped = 0;
    for (int n = 0; n < positions; ++n) {
        const auto p = test::random_position<V>(rng, max_pieces);
        struct Jump {
            bb victim, needs_empty;
        };
        std::vector<Jump> jumps;
        MoveGen<V>::for_each_first_jump(p, [&](bb victim, bb needs_empty) {
            jumps.push_back({victim, needs_empty});
        });
        for (const Jump& j : jumps) {
            ASSERT_EQ(popcount(j.victim), 1) << write_fen(p);
            ASSERT_TRUE(j.victim & p.pieces(~p.side)) << write_fen(p);
            ASSERT_NE(j.needs_empty, bb(0)) << write_fen(p);  // the landing square at least
            ASSERT_FALSE(j.needs_empty & p.occupied()) << write_fen(p);
        }
        ASSERT_EQ(!jumps.empty(), MoveGen<V>::has_capture(p)) << write_fen(p);
        if (p.pieces(p.side) == 0 || MoveGen<V>::has_capture(p)) continue;
        // The opponent's jumps, as has_threat_answer sees them.
        Position<V> them = p;
        them.side = ~p.side;
        jumps.clear();
        MoveGen<V>::for_each_first_jump(them, [&](bb victim, bb needs_empty) {
            jumps.push_back({victim, needs_empty});
        });
        MoveList<typename V::board> moves;
        MoveGen<V>::generate(p, moves);
        bool expected = false;
        for (const auto& m : moves) {
            Position<V> q = apply(p, m);
            const bool filtered = std::any_of(jumps.begin(), jumps.end(), [&](const Jump& j) {
                return j.victim != bit<bb>(m.from) && !(j.needs_empty & bit<bb>(m.to));
            });
            if (filtered) {
                ++skipped;
                ASSERT_TRUE(MoveGen<V>::has_capture(q)) << write_fen(p) << " -> " << write_fen(q);
            }
            if (MoveGen<V>::has_capture(q)) continue;
            q.side = ~q.side;
            expected |= MoveGen<V>::has_capture(q);
        }
        ASSERT_EQ(has_threat_answer(p), expected) << write_fen(p);
        if (threatens(p)) ++answered[expected];
        // The prober's threat test agrees, and says of each move what it reaches.
        if (!threatens(p)) continue;
        MoveList<typename V::board> handed;
        MovesReach reach = MovesReach::unknown();
        ASSERT_EQ(threatened_kind(p, handed, &reach), expected ? LeftOut::no : LeftOut::successors)
            << write_fen(p);
        if (expected) continue;
        ASSERT_EQ(handed.size(), moves.size()) << write_fen(p);
        for (int k = 0; k < handed.size(); ++k) {
            const Position<V> q = apply(p, handed[k]);
            ASSERT_EQ(MoveGen<V>::has_capture(q), reach(k) == MovesReach::Kind::capture)
                << write_fen(p) << " -> " << write_fen(q);
        }
    }
    // Both answers occur among the threatened positions, and the filter skips moves: the
    // comparisons have teeth.
    EXPECT_GT(answered[0], 0) << V::name;
    EXPECT_GT(answered[1], 0) << V::name;
    EXPECT_GT(skipped, 0) << V::name;
}

template <class V>
class ThreatAnswerTest : public ::testing::Test {};
TYPED_TEST_SUITE(ThreatAnswerTest, dtb::test::AllVariants);

TYPED_TEST(ThreatAnswerTest, AgreesWithMakingEveryMove) {
    check_threat_answers<TypeParam>(20000, 20261123, 4);
}
TYPED_TEST(ThreatAnswerTest, AgreesWithMakingEveryMoveOnCrowdedBoards) {
    check_threat_answers<TypeParam>(3000, 23, 12);
}

}  // namespace
}  // namespace dtb
