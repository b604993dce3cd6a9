// The distance under the counters (docs/counters.md "The distance under the counters") of the
// class where two counts bind (counters_two_counts.hpp: russian 7.2.5 kings-only, restarted by
// man moves, beside 7.2.6 balance), at every pair of counts it can leave.
//
// A state is (position, kings-only plies left k, balance plies left b). Every move that stays
// in the class spends a ply of balance, so the distances at b follow from the children's at
// b - 1 alone, as a function of k:
//   win   D_b(p, k) = 1 + the least of: the distance of a lost child a capture or promotion
//         reaches (at the counters it starts with); D_{b-1}(child, k - 1) for a king move to a
//         lost child; D_{b-1}(child, K) for a man move, which restarts kings-only at K;
//   loss  every child won: 1 + the most of the same;
// 0 for a side without a move, nothing at k = 0 or b = 0 but that. More plies of either count
// only add lines, so D falls as k or b rises, and within a level it is a staircase over k.
//
// A position's distance over (b, k) is then the least of its corners: (b, k, d) "with at least
// b balance and k kings-only plies left, the game ends within d". The sweep emits a corner
// where a level's staircase holds a step the level before did not, and keeps only the positions
// one of whose corners is not the pure DTW. A corner is written as a DistanceStep whose `left`
// is the encoded TwoCountStep{b, k} (core/counters_value.hpp two_count_distance_at).
#pragma once

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/counter_state.hpp"
#include "dtb/core/counters_classes.hpp"
#include "dtb/core/counters_value.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/unmove.hpp"
#include "dtb/gen/counters/counters_distance_sweep.hpp"
#include "dtb/gen/solver/for_range.hpp"
#include "dtb/gen/solver/slice.hpp"

namespace dtb::gen {

// `restart(child, counters)`: the value and distance of a capture's or promotion's child at the
// counters it starts with (both counts restart there).
template <class V, class Restart>
class TwoCountDistanceSweep {
    using G = typename V::board;
    using P = Position<V>;

  public:
    TwoCountDistanceSweep(const CounterSet& set, const Material& m, bool idle, const Slice<V>& pure,
                          Restart& restart)
        : set_(set),
          m_(m),
          class_(counters_class(set, m, idle)),
          index_(m),
          n_(index_.size()),
          nodes_(2 * n_),
          pure_(pure),
          restart_(restart) {
        if (class_.binding != Binding::two_counts)
            throw std::logic_error("generator: " + m.name() + ": not a class of two counts");
        kings_limit_ = class_.max_plies;
        balance_limit_ = max_plies(set.rules[class_.second], m);
        if (kings_limit_ > kMostTwoCountKings || balance_limit_ > kMostTwoCountBalance)
            throw std::logic_error("generator: " + m.name() + ": counts too long for steps");
        if (pure.wdl[0].empty() || pure.wdl[1].empty() || pure.dtw[0].empty() ||
            pure.dtw[1].empty())
            throw std::logic_error("generator: " + m.name() + ": pure values not held");
        if (nodes_ > std::numeric_limits<std::uint32_t>::max())
            throw std::logic_error("generator: " + m.name() + ": too large for the sweep");
        for (int i = 0; i < set.count; ++i)
            if (in_scope(set.rules[i].scope, m))
                start_.plies[i] = idle && may_idle(set.rules[i]) ? CounterState::kIdle : 0;
    }

    DistanceSolution solve() {
        classify();
        for (int b = 1; b <= balance_limit_; ++b)
            if (!level(b)) break;  // a level that changes nothing: every later one is the same
        return exceptions();
    }

  private:
    static constexpr std::uint16_t kNever = 0xFFFF;
    static constexpr std::uint64_t kPiece = 1 << 12;
    static constexpr int kNone = std::numeric_limits<int>::max();
    static constexpr int kMostK = kMostTwoCountKings;
    // What a node is, bit by bit: it has moves that stay in the class; a capture or promotion
    // escapes a loss.
    enum : std::uint8_t { kMoves = 1, kEscape = 2 };

