// An independent oracle of the values UNDER THE COUNTER RULES (docs/variants.md#draw-counters),
// to check the generator's and the rule state's handling of the draw counters against. It
// shares with dtb nothing but the core move generator (MoveGen::generate, apply), Position,
// and the rules as data (CounterSet, CounterRule, in_scope); it does not call counter_state.hpp's
// transitions (CounterState is only the type its answers are asked in).
//
//  1. Its own reading of the rules (namespace counters_reading): the counts of a material that
//     has just arisen, and how each move changes them, written plainly from the rules as
//     docs/variants.md#how-the-counters-combine states them, each line with the rule it
//     implements in quotes. A count is a number of plies, or kIdle where the rule is not
//     counting.
//  2. The family: every position reachable by moves from every placement of some materials
//     (optionally with their men only on the last rows before promotion), so it is closed
//     under moves by construction. A successor whose side to move has no piece is the
//     terminal node: no move, lost in 0.
//  3. The states: every (position, counts) reachable by moves from the arising counts of
//     every position of the family. A state where some count has reached its limit is not
//     expanded: the game is over there.
//  4. The values, for the side to move, at every state:
//       no legal move: loss in 0 (the ply before won, even if it was the last a count
//       allowed); else some count at or beyond its limit: draw; else a lost successor: win
//       in 1 + the fewest plies of a lost successor; every successor won: loss in 1 + the
//       most plies of a successor; otherwise draw.
//
// Order of evaluation (only speed depends on it). Positions are grouped in blocks: one
// material and one sum of the men's rows advanced. A capture leads to fewer pieces, a
// promotion to fewer men, a man move forward to a larger sum, so blocks are solved from
// fewer pieces and men and larger sums on. Inside a block every move is a king move (or a
// sideways man move) and adds one ply to every running count: the states are layered by
// their largest count, and a layer's successors in the block lie in the next layer, so
// layers are solved from the largest count down, each state once from final successors
// (the oracle throws if some move breaks this). Only the states where no count runs (the
// "idle" layer: variants or materials without counters) form cycles; there the values are
// iterated: the outcome from "unknown" to the least fixed point of the recurrence, what is
// never decided is a draw, then the plies from 0 to their fixed point.
//
// Why the values are right, whatever the order. verify() checks that every state's stored
// value is what the recurrence of 4. gives from its successors' stored values. Any labelling
// with that property is the true one: (a) a state labelled won or lost with n plies has, by
// the recurrence, successors labelled lost (won) with fewer plies, down to states with no
// move, so by induction on n it is truly won (lost) within n plies; (b) a truly won or lost
// state is labelled so: take one with the least true distance that is not; its successors
// on the winning line (all of them, for a loss) have smaller distances, so are labelled
// truly, and the recurrence then decides the state (so, by (a), a true draw is labelled a
// draw); (c) given the outcomes, the plies are
// the unique fixed point of their recurrence (take a state where they differ from the true
// distance with the smaller of the two least: its successors agree, so does it). The
// iterations of the idle layer are those of bruteforce_solver.hpp: monotone from the
// bottom, so they reach the least fixed points, which are the game values.
//
// Memory: a state is its position's block, a layer and a 32-bit packed tuple of counts;
// per block and layer, an offset per position into the sorted tuples. Values are an
// outcome byte and 16 bits of plies: some 9 bytes a state in all. Measured on 2 cores:
// russian three kings against one and all it leads to, 318k positions and 10.1M states
// (at most 40 at a position), 160 MB, 2.5 s; KMvKM with the men on their last two rows,
// 955k positions and 161M states (1425 at a position: kings-only and balance apart), 1.4
// GB, 27 s (as much again for verify()). Giveaway (no counters, inverted goal) is out of
// scope; frisian's king-move streaks are part of its positions (bruteforce_solver.hpp's keys).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "bruteforce_solver.hpp"
#include "dtb/core/apply.hpp"
#include "dtb/core/counter_rules.hpp"
#include "dtb/core/counter_state.hpp"  // the CounterState type only
#include "dtb/core/movegen.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/position.hpp"

