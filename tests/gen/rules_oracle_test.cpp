// The rules oracle (rules_oracle.hpp): its reading of the counter rules against core's
// rule state on random games, its values on positions checked by hand, their consistency
// with their successors and with the pure values, and the measurements for the design of
// the russian balance rule.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "../core/random_position.hpp"
#include "bruteforce_solver.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/rule_state.hpp"
#include "dtb/core/variant.hpp"
#include "rules_oracle.hpp"

namespace dtb::test {
namespace {

using rules_reading::Counters;
using rules_reading::kIdle;

// ---------------------------------------------------------------------------------------
// 1. The oracle's reading of the rules against core's rule state (rule_state.hpp), on random
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

// Materials where the counters of RULES.md §2 start, run, change scope and end, and some
// that promote or capture into those.
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
CrossCheck cross_check(const RuleSet& set, int games, std::uint64_t seed) {
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
        Counters mine = rules_reading::arising(set, p);
        RuleState core = fresh_state(set, p);
        bool over = false;  // a count reached its limit: the game is drawn (play goes on)
        for (int ply = 0;; ++ply) {
            const bool mine_limit = rules_reading::at_limit(set, mine, p);
            const bool core_limit = counter_expired(set, core, p);
            const std::string valid =
                over ? "" : invalid_state(set, rules_reading::to_rule_state(set, mine), p);
            if (rules_reading::to_rule_state(set, mine) != core || mine_limit != core_limit ||
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
                const auto left = rules_reading::plies_left(set, mine, i, p);
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
            mine = rules_reading::after_move(set, mine, p, pm.move, next);
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
void expect_same_reading(const RuleSet& set, int games, std::uint64_t seed) {
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

TEST(RulesReading, AgreesWithRuleStateOnRandomGames) {
    expect_same_reading<Russian>(Russian::rule_sets[0], 6000, 1);
    expect_same_reading<Brazilian>(Brazilian::rule_sets[1], 3000, 2);
    expect_same_reading<Brazilian>(Brazilian::rule_sets[0], 1000, 3);
    expect_same_reading<Portuguese>(Portuguese::rule_sets[0], 6000, 4);
    expect_same_reading<Pool>(Pool::rule_sets[0], 3000, 5);
    expect_same_reading<International>(International::rule_sets[0], 6000, 6);
    expect_same_reading<Turkish>(Turkish::rule_sets[0], 3000, 7);
    expect_same_reading<English>(English::rule_sets[0], 1000, 8);
}

// ---------------------------------------------------------------------------------------

template <class V>
void print_sizes(const RulesOracle<V>& o, const char* what) {
    std::printf(
        "[   info   ] %s %s: %zu positions, %zu moves, %zu states (at most %zu at a position), "
        "%.1f MB; %s\n",
        std::string(V::name).c_str(), what, o.positions(), o.moves(), o.states(),
        o.most_states_at_a_position(), double(o.bytes()) / 1e6, o.timing().c_str());
}

}  // namespace
}  // namespace dtb::test
