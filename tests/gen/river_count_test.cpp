// An independent check of the portuguese river count (FPD 3.2.1b, as docs/variants.md point 8
// reads it), written from the rule text in MOVES of the strong side, not in plies: a state is
// a position of three kings against a lone king and the number of moves the strong side has
// made since the count started (0..N), or "waiting" while no strong king has reached the
// river. It shares with dtb only the move generator and the FEN parser; the river's houses
// are named as FPD 2.1.4 names them, and what a capture leads to is valued by the brute-force
// solver (bruteforce_solver.hpp). The rules checked are the force rule alone (the set
// `force` below): the twenty-move rule beside it is the oracle's to check (counters_oracle).
//
// The reading, point by point:
//   - the count starts when the material arises if a strong king stands on the river, else
//     with the strong move that first puts one there; the starting move is not counted;
//   - each later move of the strong side is counted, the capture that wins included;
//   - after the strong side's N-th counted move the game is drawn unless it is won there
//     (the lone king has no move);
//   - a capture by the lone king leaves the material: what follows has no force count, so
//     its value is the pure one.
// Within a count the states are layered (a strong move adds one, a weak move keeps it, and
// the two alternate), so they are solved from N down without iteration; the waiting states
// may cycle and are iterated to their least fixed point (never decided: a draw).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <tuple>
#include <vector>

#include "bruteforce_solver.hpp"
#include "counters_oracle.hpp"
#include "dtb/core/apply.hpp"
#include "dtb/core/counter_state.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/gen/counters/counters_solve.hpp"

namespace dtb::test {
namespace {

using V = Portuguese;
using P = Position<V>;
using G = V::board;
using bb = G::bb;

// FPD 2.1.4: the river joins houses 1 and 32; read through the notation, not the geometry.
bb river() { return parse_fen<V>("W:WK1,K5,K10,K14:BK19,K23,K28,K32").occupied(); }

class RiverCount {
  public:
    static constexpr int kWaiting = -1;

    // Three kings of `strong` against a lone king, with N counted moves.
    RiverCount(Color strong, int n, const BruteForceSolver<V>& pure)
        : strong_(strong), n_(n), river_(river()) {
        const Counts c = strong == Color::white ? Counts{0, 3, 0, 1} : Counts{0, 1, 0, 3};
        for (const Color side : {Color::white, Color::black})
            for_each_placement<V>(c, side, [&](const P& p) {
                id_[key(p)] = std::uint32_t(positions_.size());
                positions_.push_back(p);
            });
        build_edges(pure);
        solve();
    }

    std::size_t positions() const { return positions_.size(); }
    std::size_t states() const { return positions_.size() * std::size_t(n_ + 2); }

    // The value for the side to move at p with `counted` strong moves (kWaiting: not started).
    Outcome value(const P& p, int counted) const {
        const std::uint32_t id = id_.at(key(p));
        return counted == kWaiting ? waiting_[id] : counted_[std::size_t(counted)][id];
    }
    // The counts a material that has just arisen at p starts with: nothing counted yet.
    int arising(const P& p) const { return (p.kings_of(strong_) & river_) ? 0 : kWaiting; }
    Outcome fresh_value(const P& p) const { return value(p, arising(p)); }

    template <class F>
    void for_each_position(F&& f) const {
        for (const P& p : positions_) f(p);
    }

  private:
    static std::tuple<bb, bb, int> key(const P& p) { return {p.white, p.black, int(p.side)}; }

    // A move: to a position of the material (`to`), or out of it with its value known.
    struct Edge {
        std::uint32_t to = 0;
        Outcome exit = Outcome::unknown;  // for the side to move after it; unknown: `to`
        bool starts = false;              // a strong move that puts a king on the river
    };