namespace dtb::test {

// ---------------------------------------------------------------------------------------
// 1. The rules, read from docs/variants.md#how-the-counters-combine.

namespace counters_reading {

inline constexpr int kIdle = -1;

// One count per rule of the set, in plies since the count started, or kIdle.
struct Counters {
    std::array<int, kMaxCounterRules> count;
    Counters() { count.fill(kIdle); }
    bool counting(int i) const { return count[i] != kIdle; }
    friend bool operator==(const Counters&, const Counters&) = default;
};

template <class V>
Material material(const Position<V>& p) {
    return {popcount(p.men(Color::white)), popcount(p.kings_of(Color::white)),
            popcount(p.men(Color::black)), popcount(p.kings_of(Color::black))};
}

// "A single king", the weak side of the scopes "... against a lone king".
inline bool lone_king(int men, int kings) { return men == 0 && kings == 1; }

// Which sides are the strong side of an against_lone_king scope: the side with min..max
// pieces, at least one king (kings only where the scope says so), against a single king.
// Both in king against king.
struct StrongSides {
    bool white = false, black = false;
};
inline StrongSides strong_sides(const Scope& s, const Material& m) {
    auto strong = [&](int men, int kings, int their_men, int their_kings) {
        const int pieces = men + kings;
        return lone_king(their_men, their_kings) && pieces >= s.min_pieces &&
               pieces <= s.max_pieces && kings >= 1 && (!s.kings_only || men == 0);
    };
    return {strong(m.white_men, m.white_kings, m.black_men, m.black_kings),
            strong(m.black_men, m.black_kings, m.white_men, m.white_kings)};
}

// The long diagonal (russian a1-h8, the portuguese river 1-32): row == column.
template <class V>
bool on_long_diagonal(int square) {
    using G = typename V::board;
    return G::row_of(square) == G::col_of(square);
}
template <class V>
bool any_on_long_diagonal(typename V::board::bb squares) {
    for (auto x = squares; x;)
        if (on_long_diagonal<V>(pop_lsb(x))) return true;
    return false;
}

// The limit of rule r in plies, for a count that started with `at_start` to move.
inline int limit(const CounterRule& r, const Material& m, Color at_start) {
    // 7.2.6: "4-5 pieces in all -> 30 moves each; 6-7 pieces -> 60 moves each".
    const int n = r.more_pieces != 0 && m.pieces() >= r.more_pieces ? r.more_pieces_moves : r.moves;
    // "'N moves each': 2N plies whoever is to move."
    if (r.budget == Budget::each) return 2 * n;
    const StrongSides s = strong_sides(r.scope, m);
    // "Russian king against king (7.2.8, no strong side): 5 moves each, 10 plies."
    if (s.white == s.black) return 2 * n;
    // "The budget is 2N-1 plies if the strong side is then to move, 2N plies otherwise."
    const Color strong = s.white ? Color::white : Color::black;
    return at_start == strong ? 2 * n - 1 : 2 * n;
}

// The count of force rule r when its scope is entered by the move that reached `after`.
template <class V>
int entered(const CounterRule& r, const Position<V>& after) {
    const Material m = material(after);
    const StrongSides s = strong_sides(r.scope, m);
    if (r.fixed == Fixed::lone_king_on_long_diagonal) {
        // "7.2.7 applies only if the lone king stood on the long diagonal when the scope was
        // entered, and then to the end of the scope."
        const auto lone = s.white && s.black ? after.kings
                          : s.white          ? after.kings_of(Color::black)
                                             : after.kings_of(Color::white);
        if (!any_on_long_diagonal<V>(lone)) return kIdle;
    }
    if (r.start == Start::on_river) {
        // "With no strong king on the river when the material arises, the count waits";
        // "The move that starts it is not one of them" (it starts at 0).
        const Color strong = s.white ? Color::white : Color::black;
        if (!any_on_long_diagonal<V>(after.kings_of(strong))) return kIdle;
    }
    // "The count starts when the scope is entered."
    return 0;
}

// The counts of a material that has just arisen at p ("Fresh counters: the material has
// just arisen by a capture, every count is 0, and what a rule fixes at arising is read from
// this position"). The capture was made by the side not to move.
template <class V>
Counters arising(const CounterSet& set, const Position<V>& p) {
    const Material m = material(p);
    Counters c;
    for (int i = 0; i < set.count; ++i) {
        const CounterRule& r = set.rules[i];
        if (!in_scope(r.scope, m)) continue;  // "A scope is the material in which a rule is active"
        c.count[i] = r.kind == CounterKind::force ? entered(r, p) : 0;
    }
    return c;
}

// What a move does to one count: the new count when it was counting (kAdvance: one more),
// and when it was idle.
inline constexpr int kAdvance = -2;
struct Step {
    int on_counting = kIdle;
    int on_idle = kIdle;
    friend bool operator==(const Step&, const Step&) = default;
};
using Steps = std::array<Step, kMaxCounterRules>;

inline int take(const Step& s, int count) {
    if (count == kIdle) return s.on_idle;
    return s.on_counting == kAdvance ? count + 1 : s.on_counting;
}

// The steps of every rule for the move m from `before` to `after`.
template <class V>
Steps steps(const CounterSet& set, const Position<V>& before, const Move<typename V::board>& m,
            const Position<V>& after) {
    using bb = typename V::board::bb;
    Steps out{};
    if (m.is_capture()) {
        // "A capture changes the material: every count starts afresh in the new one."
        const Counters fresh = arising(set, after);
        for (int i = 0; i < set.count; ++i) out[i] = {fresh.count[i], fresh.count[i]};
        return out;
    }
    const Color mover = before.side;
    const bool man_move = (before.men(mover) & bit<bb>(m.from)) != 0;
    // The man stands crowned on its arrival square.
    const bool promotion = man_move && (after.kings & bit<bb>(m.to)) != 0;
    const Material mb = material(before), ma = material(after);
    for (int i = 0; i < set.count; ++i) {
        const CounterRule& r = set.rules[i];
        if (!in_scope(r.scope, ma)) {
            out[i] = {kIdle, kIdle};  // out of its scope a rule does not count
            continue;
        }
        const bool entering = !in_scope(r.scope, mb);
        switch (r.kind) {
            case CounterKind::progress:
                // "A promotion is a man move: it resets the kings-only and no-progress
                // counters"; "A man move that is not a promotion resets the kings-only and
                // no-progress counters"; a rule whose scope the move enters starts at 0.
                out[i] = man_move || entering ? Step{0, 0} : Step{kAdvance, kIdle};
                break;
            case CounterKind::balance:
                // 7.2.6 "resets on capture, promotion"; "A man move that is not a promotion
                // resets ... not the russian balance counter".
                out[i] = promotion || entering ? Step{0, 0} : Step{kAdvance, kIdle};
                break;
            case CounterKind::force:
                if (entering) {
                    // "A force scope is entered by the move after which its condition first
                    // holds: a capture into it, or a promotion that creates it."
                    const int e = entered(r, after);
                    out[i] = {e, e};
                } else if (r.start == Start::on_river) {
                    // "Otherwise the strong move that first puts one there starts it and is
                    // not counted"; "Leaving the river does not stop or restart it."
                    const StrongSides s = strong_sides(r.scope, ma);
                    const Color strong = s.white ? Color::white : Color::black;
                    const bool starts =
                        mover == strong && any_on_long_diagonal<V>(after.kings_of(strong));
                    out[i] = {kAdvance, starts ? 0 : kIdle};
                } else {
                    // "Man moves and promotions inside it do not restart its count, and what
                    // it fixed when entered stays fixed."
                    out[i] = {kAdvance, kIdle};
                }
                break;
        }
    }
    return out;
}

inline Counters take(const CounterSet& set, const Steps& s, const Counters& c) {
    Counters n;
    for (int i = 0; i < set.count; ++i) n.count[i] = take(s[i], c.count[i]);
    return n;
}

// The counts after m is played from `before` (reaching `after`).
template <class V>
Counters after_move(const CounterSet& set, const Counters& c, const Position<V>& before,
                    const Move<typename V::board>& m, const Position<V>& after) {
    return take(set, steps(set, before, m, after), c);
}

// The plies rule i leaves at p, or nullopt when it is not counting. Each ply adds one to a
// running count, so an even count started with the side to move now to move.
template <class V>
std::optional<int> plies_left(const CounterSet& set, const Counters& c, int i,
                              const Position<V>& p) {
    if (!c.counting(i)) return std::nullopt;
    const Color at_start = c.count[i] % 2 == 0 ? p.side : ~p.side;
    return limit(set.rules[i], material(p), at_start) - c.count[i];
}

// "A rule draws the game when its counter reaches its limit and the last ply did not win":
// some count is at or beyond its limit (the caller sees whether the side to move can move).
template <class V>
bool at_limit(const CounterSet& set, const Counters& c, const Position<V>& p) {
    for (int i = 0; i < set.count; ++i) {
        const auto left = plies_left(set, c, i, p);
        if (left && *left <= 0) return true;
    }
    return false;
}

inline CounterState to_counter_state(const CounterSet& set, const Counters& c) {
    CounterState s;
    for (int i = 0; i < set.count; ++i)
        s.plies[i] = c.counting(i) ? std::uint16_t(c.count[i]) : CounterState::kIdle;
    return s;
}
inline Counters from_counter_state(const CounterSet& set, const CounterState& s) {
    Counters c;
    for (int i = 0; i < set.count; ++i) c.count[i] = s.counting(i) ? int(s.plies[i]) : kIdle;
    return c;
}

}  // namespace counters_reading

// ---------------------------------------------------------------------------------------
// 2.-4. The oracle.

struct CountersValue {
    Outcome outcome = Outcome::unknown;
    int plies = 0;  // to the end of the game (win and loss; 0 for draws)
    friend bool operator==(const CountersValue&, const CountersValue&) = default;
};

inline std::string counters_value_text(const CountersValue& v) {
    std::string s = outcome_name(v.outcome);
    if (v.outcome == Outcome::win || v.outcome == Outcome::loss)
        s += " in " + std::to_string(v.plies);
    return s;
}

template <class V>
class CountersOracle {
  public:
    static_assert(V::goal == Goal::normal, "giveaway has no counters: out of scope");
    using G = typename V::board;
    using bb = typename G::bb;
    using P = Position<V>;
    using Counters = counters_reading::Counters;
    using Steps = counters_reading::Steps;

