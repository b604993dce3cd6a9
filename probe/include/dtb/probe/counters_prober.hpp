// Probing under the draw counters (docs/variants.md#draw-counters, docs/counters.md): the value
// of a position at a state of its variant's counters, from the counters' tables `dtb gen` writes
// beside the pure ones.
//
// A counters' table entry (core/counters_value.hpp) holds the position's WDL and its budget: the
// fewest plies the binding counter must leave for that win (or that loss) to hold. The table
// is the one of the state's class (core/counter_state.hpp counters_kind); the value at the state is
// the entry's WDL if the budget is at most what the counters leave, else a draw. Positions
// the tables do not store (core/left_out.hpp) are valued from their moves, each child at the
// counters the move leaves (core/counter_state.hpp after_move): a capture's child afresh.
//
// The budget of a value found from moves is counted in the same frame as the tables': a move
// after which the binding count runs on adds one ply to its child's budget; a move that
// restarts it (a capture, a man move where man moves restart it) costs one ply in all.
//
// Where two counts bind at once (core/counters_classes.hpp two_counts) the entry is the last
// step of a staircase (core/counters_value.hpp TwoCountStep): the kings-only budget needed at the
// most balance; a position with earlier steps is looked up in the steps table. The budget
// answered is the kings-only plies needed with the balance the counters leave.
#pragma once

#include <string>
#include <vector>

#include "dtb/core/counter_state.hpp"
#include "dtb/core/counters_classes.hpp"
#include "dtb/core/counters_value.hpp"
#include "dtb/probe/prober.hpp"
#include "dtb/probe/record_table.hpp"

namespace dtb::probe {

// The value under the counters at some counters: `wdl` at those counters, `budget` the plies the
// binding counter must leave for the position's win or loss (kept when the counters have
// taken it, so a cursed win still says what it would need).
struct CountersAnswer {
    Wdl wdl = Wdl::draw;
    Wdl table_wdl = Wdl::draw;  // the value were the counters to leave enough plies
    int budget = 0;
};

// What the counters make of a pure value.
enum class CountersClassOf { win, cursed_win, draw, blessed_loss, loss };

constexpr CountersClassOf classify(Wdl pure, Wdl counted) {
    if (counted == Wdl::win) return CountersClassOf::win;
    if (counted == Wdl::loss) return CountersClassOf::loss;
    if (pure == Wdl::win) return CountersClassOf::cursed_win;
    if (pure == Wdl::loss) return CountersClassOf::blessed_loss;
    return CountersClassOf::draw;
}

constexpr const char* to_string(CountersClassOf c) {
    switch (c) {
        case CountersClassOf::win:
            return "win";
        case CountersClassOf::cursed_win:
            return "cursed-win";
        case CountersClassOf::blessed_loss:
            return "blessed-loss";
        case CountersClassOf::loss:
            return "loss";
        default:
            return "draw";
    }
}

// The counting rule with the fewest plies left at p (the first of them), -1 where none runs:
// the one that draws the game first.
template <class V>
int fewest_left_rule(const CounterSet& set, const CounterState& s, const Position<V>& p) {
    const int left = plies_left(set, s, p);
    for (int i = 0; i < set.count; ++i)
        if (s.counting(i) && plies_left(set, s, i, p) == left) return i;
    return -1;
}

// The counter a budget at p is counted on: the class's binding rule (the kings-only count where
// two bind), else the counting rule with the fewest plies left; -1 where none runs.
template <class V>
int binding_rule(const CounterSet& set, const CounterState& s, const Position<V>& p) {
    const Position<V> q = p.side == Color::white ? p : Flip<V>::apply(p);
    const Material m = material_of(q);
    const CountersClass c =
        counters_class(set, m, counters_kind(set, s, m) == ValueKind::counters_idle);
    if (c.rule >= 0 && s.counting(c.rule)) return c.rule;
    return fewest_left_rule(set, s, p);
}

// A legal move with the counters and the value under the counters after it.
template <class V>
struct CountersRatedMove {
    PathMove<typename V::board> move;
    std::string text;
    CounterState state;    // the counters after the move
    CountersAnswer after;  // for the side to move after it
    int cost = 0;          // the plies of the mover's budget this move and its child take
    Value pure;            // the pure value after it (WDL and DTW)
};

template <class V, class S = Store>
class CountersProber {
    using G = typename V::board;
    using P = Position<V>;

