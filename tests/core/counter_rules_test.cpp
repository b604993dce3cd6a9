// The counter rules (docs/variants.md#draw-counters) as each variant declares them (checked at
// compile time), and the rule state's transitions on hand-built positions, each derived from
// the rule text in the comment beside it.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "all_variants.hpp"
#include "dtb/core/counter_state.hpp"
#include "dtb/core/counters_classes.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/variant.hpp"

namespace dtb {
namespace {

// ---------------------------------------------------------------------------------------
// Rules as data.

template <class V>
constexpr const CounterSet& standard() {
    return V::counter_sets[0];
}

constexpr bool names(const CounterSet& s, std::initializer_list<std::string_view> expected) {
    if (int(expected.size()) != s.count) return false;
    int i = 0;
    for (std::string_view n : expected)
        if (s.rules[i++].name != n) return false;
    return true;
}

static_assert(names(standard<Russian>(),
                    {"kings-only", "balance", "three-kings", "long-diagonal", "small-material"}));
static_assert(standard<Russian>().rules[0].moves == 15);
static_assert(standard<Russian>().rules[1].moves == 30 &&
              standard<Russian>().rules[1].more_pieces_moves == 60);
static_assert(standard<Brazilian>().name == "cbd" && names(standard<Brazilian>(), {"kings-only"}) &&
              standard<Brazilian>().rules[0].moves == 20);
static_assert(Brazilian::counter_sets.size() == 2 && Brazilian::counter_sets[1].name == "fmjd64" &&
              Brazilian::counter_sets[1].count == 5);
static_assert(names(standard<Pool>(), {"three-kings"}) && standard<Pool>().rules[0].moves == 13);
static_assert(names(standard<Portuguese>(), {"twenty-moves", "force"}) &&
              standard<Portuguese>().rules[1].moves == 12 &&
              standard<Portuguese>().rules[1].start == Start::on_river);
static_assert(standard<Spanish>().empty() && Spanish::counter_sets[1].name == "portuguese" &&
              Spanish::counter_sets[1].count == 2);
static_assert(names(standard<Czech>(), {"kings-only"}) && standard<Czech>().rules[0].moves == 15);
static_assert(standard<Thai>().empty() && standard<Armenian>().empty() &&
              standard<Giveaway>().empty());
static_assert(names(standard<English>(), {"no-progress"}) &&
              standard<English>().rules[0].moves == 40);
static_assert(names(standard<African>(), {"no-progress"}));
static_assert(names(standard<Italian>(), {"no-progress"}) &&
              standard<Italian>().rules[0].moves == 40);
static_assert(names(standard<International>(), {"kings-only", "three-v-one", "small-material"}));
static_assert(standard<International>().rules[0].moves == 25 &&
              standard<International>().rules[1].moves == 16 &&
              standard<International>().rules[2].moves == 5);
static_assert(names(standard<Canadian>(), {"kings-only", "three-v-one", "small-material"}));
static_assert(names(standard<Frisian>(), {"two-kings", "king-v-king"}));
static_assert(names(standard<Turkish>(), {"one-each"}) && standard<Turkish>().rules[0].moves == 2);

// Scopes. Material{white men, white kings, black men, black kings}.
constexpr Scope kThreeKings = standard<Russian>().rules[2].scope;
constexpr Scope kThreePieces = standard<Russian>().rules[3].scope;
constexpr Scope kSmall = standard<Russian>().rules[4].scope;
constexpr Scope kBalance = standard<Russian>().rules[1].scope;
static_assert(in_scope(kThreeKings, {0, 3, 0, 1}) && in_scope(kThreeKings, {0, 1, 0, 4}));
static_assert(!in_scope(kThreeKings, {1, 2, 0, 1}) && !in_scope(kThreeKings, {0, 3, 1, 0}));
static_assert(in_scope(kThreePieces, {2, 1, 0, 1}) && !in_scope(kThreePieces, {3, 0, 0, 1}));
static_assert(in_scope(kSmall, {0, 1, 0, 1}) && in_scope(kSmall, {1, 1, 0, 1}));
static_assert(!in_scope(kSmall, {2, 0, 0, 1}) && !in_scope(kSmall, {0, 1, 1, 0}));
static_assert(in_scope(kBalance, {1, 1, 1, 1}) && !in_scope(kBalance, {2, 0, 1, 1}));
static_assert(!in_scope(kBalance, {0, 2, 0, 1}) && !in_scope(kBalance, {4, 1, 2, 1}));
static_assert(strong_side(kSmall, {0, 1, 0, 1}) == Strong::both);
static_assert(strong_side(kThreeKings, {0, 1, 0, 3}) == Strong::black);

// Budgets: "the strong side's N-th move must win" is 2N-1 plies with the strong side to move
// at the start, 2N otherwise; "N moves each" is 2N; king against king counts N moves each.
constexpr CounterRule kRussianThreeKings = standard<Russian>().rules[2];
static_assert(limit_plies(kRussianThreeKings, {0, 3, 0, 1}, Color::white) == 29);
static_assert(limit_plies(kRussianThreeKings, {0, 3, 0, 1}, Color::black) == 30);
static_assert(limit_plies(standard<Russian>().rules[4], {0, 1, 0, 1}, Color::white) == 10);
static_assert(limit_plies(standard<Russian>().rules[1], {1, 1, 1, 1}, Color::white) == 60);
static_assert(limit_plies(standard<Russian>().rules[1], {2, 1, 2, 1}, Color::white) == 120);
static_assert(limit_plies(standard<International>().rules[1], {2, 1, 0, 1}, Color::white) == 32);
static_assert(limit_plies(standard<Pool>().rules[0], {0, 3, 0, 1}, Color::white) == 25);

// The long diagonal: a1-h8 in russian, houses 1-32 in portuguese.
TEST(CounterRules, LongDiagonal) {
    using G = Russian::board;
    const auto d = long_diagonal<G>();
    EXPECT_EQ(popcount(d), 8);
    const auto russian = parse_fen<Russian>("W:WKa1,Kh8:B");
    EXPECT_EQ(russian.kings & d, russian.kings);
    const auto portuguese = parse_fen<Portuguese>("W:WK1,K32:B");
    EXPECT_EQ(portuguese.kings & long_diagonal<Portuguese::board>(), portuguese.kings);
    EXPECT_EQ(popcount(long_diagonal<International::board>()), 10);
}

// ---------------------------------------------------------------------------------------
// The rule state.

template <class V>
struct Game {
    const CounterSet& rules = standard<V>();
    Position<V> pos;
    CounterState state;

