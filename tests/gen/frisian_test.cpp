// Frisian's king-move restriction in the generator: what it changes, and positions where it
// decides. The values themselves are checked against the brute force with every streak
// (bruteforce_test.cpp); here the restricted tables are set beside the same game solved
// without the restriction (FrisianFree), material by material.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>

#include "bruteforce_solver.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/value.hpp"
#include "dtb/gen/run/solved_slices.hpp"
#include "gen_test_support.hpp"

namespace dtb::test {
namespace {

// Frisian without the restriction: every other rule the same.
struct FrisianFree : Frisian {
    // Not Frisian's name, though nothing here prints it (clang warns of an unused member).
    [[maybe_unused]] static constexpr std::string_view name = "frisian-free";
    static constexpr int king_streak_limit = 0;
    using extra_state = NoExtraState;
};

template <class To, class From>
Position<To> same_pieces(const Position<From>& p) {
    Position<To> q;
    q.white = p.white;
    q.black = p.black;
    q.kings = p.kings;
    q.side = p.side;
    return q;
}

// White's result as a number: 2 win, 1 draw, 0 loss.
int white_score(Wdl w, Color side) {
    const int s = w == Wdl::win ? 2 : w == Wdl::draw ? 1 : 0;
    return side == Color::white ? s : 2 - s;
}

struct Changed {
    std::int64_t states = 0, states_changed = 0;  // every streak
    std::int64_t fresh = 0, fresh_changed = 0;    // no streak: the value a game reaches fresh
};

// Whether a side of c can ever be restricted: it has men and kings, or will have once a man
// of two or more is crowned (captures only take pieces away).
bool may_be_restricted(int men, int kings) { return men >= 1 && (kings >= 1 || men >= 2); }

// Per material up to `pieces`: how many positions the restriction gives another WDL than the
// game without it, printed as a table. Where only one side can ever be restricted, the
// restriction takes moves from that side alone: its result is never better with it; where
// neither can, nothing changes.
void compare_with_free_game(int pieces) {
    const auto& restricted = SolvedTables<Frisian>::get(pieces);
    const auto free = gen::SolvedSlices<FrisianFree>::solve(pieces);
    std::printf("[   info   ] frisian: positions whose WDL the king-move restriction changes\n");
    std::printf("[   info   ] %-8s %14s %14s %12s %12s\n", "material", "states", "changed",
                "no streak", "changed");
    for (const Counts& c : all_counts(pieces)) {
        Changed n;
        const bool white = may_be_restricted(c.white_men, c.white_kings);
        const bool black = may_be_restricted(c.black_men, c.black_kings);
        for (Color side : {Color::white, Color::black})
            for_each_placement<Frisian>(c, side, [&](const Position<Frisian>& placed) {
                const auto without = free.probe(same_pieces<FrisianFree>(placed));
                ASSERT_TRUE(without.has_value()) << write_fen(placed);
                for_each_streak<Frisian>(placed, [&](const Position<Frisian>& p) {
                    const auto with = restricted.probe(p);
                    ASSERT_TRUE(with.has_value()) << write_fen(p);
                    const bool changed = with->wdl != without->wdl;
                    ++n.states;
                    n.states_changed += changed;
                    if (p.extra == KingStreak{}) {
                        ++n.fresh;
                        n.fresh_changed += changed;
                    }
                    const int a = white_score(with->wdl, side), b = white_score(without->wdl, side);
                    if (white && !black) {
                        EXPECT_LE(a, b) << write_fen(p) << ": White alone may be restricted";
                    } else if (black && !white) {
                        EXPECT_GE(a, b) << write_fen(p) << ": Black alone may be restricted";
                    } else if (!white && !black) {
                        EXPECT_EQ(a, b) << write_fen(p) << ": nobody is ever restricted";
                    }
                });
            });
        std::printf("[   info   ] %-8s %14lld %14lld %12lld %12lld\n", counts_name(c).c_str(),
                    (long long)n.states, (long long)n.states_changed, (long long)n.fresh,
                    (long long)n.fresh_changed);
    }
}

// Positions where the restriction decides, each with the same pieces without a streak, as
// the generator and the brute force (which share only the move generator) value them.
struct Decided {
    const char* fen;
    const char* fresh_fen;  // the same pieces, no king run yet
    Outcome with, fresh;
    const char* why;
};

TEST(FrisianRestriction, PositionsItDecides) {
    const auto& tb = SolvedTables<Frisian>::get(3);
    const BruteForceSolver<Frisian> bf({3});
    const Decided cases[] = {
        // White's king on 47 has made three moves in a row; the win (in 3 plies) needs a
        // fourth, so White must move the man 46-41, and it is a draw.
        {"W:W46,K47:BK43:RW47/3", "W:W46,K47:BK43", Outcome::draw, Outcome::win,
         "a win that needs a fourth king move"},
        // The man on 46 is blocked by its own king on 41, which may not move a fourth time:
        // White has no move and loses; with the king free to move, White wins in 3 plies.
        {"W:W46,K41:BK5:RW41/3", "W:W46,K41:BK5", Outcome::loss, Outcome::win,
         "a blocked side with its king's moves used up"},
        // The king on 31 has one move left before the man on 36 must move: lost in 10 plies,
        // a draw when the king has not moved yet.
        {"W:WK31,36:BK28:RW31/2", "W:WK31,36:BK28", Outcome::loss, Outcome::draw,
         "a king with one move left"},
    };
    for (const Decided& c : cases) {
        for (const auto& [fen, want] :
             {std::pair{c.fen, c.with}, std::pair{c.fresh_fen, c.fresh}}) {
            const Position<Frisian> p = parse_fen<Frisian>(fen);
            const auto brute = bf.value(p);
            const auto gen = tb.probe(p);
            ASSERT_TRUE(brute && gen) << fen;
            EXPECT_EQ(brute->wdl, want) << c.why << ": " << fen;
            EXPECT_EQ(int(gen->wdl), int(want)) << c.why << ": " << fen;
            if (want != Outcome::draw) {
                EXPECT_EQ(gen->dtw, brute->dtw) << fen;
            }
        }
    }
}

TEST(FrisianRestriction, AgainstTheFreeGameUpToThreePieces) { compare_with_free_game(3); }

TEST(FrisianRestriction, LongAgainstTheFreeGameUpToFourPieces) {
    compare_with_free_game(4);
    SolvedTables<Frisian>::release();
}

}  // namespace
}  // namespace dtb::test
