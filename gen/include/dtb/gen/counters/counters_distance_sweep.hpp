// The distance under the counters of one class of a material at every count it can leave
// (docs/counters.md "The distance under the counters"): the plies to the end of the game with
// the winner hurrying and the loser delaying, as a function of L, the plies the binding
// counter leaves. Classes with one binding count (lockstep, force, progress:
// core/counters_classes.hpp) and those with none, where no count runs: there the levels are
// rounds of the same recurrence with no count to spend, and the distance is where they settle.
// Before the portuguese river, the waiting class's moves onto the river start the force count:
// their children are in the material's counting class, valued at the counters they reach.
//
// Every move that keeps the binding count running spends one of its plies, so the distances
// at L follow from the children's at L - 1 alone (the sweep of counters_two_counts.hpp, over
// the count instead of balance):
//   win   D_L(p) = 1 + the least of D_{L-1}(child) over running moves to a lost child, and of
//         the distance of a lost child that a restarting move reaches (a capture, a promotion
//         out of the count's scope, a man move where man moves restart it), at the counters
//         it starts with;
//   loss  every child won: 1 + the most of the same;
// 0 for a side without a move, nothing at L = 0 but that. More plies only add lines, so D_L
// falls as L rises: a staircase of steps (L from which it holds, distance), the first step's L
// the budget of the counters' table. Where man moves restart the count, a man move's child is
// valued at the count it restarts, so the blocks are swept in waves, most advanced men first
// (waves.hpp), each to the end before the next.
//
// The answer keeps only the exceptions: the positions whose staircase is not one step at the
// pure DTW (in a class without a count, one step at L = 0). Every other decided position is at
// its pure DTW at every count that decides it.
#pragma once

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/counter_state.hpp"
#include "dtb/core/counters_classes.hpp"
#include "dtb/core/counters_value.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/unmove.hpp"
#include "dtb/gen/solver/for_range.hpp"
#include "dtb/gen/solver/slice.hpp"
#include "dtb/gen/solver/waves.hpp"

namespace dtb::gen {

// Whether the sweep solves m's class (`idle`): one binding count or none. Not two counts.
inline bool sweeps_class(const CounterSet& set, const Material& m, bool idle) {
    const Binding b = counters_class(set, m, idle).binding;
    return b == Binding::lockstep || b == Binding::force || b == Binding::progress ||
           b == Binding::none;
}

// Whether a move of m's class (`idle`) may start a count that waits: the portuguese river.
inline bool may_start_count(const CounterSet& set, const Material& m, bool idle) {
    if (!idle) return false;
    for (const CounterRule& r : set.list())
        if (r.start == Start::on_river && in_scope(r.scope, m)) return true;
    return false;
}

// A position whose distance under the counters is not its pure DTW at every count that
// decides it: its steps by rising `left` (falling `plies`).
struct DistanceRecord {
    std::uint64_t index = 0;
    std::vector<DistanceStep> steps;
};

// What a move out of the sweep reaches: the child's value at its counters and its distance.
struct DistanceExit {
    Wdl wdl = Wdl::draw;
    int plies = 0;
};

// A move to a child of exit e folded into what a node of sign w found so far (`best`): the least
// distance of a lost child for a win, the most of every child for a loss; false where the move
// escapes the loss.
inline bool fold_exit(Wdl w, const DistanceExit& e, int& best) {
    if (w == Wdl::win) {
        if (e.wdl == Wdl::loss) best = std::min(best, e.plies + 1);
        return true;
    }
    best = std::max(best, e.plies + 1);
    return e.wdl == Wdl::win;
}

// The exit of a promotion's child into a material where the binding force count runs on, at
// `left` plies of it: what `restart` gives at counters that leave that many, else (no such
// counters, or none left) a draw, or a loss for a side without a move.
template <class V, class Restart>
DistanceExit carried_exit(const CounterSet& set, const Position<V>& child, int left,
                          Restart&& restart) {
    CounterState cs;
    if (left > 0 && state_leaving(set, child, false, left, cs)) return restart(child, cs);
    MoveList<typename V::board> moves;
    MoveGen<V>::generate(child, moves);
    return DistanceExit{moves.empty() ? Wdl::loss : Wdl::draw, 0};
}

// The records of a material's class, by side to move and rising index.
struct DistanceSolution {
    std::array<std::vector<DistanceRecord>, 2> records;
};

// `restart(child, counters)`: the value and distance of a child whose counters a move
//   restarts (a capture's child, at its fresh counters; a promotion's out of the scope);
// `carried(child, left)`: those of a promotion's child into a material where the binding
//   force count runs on, at `left` plies of it.
template <class V, class Restart, class Carried>
class DistanceSweep {
    using G = typename V::board;
    using P = Position<V>;