    explicit Game(std::string_view fen) : pos(parse_fen<V>(fen)), state(fresh_state(rules, pos)) {}
    Game(std::string_view fen, const CounterSet& set)
        : rules(set), pos(parse_fen<V>(fen)), state(fresh_state(rules, pos)) {}

    Game& play(std::string_view text) {
        const auto m = parse_move(pos, text);
        const Position<V> next = apply(pos, m);
        state = after_move(rules, state, pos, m, next);
        pos = next;
        return *this;
    }
    int count(std::string_view name) const {
        for (int i = 0; i < rules.count; ++i)
            if (rules.rules[i].name == name) return state.counting(i) ? state.plies[i] : -1;
        ADD_FAILURE() << "no rule " << name;
        return -2;
    }
    int left() const { return plies_left(rules, state, pos); }
    std::string invalid() const { return invalid_state(rules, state, pos); }
};

TEST(CounterState, RussianThreeKingsFresh) {
    // Black to move: White made the capture, so the strong side's 15 moves are 30 plies.
    Game<Russian> g("B:WKc1,Ke1,Kg1:BKb6");
    EXPECT_EQ(g.count("kings-only"), 0);
    EXPECT_EQ(g.count("balance"), 0);  // 4 pieces, each side a king
    EXPECT_EQ(g.count("three-kings"), 0);
    EXPECT_EQ(g.count("long-diagonal"), -1);  // b6 is off a1-h8
    EXPECT_EQ(g.count("small-material"), -1);
    EXPECT_EQ(g.left(), 30);
    EXPECT_EQ(g.invalid(), "");
    g.play("b6-a5").play("c1-d2");
    EXPECT_EQ(g.count("three-kings"), 2);
    EXPECT_EQ(g.count("kings-only"), 2);
    EXPECT_EQ(g.left(), 28);
    // White to move at arising: 29 plies.
    EXPECT_EQ(Game<Russian>("W:WKc1,Ke1,Kg1:BKb6").left(), 29);
}

TEST(CounterState, RussianLongDiagonalIsFixedAtArising) {
    // 7.2.7: the lone king on a1-h8 when the material arises: the 5th move must win.
    Game<Russian> g("B:WKc1,Ke1,Kg1:BKd4");
    EXPECT_EQ(g.count("long-diagonal"), 0);
    EXPECT_EQ(g.left(), 10);
    g.play("d4-a7");  // leaving the diagonal does not stop the count
    EXPECT_EQ(g.count("long-diagonal"), 1);
    EXPECT_EQ(g.left(), 9);
    // Two kings and a man; the man's promotion keeps the 7.2.7 count and enters 7.2.4 afresh.
    Game<Russian> p("W:Wc7,Kc1,Ke1:BKd4");
    EXPECT_EQ(p.count("long-diagonal"), 0);
    EXPECT_EQ(p.count("three-kings"), -1);
    EXPECT_EQ(p.left(), 9);  // White to move at arising: 2*5-1
    p.play("c1-d2").play("d4-e5").play("c7-d8");
    EXPECT_EQ(p.count("long-diagonal"), 3);
    EXPECT_EQ(p.count("three-kings"), 0);
    EXPECT_EQ(p.count("kings-only"), 0);
    EXPECT_EQ(p.count("balance"), 0);
    EXPECT_EQ(p.left(), 6);
    // Off the diagonal at arising, it never counts in this scope.
    Game<Russian> off("W:Wc7,Kc1,Ke1:BKa3");
    EXPECT_EQ(off.count("long-diagonal"), -1);
    off.play("c1-d2").play("a3-b2");
    EXPECT_EQ(off.count("long-diagonal"), -1);
    EXPECT_EQ(off.invalid(), "");
}

TEST(CounterState, RussianBalanceRunsThroughManMoves) {
    // Both sides have a king, 4 pieces: a man move restarts kings-only, not the balance.
    Game<Russian> g("W:Wc3,Kh2:Bf6,Kb8");
    EXPECT_EQ(g.count("balance"), 0);
    g.play("h2-g1").play("b8-a7").play("c3-b4");
    EXPECT_EQ(g.count("kings-only"), 0);
    EXPECT_EQ(g.count("balance"), 3);
    EXPECT_EQ(g.left(), 30);
    g.play("a7-b8");
    EXPECT_EQ(g.left(), 29);
}

TEST(CounterState, WhichMovesRunTheBindingCountOn) {
    // Does `text` from g spend a ply of the binding count (rather than restart it)?
    auto runs = [](Game<International> g, std::string_view text) {
        const Game<International> before = g;
        g.play(text);
        return runs_binding_count(g.rules, before.state, before.pos, g.state, g.pos);
    };
    // FMJD 6.2 binds with kings alone: a king move spends it.
    EXPECT_TRUE(runs(Game<International>("W:WK28,K50:BK1,K5"), "50-44"));
    // 6.3 binds in three against one and runs through man moves; 6.2 restarts and is looser.
    EXPECT_TRUE(runs(Game<International>("W:W28,33,K50:BK1"), "28-22"));
    // A promotion that makes three against one restarts: the count starts there.
    EXPECT_FALSE(runs(Game<International>("W:W6,28,33:BK45"), "6-1"));
    // Men alone: a man move runs nothing on.
    EXPECT_FALSE(runs(Game<International>("W:W28,33:B1,5"), "28-22"));
}

TEST(CounterState, PortugueseRiver) {
    // No king on the river at arising: the count waits; the strong move that reaches the
    // river starts it, uncounted, and the 12 strong moves after it are 24 plies.
    Game<Portuguese> g("W:WK2,K3,K4:BK30");
    EXPECT_EQ(g.count("force"), -1);
    EXPECT_EQ(g.left(), 40);
    EXPECT_EQ(g.invalid(), "");
    g.play("4-8").play("30-27");
    EXPECT_EQ(g.count("force"), -1);
    EXPECT_EQ(g.left(), 38);
    g.play("2-5");  // house 5 is on the river 1-32
    EXPECT_EQ(g.count("force"), 0);
    EXPECT_EQ(g.left(), 24);
    // A king on the river at arising, made by the strong side's capture: that capture is
    // not one of the 12 moves, which are the strong side's next 12: 24 plies.
    EXPECT_EQ(Game<Portuguese>("B:WK1,K3,K4:BK20").count("force"), 0);
    EXPECT_EQ(Game<Portuguese>("B:WK1,K3,K4:BK20").left(), 24);
    // The position of issue 51: Black's capture made the material, White's lone king moves.
    EXPECT_EQ(Game<Portuguese>("W:WK2:BK1,K13,K32").left(), 24);
    // Made by the weak side's capture: the strong side moves first, its 12th move is ply 23.
    EXPECT_EQ(Game<Portuguese>("W:WK1,K3,K4:BK20").left(), 23);
    // A promotion onto the river (28-32) that completes the three kings starts the count,
    // uncounted like a capture: 24 plies, and the twenty moves restart with it.
    Game<Portuguese> crown("W:WK2,K3,28:BK30");
    EXPECT_EQ(crown.count("force"), -1);  // two kings and a man: out of the force scope
    crown.play("28-32");
    EXPECT_EQ(crown.count("force"), 0);
    EXPECT_EQ(crown.count("twenty-moves"), 0);
    EXPECT_EQ(crown.left(), 24);
    // Crowned off the river (28-31): the three kings are there, the count waits.
    EXPECT_EQ(Game<Portuguese>("W:WK2,K3,28:BK30").play("28-31").count("force"), -1);
    // A king on the river with the count not started cannot be.
    Game<Portuguese> bad("W:WK1,K3,K4:BK20");
    bad.state.plies[1] = CounterState::kIdle;
    EXPECT_NE(bad.invalid(), "");
}

TEST(CounterState, InternationalThreeAgainstOneOutlivesManMoves) {
    // FMJD 6.3: pieces of any kind with a king; a man move restarts 6.2 only.
    Game<International> g("W:W28,33,K50:BK1");
    EXPECT_EQ(g.count("three-v-one"), 0);
    g.play("28-22").play("1-7");
    EXPECT_EQ(g.count("kings-only"), 1);
    EXPECT_EQ(g.count("three-v-one"), 2);
    EXPECT_EQ(g.left(), 30);
    // A promotion that gives the strong side its first king enters the scope.
    Game<International> p("W:W6,28,33:BK45");
    EXPECT_EQ(p.count("three-v-one"), -1);
    p.play("6-1");
    EXPECT_EQ(p.count("three-v-one"), 0);
    EXPECT_EQ(p.left(), 32);
}

TEST(CounterState, SpanishHasNoCountersUnlessAsked) {
    Game<Spanish> g("W:WK1,K3,K4:BK20");
    EXPECT_EQ(g.left(), kUnlimited);
    Game<Spanish> p("W:WK1,K3,K4:BK20", Spanish::counter_sets[1]);
    EXPECT_EQ(p.left(), 23);
}

TEST(CounterState, ImpossibleStatesAreNamed) {
    Game<Russian> g("W:Wc3,Kh2:Bf6,Kb8");
    g.state.plies[0] = 10;  // kings-only 10 plies, balance 0: a man move cannot restart the balance
    EXPECT_NE(g.invalid().find("balance"), std::string::npos);
    g.state.plies[1] = 61;
    EXPECT_NE(g.invalid().find("beyond"), std::string::npos);
    g.state.plies[1] = 12;
    EXPECT_EQ(g.invalid(), "");
    g.state.plies[2] = 3;  // three kings against one does not apply here
    EXPECT_NE(g.invalid().find("three-kings"), std::string::npos);
    g.state.plies[2] = CounterState::kIdle;
    g.state.plies[0] = CounterState::kIdle;
    EXPECT_NE(g.invalid().find("kings-only"), std::string::npos);
}

TEST(CounterState, StateAfterMoves) {
    using M = Move<Russian::board>;
    auto p = parse_fen<Russian>("B:WKc1,Ke1,Kg1:BKb6");
    std::vector<M> moves;
    Position<Russian> q = p;
    for (std::string_view t : {"b6-a5", "c1-d2", "a5-b6"}) {
        moves.push_back(parse_move(q, t));
        q = apply(q, moves.back());
    }
    const auto [s, reached] = state_after_moves(standard<Russian>(), p, std::span<const M>(moves));
    EXPECT_EQ(reached, q);
    EXPECT_EQ(s.plies[2], 3);
    EXPECT_EQ(plies_left(standard<Russian>(), s, reached), 27);
}

template <class V>
class FreshStateOfAMaterial : public testing::Test {};
TYPED_TEST_SUITE(FreshStateOfAMaterial, dtb::test::AllVariants);

// A material without an idle class has the same fresh counters at every position (random
// ones, both sides to move, every counter set), as fresh_view takes for granted; three kings
// against one with an idle class has positions whose fresh counters differ.
TYPED_TEST(FreshStateOfAMaterial, DependsOnTheSquaresOnlyWithAnIdleClass) {
    using V = TypeParam;
    std::mt19937_64 rng(7);
    int reading = 0;
    for (const CounterSet& set : V::counter_sets)
        for (const Material& m : materials_up_to(4)) {
            const Index<V> index(m);
            std::optional<CounterState> first;
            bool differ = false;
            for (int k = 0; k < 400; ++k) {
                Position<V> p;
                if (!index.unrank(rng() % index.size(), rng() & 1 ? Color::white : Color::black, p))
                    continue;
                const CounterState s = fresh_state(set, p);
                if (!first) first = s;
                differ |= s != *first;
            }
            const bool reads = has_idle_class(set, m);
            if (!reads) {
                EXPECT_FALSE(differ) << set.name << " " << m.name();
            } else if (m.name() == "KKKvK" || m.name() == "KvKKK") {
                EXPECT_TRUE(differ) << set.name << " " << m.name();
            }
            reading += reads;
        }
    if constexpr (std::is_same_v<V, Russian> || std::is_same_v<V, Portuguese>) {
        EXPECT_GT(reading, 0);
    }
}

}  // namespace
}  // namespace dtb