    void build_edges(const BruteForceSolver<V>& pure) {
        first_.push_back(0);
        for (const P& p : positions_) {
            PathMoveList<G> moves;
            MoveGen<V>::generate(p, moves);
            for (const auto& pm : moves) {
                const P c = apply(p, pm.move);
                Edge e;
                if (c.pieces(c.side) == 0) {
                    e.exit = Outcome::loss;  // the lone king taken: the game is won
                } else if (pm.move.is_capture()) {
                    e.exit = pure.value(c).value().wdl;  // two kings against one: no count
                } else {
                    e.to = id_.at(key(c));
                    e.starts = p.side == strong_ && (c.kings_of(strong_) & river_) != 0;
                }
                edges_.push_back(e);
            }
            first_.push_back(std::uint32_t(edges_.size()));
        }
    }

    // The value from the children's: no move loses, a lost child wins, all won loses.
    template <class Child>
    Outcome eval(std::uint32_t id, Child&& child) const {
        if (first_[id] == first_[id + 1]) return Outcome::loss;
        bool all_won = true, unknown = false;
        for (std::uint32_t k = first_[id]; k < first_[id + 1]; ++k) {
            const Edge& e = edges_[k];
            const Outcome o = e.exit != Outcome::unknown ? e.exit : child(e);
            if (o == Outcome::loss) return Outcome::win;
            all_won &= o == Outcome::win;
            unknown |= o == Outcome::unknown;
        }
        return all_won ? Outcome::loss : unknown ? Outcome::unknown : Outcome::draw;
    }

    void solve() {
        const std::size_t n = positions_.size();
        counted_.assign(std::size_t(n_ + 1), std::vector<Outcome>(n, Outcome::draw));
        // After the N-th strong move (the lone king to move): drawn unless it cannot move.
        for (std::uint32_t id = 0; id < n; ++id)
            if (positions_[id].side != strong_ && first_[id] == first_[id + 1])
                counted_[std::size_t(n_)][id] = Outcome::loss;
        for (int c = n_ - 1; c >= 0; --c) {
            auto& now = counted_[std::size_t(c)];
            const auto& after = counted_[std::size_t(c + 1)];
            // A strong move counts: its child is in layer c + 1; a weak move keeps layer c.
            for (std::uint32_t id = 0; id < n; ++id)
                if (positions_[id].side == strong_)
                    now[id] = eval(id, [&](const Edge& e) { return after[e.to]; });
            for (std::uint32_t id = 0; id < n; ++id)
                if (positions_[id].side != strong_)
                    now[id] = eval(id, [&](const Edge& e) { return now[e.to]; });
        }
        // Waiting: a strong move onto the river starts the count at 0, uncounted.
        waiting_.assign(n, Outcome::unknown);
        for (bool changed = true; changed;) {
            changed = false;
            const std::vector<Outcome> before = waiting_;
            for (std::uint32_t id = 0; id < n; ++id) {
                if (waiting_[id] != Outcome::unknown) continue;
                const Outcome o = eval(
                    id, [&](const Edge& e) { return e.starts ? counted_[0][e.to] : before[e.to]; });
                if (o == Outcome::unknown) continue;
                waiting_[id] = o;
                changed = true;
            }
        }
        for (Outcome& o : waiting_)
            if (o == Outcome::unknown) o = Outcome::draw;
    }