    struct Family {
        std::vector<Counts> materials;  // every placement of these, both sides to move ...
        int man_rows = 0;  // ... with the men on their last man_rows rows before promotion (0: any)
    };

    CountersOracle(const CounterSet& set, Family family) : set_(set), family_(std::move(family)) {
        auto t = std::chrono::steady_clock::now();
        auto lap = [&](const char* what) {
            const auto now = std::chrono::steady_clock::now();
            char buf[64];
            std::snprintf(buf, sizeof buf, "%s%s %.1fs", timing_.empty() ? "" : ", ", what,
                          std::chrono::duration<double>(now - t).count());
            timing_ += buf;
            t = now;
        };
        layout_fields();
        enumerate();
        lap("positions");
        build_edges();
        lap("moves");
        discover();
        lap("states");
        solve();
        lap("values");
    }

    const CounterSet& counter_set() const { return set_; }
    std::size_t positions() const { return keys_.size(); }
    std::size_t states() const { return node_key_.size(); }
    std::size_t moves() const { return edges_.size(); }
    std::size_t most_states_at_a_position() const { return most_states_; }
    const std::string& timing() const { return timing_; }
    // The bytes of the structures the values live in (positions, moves, states, values).
    std::size_t bytes() const {
        std::size_t n = keys_.size() * (8 + 4) + edge_begin_.size() * 8 +
                        edges_.size() * sizeof(Edge) + node_key_.size() * (4 + 1 + 2);
        for (const Block& b : blocks_)
            for (const auto& o : b.offsets) n += o.size() * 4;
        return n + id_of_.size() * 24;
    }

    bool in_family(const P& p) const { return id_of_.count(encode(p)) != 0; }

    // The value at p with counts s; throws std::out_of_range when p is not in the family or
    // the state was not reached.
    CountersValue value(const P& p, const CounterState& s) const {
        return value(p, counters_reading::from_counter_state(set_, s));
    }
    CountersValue value(const P& p, const Counters& c) const { return value_at(node(p, c)); }
    // The arising counts of p (a probe given no history).
    CountersValue fresh_value(const P& p) const {
        return value(p, counters_reading::arising(set_, p));
    }