    // A step of a staircase over k: from kings-only plies `k` on, distance `d`.
    struct KStep {
        std::uint8_t k;
        std::uint16_t d;
        bool operator==(const KStep&) const = default;
    };
    // A staircase being made, on the stack: at most one step per kings-only count.
    struct Stair {
        std::array<KStep, kMostK + 1> steps;
        std::uint8_t size = 0;
        std::span<const KStep> view() const { return {steps.data(), size}; }
    };
    // A node's staircase as a word (code_): none yet, one step from k at its pure DTW, or the
    // offset in pool_ of a header step (k: the count) and the steps.
    static constexpr std::uint32_t kNoLine = 0xFFFFFFFF;
    static constexpr std::uint32_t kPure = 0x80000000;
    // The staircases a level changed, one list a thread, applied when the level ends.
    struct Changes {
        std::vector<std::uint32_t> node, end;
        std::vector<KStep> steps;
    };
    struct Fall {
        std::uint32_t node;
        std::uint8_t balance, kings;
        std::uint16_t plies;
    };
    using Dense = std::array<int, kMostK + 1>;

    std::uint64_t node_of(const P& p) const {
        return std::uint64_t(int(p.side)) * n_ + index_.rank(p);
    }
    bool unrank(std::uint64_t node, P& p) const {
        return index_.unrank(node % n_, Color(int(node / n_)), p);
    }
    Wdl sign(std::uint64_t node) const { return Wdl(sign_[node]); }
    int pure_dtw(std::uint64_t node) const { return pure_.dtw[node / n_][node % n_]; }

    // Every node's pure sign (a pure draw is a draw at every count) and what its captures and
    // promotions give, fixed at every count; a side without a move is lost in 0 from b = 0.
    void classify() {
        sign_.assign(nodes_, std::uint8_t(Wdl::draw));
        info_.assign(nodes_, 0);
        dirty_.assign(nodes_, 0);
        exit_.assign(nodes_, kNever);
        code_.assign(nodes_, kNoLine);
        for_range<true>((nodes_ + kPiece - 1) / kPiece, [&](std::size_t k, int) {
            const std::uint64_t end = std::min(nodes_, (k + 1) * kPiece);
            for (std::uint64_t node = k * kPiece; node < end; ++node) {
                const auto w = Wdl(pure_.wdl[node / n_][node % n_]);
                P p;
                if ((w != Wdl::win && w != Wdl::loss) || !unrank(node, p)) continue;
                sign_[node] = std::uint8_t(w);
                MoveList<G> moves;
                MoveGen<V>::generate(p, moves);
                if (moves.empty()) {
                    if (pure_dtw(node) != 0)
                        throw std::logic_error("generator: " + m_.name() +
                                               ": a side without a move not lost in 0");
                    code_[node] = kPure | 0;
                    continue;
                }
                int best = w == Wdl::win ? kNone : 0;
                std::uint8_t info = 0;
                for (const auto& move : moves) {
                    const P child = apply(p, move);
                    if (!move.is_capture() && !move.promotes) {
                        info |= kMoves;
                        continue;
                    }
                    if (!fold_exit(w, restart_(child, after_move(set_, start_, p, move, child)),
                                   best))
                        info |= kEscape;
                }
                info_[node] = info;
                exit_[node] = best == kNone ? kNever : std::uint16_t(best);
                dirty_[node] = !(w == Wdl::loss && (info & kEscape));
            }
        });
    }

    // Level b: every marked node's staircase from its children's at b - 1; whether one changed.
    bool level(int b) {
        std::vector<Changes> changed(static_cast<std::size_t>(omp_get_max_threads()));
        for_range<true>((nodes_ + kPiece - 1) / kPiece, [&](std::size_t k, int thread) {
            Changes& list = changed[std::size_t(thread)];
            const std::uint64_t end = std::min(nodes_, (k + 1) * kPiece);
            for (std::uint64_t node = k * kPiece; node < end; ++node) {
                if (!dirty_[node]) continue;
                dirty_[node] = 0;
                const Stair now = stair_of(evaluate(node));
                KStep one;
                if (std::ranges::equal(now.view(), stair(node, one))) continue;
                list.node.push_back(std::uint32_t(node));
                list.steps.insert(list.steps.end(), now.steps.begin(),
                                  now.steps.begin() + now.size);
                list.end.push_back(std::uint32_t(list.steps.size()));
            }
        });
        std::vector<std::uint32_t> nodes;
        for (Changes& list : changed) {
            for (std::size_t i = 0; i < list.node.size(); ++i) {
                const std::uint32_t from = i ? list.end[i - 1] : 0;
                settle(list.node[i], {list.steps.data() + from, list.end[i] - from}, b);
            }
            nodes.insert(nodes.end(), list.node.begin(), list.node.end());
            list = {};
        }
        if (pool_.size() > 2 * live_ + (std::size_t(1) << 20)) compact();
        spread(nodes);
        return !nodes.empty();
    }