  public:
    using variant = V;

    CountersProber(const S& store, const CounterSet& set) : store_(&store), set_(&set) {}

    const CounterSet& counter_set() const { return *set_; }

    // The value of p at counters s. Checks p (Prober::check) and s (invalid_state) first.
    Status probe(const P& p, const CounterState& s, CountersAnswer& out,
                 std::string* message = nullptr) const {
        if (const Status st = Prober<V, S>::check(p, message); st != Status::ok) return st;
        if (const std::string why = invalid_state(*set_, s, p); !why.empty()) {
            if (message) *message = "counters: " + why;
            return Status::counters;
        }
        return value(p, s, out, message);
    }

    // The same without the checks.
    Status value(const P& p, const CounterState& s, CountersAnswer& out,
                 std::string* message) const {
        if (p.pieces(p.side) == 0) {
            out = {Wdl::loss, Wdl::loss, 0};
            return Status::ok;
        }
        MoveList<G> moves;
        MovesReach reach = MovesReach::unknown();
        if (left_out_kind(p, moves, &reach) == LeftOut::no) return stored(p, s, out, message);
        return from_moves(p, s, moves, out, message, reach);
    }

    // Every legal move with the value under the counters after it, best first for the mover: the
    // wins within the counters (least budget first, then least pure DTW), then draws, then
    // losses (most budget first, then most pure DTW).
    Status rate_moves(const P& p, const CounterState& s, std::vector<CountersRatedMove<V>>& out,
                      std::string* message = nullptr) const {
        out.clear();
        if (const Status st = Prober<V, S>::check(p, message); st != Status::ok) return st;
        const int left = plies_left(*set_, s, p);
        for (auto& [pm, text] : legal_moves_with_text(p)) {
            CountersRatedMove<V> r{pm, std::move(text), {}, {}, 0, {}};
            const P child = apply(p, pm.move);
            r.state = after_move(*set_, s, p, pm.move, child);
            if (const Status st = value(child, r.state, r.after, message); st != Status::ok)
                return st;
            r.cost = cost(s, p, pm.move, r.state, child, r.after.budget);
            if (const Status st = Prober<V, S>(*store_).value(child, want_dtw, r.pure, message);
                st != Status::ok)
                return st;
            if (left <= 0) r.after.wdl = Wdl::draw;  // the game was drawn before this move
            out.push_back(std::move(r));
        }
        std::stable_sort(out.begin(), out.end(),
                         [](const auto& a, const auto& b) { return rank(a) < rank(b); });
        return Status::ok;
    }

    // The distance under the counters (docs/counters.md) of p at counters s, where the counters
    // decide it, from its class's distance table: the record's steps at the plies the counters
    // leave (where two counts bind, its corners at both), else the pure DTW. Status::not_available
    // where the directory has no distance table for the class (a set made without it, or a class
    // the sweep does not cover).
    Status stored_distance(const P& p, const CounterState& s, int& out,
                           std::string* message = nullptr) const {
        return stored_distance(p, s, nullptr, out, message);
    }
    // The same where p's pure value (with its DTW) is known.
    Status stored_distance(const P& p, const CounterState& s, const Value& pure, int& out,
                           std::string* message = nullptr) const {
        return stored_distance(p, s, &pure, out, message);
    }