    // f(position, counts, value) for every state, position by position.
    template <class F>
    void for_each_state(F&& f) const {
        for_each_position([&](const P& p, std::span<const StateValue> states) {
            for (const StateValue& s : states) f(p, s.counters, s.value);
        });
    }
    struct StateValue {
        Counters counters;
        CountersValue value;
    };
    // f(position, its states) for every position.
    template <class F>
    void for_each_position(F&& f) const {
        std::vector<StateValue> states;
        for (const Block& b : blocks_)
            for (std::uint32_t id = b.begin; id < b.end; ++id) {
                states.clear();
                const std::uint32_t local = id - b.begin;
                for (const auto& offsets : b.offsets) {
                    if (offsets.empty()) continue;
                    for (std::uint32_t n = offsets[local]; n < offsets[local + 1]; ++n)
                        states.push_back({unpack(node_key_[n]), value_at(n)});
                }
                f(decode(keys_[id]), std::span<const StateValue>(states));
            }
    }

    // Whether every stored value is what the recurrence gives from its successors' stored
    // values: "" if so, else the number of states that disagree and the first few.
    std::string verify() const {
        std::int64_t bad = 0;
        std::string first;
        for (const Block& b : blocks_)
            for (std::size_t li = 0; li < b.offsets.size(); ++li) {
                const auto& offsets = b.offsets[li];
                if (offsets.empty()) continue;
                for (std::uint32_t id = b.begin; id < b.end; ++id) {
                    const std::uint32_t local = id - b.begin;
                    for (std::uint32_t n = offsets[local]; n < offsets[local + 1]; ++n) {
                        const CountersValue want = recurrence(b, id, node_key_[n], false);
                        if (want == value_at(n)) continue;
                        if (bad++ < 3)
                            first += "\n  " + state_text(id, node_key_[n]) + ": stored " +
                                     counters_value_text(value_at(n)) + ", successors give " +
                                     counters_value_text(want);
                    }
                }
            }
        return bad == 0 ? ""
                        : std::to_string(bad) + " states disagree with their successors:" + first;
    }

    // Overwrites one stored value, to show that verify() and the comparisons notice.
    void set_value_for_test(const P& p, const Counters& c, CountersValue v) {
        const std::uint32_t n = node(p, c);
        outcome_[n] = std::uint8_t(v.outcome);
        plies_[n] = std::uint16_t(v.plies);
    }

    std::string state_text(const P& p, const Counters& c) const {
        std::string s = write_fen_text(p) + " [";
        for (int i = 0; i < set_.count; ++i) {
            if (i) s += ' ';
            s += std::string(set_.rules[i].name) + "=";
            s += c.counting(i) ? std::to_string(c.count[i]) : "-";
        }
        return s + "]";
    }

    static std::uint64_t encode(const P& p) { return BruteForceSolver<V>::encode(p); }
    static P decode(std::uint64_t k) { return BruteForceSolver<V>::decode(k); }

  private:
    static constexpr std::uint32_t kTerminal = std::numeric_limits<std::uint32_t>::max();
    static constexpr std::uint8_t U = std::uint8_t(Outcome::unknown);
    static constexpr std::uint8_t W = std::uint8_t(Outcome::win);
    static constexpr std::uint8_t D = std::uint8_t(Outcome::draw);
    static constexpr std::uint8_t L = std::uint8_t(Outcome::loss);

    struct Edge {
        std::uint32_t target;   // position id, or kTerminal
        std::uint32_t program;  // the steps of the move, packed (pack_steps)
        bool capture;
    };

    // Positions [begin, end) of one material and one sum of the men's advanced rows.
    // offsets[layer][local position] .. [local + 1]: its states in that layer (empty vector:
    // no state in the layer). Layer t < idle_layer(): the largest count is t; idle_layer():
    // no count runs.
    struct Block {
        std::uint32_t begin = 0, end = 0;
        Counts material;
        int advance = 0;
        // limit[rule][side to move now][count parity]
        std::array<std::array<std::array<int, 2>, 2>, kMaxCounterRules> limit{};
        std::vector<std::vector<std::uint32_t>> offsets;
    };

    // The states of one layer of a block while they are found: per packed tuple of counts,
    // a bit per position of the block. A layer holds few distinct tuples, and the moves of a
    // state mostly give one tuple at many positions.
    class LayerSet {
      public:
        void insert(std::uint32_t local, std::uint32_t key, std::uint32_t n) {
            if (last_ == nullptr || last_key_ != key) {
                auto& bits = bits_[key];
                if (bits.empty()) bits.assign((n + 63) / 64, 0);
                last_ = &bits;
                last_key_ = key;
            }
            (*last_)[local / 64] |= std::uint64_t(1) << (local % 64);
        }
        // The states, as (local position << 32 | key) by position then key; the set is emptied.
        std::vector<std::uint64_t> take(std::uint32_t n) {
            std::vector<std::uint32_t> keys;
            for (const auto& kv : bits_) keys.push_back(kv.first);
            std::sort(keys.begin(), keys.end());
            std::vector<std::uint32_t> start(std::size_t(n) + 1, 0);
            for (std::uint32_t k : keys)
                for_each_bit(bits_[k], [&](std::uint32_t local) { ++start[local + 1]; });
            for (std::uint32_t i = 0; i < n; ++i) start[i + 1] += start[i];
            std::vector<std::uint64_t> out(start[n]);
            for (std::uint32_t k : keys)  // increasing keys: each position's come sorted
                for_each_bit(bits_[k], [&](std::uint32_t local) {
                    out[start[local]++] = std::uint64_t(local) << 32 | k;
                });
            bits_.clear();
            last_ = nullptr;
            return out;
        }

