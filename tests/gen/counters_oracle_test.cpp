// The counters oracle (counters_oracle.hpp): its reading of the counter rules against core's
// rule state on random games, its values on positions checked by hand, their consistency
// with their successors and with the pure values, and the measurements for the design of
// the russian balance rule.
//
// Long tests (name contains "Long", out of the default run; 1-3 minutes each, up to 2 GB):
// the balance regions of russian 4-piece families, the portuguese river under both
// portuguese counters, FMJD 6.3 on the international board, the 64-square boards with 3
// pieces.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "../core/random_position.hpp"
#include "bruteforce_solver.hpp"
#include "counters_oracle.hpp"
#include "dtb/core/counter_state.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/variant.hpp"

namespace dtb::test {
namespace {

using counters_reading::Counters;

// ---------------------------------------------------------------------------------------
// 1. The oracle's reading of the rules against core's rule state (counter_state.hpp), on random
// games: the same counts after every ply and the same "drawn now".

// A random placement of material c (men never on their promotion row), either side to move.
template <class V>
Position<V> random_material(std::mt19937_64& rng, const Counts& c) {
    using G = typename V::board;
    using bb = typename G::bb;
    Position<V> p;
    p.side = rng() & 1 ? Color::white : Color::black;
    std::uniform_int_distribution<int> square(0, G::bits - 1);
    auto place = [&](Color color, bool king, int n) {
        for (int placed = 0; placed < n;) {
            const int b = square(rng);
            if (!G::is_square(b) || (p.occupied() & bit<bb>(b))) continue;
            if (!king && (bit<bb>(b) & G::promotion_row(color))) continue;
            p.pieces(color) |= bit<bb>(b);
            if (king) p.kings |= bit<bb>(b);
            ++placed;
        }
    };
    place(Color::white, false, c.white_men);
    place(Color::white, true, c.white_kings);
    place(Color::black, false, c.black_men);
    place(Color::black, true, c.black_kings);
    return p;
}

// Materials where the counters (docs/variants.md#draw-counters) start, run, change scope and
// end, and some that promote or capture into those.
const std::vector<Counts> kCounterMaterials = {
    {0, 3, 0, 1}, {1, 2, 0, 1}, {2, 1, 0, 1}, {3, 0, 0, 1}, {0, 2, 0, 1}, {1, 1, 0, 1},
    {2, 0, 0, 1}, {0, 1, 0, 1}, {1, 0, 0, 1}, {0, 1, 1, 0}, {1, 0, 1, 0}, {1, 1, 1, 1},
    {0, 2, 1, 1}, {1, 2, 1, 1}, {0, 3, 0, 2}, {0, 2, 0, 2}, {2, 1, 1, 1}, {0, 4, 0, 1},
    {1, 3, 0, 1}, {2, 2, 1, 1}, {0, 3, 1, 0}, {1, 1, 2, 0}};

struct CrossCheck {
    std::int64_t games = 0, plies = 0, disagreements = 0;
    std::vector<std::int64_t> counting, at_limit;  // per rule: plies after which it ran / ended
    std::string first;
};

template <class V>
CrossCheck cross_check(const CounterSet& set, int games, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    CrossCheck out;
    out.counting.assign(std::size_t(set.count), 0);
    out.at_limit.assign(std::size_t(set.count), 0);
    for (int g = 0; g < games; ++g) {
        Position<V> p;
        if (g % 3 == 0) {
            p = random_position<V>(rng, 4);
        } else {
            Counts c = kCounterMaterials[rng() % kCounterMaterials.size()];
            if (rng() & 1) c = {c.black_men, c.black_kings, c.white_men, c.white_kings};
            p = random_material<V>(rng, c);
        }
        if (p.white == 0 || p.black == 0) continue;
        ++out.games;
        const std::string start = write_fen(p);
        std::string moves;
        Counters mine = counters_reading::arising(set, p);
        CounterState core = fresh_state(set, p);
        bool over = false;  // a count reached its limit: the game is drawn (play goes on)
        for (int ply = 0;; ++ply) {
            const bool mine_limit = counters_reading::at_limit(set, mine, p);
            const bool core_limit = counter_expired(set, core, p);
            const std::string valid =
                over ? "" : invalid_state(set, counters_reading::to_counter_state(set, mine), p);
            if (counters_reading::to_counter_state(set, mine) != core || mine_limit != core_limit ||
                !valid.empty()) {
                if (out.disagreements++ < 5) {
                    out.first += "\n  " + std::string(V::name) + " from " + start + " after [" +
                                 moves + "]: oracle ";
                    for (int i = 0; i < set.count; ++i)
                        out.first += (mine.counting(i) ? std::to_string(mine.count[i]) : "-") + " ";
                    out.first += mine_limit ? "(drawn)" : "";
                    out.first += ", core ";
                    for (int i = 0; i < set.count; ++i)
                        out.first += (core.counting(i) ? std::to_string(core.plies[i]) : "-") + " ";
                    out.first += core_limit ? "(drawn)" : "";
                    if (!valid.empty()) out.first += "; core's invalid_state: " + valid;
                }
                break;
            }
            for (int i = 0; i < set.count && !over; ++i) {
                if (!mine.counting(i)) continue;
                ++out.counting[i];
                const auto left = counters_reading::plies_left(set, mine, i, p);
                if (left && *left <= 0) ++out.at_limit[i];
            }
            over = over || mine_limit;
            const auto legal = legal_moves_with_text(p);
            if (legal.empty() || ply == 200) break;
            // Mostly moves that leave nothing to take, so that games last and counts end.
            std::vector<std::size_t> quiet;
            for (std::size_t k = 0; k < legal.size(); ++k)
                if (!MoveGen<V>::has_capture(apply(p, legal[k].first.move))) quiet.push_back(k);
            const std::size_t pick = !quiet.empty() && rng() % 10 != 0 ? quiet[rng() % quiet.size()]
                                                                       : rng() % legal.size();
            const auto& [pm, text] = legal[pick];
            const Position<V> next = apply(p, pm.move);
            mine = counters_reading::after_move(set, mine, p, pm.move, next);
            core = dtb::after_move(set, core, p, pm.move, next);
            moves += (moves.empty() ? "" : " ") + text;
            p = next;
            ++out.plies;
            if (p.pieces(p.side) == 0) break;
        }
    }
    return out;
}

template <class V>
void expect_same_reading(const CounterSet& set, int games, std::uint64_t seed) {
    const CrossCheck c = cross_check<V>(set, games, seed);
    std::string coverage;
    for (int i = 0; i < set.count; ++i) {
        coverage += " " + std::string(set.rules[i].name) + " " + std::to_string(c.counting[i]) +
                    "/" + std::to_string(c.at_limit[i]);
        // Every rule was seen running and reaching its limit: the comparison covered it.
        EXPECT_GT(c.counting[i], 0) << V::name << " " << set.name << ": " << set.rules[i].name;
        EXPECT_GT(c.at_limit[i], 0) << V::name << " " << set.name << ": " << set.rules[i].name;
    }
    std::printf("[   info   ] %s %s: %lld games, %lld plies; plies counted/at the limit:%s\n",
                std::string(V::name).c_str(), std::string(set.name).c_str(), (long long)c.games,
                (long long)c.plies, coverage.c_str());
    EXPECT_EQ(c.disagreements, 0) << c.first;
}

TEST(CountersReading, AgreesWithRuleStateOnRandomGames) {
    expect_same_reading<Russian>(Russian::counter_sets[0], 6000, 1);
    expect_same_reading<Brazilian>(Brazilian::counter_sets[1], 3000, 2);
    expect_same_reading<Brazilian>(Brazilian::counter_sets[0], 1000, 3);
    expect_same_reading<Portuguese>(Portuguese::counter_sets[0], 6000, 4);
    expect_same_reading<Pool>(Pool::counter_sets[0], 3000, 5);
    expect_same_reading<International>(International::counter_sets[0], 6000, 6);
    expect_same_reading<Turkish>(Turkish::counter_sets[0], 3000, 7);
    expect_same_reading<English>(English::counter_sets[0], 1000, 8);
}

// ---------------------------------------------------------------------------------------

template <class V>
void print_sizes(const CountersOracle<V>& o, const char* what) {
    std::printf(
        "[   info   ] %s %s: %zu positions, %zu moves, %zu states (at most %zu at a position), "
        "%.1f MB; %s\n",
        std::string(V::name).c_str(), what, o.positions(), o.moves(), o.states(),
        o.most_states_at_a_position(), double(o.bytes()) / 1e6, o.timing().c_str());
}

// ---------------------------------------------------------------------------------------
// 2. Values checked by hand. Counts are written in the order of the counter set, -1 for a rule
// that is not counting.

Counters counts(std::initializer_list<int> c) {
    Counters out;
    int i = 0;
    for (int x : c) out.count[i++] = x;
    return out;
}

template <class V>
void expect_value(const CountersOracle<V>& o, const char* fen, std::initializer_list<int> c,
                  Outcome outcome, int plies) {
    const Position<V> p = parse_fen<V>(fen);
    const Counters k = counts(c);
    CountersValue v;
    try {
        v = o.value(p, k);
    } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
        return;
    }
    EXPECT_EQ(v, (CountersValue{outcome, plies}))
        << V::name << " " << o.state_text(p, k) << ": " << counters_value_text(v);
}

template <class V>
void expect_not_reached(const CountersOracle<V>& o, const char* fen, std::initializer_list<int> c) {
    EXPECT_THROW(o.value(parse_fen<V>(fen), counts(c)), std::out_of_range) << fen;
}

constexpr Outcome kWin = Outcome::win, kDraw = Outcome::draw, kLoss = Outcome::loss;

// Russian small material (7.2.8): king against king, 5 moves each (10 plies, no strong
// side); two kings against one, the strong side's 5th move must win. Counted with 7.2.5
// (kings-only); both restart only at the capture that made the material, so they stay
// equal. Counts: kings-only, balance, three-kings, long-diagonal, small-material.
TEST(CountersOracle, RussianSmallMaterial) {
    const CountersOracle<Russian> o(Russian::counter_sets[0], {{Counts{0, 2, 0, 1}}});
    // a1 takes b2 on the 10th ply: a ply that captures the last piece wins even when it is
    // the last the count allows.
    expect_value(o, "W:WKa1:BKb2", {9, -1, -1, -1, 9}, kWin, 1);
    // At 10 the game is over: Black's move to b2 was the 10th ply and did not win.
    expect_value(o, "W:WKa1:BKb2", {10, -1, -1, -1, 10}, kDraw, 0);
    // Black to move takes b2 (h8:a1) on the 10th ply.
    expect_value(o, "B:WKb2:BKh8", {9, -1, -1, -1, 9}, kWin, 1);
    // a1 can only go along the long diagonal, where h8 takes it: lost in 2. White reaches a1
    // only from b2, and there it would have had to take Black's king on the diagonal: the
    // position arises only by a capture, with fresh counts.
    expect_value(o, "W:WKa1:BKh8", {0, -1, -1, -1, 0}, kLoss, 2);
    expect_not_reached(o, "W:WKa1:BKh8", {2, -1, -1, -1, 2});
    // Two kings against one: White c1, e7; Black a3, which nothing takes (no square behind
    // it). e7-f8 wins in 3: a3-b4, -c5, -d6, -e7 meet f8 with a free square behind, a3-b2
    // meets c1. With White to move at the start the count allows 9 plies.
    const char* two = "W:WKc1,Ke7:BKa3";
    expect_value(o, two, {0, -1, -1, -1, 0}, kWin, 3);
    expect_value(o, two, {6, -1, -1, -1, 6}, kWin, 3);   // 9 - 6 = 3 left
    expect_value(o, two, {8, -1, -1, -1, 8}, kDraw, 0);  // 1 left
    expect_value(o, two, {7, -1, -1, -1, 7}, kWin, 3);   // Black moved first: 10 - 7
    expect_value(o, two, {9, -1, -1, -1, 9}, kDraw, 0);
}

// Russian three kings against one (7.2.4: the strong side's 15th move must win) and the
// long diagonal (7.2.7: its 5th, when the lone king stood on a1-h8 as the material arose).
// White: a1, c3, g7; Black: b2, on the long diagonal. Nothing takes b2 now (a1 and c3 have
// no square behind it, g7's line is blocked by c3). g7-h8 wins in 3: Black must take c3
// (b2:d4, :e5, :f6 or :g7, h8 blocking the rest) and h8 takes the king wherever it lands.
// Russian three kings against one and all it leads to, solved once for the binary.
const CountersOracle<Russian>& russian_three_kings() {
    static const CountersOracle<Russian> o(Russian::counter_sets[0], {{Counts{0, 3, 0, 1}}});
    return o;
}

TEST(CountersOracle, RussianThreeKingsAndA1H8) {
    const CountersOracle<Russian>& o = russian_three_kings();
    const char* p = "W:WKa1,Kc3,Kg7:BKb2";
    // Arising here: 7.2.7 counts (b2 is on a1-h8), 9 plies with White to move: enough.
    expect_value(o, p, {0, 0, 0, 0, -1}, kWin, 3);
    // 7.2.7 at 6: 3 plies left (9 - 6), the capture is the last. At 8: 1 left, g7-h8 is it
    // and does not win: drawn. At 9 (Black moved first: 10 plies): 1 left, drawn.
    expect_value(o, p, {6, 6, 6, 6, -1}, kWin, 3);
    expect_value(o, p, {8, 8, 8, 8, -1}, kDraw, 0);
    expect_value(o, p, {9, 9, 9, 9, -1}, kDraw, 0);
    // The same counts where the material arose with the lone king off the diagonal (7.2.7
    // idle to the end of the scope): 7.2.4 leaves 21 plies, a win.
    expect_value(o, p, {8, 8, 8, -1, -1}, kWin, 3);
    // 7.2.4 late: at 26 (White to move at the start: 29 plies) 3 are left, a win; at 28, 1
    // left: drawn, though the pure game wins in 3. At 27 and 29 (Black to move at the start:
    // 30 plies) 3 and 1 are left.
    expect_value(o, p, {26, 26, 26, -1, -1}, kWin, 3);
    expect_value(o, p, {27, 27, 27, -1, -1}, kWin, 3);
    expect_value(o, p, {28, 28, 28, -1, -1}, kDraw, 0);
    expect_value(o, p, {29, 29, 29, -1, -1}, kDraw, 0);
    // No move restarts a count here, so kings-only, balance and three-kings stay equal.
    expect_not_reached(o, p, {4, 8, 8, -1, -1});
}

// Pool: three kings against one, "must win within 13 moves of the strong side": 25 plies
// from a start with White (the strong side) to move, 26 from one with Black to move. The
// russian position above in pool's numbers: White 29 (a1), 22 (c3), 8 (g7); Black 25
// (b2). 8-4 (g7-h8) wins in 3 as there.
TEST(CountersOracle, PoolThreeKings) {
    const CountersOracle<Pool> o(Pool::counter_sets[0], {{Counts{0, 3, 0, 1}}});
    EXPECT_EQ(o.verify(), "");
    const char* p = "W:WK8,K22,K29:BK25";
    expect_value(o, p, {0}, kWin, 3);
    expect_value(o, p, {22}, kWin, 3);   // 25 - 22 = 3 left
    expect_value(o, p, {23}, kWin, 3);   // 26 - 23 = 3 left
    expect_value(o, p, {24}, kDraw, 0);  // 1 left
    expect_value(o, p, {25}, kDraw, 0);  // 1 left
    expect_not_reached(o, p, {26});      // beyond 25: the game was over
}

// Portuguese force rule (FPD 3.2.1b), alone in the set: the strong side's next 12 moves
// once its kings occupy the river, the winning capture among them, the move that started
// the count not.
// Houses: 1 h1, 2 f1, 4 b1, 5 g2, 7 c2, 11 d3; the river is 1-5-10-14-19-23-28-32.
// White f1, b1, d3 (none on the river); Black h1. 2-5 wins in 3: the king on h1 must take
// the most pieces, 5 and 11 (1x7, landing on c2 behind d3), and b1 takes it.
TEST(CountersOracle, PortugueseRiver) {
    const CounterSet force =
        counter_set("force", "the river count alone", kPortugueseCounters.rules[1]);
    const CountersOracle<Portuguese> o(force, {{Counts{0, 3, 0, 1}}});
    EXPECT_EQ(o.verify(), "");
    const char* p = "W:WK2,K4,K11:BK1";
    // No king on the river: the count waits, and 2-5 starts it (uncounted): a win.
    expect_value(o, p, {-1}, kWin, 3);
    // Started by a move onto the river with Black to move then (24 plies: the strong
    // side's 12 moves after it): an odd count now; at 21, 3 are left: a win; at 23, 1.
    expect_value(o, p, {21}, kWin, 3);
    expect_value(o, p, {23}, kDraw, 0);
    // Started with White to move (the lone king's capture made it: 23 plies): at 20, 3
    // left; at 22, 1 left: 2-5 is White's 12th move and does not win.
    expect_value(o, p, {20}, kWin, 3);
    expect_value(o, p, {22}, kDraw, 0);
    // A king on the river at arising after White's capture: that capture is not one of the
    // 12 moves (count 0, 24 plies left); after Black's capture, 23 plies.
    const auto q = parse_fen<Portuguese>("B:WK5,K10,K11:BK1");
    EXPECT_EQ(counters_reading::arising(force, q).count[0], 0);
    EXPECT_EQ(counters_reading::plies_left(force, counters_reading::arising(force, q), 0, q), 24);
    auto r = q;
    r.side = Color::white;
    EXPECT_EQ(counters_reading::arising(force, r).count[0], 0);
    EXPECT_EQ(counters_reading::plies_left(force, counters_reading::arising(force, r), 0, r), 23);
}

// FMJD 6.3 (three pieces with a king against a lone king: 16 moves each) with men, and
// 6.4, on the 8x8 board of brazilian (international's rules on 8x8), to keep the family
// small. White: kings c1, e1, man e7; Black: king h4. Nothing takes h4 now (e1's line ends
// on h4's edge). e7-d8 crowns and wins in 3: every move of h4 (g5, f6, e7, g3, f2) lands
// on a line of d8 or e1 with a free square behind it. The crowning is a man move; it does
// not restart 6.3.
TEST(CountersOracle, FmjdThreeAgainstOneWithMen) {
    const CounterSet fmjd =
        counter_set("6.3, 6.4", "FMJD 6.3 and 6.4", kFmjdCounters.rules[1], kFmjdCounters.rules[2]);
    const CountersOracle<Brazilian> o(fmjd, {{Counts{1, 2, 0, 1}}, 1});
    EXPECT_EQ(o.verify(), "");
    const char* p = "W:WKc1,Ke1,e7:BKh4";
    expect_value(o, p, {0, -1}, kWin, 3);
    // 32 plies whoever moved first: at 29, 3 are left and the capture is the 32nd ply.
    expect_value(o, p, {29, -1}, kWin, 3);
    // At 30, the crowning is the 31st ply, Black's move the 32nd: drawn. Had the man move
    // restarted the count, White would win.
    expect_value(o, p, {30, -1}, kDraw, 0);
    expect_value(o, p, {31, -1}, kDraw, 0);
}

// ---------------------------------------------------------------------------------------
// 3. Consistency: every state's value against its successors' (verify()), against the pure
// values of the brute force, and between the states of one position.

// verify() notices a stored value that its successors do not give, whichever way it is
// wrong.
TEST(CountersOracle, VerifyCatchesWrongValues) {
    CountersOracle<Russian> o(Russian::counter_sets[0], {{Counts{0, 2, 0, 1}}});
    EXPECT_EQ(o.verify(), "");
    const auto p = parse_fen<Russian>("W:WKc1,Ke7:BKa3");  // won in 3 (RussianSmallMaterial)
    const Counters c = counts({6, -1, -1, -1, 6});
    const CountersValue right = o.value(p, c);
    ASSERT_EQ(right, (CountersValue{kWin, 3}));
    for (const CountersValue wrong : {CountersValue{kWin, 5}, CountersValue{kWin, 1},
                                      CountersValue{kDraw, 0}, CountersValue{kLoss, 2}}) {
        o.set_value_for_test(p, c, wrong);
        const std::string v = o.verify();
        EXPECT_NE(v.find(o.state_text(p, c) + ": stored " + counters_value_text(wrong)),
                  std::string::npos)
            << counters_value_text(wrong) << ": " << v;
    }
    o.set_value_for_test(p, c, right);
    EXPECT_EQ(o.verify(), "");
}

template <class V>
void expect_consistent(const CounterSet& set, typename CountersOracle<V>::Family family,
                       const char* what) {
    const CountersOracle<V> o(set, std::move(family));
    print_sizes(o, what);
    EXPECT_EQ(o.verify(), "") << V::name << " " << what;
}

// Every state of families with men, kings, captures and promotions in each way the rules
// handle them.
TEST(CountersOracle, ConsistentWithSuccessorsRussianCounters) {
    expect_consistent<Russian>(Russian::counter_sets[0], {all_counts(3)}, "up to 3 pieces");
    expect_consistent<Brazilian>(Brazilian::counter_sets[1], {all_counts(3)}, "up to 3 pieces");
}

TEST(CountersOracle, ConsistentWithSuccessorsOtherCounters) {
    expect_consistent<Portuguese>(Portuguese::counter_sets[0], {all_counts(3)}, "up to 3 pieces");
    expect_consistent<English>(English::counter_sets[0], {{Counts{1, 1, 0, 1}}}, "KMvK");
    expect_consistent<International>(International::counter_sets[0], {{Counts{1, 1, 0, 1}}, 1},
                                     "KMvK, the man on its last row");
    expect_consistent<Turkish>(Turkish::counter_sets[0], {all_counts(2)}, "up to 2 pieces");
}

// Without counters the values under the counters are the pure values, at the one state of
// each position (idle, the arising state).
template <class V>
void expect_pure(const CounterSet& set, int pieces) {
    const CountersOracle<V> o(set, {all_counts(pieces)});
    const BruteForceSolver<V> bf({pieces});
    EXPECT_EQ(o.positions(), bf.size()) << V::name;
    EXPECT_EQ(o.states(), o.positions()) << V::name;
    std::int64_t compared = 0, bad = 0, decided = 0;
    std::string first;
    o.for_each_state([&](const Position<V>& p, const Counters&, const CountersValue& v) {
        const BruteValue b = bf.value(p).value();
        ++compared;
        decided += b.wdl != Outcome::draw;
        const CountersValue want{b.wdl, b.wdl == Outcome::draw ? 0 : b.dtw};
        if (v == want) return;
        if (bad++ == 0)
            first = write_fen(p) + ": " + counters_value_text(v) + ", pure " +
                    counters_value_text(want);
    });
    std::printf("[   info   ] %s %s up to %d pieces: %lld states, %lld decided, all pure\n",
                std::string(V::name).c_str(), std::string(set.name).c_str(), pieces,
                (long long)compared, (long long)decided);
    EXPECT_GT(decided, 0);
    EXPECT_EQ(bad, 0) << V::name << ": " << first;
}

TEST(CountersOracle, EqualsPureValuesWithoutCounters) {
    expect_pure<Thai>(Thai::counter_sets[0], 3);
    expect_pure<Armenian>(Armenian::counter_sets[0], 2);
    expect_pure<Spanish>(Spanish::counter_sets[0], 3);
    // Pool's only counter needs four pieces; russian with its counters taken away.
    expect_pure<Pool>(Pool::counter_sets[0], 3);
    expect_pure<Russian>(kNoCounters, 3);
}

// At each position: every value under the counters is the pure value or a draw, a pure win
// or loss is never shorter under the counters, and a state with at least as many plies left
// on every count (idle: unlimited) is never worse for the side that wins purely: it wins
// (loses) there too, as fast or faster.
template <class V>
void expect_monotone(const CountersOracle<V>& o, const BruteForceSolver<V>& bf, const char* what) {
    const CounterSet& set = o.counter_set();
    std::int64_t states = 0, drawn_by_counters = 0, pairs = 0, bad = 0;
    std::string first;
    auto fail = [&](const std::string& why) {
        if (bad++ < 3) first += "\n  " + why;
    };
    std::vector<std::array<int, kMaxCounterRules>> left;
    o.for_each_position([&](const Position<V>& p,
                            std::span<const typename CountersOracle<V>::StateValue> st) {
        const BruteValue pure = bf.value(p).value();
        left.assign(st.size(), {});
        for (std::size_t a = 0; a < st.size(); ++a) {
            ++states;
            const CountersValue v = st[a].value;
            for (int i = 0; i < set.count; ++i)
                left[a][i] = counters_reading::plies_left(set, st[a].counters, i, p)
                                 .value_or(std::numeric_limits<int>::max());
            if (v.outcome == Outcome::draw) {
                drawn_by_counters += pure.wdl != Outcome::draw;
            } else if (v.outcome != pure.wdl || v.plies < pure.dtw) {
                fail(o.state_text(p, st[a].counters) + ": " + counters_value_text(v) + ", pure " +
                     outcome_name(pure.wdl) + " in " + std::to_string(pure.dtw));
            }
        }
        if (pure.wdl == Outcome::draw) return;
        for (std::size_t a = 0; a < st.size(); ++a) {
            if (st[a].value.outcome == Outcome::draw) continue;
            for (std::size_t b = 0; b < st.size(); ++b) {
                bool more = b != a;
                for (int i = 0; i < set.count && more; ++i) more = left[b][i] >= left[a][i];
                if (!more) continue;
                ++pairs;
                const CountersValue x = st[a].value, y = st[b].value;
                if (y.outcome != x.outcome || y.plies > x.plies)
                    fail(o.state_text(p, st[a].counters) + " " + counters_value_text(x) + " but " +
                         o.state_text(p, st[b].counters) + " " + counters_value_text(y));
            }
        }
    });
    std::printf(
        "[   info   ] %s %s: %lld states, %lld drawn by the rules though decided purely, %lld "
        "pairs compared\n",
        std::string(V::name).c_str(), what, (long long)states, (long long)drawn_by_counters,
        (long long)pairs);
    EXPECT_GT(drawn_by_counters, 0) << V::name << " " << what;  // the rules matter in this family
    EXPECT_GT(pairs, 0) << V::name << " " << what;
    EXPECT_EQ(bad, 0) << V::name << " " << what << first;
}

TEST(CountersOracle, MonotoneAndPureOrDrawRussian) {
    const BruteForceSolver<Russian> bf({4, Counts{0, 3, 0, 1}});
    EXPECT_EQ(russian_three_kings().verify(), "");
    expect_monotone(russian_three_kings(), bf, "KKKvK");
    const CountersOracle<Russian> o(Russian::counter_sets[0], {all_counts(3)});
    expect_monotone(o, bf, "up to 3 pieces");
}

TEST(CountersOracle, MonotoneAndPureOrDrawOther) {
    {
        const BruteForceSolver<Portuguese> bf({3});
        const CountersOracle<Portuguese> o(Portuguese::counter_sets[0], {all_counts(3)});
        expect_monotone(o, bf, "up to 3 pieces");
    }
    {
        const BruteForceSolver<English> bf({3});
        const CountersOracle<English> o(English::counter_sets[0], {{Counts{1, 1, 0, 1}}});
        expect_monotone(o, bf, "KMvK");
    }
}

// ---------------------------------------------------------------------------------------
// 4. Russian: where 7.2.5 (kings-only, 30 plies, restarted by man moves) and 7.2.6 (balance,
// 60 plies from 4 pieces, restarted by promotions) run together, is the set of (kings-only
// plies left, balance plies left) at which a position's pure result holds a "corner"
// {ko >= x and balance >= y}? Per material, over the reachable states where these two
// are the only counts running (7.2.7 not counting).

// The region of a position: the (ko left, balance left) of its reachable states (`all`)
// and of those where its pure result holds (`in`, sorted).
struct Region {
    bool corner = true;  // in = the states >= (x, y), the least of each coordinate in `in`
    // Kings-only binds: `in` is not {balance left >= y} (a state outside has balance left
    // >= y). The balance binds: `in` is not {kings-only left >= x}. In a corner where
    // neither binds, one threshold says it all (the counts run in step).
    bool ko_binds = false;
    bool balance_binds = false;
    int x = 0, y = 0;
};

Region classify(const std::vector<std::pair<int, int>>& all,
                const std::vector<std::pair<int, int>>& in) {
    Region r;
    r.x = r.y = std::numeric_limits<int>::max();
    for (auto [a, b] : in) r.x = std::min(r.x, a), r.y = std::min(r.y, b);
    for (auto s : all) {
        if (std::binary_search(in.begin(), in.end(), s)) continue;
        r.ko_binds = r.ko_binds || s.second >= r.y;
        r.balance_binds = r.balance_binds || s.first >= r.x;
        r.corner = r.corner && !(s.first >= r.x && s.second >= r.y);
    }
    return r;
}

// The classification itself, on regions drawn by hand.
TEST(CountersOracle, RegionClassification) {
    const std::vector<std::pair<int, int>> all = {{1, 1}, {1, 5}, {5, 1}, {5, 5}, {3, 3}};
    const Region staircase = classify(all, {{1, 5}, {5, 1}, {5, 5}});
    EXPECT_FALSE(staircase.corner);  // (3,3) is above (1,1) = the least coordinates
    const Region corner = classify(all, {{3, 3}, {5, 5}});
    EXPECT_TRUE(corner.corner);
    EXPECT_TRUE(corner.ko_binds);  // (1,5) fails for want of kings-only plies
    EXPECT_TRUE(corner.balance_binds);
    const Region ko_only = classify(all, {{3, 3}, {5, 1}, {5, 5}});
    EXPECT_TRUE(ko_only.corner);
    EXPECT_TRUE(ko_only.ko_binds);
    EXPECT_FALSE(ko_only.balance_binds);
}

struct RegionStats {
    std::int64_t positions = 0;         // with a state where exactly kings-only and balance run
    std::int64_t wins = 0, losses = 0;  // decided purely (for the side to move)
    std::int64_t never = 0;             // the pure result holds at no such state
    std::int64_t always = 0;            // ... at all of them
    std::int64_t corner = 0;            // ... exactly at those in a corner (always included)
    std::int64_t not_corner = 0;
    std::int64_t ko_binds = 0, balance_binds = 0;
    int most_ko_needed = 0;       // the largest x where kings-only binds
    int most_balance_needed = 0;  // the largest y where the balance binds
    std::string example;          // a position whose region is not a corner
    std::string balance_example;  // one where the balance binds
};

// A region as the least points where the result holds and the greatest reachable points
// where it does not (both sets are determined by these, the first being an up-set).
std::string region_text(const std::vector<std::pair<int, int>>& in,
                        const std::vector<std::pair<int, int>>& out) {
    auto extreme = [](const std::vector<std::pair<int, int>>& v, bool least) {
        std::string s;
        int shown = 0;
        for (auto [a, b] : v) {
            bool keep = true;
            for (auto [c, d] : v) {
                const bool beyond = least ? c <= a && d <= b : c >= a && d >= b;
                keep = keep && !(beyond && (c != a || d != b));
            }
            if (keep && shown++ < 10) s += " (" + std::to_string(a) + "," + std::to_string(b) + ")";
        }
        return s;
    };
    return "holds at (kings-only left, balance left) >= one of" + extreme(in, true) +
           "; not at <= one of" + extreme(out, false);
}

template <class V>
void measure_regions(const CountersOracle<V>& o, const BruteForceSolver<V>& bf,
                     std::map<std::string, RegionStats>& by_material) {
    const CounterSet& set = o.counter_set();
    std::vector<std::pair<int, int>> all, in, out;
    o.for_each_position([&](const Position<V>& p,
                            std::span<const typename CountersOracle<V>::StateValue> st) {
        const BruteValue pure = bf.value(p).value();
        all.clear();
        in.clear();
        for (const auto& s : st) {
            bool two = s.counters.counting(0) && s.counters.counting(1);
            for (int i = 2; i < set.count; ++i) two = two && !s.counters.counting(i);
            if (!two) continue;
            const std::pair<int, int> left{*counters_reading::plies_left(set, s.counters, 0, p),
                                           *counters_reading::plies_left(set, s.counters, 1, p)};
            all.push_back(left);
            if (pure.wdl != Outcome::draw && s.value.outcome == pure.wdl) in.push_back(left);
        }
        if (all.empty()) return;
        RegionStats& r = by_material[counts_name(counts_of(p))];
        ++r.positions;
        if (pure.wdl == Outcome::draw) return;
        ++(pure.wdl == Outcome::win ? r.wins : r.losses);
        if (in.empty()) {
            ++r.never;
            return;
        }
        std::sort(in.begin(), in.end());
        const Region g = classify(all, in);
        r.always += in.size() == all.size();
        if (g.ko_binds) {
            ++r.ko_binds;
            r.most_ko_needed = std::max(r.most_ko_needed, g.x);
        }
        if (g.balance_binds) {
            ++r.balance_binds;
            if (g.y > r.most_balance_needed || r.balance_example.empty()) {
                r.most_balance_needed = std::max(r.most_balance_needed, g.y);
                out.clear();
                for (auto s : all)
                    if (!std::binary_search(in.begin(), in.end(), s)) out.push_back(s);
                if (g.y == r.most_balance_needed)
                    r.balance_example = write_fen(p) + " " + region_text(in, out);
            }
        }
        if (g.corner) {
            ++r.corner;
        } else {
            ++r.not_corner;
            if (r.example.empty()) {
                out.clear();
                for (auto s : all)
                    if (!std::binary_search(in.begin(), in.end(), s)) out.push_back(s);
                r.example = write_fen(p) + " " + region_text(in, out);
            }
        }
    });
}

void print_regions(const std::map<std::string, RegionStats>& by_material, const char* family) {
    std::printf("[   info   ] %s\n", family);
    std::printf(
        "[   info   ]   material positions   wins losses never always  corner not-corner  "
        "ko-binds (max x)  balance-binds (max y)\n");
    for (const auto& [m, r] : by_material) {
        std::printf(
            "[   info   ]   %-8s %9lld %6lld %6lld %5lld %6lld %7lld %10lld %9lld (%2d) %14lld "
            "(%2d)\n",
            m.c_str(), (long long)r.positions, (long long)r.wins, (long long)r.losses,
            (long long)r.never, (long long)r.always, (long long)r.corner, (long long)r.not_corner,
            (long long)r.ko_binds, r.most_ko_needed, (long long)r.balance_binds,
            r.most_balance_needed);
        if (!r.example.empty())
            std::printf("[   info   ]     not a corner: %s\n", r.example.c_str());
        if (!r.balance_example.empty())
            std::printf("[   info   ]     the balance binds, largest y: %s\n",
                        r.balance_example.c_str());
    }
}

// The families: KMvKM with every man on its last two rows before promotion, KKvKM and
// KKMvK with the man on its last three, and all they lead to (KKvKK, KMvKK, the 3-piece
// endings ...). Some 20 s each for the states and values, as much again to verify them.
TEST(CountersOracleLong, LongRussianBalanceRegions) {
    const std::pair<Counts, int> families[] = {
        {Counts{1, 1, 1, 1}, 2}, {Counts{0, 2, 1, 1}, 3}, {Counts{1, 2, 0, 1}, 3}};
    for (const auto& [top, rows] : families) {
        const auto t = std::chrono::steady_clock::now();
        const CountersOracle<Russian> o(Russian::counter_sets[0], {{top}, rows});
        const std::string what =
            counts_name(top) + ", men on their last " + std::to_string(rows) + " rows";
        print_sizes(o, what.c_str());
        EXPECT_EQ(o.verify(), "") << what;
        const BruteForceSolver<Russian> bf({4, top});
        std::map<std::string, RegionStats> by_material;
        measure_regions(o, bf, by_material);
        print_regions(by_material, what.c_str());
        for (const auto& [m, r] : by_material) {
            // Every decided position is counted once; regions are up-sets (more plies left
            // never hurts the pure winner), so an always-region is a corner.
            EXPECT_EQ(r.never + r.corner + r.not_corner, r.wins + r.losses) << m;
            EXPECT_LE(r.always, r.corner) << m;
            EXPECT_LE(r.most_ko_needed, 30) << m;
            EXPECT_LE(r.most_balance_needed, 60) << m;
        }
        EXPECT_FALSE(by_material.empty());
        std::printf("[   info   ] %s: %.0f s\n", what.c_str(),
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count());
    }
}

// ---------------------------------------------------------------------------------------
// Larger families, out of the default run.

// The portuguese river position of PortugueseRiver under both portuguese counters. 2-5
// wins in 3 there, and Black's reply is a capture, which restarts everything. White has no
// capture: every first move is quiet and adds a ply to each running count, so White wins
// (in 3) iff after one ply no count is at its limit: the twenty-move count and the river
// count (if started; 2-5 starts it) each leave at least 2 plies now.
TEST(CountersOracleLong, LongPortugueseRiverWithTwentyMoves) {
    const CountersOracle<Portuguese> o(Portuguese::counter_sets[0], {{Counts{0, 3, 0, 1}}});
    print_sizes(o, "KKKvK");
    EXPECT_EQ(o.verify(), "");
    const auto p = parse_fen<Portuguese>("W:WK2,K4,K11:BK1");
    const CounterSet& set = o.counter_set();
    std::int64_t states = 0, wins = 0, bad = 0;
    o.for_each_position([&](const Position<Portuguese>& q,
                            std::span<const CountersOracle<Portuguese>::StateValue> st) {
        if (!(q == p)) return;
        for (const auto& s : st) {
            ++states;
            const int twenty = *counters_reading::plies_left(set, s.counters, 0, q);
            const int river = counters_reading::plies_left(set, s.counters, 1, q).value_or(99);
            const CountersValue want =
                twenty >= 2 && river >= 2 ? CountersValue{kWin, 3} : CountersValue{kDraw, 0};
            wins += want.outcome == kWin;
            if (s.value != want && bad++ < 3)
                ADD_FAILURE() << o.state_text(q, s.counters) << ": "
                              << counters_value_text(s.value);
        }
    });
    std::printf("[   info   ] %s: %lld states, %lld won\n", write_fen(p).c_str(), (long long)states,
                (long long)wins);
    EXPECT_GT(wins, 0);
    EXPECT_LT(wins, states);
}

// FMJD 6.3 with a crowning man on the international board. White: man 10 (i9), kings 46
// (a1), 47 (c1); Black: king 15 (j8). Nothing takes 15 (it stands on the edge). 10-4 (h10)
// crowns and wins in 3: 15-10 meets 4 with 15 free behind, 15-20, -24, -29, -33, -38, -42
// meet 47 on the long line c1-j8. The set holds 6.3 and 6.4 only, to keep the family
// small: 6.2 (kings-only, 50 plies) restarts whenever 6.3 does (and at man moves), so
// where 6.3 counts it never ends first.
TEST(CountersOracleLong, LongInternationalThreeAgainstOneWithMen) {
    const CounterSet fmjd =
        counter_set("6.3, 6.4", "FMJD 6.3 and 6.4", kFmjdCounters.rules[1], kFmjdCounters.rules[2]);
    const CountersOracle<International> o(fmjd, {{Counts{1, 2, 0, 1}}, 1});
    print_sizes(o, "KKMvK, the man on its last row");
    const char* p = "W:W10,K46,K47:BK15";
    expect_value(o, p, {0, -1}, kWin, 3);
    expect_value(o, p, {29, -1}, kWin, 3);   // 32 - 29 = 3 left: the capture is the 32nd ply
    expect_value(o, p, {30, -1}, kDraw, 0);  // the crowning does not restart 6.3
    expect_value(o, p, {31, -1}, kDraw, 0);
}

// The 64-square boards with 3 pieces: armenian (no counter) equals the pure values;
// turkish (one piece each: 2 moves each) is consistent and monotone.
TEST(CountersOracleLong, LongFullBoardThreePieces) {
    expect_pure<Armenian>(Armenian::counter_sets[0], 3);
    const CountersOracle<Turkish> o(Turkish::counter_sets[0], {all_counts(3)});
    print_sizes(o, "up to 3 pieces");
    EXPECT_EQ(o.verify(), "");
    const BruteForceSolver<Turkish> bf({3});
    expect_monotone(o, bf, "up to 3 pieces");
}

}  // namespace
}  // namespace dtb::test