  public:
    DistanceSweep(const CounterSet& set, const Material& m, bool idle, const Slice<V>& pure,
                  Restart& restart, Carried& carried)
        : set_(set),
          m_(m),
          starting_(may_start_count(set, m, idle)),
          class_(counters_class(set, m, idle)),
          index_(m),
          n_(index_.size()),
          nodes_(2 * n_),
          pure_(pure),
          restart_(restart),
          carried_(carried) {
        for (int i = 0; i < set.count; ++i)
            if (in_scope(set.rules[i].scope, m))
                start_.plies[i] = idle && may_idle(set.rules[i]) ? CounterState::kIdle : 0;
        const Binding b = class_.binding;
        if (!sweeps_class(set, m, idle))
            throw std::logic_error("generator: " + m.name() + ": not a class the sweep solves");
        if (pure.wdl[0].empty() || pure.wdl[1].empty() || pure.dtw[0].empty() ||
            pure.dtw[1].empty())
            throw std::logic_error("generator: " + m.name() + ": pure values not held");
        if (nodes_ > std::numeric_limits<std::uint32_t>::max())
            throw std::logic_error("generator: " + m.name() + ": too large for the sweep");
        by_waves_ = b == Binding::progress && m.men() > 0;
        if (by_waves_ && !(kMenOnlyAdvance<V> && index_.blocks() > 1))
            throw std::logic_error("generator: a count that man moves restart needs blocks");
    }

    DistanceSolution solve() {
        classify();
        if (by_waves_) {
            for (const auto& wave : make_waves(index_)) sweep(wave);
        } else {
            std::vector<std::uint64_t> all(index_.blocks());
            for (std::uint64_t b = 0; b < all.size(); ++b) all[b] = b;
            sweep(all);
        }
        return exceptions();
    }

  private:
    static constexpr std::uint16_t kNever = 0xFFFF;
    static constexpr std::uint64_t kPiece = 1 << 12;
    static constexpr int kNone = std::numeric_limits<int>::max();
    // What a node is, bit by bit: it has moves that stay in the sweep; a move leaves the sweep
    // for a child valued at each level (a promotion that carries the count, a move that starts
    // a waiting one); a restarting move escapes a loss (reaches a child not won); its quiet
    // moves' routes follow from the mover alone (a king's inner, a man's inner or, with
    // kMenRestart, restarting), so a level need not work them out from the counters again.
    enum : std::uint8_t { kMoves = 1, kCarried = 2, kEscape = 4, kByMover = 8, kMenRestart = 16 };

    // Where a move leads the sweep: out at a value fixed at every count (a capture, a promotion
    // that restarts), into the counting class of a waiting count, on to a child in the sweep or
    // out of the material with the count running, or to a child whose count restarts.
    enum class Route : std::uint8_t { exit, starts, inner, carried, restarts };

    struct Fall {
        std::uint32_t node;
        std::uint16_t left, plies;
    };

    std::uint64_t node_of(const P& p) const {
        return std::uint64_t(int(p.side)) * n_ + index_.rank(p);
    }
    bool unrank(std::uint64_t node, P& p) const {
        return index_.unrank(node % n_, Color(int(node / n_)), p);
    }
    Wdl sign(std::uint64_t node) const { return Wdl(sign_[node]); }