      private:
        template <class F>
        static void for_each_bit(const std::vector<std::uint64_t>& bits, F&& f) {
            for (std::size_t w = 0; w < bits.size(); ++w)
                for (std::uint64_t x = bits[w]; x; x &= x - 1)
                    f(std::uint32_t(64 * w + std::countr_zero(x)));
        }
        std::unordered_map<std::uint32_t, std::vector<std::uint64_t>> bits_;
        std::vector<std::uint64_t>* last_ = nullptr;  // the bits of last_key_
        std::uint32_t last_key_ = 0;
    };

    // ---- Packed counts: rule i in bits [shift_[i], shift_[i] + width_[i]); all ones = idle.

    void layout_fields() {
        int shift = 0;
        for (int i = 0; i < set_.count; ++i) {
            const CounterRule& r = set_.rules[i];
            // A count never passes its limit: a state at the limit is not expanded. The
            // portuguese arising count of 1 is within it too.
            const int most = 2 * std::max<int>(r.moves, r.more_pieces_moves);
            width_[i] = std::bit_width(unsigned(most + 1));
            shift_[i] = shift;
            shift += width_[i];
            max_count_ = std::max(max_count_, most);
        }
        if (shift > 32) throw std::length_error("counters oracle: the counts need over 32 bits");
    }
    std::uint32_t idle_code(int i) const { return (1u << width_[i]) - 1; }
    std::uint32_t pack(const Counters& c) const {
        std::uint32_t k = 0;
        for (int i = 0; i < set_.count; ++i) {
            const std::uint32_t f = c.counting(i) ? std::uint32_t(c.count[i]) : idle_code(i);
            if (c.counting(i) && (c.count[i] < 0 || f >= idle_code(i)))
                throw std::out_of_range("counters oracle: a count out of range");
            k |= f << shift_[i];
        }
        return k;
    }
    Counters unpack(std::uint32_t k) const {
        Counters c;
        for (int i = 0; i < set_.count; ++i) {
            const std::uint32_t f = (k >> shift_[i]) & idle_code(i);
            c.count[i] = f == idle_code(i) ? counters_reading::kIdle : int(f);
        }
        return c;
    }
    int idle_layer() const { return max_count_ + 1; }
    int layer_of(std::uint32_t k) const {
        int t = -1;
        for (int i = 0; i < set_.count; ++i) {
            const std::uint32_t f = (k >> shift_[i]) & idle_code(i);
            if (f != idle_code(i)) t = std::max(t, int(f));
        }
        return t < 0 ? idle_layer() : t;
    }

    // A move's steps in 4 bits a rule: bits 0-1 the new count if counting (0 one more, 1
    // idle, 2 zero, 3 one), bits 2-3 the new count if idle (0 idle, 1 zero, 2 one).
    static std::uint32_t pack_steps(const CounterSet& set, const Steps& s) {
        using namespace counters_reading;
        std::uint32_t out = 0;
        for (int i = 0; i < set.count; ++i) {
            const int c = s[i].on_counting, d = s[i].on_idle;
            std::uint32_t a = c == kAdvance ? 0 : c == kIdle ? 1 : c == 0 ? 2 : c == 1 ? 3 : 99;
            std::uint32_t b = d == kIdle ? 0 : d == 0 ? 1 : d == 1 ? 2 : 99;
            if (a == 99 || b == 99)
                throw std::logic_error("counters oracle: a step it cannot pack");
            out |= (a | b << 2) << (4 * i);
        }
        return out;
    }
    // The packed counts after a move with packed steps `program`.
    std::uint32_t step(std::uint32_t program, std::uint32_t k) const {
        std::uint32_t out = 0;
        for (int i = 0; i < set_.count; ++i) {
            const std::uint32_t idle = idle_code(i);
            const std::uint32_t f = (k >> shift_[i]) & idle;
            const std::uint32_t code = (program >> (4 * i)) & 15;
            std::uint32_t g;
            if (f == idle) {
                const std::uint32_t b = code >> 2;
                g = b == 0 ? idle : b - 1;
            } else {
                const std::uint32_t a = code & 3;
                g = a == 0 ? f + 1 : a == 1 ? idle : a - 2;
            }
            out |= g << shift_[i];
        }
        return out;
    }
    // Whether some count of k is at or beyond its limit at position id of block b.
    bool key_at_limit(const Block& b, std::uint32_t id, std::uint32_t k) const {
        const int side = int(keys_[id] & 1);  // the encoding's side bit: 1 black
        for (int i = 0; i < set_.count; ++i) {
            const std::uint32_t f = (k >> shift_[i]) & idle_code(i);
            if (f != idle_code(i) && int(f) >= b.limit[i][side][f & 1]) return true;
        }
        return false;
    }

    // ---- 2. The family.

    static int advance(const P& p) {
        int a = 0;
        for (bb x = p.men(Color::white); x;) a += G::row_of(pop_lsb(x));
        for (bb x = p.men(Color::black); x;) a += G::ranks - 1 - G::row_of(pop_lsb(x));
        return a;
    }
    bool seed_rows_ok(const P& p) const {
        if (family_.man_rows == 0) return true;
        for (bb x = p.men(Color::white); x;)
            if (G::row_of(pop_lsb(x)) < G::ranks - 1 - family_.man_rows) return false;
        for (bb x = p.men(Color::black); x;)
            if (G::row_of(pop_lsb(x)) > family_.man_rows) return false;
        return true;
    }