    Color strong_;
    int n_;
    bb river_;
    std::vector<P> positions_;
    std::map<std::tuple<bb, bb, int>, std::uint32_t> id_;
    std::vector<std::uint32_t> first_;
    std::vector<Edge> edges_;
    std::vector<std::vector<Outcome>> counted_;
    std::vector<Outcome> waiting_;
};

// The pure values of three kings of `strong` against one and of all it captures into.
const BruteForceSolver<V>& pure_values(Color strong) {
    static const BruteForceSolver<V> white({4, Counts{0, 3, 0, 1}});
    static const BruteForceSolver<V> black({4, Counts{0, 1, 0, 3}});
    return strong == Color::white ? white : black;
}

struct Drawn {
    std::int64_t decided = 0, drawn = 0, drawn_wins = 0;  // wins: the three kings to move
};

// Of the positions won or lost at arising, how many the river count draws; the count never
// makes a value that the pure game does not have.
Drawn drawn_at_arising(const RiverCount& r, Color strong) {
    Drawn d;
    r.for_each_position([&](const P& p) {
        const Outcome pure = pure_values(strong).value(p).value().wdl;
        const Outcome rules = r.fresh_value(p);
        EXPECT_TRUE(rules == pure || rules == Outcome::draw) << write_fen(p);
        if (pure == Outcome::draw) return;
        ++d.decided;
        if (rules != Outcome::draw) return;
        ++d.drawn;
        d.drawn_wins += pure == Outcome::win;
    });
    return d;
}

// The river is the long diagonal, 1-5-10-14-19-23-28-32.
TEST(RiverCount, RiverHouses) {
    EXPECT_EQ(popcount(river()), 8);
    EXPECT_EQ(river(), long_diagonal<G>());
}

// With 12 moves no win of three kings against one is drawn at arising; with 11 some are:
// the count binds, and 12 is the least that never does.
TEST(RiverCount, TwelveMovesDrawNoWinElevenDo) {
    for (const Color strong : {Color::white, Color::black}) {
        const RiverCount twelve(strong, 12, pure_values(strong));
        const RiverCount eleven(strong, 11, pure_values(strong));
        const Drawn d12 = drawn_at_arising(twelve, strong);
        const Drawn d11 = drawn_at_arising(eleven, strong);
        std::printf(
            "[   info   ] portuguese, three %s kings: %zu positions, %zu states; %lld won or "
            "lost at arising; drawn with 12 moves %lld, with 11 moves %lld (%lld of them with "
            "the three kings to move)\n",
            strong == Color::white ? "white" : "black", twelve.positions(), twelve.states(),
            (long long)d12.decided, (long long)d12.drawn, (long long)d11.drawn,
            (long long)d11.drawn_wins);
        EXPECT_GT(d12.decided, 0);
        EXPECT_EQ(d12.drawn, 0);
        EXPECT_GT(d11.drawn, 0);
    }
}

// Issue 51: Black's capture has just made three kings against one, the kings on the river,
// White's lone king to move. Black's next 12 moves are counted: White loses. Counting the
// capture as one of them (11 left) would save White, as dtb said before.
TEST(RiverCount, IssuePositionLostForTheLoneKing) {
    const P p = parse_fen<V>("W:WK2:BK1,K13,K32");
    const RiverCount twelve(Color::black, 12, pure_values(Color::black));
    const RiverCount eleven(Color::black, 11, pure_values(Color::black));
    EXPECT_EQ(twelve.arising(p), 0);
    EXPECT_EQ(twelve.fresh_value(p), Outcome::loss);
    EXPECT_EQ(eleven.fresh_value(p), Outcome::draw);
}

// The oracle's reading in plies (counters_oracle.hpp) against this one in moves, at every state
// the oracle reaches: a count of k plies is floor(k/2) strong moves with the strong side to
// move, ceil(k/2) with the lone king to move, whoever moved first after the start.
TEST(RiverCount, AgreesWithTheOracleAtEveryState) {
    const CounterSet force =
        counter_set("force", "the river count alone", kPortugueseCounters.rules[1]);
    const CountersOracle<V> o(force, {{Counts{0, 3, 0, 1}}});
    const RiverCount r(Color::white, kPortugueseCounters.rules[1].moves, pure_values(Color::white));
    std::int64_t compared = 0, bad = 0;
    o.for_each_state([&](const P& p, const counters_reading::Counters& c, const CountersValue& v) {
        if (counts_of(p) != Counts{0, 3, 0, 1}) return;
        const int k = c.count[0];
        const int counted = k == counters_reading::kIdle ? RiverCount::kWaiting
                            : p.side == Color::white     ? k / 2
                                                         : (k + 1) / 2;
        ++compared;
        if (r.value(p, counted) != v.outcome && bad++ < 5)
            ADD_FAILURE() << o.state_text(p, c) << ": oracle " << counters_value_text(v)
                          << ", river count " << outcome_name(r.value(p, counted));
    });
    std::printf("[   info   ] portuguese KKKvK: %lld states of the oracle compared\n",
                (long long)compared);
    EXPECT_GT(compared, 0);
    EXPECT_EQ(bad, 0);
}

// The force rule alone, with N moves.
CounterSet force_rule(int moves) {
    CounterSet set = counter_set("force", "the river count alone", kPortugueseCounters.rules[1]);
    set.rules[0].moves = std::uint8_t(moves);
    return set;
}

// dtb's generator (gen/counters/counters_solve.hpp, the waiting class by counters_river.hpp)
// against the river count at every state of three kings against one: the value a class's (WDL,
// budget) gives where the count leaves `left` plies, or its WDL while the count waits (nothing else
// runs then). Positions with a capture are left out: the tables do not hold them (the
// prober searches their captures). With 11 moves as well as 12: where the count binds.
// Long: some 2 minutes of solving on 2 shared cores.
TEST(RiverCountLong, LongGeneratorAgreesAtEveryState) {
    for (const int n : {12, 11}) {
        const CounterSet set = force_rule(n);
        gen::CountersSlices<V> counters(set);
        for (const Material m : {Material{0, 1, 0, 1}, Material{0, 2, 0, 1}})
            counters.add(m, counters.solve(m));
        const gen::MaterialCounters<V> kkk = counters.solve(Material{0, 3, 0, 1});
        const RiverCount r(Color::white, n, pure_values(Color::white));
        std::int64_t compared = 0, drawn = 0, bad = 0, fresh_drawn = 0;
        r.for_each_position([&](const P& p) {
            const int side = int(p.side);
            const std::uint64_t i = kkk.main->index.rank(p);
            if (kkk.main->capture[side][i]) return;
            // At arising: the pure wins and losses the generator's fresh view draws.
            fresh_drawn += pure_values(Color::white).value(p).value().wdl != Outcome::draw &&
                           Wdl(kkk.fresh->wdl[side][i]) == Wdl::draw;
            auto check = [&](const gen::Slice<V>& slice, int counted, int left) {
                const auto w = Wdl(slice.wdl[side][i]);
                const bool holds = (w == Wdl::win || w == Wdl::loss) && slice.dtw[side][i] <= left;
                const Outcome got = !holds          ? Outcome::draw
                                    : w == Wdl::win ? Outcome::win
                                                    : Outcome::loss;
                const Outcome want = r.value(p, counted);
                ++compared;
                drawn += got == Outcome::draw && want == Outcome::draw;
                if (got != want && bad++ < 5)
                    ADD_FAILURE() << n << " moves: " << write_fen(p) << " after " << counted
                                  << " strong moves: generator " << outcome_name(got)
                                  << ", river count " << outcome_name(want);
            };
            if (r.arising(p) == RiverCount::kWaiting)
                check(*kkk.idle, RiverCount::kWaiting, 1 << 20);
            const bool strong_to_move = p.side == Color::white;
            for (int c = 0; c <= n - (strong_to_move ? 1 : 0); ++c)
                check(*kkk.main, c, strong_to_move ? 2 * n - 1 - 2 * c : 2 * n - 2 * c);
        });
        std::printf(
            "[   info   ] portuguese KKKvK, the river count of %d moves: %lld states of "
            "dtb's generator compared, %lld of them draws; at arising it draws %lld pure "
            "wins or losses (positions without a capture)\n",
            n, (long long)compared, (long long)drawn, (long long)fresh_drawn);
        EXPECT_GT(compared, 0);
        EXPECT_EQ(bad, 0);
        if (n == 12) {
            EXPECT_EQ(fresh_drawn, 0);
        } else {
            EXPECT_GT(fresh_drawn, 0);
        }
    }
}

}  // namespace
}  // namespace dtb::test