    // The node's distance at each kings-only count from its children's at the level before
    // (kNone: no line within the counts).
    Dense evaluate(std::uint64_t node) const {
        P p;
        unrank(node, p);
        MoveList<G> moves;
        MoveGen<V>::generate(p, moves);
        const bool win = sign(node) == Wdl::win;
        const int fixed = exit_[node] == kNever ? (win ? kNone : 0) : exit_[node];
        Dense d;
        d.fill(fixed);
        d[0] = kNone;  // every move spends a kings-only ply or starts at one
        const auto men = p.men(p.side);
        for (const auto& move : moves) {
            if (move.is_capture() || move.promotes) continue;  // in exit_
            const P child = apply(p, move);
            const std::uint64_t c = node_of(child);
            // A child not lost (won, for a loss) or without a line at this level: no use to a
            // win, and a loss escapes through it.
            if (sign(c) != (win ? Wdl::loss : Wdl::win) || code_[c] == kNoLine) {
                if (win) continue;
                d.fill(kNone);
                return d;
            }
            KStep one;
            const std::span<const KStep> steps = stair(c, one);
            // Folds v into the distances at kings-only counts from..to.
            auto fold = [&](int from, int to, int v) {
                to = std::min(to, kings_limit_);
                if (win)
                    for (int k = from; k <= to; ++k) d[k] = std::min(d[k], v);
                else
                    for (int k = from; k <= to; ++k) d[k] = std::max(d[k], v);
            };
            if ((men & bit<typename G::bb>(move.from)) != 0) {  // restarts kings-only
                const int at = step_at(steps, limit_plies(set_.rules[class_.rule], m_, child.side));
                fold(1, kings_limit_, at == kNone ? kNone : at + 1);
                continue;
            }
            // A king move spends a kings-only ply: c's step from k holds for p from k + 1.
            fold(1, steps.front().k, kNone);
            for (std::size_t i = 0; i < steps.size(); ++i)
                fold(steps[i].k + 1, i + 1 < steps.size() ? steps[i + 1].k : kings_limit_,
                     steps[i].d + 1);
        }
        return d;
    }

    // The node's staircase; `one` holds it when it is one step at the pure DTW.
    std::span<const KStep> stair(std::uint64_t node, KStep& one) const {
        const std::uint32_t code = code_[node];
        if (code == kNoLine) return {};
        if (code & kPure) {
            one = {std::uint8_t(code & ~kPure), std::uint16_t(pure_dtw(node))};
            return {&one, 1};
        }
        return {pool_.data() + code + 1, pool_[code].k};
    }

    Stair stair_of(const Dense& d) const {
        Stair s;
        for (int k = 0; k <= kings_limit_; ++k) {
            if (d[k] == kNone) {
                if (s.size)
                    throw std::logic_error("generator: " + m_.name() +
                                           ": a distance lost as kings-only plies rise");
                continue;
            }
            if (d[k] >= kNever)
                throw std::logic_error("generator: " + m_.name() + ": distances past 16 bits");
            if (!s.size || s.steps[s.size - 1].d != d[k])
                s.steps[s.size++] = {std::uint8_t(k), std::uint16_t(d[k])};
        }
        return s;
    }

    // The change takes effect, and the corners new at level b are kept.
    void settle(std::uint32_t node, std::span<const KStep> now, int b) {
        KStep one;
        const std::span<const KStep> before = stair(node, one);
        for (int k = 0; k <= kings_limit_; ++k) {
            const int was = step_at(before, k), after = step_at(now, k);
            if (was != kNone && (after == kNone || after > was))
                throw std::logic_error("generator: " + m_.name() +
                                       ": a distance rose with the balance plies");
        }
        for (const KStep& s : now)
            if (std::ranges::find(before, s) == before.end())
                falls_.push_back({node, std::uint8_t(b), s.k, s.d});
        if (!(code_[node] & kPure)) live_ -= before.size() + 1;
        if (now.empty()) {
            code_[node] = kNoLine;
        } else if (now.size() == 1 && now[0].d == pure_dtw(node)) {
            code_[node] = kPure | now[0].k;
        } else {
            if (pool_.size() + now.size() + 1 >= kPure) compact();
            if (pool_.size() + now.size() + 1 >= kPure)
                throw std::logic_error("generator: " + m_.name() + ": too large for the sweep");
            code_[node] = std::uint32_t(pool_.size());
            pool_.push_back({std::uint8_t(now.size()), 0});
            pool_.insert(pool_.end(), now.begin(), now.end());
            live_ += now.size() + 1;
        }
    }