    void enumerate() {
        std::unordered_set<std::uint64_t> seen;
        std::vector<std::uint64_t> queue;
        for (const Counts& c : family_.materials)
            for (Color side : {Color::white, Color::black})
                for_each_placement<V>(c, side, [&](const P& placed) {
                    if (!seed_rows_ok(placed)) return;
                    for_each_streak<V>(placed, [&](const P& p) {
                        if (seen.insert(encode(p)).second) queue.push_back(encode(p));
                    });
                });
        MoveList<G> moves;
        for (std::size_t i = 0; i < queue.size(); ++i) {
            const P p = decode(queue[i]);
            MoveGen<V>::generate(p, moves);
            for (const auto& m : moves) {
                const P s = apply(p, m);
                if (s.pieces(s.side) == 0) continue;  // the terminal node
                if (seen.insert(encode(s)).second) queue.push_back(encode(s));
            }
        }
        // Blocks in the order they are solved: fewer pieces, fewer men, then larger sums of
        // rows advanced first.
        struct Item {
            std::array<int, 7> order;
            std::uint64_t key;
        };
        std::vector<Item> items;
        items.reserve(queue.size());
        for (std::uint64_t k : queue) {
            const P p = decode(k);
            const Counts c = counts_of(p);
            items.push_back({{c.pieces(), c.men(), c.white_men, c.white_kings, c.black_men,
                              c.black_kings, -advance(p)},
                             k});
        }
        std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
            return std::tie(a.order, a.key) < std::tie(b.order, b.key);
        });
        keys_.resize(items.size());
        block_of_.resize(items.size());
        id_of_.reserve(items.size());
        for (std::uint32_t id = 0; id < items.size(); ++id) {
            keys_[id] = items[id].key;
            id_of_[items[id].key] = id;
            if (id == 0 || items[id].order != items[id - 1].order) {
                if (!blocks_.empty()) blocks_.back().end = id;
                Block b;
                b.begin = id;
                const auto& o = items[id].order;
                b.material = {o[2], o[3], o[4], o[5]};
                b.advance = -o[6];
                const Material m{o[2], o[3], o[4], o[5]};
                for (int i = 0; i < set_.count; ++i)
                    for (int side = 0; side < 2; ++side)
                        for (int parity = 0; parity < 2; ++parity) {
                            const Color now = side ? Color::black : Color::white;
                            b.limit[i][side][parity] =
                                counters_reading::limit(set_.rules[i], m, parity == 0 ? now : ~now);
                        }
                blocks_.push_back(std::move(b));
            }
            block_of_[id] = std::uint32_t(blocks_.size() - 1);
        }
        if (!blocks_.empty()) blocks_.back().end = std::uint32_t(items.size());
    }

    void build_edges() {
        const std::int64_t n = std::int64_t(keys_.size());
        std::vector<std::vector<Edge>> per{std::size_t(n)};
        std::string error;
#pragma omp parallel
        {
            MoveList<G> moves;
#pragma omp for schedule(dynamic, 256)
            for (std::int64_t id = 0; id < n; ++id) {
                try {
                    const P p = decode(keys_[id]);
                    MoveGen<V>::generate(p, moves);
                    for (const auto& m : moves) {
                        const P s = apply(p, m);
                        std::uint32_t target = kTerminal;
                        if (s.pieces(s.side) != 0) {
                            const auto it = id_of_.find(encode(s));
                            if (it == id_of_.end())
                                throw std::logic_error(
                                    "counters oracle: a successor outside the family");
                            target = it->second;
                        }
                        per[id].push_back({target,
                                           pack_steps(set_, counters_reading::steps(set_, p, m, s)),
                                           m.is_capture()});
                    }
                } catch (const std::exception& e) {
#pragma omp critical(dtb_counters_oracle_error)
                    if (error.empty()) error = e.what();
                }
            }
        }
        if (!error.empty()) throw std::logic_error(error);
        edge_begin_.assign(std::size_t(n + 1), 0);
        for (std::int64_t id = 0; id < n; ++id)
            edge_begin_[id + 1] = edge_begin_[id] + per[id].size();
        edges_.reserve(edge_begin_[n]);
        for (auto& v : per) {
            edges_.insert(edges_.end(), v.begin(), v.end());
            std::vector<Edge>().swap(v);
        }
    }

    // ---- 3. The states.

    // States pending for block b, by layer, until it is discovered.
    std::vector<LayerSet>& pending(std::vector<std::vector<LayerSet>>& all, std::uint32_t b) const {
        if (all[b].empty()) all[b].resize(std::size_t(idle_layer() + 1));
        return all[b];
    }

    // Makes layer li of block b from its sorted entries: appends its states and offsets.
    void add_layer(Block& b, int li, const std::vector<std::uint64_t>& entries) {
        if (entries.empty()) return;
        const std::uint32_t n = b.end - b.begin;
        auto& offsets = b.offsets[li];
        offsets.assign(n + 1, 0);
        if (node_key_.size() + entries.size() >= std::numeric_limits<std::uint32_t>::max())
            throw std::length_error("counters oracle: too many states");
        std::size_t k = 0;
        for (std::uint32_t local = 0; local < n; ++local) {
            offsets[local] = std::uint32_t(node_key_.size());
            for (; k < entries.size() && (entries[k] >> 32) == local; ++k)
                node_key_.push_back(std::uint32_t(entries[k]));
        }
        offsets[n] = std::uint32_t(node_key_.size());
    }

    // From the blocks solved last to those solved first: each block's states are all known
    // when its turn comes (its predecessors are in blocks discovered before it, or in lower
    // layers of it).
    void discover() {
        std::vector<std::vector<LayerSet>> all(blocks_.size());
        for (std::uint32_t bi = std::uint32_t(blocks_.size()); bi-- > 0;) {
            Block& b = blocks_[bi];
            b.offsets.assign(std::size_t(idle_layer() + 1), {});
            auto& mine = pending(all, bi);
            // Every position's arising counts.
            for (std::uint32_t id = b.begin; id < b.end; ++id) {
                const std::uint32_t k = pack(counters_reading::arising(set_, decode(keys_[id])));
                mine[layer_of(k)].insert(id - b.begin, k, b.end - b.begin);
            }
            // Forward from one state; in-block successors through `in_block`.
            auto expand = [&](std::uint32_t id, std::uint32_t k, int li, auto&& in_block) {
                if (li != idle_layer() && key_at_limit(b, id, k)) return;  // the game is over
                for (std::uint64_t e = edge_begin_[id]; e < edge_begin_[id + 1]; ++e) {
                    const Edge& edge = edges_[e];
                    // A capture's successor has its arising counts: a root already.
                    if (edge.capture || edge.target == kTerminal) continue;
                    const std::uint32_t k2 = step(edge.program, k);
                    const std::uint32_t tb = block_of_[edge.target];
                    if (tb == bi) {
                        in_block(edge.target, k2);
                        continue;
                    }
                    if (tb > bi) throw std::logic_error("counters oracle: a move to a later block");
                    const Block& t = blocks_[tb];
                    pending(all, tb)[layer_of(k2)].insert(edge.target - t.begin, k2,
                                                          t.end - t.begin);
                }
            };
            // The idle layer: one state a position at most, in cycles: a search.
            {
                const std::uint32_t idle_key = pack(Counters{});
                std::vector<std::uint8_t> seen(b.end - b.begin, 0);
                std::vector<std::uint32_t> queue;
                for (std::uint64_t e : mine[idle_layer()].take(b.end - b.begin)) {
                    seen[e >> 32] = 1;
                    queue.push_back(std::uint32_t(e >> 32));
                }
                for (std::size_t q = 0; q < queue.size(); ++q)
                    expand(b.begin + queue[q], idle_key, idle_layer(),
                           [&](std::uint32_t target, std::uint32_t k2) {
                               const int l2 = layer_of(k2);
                               if (l2 == idle_layer()) {
                                   if (!seen[target - b.begin]) {
                                       seen[target - b.begin] = 1;
                                       queue.push_back(target - b.begin);
                                   }
                               } else {
                                   mine[l2].insert(target - b.begin, k2, b.end - b.begin);
                               }
                           });
                std::vector<std::uint64_t> entries;
                for (std::uint32_t local = 0; local < seen.size(); ++local)
                    if (seen[local]) entries.push_back(std::uint64_t(local) << 32 | idle_key);
                add_layer(b, idle_layer(), entries);
            }
            // The counting layers, from the smallest largest count up.
            for (int li = 0; li < idle_layer(); ++li) {
                const std::vector<std::uint64_t> entries = mine[li].take(b.end - b.begin);
                add_layer(b, li, entries);
                for (std::uint64_t e : entries)
                    expand(b.begin + std::uint32_t(e >> 32), std::uint32_t(e), li,
                           [&](std::uint32_t target, std::uint32_t k2) {
                               const int l2 = layer_of(k2);
                               if (l2 <= li || l2 == idle_layer())
                                   throw std::logic_error(
                                       "counters oracle: a move inside a block that does not "
                                       "advance every count");
                               mine[l2].insert(target - b.begin, k2, b.end - b.begin);
                           });
            }
            std::vector<LayerSet>().swap(all[bi]);
        }
        outcome_.assign(node_key_.size(), U);
        plies_.assign(node_key_.size(), 0);
        for (const Block& b : blocks_)
            for (std::uint32_t id = b.begin; id < b.end; ++id) {
                std::size_t n = 0;
                for (const auto& o : b.offsets)
                    if (!o.empty()) n += o[id - b.begin + 1] - o[id - b.begin];
                most_states_ = std::max(most_states_, n);
            }
    }

    // The node of state (position id, k), or kTerminal.
    std::uint32_t find(std::uint32_t id, std::uint32_t k) const {
        const Block& b = blocks_[block_of_[id]];
        const auto& offsets = b.offsets[layer_of(k)];
        if (offsets.empty()) return kTerminal;
        const std::uint32_t local = id - b.begin;
        const auto first = node_key_.begin() + offsets[local];
        const auto last = node_key_.begin() + offsets[local + 1];
        const auto it = std::lower_bound(first, last, k);
        return it != last && *it == k ? std::uint32_t(it - node_key_.begin()) : kTerminal;
    }
    std::uint32_t node(const P& p, const Counters& c) const {
        const auto it = id_of_.find(encode(p));
        if (it == id_of_.end())
            throw std::out_of_range("counters oracle: " + write_fen_text(p) +
                                    " is not in the family");
        const std::uint32_t n = find(it->second, pack(c));
        if (n == kTerminal)
            throw std::out_of_range("counters oracle: " + state_text(p, c) + " was not reached");
        return n;
    }
    CountersValue value_at(std::uint32_t n) const { return {Outcome(outcome_[n]), int(plies_[n])}; }

    static std::string write_fen_text(const P& p) { return write_fen(p); }
    std::string state_text(std::uint32_t id, std::uint32_t k) const {
        return state_text(decode(keys_[id]), unpack(k));
    }

    // ---- 4. The values.

    // The recurrence at state (id, k) from the successors' stored values. With `iterating`
    // (the idle layer), an undecided successor counts as neither won nor lost, and the
    // plies are those stored.
    CountersValue recurrence(const Block& b, std::uint32_t id, std::uint32_t k,
                             bool iterating) const {
        const std::uint64_t first = edge_begin_[id], last = edge_begin_[id + 1];
        if (first == last) return {Outcome::loss, 0};  // no legal move: lost
        if (key_at_limit(b, id, k)) return {Outcome::draw, 0};
        int win = std::numeric_limits<int>::max(), loss = 0;
        bool all_won = true;
        for (std::uint64_t e = first; e < last; ++e) {
            const Edge& edge = edges_[e];
            CountersValue s{Outcome::loss, 0};  // the terminal node: no piece, no move
            if (edge.target != kTerminal) {
                const std::uint32_t k2 = step(edge.program, k);
                const std::uint32_t n = find(edge.target, k2);
                if (n == kTerminal)
                    throw std::logic_error("counters oracle: a successor state not discovered: " +
                                           state_text(edge.target, k2));
                s = value_at(n);
            }
            if (s.outcome == Outcome::loss) {
                win = std::min(win, 1 + s.plies);
            } else if (s.outcome == Outcome::win) {
                loss = std::max(loss, 1 + s.plies);
            } else {
                all_won = false;
            }
        }
        if (win != std::numeric_limits<int>::max()) return {Outcome::win, win};
        if (all_won) return {Outcome::loss, loss};
        return {iterating ? Outcome::unknown : Outcome::draw, 0};
    }

    void store(std::uint32_t n, CountersValue v) {
        if (v.plies > std::numeric_limits<std::uint16_t>::max())
            throw std::length_error("counters oracle: plies overflow");
        outcome_[n] = std::uint8_t(v.outcome);
        plies_[n] = std::uint16_t(v.plies);
    }

    void solve() {
        for (const Block& b : blocks_) {
            // Counting layers, largest count first: every successor is final.
            for (int li = idle_layer() - 1; li >= 0; --li) {
                const auto& offsets = b.offsets[li];
                if (offsets.empty()) continue;
                const std::int64_t n = b.end - b.begin;
                std::string error;
#pragma omp parallel for schedule(dynamic, 512)
                for (std::int64_t local = 0; local < n; ++local) {
                    try {
                        for (std::uint32_t x = offsets[local]; x < offsets[local + 1]; ++x)
                            store(x, recurrence(b, b.begin + std::uint32_t(local), node_key_[x],
                                                false));
                    } catch (const std::exception& e) {
#pragma omp critical(dtb_counters_oracle_error)
                        if (error.empty()) error = e.what();
                    }
                }
                if (!error.empty()) throw std::logic_error(error);
            }
            solve_idle(b);
        }
    }

    // The idle layer: outcomes to the least fixed point, the rest drawn, then the plies of
    // the decided states iterated from 0.
    void solve_idle(const Block& b) {
        const auto& offsets = b.offsets[idle_layer()];
        if (offsets.empty()) return;
        std::vector<std::pair<std::uint32_t, std::uint32_t>> nodes;  // (position id, node)
        for (std::uint32_t local = 0; local + b.begin < b.end; ++local)
            for (std::uint32_t x = offsets[local]; x < offsets[local + 1]; ++x)
                nodes.push_back({b.begin + local, x});
        for (bool changed = true; changed;) {
            changed = false;
            for (auto [id, x] : nodes) {
                if (outcome_[x] != U) continue;  // a decided outcome stays
                const CountersValue v = recurrence(b, id, node_key_[x], true);
                if (v.outcome == Outcome::unknown) continue;
                outcome_[x] = std::uint8_t(v.outcome);
                changed = true;
            }
        }
        for (auto [id, x] : nodes)
            if (outcome_[x] == U) outcome_[x] = D;
        for (bool changed = true; changed;) {
            changed = false;
            for (auto [id, x] : nodes) {
                if (outcome_[x] == D) continue;
                const CountersValue v = recurrence(b, id, node_key_[x], true);
                if (v.outcome != Outcome(outcome_[x]))
                    throw std::logic_error("counters oracle: an outcome changed in the plies pass");
                if (v.plies != plies_[x]) {
                    store(x, v);
                    changed = true;
                }
            }
        }
    }

    CounterSet set_;
    Family family_;
    std::string timing_;
    std::array<int, kMaxCounterRules> width_{}, shift_{};
    int max_count_ = 0;
    std::vector<std::uint64_t> keys_;      // position id -> key
    std::vector<std::uint32_t> block_of_;  // position id -> block
    std::unordered_map<std::uint64_t, std::uint32_t> id_of_;
    std::vector<Block> blocks_;
    std::vector<std::uint64_t> edge_begin_;  // position id -> its first move
    std::vector<Edge> edges_;
    std::vector<std::uint32_t> node_key_;  // state -> packed counts
    std::vector<std::uint8_t> outcome_;    // state -> Outcome
    std::vector<std::uint16_t> plies_;     // state -> plies
    std::size_t most_states_ = 0;
};

}  // namespace dtb::test
