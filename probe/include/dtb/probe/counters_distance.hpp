// The distance to the end of the game under the draw counters (docs/counters.md "The distance
// under the counters"): the plies until the game ends with the winner hurrying and the loser
// delaying, the counters running as the rules make them, from a position at some counters.
//
// Read from the class's distance table where the set has one (CountersProber::stored_distance:
// the classes with one binding count, gen/counters/counters_distance_sweep.hpp). Elsewhere it is
// derived exactly from what the tables store: the distance is at least the pure
// DTW (the counters only take moves from the winner), and for almost every position it is the
// pure DTW, so it is found by proving "the winner ends the game within d plies" for d = the
// pure DTW, d + 2, ..., each proof a search over the real game: the winner's moves to children
// the counters' tables call lost and whose pure DTW fits in d - 1, every move of the loser.
// Proofs and refutations are remembered per (position, counters), so a search visits each
// state once per bound; the first d proven is the distance. A state whose pure DTW no count
// can outlast (every running count leaves at least that many plies, and no rule of any
// material it can reach has a shorter limit) is at its pure DTW without a search: the pure
// winner's play ends the game before any count could draw it.
//
// The search is bounded (`effort`, states expanded per call): past it, the distance is
// Status::not_available and the budget stands alone. The worst cases are long wins with men
// (russian 5 pieces: a DTW of 70 took 76 s unbounded).
//
// One object per thread: it keeps what it proved between calls.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/counter_state.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/probe/counters_prober.hpp"
#include "dtb/probe/prober.hpp"

namespace dtb::probe {

// States a search may expand per call unless told otherwise: about a second.
inline constexpr std::int64_t kDistanceEffort = 200'000;

template <class V, class S = Store>
class CountersDistance {
    using G = typename V::board;
    using P = Position<V>;

  public:
    CountersDistance(const CountersProber<V, S>& counted, const Prober<V, S>& pure,
                     std::int64_t effort = kDistanceEffort)
        : counted_(&counted), pure_(pure), effort_(effort) {}

    // The plies to the end of the game from p at counters s under the counters (0 for a
    // draw under them, and for a side to move without a move). Needs the pure DTW tables.
    Status distance(const P& p, const CounterState& s, int& out, std::string* message = nullptr) {
        out = 0;
        CountersAnswer a;
        if (const Status st = counted_->value(p, s, a, message); st != Status::ok) return st;
        return distance(p, s, a, out, message);
    }

    // The same where p's value under the counters at s is known (`a`, as CountersProber::value
    // gives it): a generator that has read it need not read it again.
    Status distance(const P& p, const CounterState& s, const CountersAnswer& a, int& out,
                    std::string* message = nullptr) {
        out = 0;
        if (a.wdl == Wdl::draw) return Status::ok;
        Value v;
        if (const Status st = pure_.value(p, want_dtw, v, message); st != Status::ok) return st;
        if (v.wdl != a.wdl) return broken(p, message);
        if (const Status st = counted_->stored_distance(p, s, v, out, message);
            st != Status::not_available)
            return st;
        if (outlasts_counts(p, s, v.dtw)) {
            out = v.dtw;
            return Status::ok;
        }
        const bool win = a.wdl == Wdl::win;
        spent_ = 0;
        for (int d = v.dtw; d <= kLongest; d += 2) {
            bool holds = false;
            if (const Status st = within(p, s, win, d, holds, message); st != Status::ok) return st;
            if (holds) {
                out = d;
                return Status::ok;
            }
        }
        return broken(p, message);
    }

    // The line the distance describes, to the end of the game: the winner's moves that end it
    // soonest under the counters, the loser's that delay it most. Empty for a draw under them.
    Status line(const P& p, const CounterState& s, std::vector<CountersRatedMove<V>>& out,
                std::string* message = nullptr) {
        out.clear();
        int d = 0;
        if (const Status st = distance(p, s, d, message); st != Status::ok) return st;
        P cur = p;
        CounterState state = s;
        std::vector<CountersRatedMove<V>> moves;
        for (; d > 0; --d) {
            if (const Status st = counted_->rate_moves(cur, state, moves, message);
                st != Status::ok)
                return st;
            // The winner moves to a child lost within d - 1, the loser to one won in d - 1; a
            // win ends on the winner's ply, so odd distances are the side to move's wins.
            const Wdl child_wdl = d % 2 == 1 ? Wdl::loss : Wdl::win;
            const CountersRatedMove<V>* next = nullptr;
            for (const auto& m : moves) {
                if (m.after.wdl != child_wdl) continue;
                int after = 0;
                const P child = apply(cur, m.move.move);
                if (const Status st = distance(child, m.state, after, message); st != Status::ok)
                    return st;
                if (after == d - 1) {
                    next = &m;
                    break;
                }
            }
            if (!next) return broken(cur, message);
            out.push_back(*next);
            cur = apply(cur, next->move.move);
            state = next->state;
        }
        return Status::ok;
    }

    std::size_t states_known() const { return known_.size(); }
    // Drops what was proved, to bound the memory of a long run of calls.
    void forget() { known_.clear(); }

  private:
    static constexpr int kLongest = 1 << 12;
    static constexpr int kNever = 1 << 20;

    struct Key {
        P p;
        CounterState s;
        friend bool operator==(const Key&, const Key&) = default;
    };
    struct Hash {
        template <class T>
        static std::uint64_t mix(std::uint64_t h, T x) {
            for (unsigned part = 0; part < sizeof(T); part += 8) {
                h ^= std::uint64_t(x >> (8 * part)) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
            }
            return h;
        }
        std::size_t operator()(const Key& k) const {
            std::uint64_t h = mix(0, k.p.white);
            h = mix(h, k.p.black);
            h = mix(h, k.p.kings);
            h = mix(h, unsigned(k.p.side));
            for (const std::uint16_t c : k.s.plies) h = mix(h, c);
            return std::size_t(h);
        }
    };
    // What is known of a state for its side's result (won or lost): the fewest plies proven
    // to suffice and the most proven not to.
    struct Bounds {
        int proven = kNever;
        int refuted = -1;
    };