    // Drops the staircases no node points at any more.
    void compact() {
        std::vector<KStep> pool;
        pool.reserve(live_);
        for (std::uint64_t node = 0; node < nodes_; ++node) {
            const std::uint32_t code = code_[node];
            if (code & kPure) continue;  // kNoLine has the bit too
            code_[node] = std::uint32_t(pool.size());
            pool.insert(pool.end(), pool_.begin() + code, pool_.begin() + code + pool_[code].k + 1);
        }
        pool_ = std::move(pool);
    }

    static int step_at(std::span<const KStep> s, int k) {
        int d = kNone;
        for (const KStep& x : s) {
            if (x.k > k) break;
            d = x.d;
        }
        return d;
    }

    // The nodes with moves into the changed ones (king or man, not captures) are computed
    // again at the next level.
    void spread(const std::vector<std::uint32_t>& changes) {
        constexpr std::size_t kChunk = 256;
        for_range<true>((changes.size() + kChunk - 1) / kChunk, [&](std::size_t k, int) {
            const std::size_t end = std::min(changes.size(), (k + 1) * kChunk);
            for (std::size_t c = k * kChunk; c < end; ++c) {
                P p;
                unrank(changes[c], p);
                auto reach = [&](const P& q, int, int) {
                    const std::uint64_t pred = node_of(q);
                    if ((info_[pred] & kMoves) &&
                        !(sign(pred) == Wdl::loss && (info_[pred] & kEscape)))
                        std::atomic_ref<std::uint8_t>(dirty_[pred])
                            .store(1, std::memory_order_relaxed);
                };
                Unmoves<V>::template for_each<false>(p, reach);
                Unmoves<V>::template for_each_man<false>(p, reach);
            }
        });
    }

    // The positions one of whose corners is not the pure DTW, each with the corners that no
    // other corner of it covers.
    DistanceSolution exceptions() {
        // What the sweep held is done with: the records take its place.
        for (auto* bytes : {&sign_, &info_, &dirty_}) std::vector<std::uint8_t>().swap(*bytes);
        std::vector<std::uint16_t>().swap(exit_);
        std::vector<std::uint32_t>().swap(code_);
        std::vector<KStep>().swap(pool_);
        std::sort(falls_.begin(), falls_.end(), [](const Fall& a, const Fall& b) {
            return std::tie(a.node, a.balance, a.kings) < std::tie(b.node, b.balance, b.kings);
        });
        DistanceSolution out;
        for (std::size_t a = 0; a < falls_.size();) {
            std::size_t z = a;
            while (z < falls_.size() && falls_[z].node == falls_[a].node) ++z;
            const std::uint64_t node = falls_[a].node;
            bool pure = true;
            for (std::size_t k = a; k < z; ++k) pure &= falls_[k].plies == pure_dtw(node);
            if (!pure) {
                DistanceRecord r{node % n_, {}};
                for (std::size_t k = a; k < z; ++k) {
                    const Fall& f = falls_[k];
                    bool covered = false;
                    for (std::size_t o = a; o < z && !covered; ++o)
                        covered = o != k && falls_[o].balance <= f.balance &&
                                  falls_[o].kings <= f.kings && falls_[o].plies <= f.plies;
                    if (!covered)
                        r.steps.push_back({encode(TwoCountStep{f.balance, f.kings}), int(f.plies)});
                }
                out.records[node / n_].push_back(std::move(r));
            }
            a = z;
        }
        return out;
    }

    const CounterSet& set_;
    const Material m_;
    const CountersClass class_;
    const Index<V> index_;
    const std::uint64_t n_, nodes_;
    const Slice<V>& pure_;
    Restart& restart_;
    int kings_limit_ = 0, balance_limit_ = 0;
    CounterState start_;  // the class's counters with every count at 0
    // Per node: its pure sign, what it is, whether to compute it again, the best its captures
    // and promotions give, and its staircase at the level before.
    std::vector<std::uint8_t> sign_, info_, dirty_;
    std::vector<std::uint16_t> exit_;
    std::vector<std::uint32_t> code_;
    std::vector<KStep> pool_;  // the staircases code_ points at, and stale ones
    std::size_t live_ = 0;     // the words of pool_ that code_ points at
    std::vector<Fall> falls_;
};

template <class V, class Restart>
DistanceSolution solve_two_count_distances(const CounterSet& set, const Material& m, bool idle,
                                           const Slice<V>& pure, Restart&& restart) {
    return TwoCountDistanceSweep<V, std::remove_reference_t<Restart>>(set, m, idle, pure, restart)
        .solve();
}

}  // namespace dtb::gen