    // How a move from p changes the binding count: it runs on (one ply spent), or restarts.
    // Where no count runs, every move that stays in the material runs on.
    bool runs_on(const P& p, const Move<G>& move, const P& child) const {
        if (move.is_capture()) return false;
        if (class_.binding == Binding::none) return material_of(child) == m_;
        return runs_binding_count(set_, start_, p, after_move(set_, start_, p, move, child), child);
    }
    // Whether a move from the waiting class starts the count that waits (onto the portuguese
    // river): its child is in the material's counting class, which the sweep does not hold.
    bool starts_count(const P& p, const Move<G>& move, const P& child) const {
        return starting_ && !move.is_capture() && material_of(child) == m_ &&
               counters_kind(set_, after_move(set_, start_, p, move, child), m_) !=
                   ValueKind::counters_idle;
    }
    // The child of a move that starts the waiting count, at the counters it reaches from p's,
    // which leave `left` plies. A starting move is a king's, so those counters follow from the
    // level and the side alone: remembered by (child, level), which the child's other parents
    // ask too.
    DistanceExit started(const P& p, const Move<G>& move, const P& child, int left) {
        auto& known = started_.at(std::size_t(omp_get_thread_num()));
        const std::uint64_t key = node_of(child) << 16 | std::uint64_t(left);
        if (const auto it = known.find(key); it != known.end()) return it->second;
        CounterState cs;
        if (!state_leaving(set_, p, true, left, cs))
            throw std::logic_error("generator: " + m_.name() + ": no counters leave " +
                                   std::to_string(left) + " plies");
        return known[key] = restart_(child, after_move(set_, cs, p, move, child));
    }
    bool man_move(const P& p, const Move<G>& move) const {
        return (p.men(p.side) & bit<typename G::bb>(move.from)) != 0;
    }
    Route route(const P& p, const Move<G>& move, const P& child) const {
        if (move.is_capture()) return Route::exit;
        if (starts_count(p, move, child)) return Route::starts;
        if (runs_on(p, move, child))
            return material_of(child) == m_ ? Route::inner : Route::carried;
        return move.promotes ? Route::exit : Route::restarts;
    }
    // The route of a quiet move of a node marked kByMover.
    Route route_by_mover(std::uint8_t info, const P& p, const Move<G>& move) const {
        return (info & kMenRestart) && man_move(p, move) ? Route::restarts : Route::inner;
    }

    // Every node's sign (the pure one: a pure draw is a draw at every count), and what its
    // restarting moves give, fixed at every count.
    void classify() {
        sign_.assign(nodes_, std::uint8_t(Wdl::draw));
        info_.assign(nodes_, 0);
        exit_.assign(nodes_, kNever);
        prev_.assign(nodes_, kNever);
        dirty_.assign(nodes_, 0);
        restarted_.assign(by_waves_ ? nodes_ : 0, kNever);
        for_range<true>((nodes_ + kPiece - 1) / kPiece, [&](std::size_t k, int) {
            const std::uint64_t end = std::min(nodes_, (k + 1) * kPiece);
            for (std::uint64_t node = k * kPiece; node < end; ++node) {
                const int s = int(node / n_);
                const std::uint64_t i = node % n_;
                const auto w = Wdl(pure_.wdl[s][i]);
                P p;
                if ((w != Wdl::win && w != Wdl::loss) || !unrank(node, p)) continue;
                sign_[node] = std::uint8_t(w);
                MoveList<G> moves;
                MoveGen<V>::generate(p, moves);
                if (moves.empty()) {  // lost at every count, in 0
                    prev_[node] = 0;
                    continue;
                }
                int best = w == Wdl::win ? kNone : 0;
                std::uint8_t info = 0;
                bool by_mover = true;
                std::optional<Route> men;  // the route of the quiet man moves seen
                for (const auto& move : moves) {
                    const P child = apply(p, move);
                    const Route r = route(p, move, child);
                    if (!move.is_capture()) {
                        const bool man = man_move(p, move);
                        if (man && !men) men = r;
                        by_mover &= !move.promotes && r == (man ? *men : Route::inner);
                    }
                    switch (r) {
                        case Route::starts:
                        case Route::carried:
                            info |= kCarried;
                            break;
                        case Route::inner:
                        case Route::restarts:
                            info |= kMoves;
                            break;
                        case Route::exit:
                            if (!fold_exit(
                                    w, restart_(child, after_move(set_, start_, p, move, child)),
                                    best))
                                info |= kEscape;
                            break;
                    }
                }
                by_mover &= !men || men == Route::inner || men == Route::restarts;
                if (by_mover) info |= kByMover | (men == Route::restarts ? kMenRestart : 0);
                info_[node] = info;
                exit_[node] = best == kNone ? kNever : std::uint16_t(best);
            }
        });
    }