  private:
    // stored_distance's work; `pure`: p's pure value where the caller has it, else read.
    Status stored_distance(const P& p, const CounterState& s, const Value* pure, int& out,
                           std::string* message) const {
        out = 0;
        const P q = p.side == Color::white ? p : Flip<V>::apply(p);
        const ValueKind kind = counters_kind(*set_, s, material_of(p));
        std::vector<std::uint16_t> words;
        bool found = false;
        if (const Status st = record(q, distance_kind(kind), words, found, message);
            st != Status::ok)
            return st;
        if (!found) {
            if (pure) {
                out = pure->dtw;
                return Status::ok;
            }
            Value v;
            const Status st = Prober<V, S>(*store_).value(p, want_dtw, v, message);
            out = v.dtw;
            return st;
        }
        const CountersClass c =
            counters_class(*set_, material_of(q), kind == ValueKind::counters_idle);
        out = c.binding == Binding::two_counts
                  ? two_count_distance_at(distance_steps(words), plies_left(*set_, s, c.second, p),
                                          plies_left(*set_, s, c.rule, p))
                  : distance_at(distance_steps(words), plies_left(*set_, s, p));
        if (out >= 0) return Status::ok;
        if (message)
            *message = "the distance table of " + material_of(q).name() +
                       " draws what its counters' table decides: " + write_fen(p);
        return Status::corrupt;
    }

    static std::tuple<int, int, int> rank(const CountersRatedMove<V>& m) {
        switch (m.after.wdl) {
            case Wdl::loss:
                return {0, m.cost, m.pure.dtw};
            case Wdl::draw:
                return {1, 0, 0};
            default:
                return {2, -m.cost, -int(m.pure.dtw)};
        }
    }

    // The plies of the mover's budget that a move to `child` (at counters `after`) and what
    // follows take: one if the move restarts the binding count, else one more than the
    // child's budget.
    int cost(const CounterState& before, const P& p, const Move<G>& m, const CounterState& after,
             const P& child, int child_budget) const {
        if (m.is_capture()) return 1;
        const Material mp = material_of(p);
        if (counters_class(*set_, mp, counters_kind(*set_, before, mp) == ValueKind::counters_idle)
                .binding == Binding::two_counts)  // a man move restarts the kings-only count
            return (p.men(p.side) & bit<typename G::bb>(m.from)) != 0 ? 1 : child_budget + 1;
        // No counter runs: the budget runs to the next capture or promotion, as gen counts it.
        if (plies_left(*set_, before, p) == kUnlimited) return m.promotes ? 1 : child_budget + 1;
        return runs_binding_count(*set_, before, p, after, child) ? child_budget + 1 : 1;
    }

    // The value of p from the positions its moves reach, each valued as `reach` says it may be.
    Status from_moves(const P& p, const CounterState& s, const MoveList<G>& moves,
                      CountersAnswer& out, std::string* message,
                      MovesReach reach = MovesReach::unknown()) const {
        if (moves.size() == 0) {
            out = {Wdl::loss, Wdl::loss, 0};
            return Status::ok;
        }
        bool win = false, all_won = true;
        int best_win = 0, slowest_loss = 0;
        for (int i = 0; i < moves.size(); ++i) {
            const auto& m = moves[i];
            const P child = apply(p, m);
            const CounterState cs = after_move(*set_, s, p, m, child);
            CountersAnswer a;
            if (const Status st = child_value(child, cs, reach(i), a, message); st != Status::ok)
                return st;
            const int c = cost(s, p, m, cs, child, a.budget);
            if (a.wdl == Wdl::loss) {
                best_win = win ? std::min(best_win, c) : c;
                win = true;
            }
            if (a.wdl != Wdl::win)
                all_won = false;
            else
                slowest_loss = std::max(slowest_loss, c);
        }
        out.table_wdl = win ? Wdl::win : all_won ? Wdl::loss : Wdl::draw;
        out.budget = win ? best_win : all_won ? slowest_loss : 0;
        out.wdl = plies_left(*set_, s, p) > 0 ? out.table_wdl : Wdl::draw;
        return Status::ok;
    }

    Status child_value(const P& child, const CounterState& cs, MovesReach::Kind reached,
                       CountersAnswer& out, std::string* message) const {
        switch (reached) {
            case MovesReach::Kind::stored:
                return stored(child, cs, out, message);
            case MovesReach::Kind::capture: {
                MoveList<G> captures;
                Prober<V, S>::known_captures(child, captures);
                return from_moves(child, cs, captures, out, message);
            }
            default:
                return value(child, cs, out, message);
        }
    }