namespace dtb::test {
namespace {

// Portuguese 3.2.1b: are 12 moves after the river enough for every win of three kings against
// one, and would 11 be? Every KKKvK position, both sides to move, at its arising counters
// (the material has just arisen by a capture): the pure wins and losses the counters draw,
// under the counters as they are and with the river count at 11 moves. With 12 none is drawn
// (as river_count_test.cpp finds for the force rule alone); with 11 the count binds.
TEST(CountersOracleLong, LongPortugueseRiverTwelveOrElevenMoves) {
    const CounterSet twelve = Portuguese::counter_sets[0];
    CounterSet eleven = twelve;
    eleven.rules[1].moves = 11;
    const CountersOracle<Portuguese> pure(kNoCounters, {{Counts{0, 3, 0, 1}}});
    std::int64_t decided = 0, drawn12 = 0, drawn11 = 0;
    {
        const CountersOracle<Portuguese> o12(twelve, {{Counts{0, 3, 0, 1}}});
        const CountersOracle<Portuguese> o11(eleven, {{Counts{0, 3, 0, 1}}});
        for (const Color side : {Color::white, Color::black})
            for_each_placement<Portuguese>(Counts{0, 3, 0, 1}, side, [&](const auto& p) {
                const Outcome w = pure.fresh_value(p).outcome;
                if (w != kWin && w != kLoss) return;
                ++decided;
                drawn12 += o12.fresh_value(p).outcome == kDraw;
                drawn11 += o11.fresh_value(p).outcome == kDraw;
            });
    }
    std::printf(
        "[   info   ] portuguese KKKvK: %lld positions won or lost; the counters draw %lld "
        "with 12 moves from the river, %lld with 11\n",
        (long long)decided, (long long)drawn12, (long long)drawn11);
    EXPECT_GT(decided, 0);
    EXPECT_EQ(drawn12, 0);
    EXPECT_GT(drawn11, 0);
}

// Russian 7.2.4 and 7.2.7: of the positions of three kings against one that are won or lost
// at their arising counters, how many the counters draw, and how many of those the long
// diagonal rule (7.2.7) draws (they hold without it).
TEST(CountersOracle, RussianThreeKingsDrawnByTheLongDiagonal) {
    const CounterSet all = Russian::counter_sets[0];
    const CounterSet without = counter_set("no 7.2.7", "fmjd64 without 7.2.7", all.rules[0],
                                           all.rules[1], all.rules[2], all.rules[4]);
    const CountersOracle<Russian> pure(kNoCounters, {{Counts{0, 3, 0, 1}}});
    const CountersOracle<Russian> with_rule(all, {{Counts{0, 3, 0, 1}}});
    const CountersOracle<Russian> without_rule(without, {{Counts{0, 3, 0, 1}}});
    std::int64_t decided = 0, drawn = 0, by_diagonal = 0, wins_by_diagonal = 0;
    for (const Color side : {Color::white, Color::black})
        for_each_placement<Russian>(Counts{0, 3, 0, 1}, side, [&](const auto& p) {
            const Outcome w = pure.fresh_value(p).outcome;
            if (w != kWin && w != kLoss) return;
            ++decided;
            const bool d = with_rule.fresh_value(p).outcome == kDraw;
            drawn += d;
            if (d && without_rule.fresh_value(p).outcome != kDraw) {
                ++by_diagonal;
                wins_by_diagonal += side == Color::white;  // White holds the three kings
            }
        });
    std::printf(
        "[   info   ] russian KKKvK: %lld positions won or lost; the counters draw %lld, "
        "the long diagonal rule %lld of them (%lld with the three kings to move)\n",
        (long long)decided, (long long)drawn, (long long)by_diagonal, (long long)wins_by_diagonal);
    EXPECT_GT(by_diagonal, 0);
    EXPECT_LE(by_diagonal, drawn);
}

}  // namespace
}  // namespace dtb::test