    // The blocks of one wave, swept over L until nothing changes or the count's limit.
    void sweep(const std::vector<std::uint64_t>& blocks) {
        const std::uint64_t bs = index_.block_size();
        auto for_nodes = [&](auto&& f) {
            for_range<true>(2 * blocks.size(), [&](std::size_t k, int thread) {
                const std::uint64_t base = (k % 2) * n_ + blocks[k / 2] * bs;
                for (std::uint64_t node = base; node < base + bs; ++node) f(node, thread);
            });
        };
        const auto threads = static_cast<std::size_t>(omp_get_max_threads());
        // A move that leaves the sweep for a child valued at each level reaches a staircase that
        // may fall at any level: its positions are looked at every level, and a level without a
        // change ends nothing.
        std::atomic<bool> carries{false};
        for_nodes([&](std::uint64_t node, int) {
            dirty_[node] = sign(node) != Wdl::draw && (info_[node] || exit_[node] != kNever);
            if (dirty_[node] && (info_[node] & kCarried))
                carries.store(true, std::memory_order_relaxed);
        });
        for (int left = 1; left <= class_.max_plies; ++left) {
            if (left >= kNever)
                throw std::logic_error("generator: " + m_.name() + ": distances past 16 bits");
            std::vector<std::vector<Fall>> changed(threads);
            for_nodes([&](std::uint64_t node, int thread) {
                if (!dirty_[node] && !(info_[node] & kCarried)) return;
                if (sign(node) == Wdl::draw) return;
                dirty_[node] = 0;
                const std::uint16_t v = value(node, left);
                if (v != prev_[node])
                    changed[std::size_t(thread)].push_back(
                        {std::uint32_t(node), std::uint16_t(left), v});
            });
            std::size_t count = 0;
            for (auto& list : changed) {
                count += list.size();
                for (const Fall& f : list) prev_[f.node] = f.plies;
            }
            if (by_waves_) note_restarted(blocks, left, count == 0 && !carries);
            if (count == 0 && !carries) break;
            for (auto& list : changed) {
                spread(list);
                falls_.insert(falls_.end(), list.begin(), list.end());
            }
        }
        if (by_waves_) note_restarted(blocks, class_.max_plies + 1, true);
    }

    // Where man moves restart the count: each node's distance at the count a man move into it
    // leaves, kept for the later waves.
    void note_restarted(const std::vector<std::uint64_t>& blocks, int left, bool final) {
        const std::uint64_t bs = index_.block_size();
        for (const std::uint64_t b : blocks)
            for (int s = 0; s < 2; ++s)
                for (std::uint64_t node = s * n_ + b * bs; node < s * n_ + (b + 1) * bs; ++node) {
                    if (restarted_[node] != kNever || sign(node) == Wdl::draw) continue;
                    P p;
                    if (!unrank(node, p)) continue;
                    const int at = plies_left(set_, start_, p);
                    if (at == left || (final && at >= left)) restarted_[node] = prev_[node];
                }
    }

    // A node's distance at `left` from its children's at left - 1 (prev_).
    std::uint16_t value(std::uint64_t node, int left) {
        P p;
        unrank(node, p);
        MoveList<G> moves;
        MoveGen<V>::generate(p, moves);
        const bool win = sign(node) == Wdl::win;
        if (!win && (info_[node] & kEscape)) return kNever;
        int best = exit_[node] == kNever ? (win ? kNone : 0) : exit_[node];
        const std::uint8_t info = info_[node];
        for (const auto& move : moves) {
            if (move.is_capture()) continue;  // fixed: in exit_
            const P child = apply(p, move);
            int d = kNone;
            Wdl w = Wdl::draw;
            switch (info & kByMover ? route_by_mover(info, p, move) : route(p, move, child)) {
                case Route::starts: {
                    const DistanceExit e = started(p, move, child, left);
                    w = e.wdl;
                    d = e.plies;
                    break;
                }
                case Route::inner: {
                    const std::uint64_t c = node_of(child);
                    w = sign(c);
                    d = prev_[c];
                    break;
                }
                case Route::carried: {
                    const DistanceExit e = carried_(child, left - 1);
                    w = e.wdl;
                    d = e.plies;
                    break;
                }
                case Route::restarts: {  // the child's wave is done
                    const std::uint64_t c = node_of(child);
                    w = sign(c);
                    d = restarted_[c];
                    break;
                }
                case Route::exit:
                    continue;  // in exit_
            }
            const bool known = d != kNever && d != kNone;
            if (win) {
                if (w == Wdl::loss && known) best = std::min(best, d + 1);
            } else {
                if (w != Wdl::win || !known) return kNever;
                best = std::max(best, d + 1);
            }
        }
        return best == kNone ? kNever : std::uint16_t(best);
    }