    Status stored(const P& p, const CounterState& s, CountersAnswer& out,
                  std::string* message) const {
        if (set_->empty()) {
            // No counter rule: the value under the counters is the pure one, its budget the DTW.
            Value v;
            const Status st = Prober<V, S>(*store_).value(p, want_dtw, v, message);
            out = {v.wdl, v.wdl, v.dtw};
            return st;
        }
        const P q = p.side == Color::white ? p : Flip<V>::apply(p);
        const Material m = material_of(q);
        if (m.pieces() > S::kMaxPieces) {
            if (message) *message = m.name() + ": more pieces than any table has";
            return Status::not_available;
        }
        const ValueKind kind = counters_kind(*set_, s, material_of(p));
        std::uint16_t e = 0;
        if (const Status st = store_->lookup(m, kind, Index<V>(m).rank(q), e, message);
            st != Status::ok)
            return st;
        const CountersValue v = decode_counters(e);
        out.table_wdl = v.wdl;
        out.budget = v.plies;
        if (v.wdl == Wdl::draw) {  // a draw at every count: no class to look up
            out.wdl = Wdl::draw;
            return Status::ok;
        }
        const CountersClass c = counters_class(*set_, m, kind == ValueKind::counters_idle);
        if (c.binding == Binding::two_counts)
            return two_counts(q, kind, c, v.plies, s, p, out, message);
        out.wdl = v.at(plies_left(*set_, s, p));
        return Status::ok;
    }

    // The value at s of a two-count entry (`plies`: its last step) of q (p White to move).
    Status two_counts(const P& q, ValueKind kind, const CountersClass& c, std::uint16_t plies,
                      const CounterState& s, const P& p, CountersAnswer& out,
                      std::string* message) const {
        const int kings = plies_left(*set_, s, c.rule, p);
        const int balance = plies_left(*set_, s, c.second, p);
        const TwoCountStep last = decode_step(std::uint16_t(plies & ~kMoreSteps));
        int need = last.balance <= balance ? last.kings : -1;
        if (need < 0 && (plies & kMoreSteps)) {
            std::vector<TwoCountStep> steps;
            if (const Status st = staircase(q, kind, steps, message); st != Status::ok) return st;
            need = kings_needed(steps, balance);
        }
        out.budget = need < 0 ? last.kings : need;
        out.wdl = need >= 0 && need <= kings ? out.table_wdl : Wdl::draw;
        return Status::ok;
    }

    // The steps of q (White to move) from the steps table beside counters' table `kind`.
    Status staircase(const P& q, ValueKind kind, std::vector<TwoCountStep>& steps,
                     std::string* message) const {
        std::vector<std::uint16_t> words;
        bool found = false;
        if (const Status st = record(q, steps_kind(kind), words, found, message); st != Status::ok)
            return st;
        if (!found) {
            if (message)
                *message = material_of(q).name() + ": " + to_string(steps_kind(kind)) +
                           " table has no entry for " + write_fen(q);
            return Status::corrupt;
        }
        for (const std::uint16_t w : words) steps.push_back(decode_step(w));
        return Status::ok;
    }

    // The record of q (White to move) in its material's record table of kind k (steps or
    // distance): its words up to the first unused one, and whether it has one.
    Status record(const P& q, ValueKind k, std::vector<std::uint16_t>& words, bool& found,
                  std::string* message) const {
        found = false;
        words.clear();
        const Material m = material_of(q);
        RecordTable<S> table(*store_, m, k);
        if (const Status st = table.open(message); st != Status::ok) return st;
        return table.find(Index<V>(m).rank(q), words, found, message);
    }

    const S* store_;
    const CounterSet* set_;
};

// The counters' tables' prober of every variant is compiled once, in the probing library
// (probe/src/prober.cpp.in), not in each program that probes.
#define DTB_EXTERN_COUNTERS_PROBER(V) extern template class CountersProber<V, Store>;
DTB_FOR_EACH_VARIANT(DTB_EXTERN_COUNTERS_PROBER)
#undef DTB_EXTERN_COUNTERS_PROBER

}  // namespace dtb::probe