    // Whether the side to move at (p, s) wins (`win`) or loses within d plies.
    Status within(const P& p, const CounterState& s, bool win, int d, bool& holds,
                  std::string* message) {
        holds = false;
        MoveList<G> moves;
        MoveGen<V>::generate(p, moves);
        if (moves.size() == 0) {
            holds = !win;
            return Status::ok;
        }
        if (d < (win ? 1 : 2) || counter_expired(counted_->counter_set(), s, p)) return Status::ok;
        if (int stored = 0; counted_->stored_distance(p, s, stored, nullptr) == Status::ok) {
            holds = stored <= d;
            return Status::ok;
        }
        Bounds& known = known_[Key{p, s}];
        if (known.proven <= d) {
            holds = true;
            return Status::ok;
        }
        if (known.refuted >= d) return Status::ok;
        if (++spent_ > effort_) {
            if (message)
                *message = "the search stopped after " + std::to_string(effort_) + " positions";
            return Status::not_available;
        }
        // The children that can keep the result within d - 1, cheapest checks first.
        struct Child {
            P p;
            CounterState s;
            int dtw;
        };
        std::vector<Child> children;
        for (const auto& m : moves) {
            const P c = apply(p, m);
            const CounterState cs = after_move(counted_->counter_set(), s, p, m, c);
            Value v;
            if (const Status st = pure_.value(c, want_dtw, v, message); st != Status::ok) return st;
            const Wdl want = win ? Wdl::loss : Wdl::win;
            const bool fits = v.wdl == want && int(v.dtw) <= d - 1;
            if (!fits) {
                if (!win) return refute(known, d);  // the loser escapes the bound
                continue;
            }
            if (outlasts_counts(c, cs, v.dtw)) {  // at its pure DTW, which fits
                if (win) return prove(known, d, holds);
                continue;
            }
            CountersAnswer a;
            if (const Status st = counted_->value(c, cs, a, message); st != Status::ok) return st;
            if (a.wdl != want) {
                if (!win) return refute(known, d);
                continue;
            }
            children.push_back({c, cs, int(v.dtw)});
        }
        // The winner tries the fastest children first; the loser its slowest, which refute
        // soonest.
        std::sort(children.begin(), children.end(), [win](const Child& a, const Child& b) {
            return win ? a.dtw < b.dtw : a.dtw > b.dtw;
        });
        for (const Child& c : children) {
            bool child_holds = false;
            if (const Status st = within(c.p, c.s, !win, d - 1, child_holds, message);
                st != Status::ok)
                return st;
            if (win && child_holds) return prove(known, d, holds);
            if (!win && !child_holds) return refute(known, d);
        }
        return win ? refute(known, d) : prove(known, d, holds);
    }

    // (`known` stays valid while the map grows: its elements are never moved.)
    static Status prove(Bounds& known, int d, bool& holds) {
        known.proven = std::min(known.proven, d);
        holds = true;
        return Status::ok;
    }
    static Status refute(Bounds& known, int d) {
        known.refuted = std::max(known.refuted, d);
        return Status::ok;
    }

    // Whether no count can draw the game within `plies` from c at counters s.
    bool outlasts_counts(const P& c, const CounterState& s, int plies) {
        const CounterSet& set = counted_->counter_set();
        for (int i = 0; i < set.count; ++i)
            if (s.counting(i) && plies_left(set, s, i, c) < plies) return false;
        return shortest_limit(material_of(c)) >= plies;
    }

    // The shortest limit of any rule in scope in m or in a material m can reach (fewer pieces,
    // men crowned).
    int shortest_limit(const Material& m) {
        if (const auto it = shortest_.find(m); it != shortest_.end()) return it->second;
        const CounterSet& set = counted_->counter_set();
        int least = kUnlimited;
        for (int wm = 0; wm <= m.white_men; ++wm)
            for (int wk = 0; wk <= m.white_kings + m.white_men - wm; ++wk)
                for (int bm = 0; bm <= m.black_men; ++bm)
                    for (int bk = 0; bk <= m.black_kings + m.black_men - bm; ++bk) {
                        const Material r{wm, wk, bm, bk};
                        if (wm + wk == 0 || bm + bk == 0) continue;
                        for (const CounterRule& rule : set.list())
                            if (in_scope(rule.scope, r))
                                for (const Color c : {Color::white, Color::black})
                                    least = std::min(least, limit_plies(rule, r, c));
                    }
        shortest_[m] = least;
        return least;
    }

    static Status broken(const P& p, std::string* message) {
        if (message)
            *message = "the tables disagree on the distance under the counters of " + write_fen(p);
        return Status::corrupt;
    }

    const CountersProber<V, S>* counted_;
    Prober<V, S> pure_;
    std::int64_t effort_, spent_ = 0;
    std::unordered_map<Key, Bounds, Hash> known_;
    std::map<Material, int> shortest_;
};

// Compiled once per variant, in the probing library (probe/src/prober.cpp.in).
#define DTB_EXTERN_COUNTERS_DISTANCE(V) extern template class CountersDistance<V, Store>;
DTB_FOR_EACH_VARIANT(DTB_EXTERN_COUNTERS_DISTANCE)
#undef DTB_EXTERN_COUNTERS_DISTANCE

}  // namespace dtb::probe