    // The parents of the nodes that changed (by moves that run the count on) are computed
    // again at the next level.
    void spread(const std::vector<Fall>& changes) {
        constexpr std::size_t kChunk = 256;
        for_range<true>((changes.size() + kChunk - 1) / kChunk, [&](std::size_t k, int) {
            const std::size_t end = std::min(changes.size(), (k + 1) * kChunk);
            for (std::size_t c = k * kChunk; c < end; ++c) {
                P p;
                unrank(changes[c].node, p);
                auto reach = [&](const P& q, int, int) {
                    const std::uint64_t pred = node_of(q);
                    if (sign(pred) != Wdl::draw)
                        std::atomic_ref<std::uint8_t>(dirty_[pred])
                            .store(1, std::memory_order_relaxed);
                };
                Unmoves<V>::template for_each<false>(p, reach);
                if (class_.binding == Binding::force || class_.binding == Binding::none)
                    Unmoves<V>::template for_each_man<false>(p, reach);
            }
        });
    }

    // The positions whose staircase is not one step at the pure DTW.
    DistanceSolution exceptions() {
        std::sort(falls_.begin(), falls_.end(), [](const Fall& a, const Fall& b) {
            return a.node != b.node ? a.node < b.node : a.left < b.left;
        });
        DistanceSolution out;
        for (std::size_t a = 0; a < falls_.size();) {
            std::size_t z = a;
            while (z < falls_.size() && falls_[z].node == falls_[a].node) ++z;
            const int s = int(falls_[a].node / n_);
            const std::uint64_t i = falls_[a].node % n_;
            DistanceRecord r{i, {}};
            for (std::size_t k = a; k < z; ++k)
                if (falls_[k].plies != kNever) r.steps.push_back({falls_[k].left, falls_[k].plies});
            // No count: the levels were rounds, and the distance is the last one's at any count.
            if (class_.binding == Binding::none && !r.steps.empty())
                r.steps = {{0, r.steps.back().plies}};
            const bool pure = r.steps.size() == 1 && r.steps[0].plies == pure_.dtw[s][i];
            if (!r.steps.empty() && !pure) out.records[s].push_back(std::move(r));
            a = z;
        }
        return out;
    }

    const CounterSet& set_;
    const Material m_;
    const bool starting_;  // a move may start the count that waits (may_start_count)
    const CountersClass class_;
    const Index<V> index_;
    const std::uint64_t n_, nodes_;
    const Slice<V>& pure_;
    Restart& restart_;
    Carried& carried_;
    CounterState start_;  // the class's counters with every count at 0
    bool by_waves_ = false;
    // Per node: its sign, what it is, the best its restarting moves give, its distance at the
    // level before (kNever: no line within the count), whether to compute it again, and its
    // distance at the count a man move into it restarts (where man moves restart).
    std::vector<std::uint8_t> sign_, info_, dirty_;
    std::vector<std::uint16_t> exit_, prev_, restarted_;
    std::vector<Fall> falls_;
    // Per thread, the exits of moves that start the waiting count, by (child, level).
    std::vector<std::unordered_map<std::uint64_t, DistanceExit>> started_ =
        std::vector<std::unordered_map<std::uint64_t, DistanceExit>>(
            std::size_t(omp_get_max_threads()));
};

template <class V, class Restart, class Carried>
DistanceSolution solve_distances(const CounterSet& set, const Material& m, bool idle,
                                 const Slice<V>& pure, Restart&& restart, Carried&& carried) {
    return DistanceSweep<V, std::remove_reference_t<Restart>, std::remove_reference_t<Carried>>(
               set, m, idle, pure, restart, carried)
        .solve();
}

}  // namespace dtb::gen
