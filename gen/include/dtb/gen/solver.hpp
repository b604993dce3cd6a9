// Retrograde analysis of one slice (a material, both sides to move), ply by ply.
//
// Two passes over the same machinery:
//   DTW  internal moves = every non-capturing move that keeps the material (king moves and
//        man moves that do not crown); exits = captures and promotions, whose values come
//        from slices solved earlier. Gives WDL and DTW.
//   DTC  internal moves = non-capturing king moves; exits = every capture or man move, each
//        worth distance 1 whatever follows (only the child's WDL matters, known by then).
//
// A pass: every position gets the number of its internal moves and a summary of its exits
// (the best win through an exit, or a draw, or the latest loss through an exit). Level n
// then resolves: positions with an internal move to a position lost at n-1 (found through
// unmoves from it) or a winning exit at n are won in n; positions whose internal moves all
// lead to won positions, the last found at n-1, and whose exits all lose, at most at n, are
// lost in n. Unresolved positions at the end are draws. Levels are computed in full before
// the next one starts and every update of one level gives the same value whoever makes it,
// so the result does not depend on the number of threads.
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/unmove.hpp"
#include "dtb/core/value.hpp"
#include "dtb/gen/slice.hpp"

namespace dtb::gen {

// How a solver finds the value of a position outside the slice being solved.
template <class V>
using ExitLookup = Value (*)(const void* context, const Position<V>& p);

template <class V>
class SliceSolver {
    using G = typename V::board;
    using bb = typename G::bb;
    using P = Position<V>;

  public:
    // `lookup` answers for any position reached by a capture or a promotion.
    SliceSolver(const Material& m, const void* context, ExitLookup<V> lookup)
        : slice_(std::make_unique<Slice<V>>(m)), context_(context), lookup_(lookup) {
        work_ = make_work_items();
    }

    std::unique_ptr<Slice<V>> solve() {
        for (int s = 0; s < 2; ++s) slice_->capture[s].assign(slice_->index.size(), 0);
        run_pass(Pass::dtw);
        run_pass(Pass::dtc);
        return std::move(slice_);
    }

  private:
    enum class Pass { dtw, dtc };

    // Per position, while a pass runs.
    static constexpr std::uint8_t kBroken = 0, kPending = 1, kWon = 2, kLost = 3;
    enum ExitKind : std::uint16_t { none = 0, win = 1, draw = 2, loss = 3 };
    static constexpr std::uint16_t kLevelMask = 0x3fff;
    static constexpr std::uint16_t exit_code(ExitKind k, int level) {
        return std::uint16_t(k << 14 | level);
    }

    struct WorkItem {
        std::uint64_t block, wk_begin, wk_end;
    };

    // Blocks, big ones cut into runs of white-king placements, so that threads share work.
    std::vector<WorkItem> make_work_items() const {
        const auto& idx = slice_->index;
        const std::uint64_t per_wk =
            idx.block_size() / std::max<std::uint64_t>(1, idx.white_king_ranks());
        const std::uint64_t step =
            std::max<std::uint64_t>(1, 8192 / std::max<std::uint64_t>(1, per_wk));
        std::vector<WorkItem> items;
        for (std::uint64_t b = 0; b < idx.blocks(); ++b)
            for (std::uint64_t w = 0; w < idx.white_king_ranks(); w += step)
                items.push_back({b, w, std::min(idx.white_king_ranks(), w + step)});
        return items;
    }

    template <class F>
    void for_each_position(F&& f) const {
        const auto& idx = slice_->index;
#pragma omp parallel for schedule(dynamic, 1)
        for (std::size_t k = 0; k < work_.size(); ++k) {
            const auto& w = work_[k];
            for (Color side : {Color::white, Color::black})
                idx.visit(w.block, w.wk_begin, w.wk_end, side,
                          [&](std::uint64_t i, const P& p) { f(i, p); });
        }
    }

    static bool is_internal(Pass pass, const P& p, const Move<G>& m) {
        if (m.is_capture() || m.promotes) return false;
        return pass == Pass::dtw || (p.kings & bit<bb>(m.from));
    }

    Value child_value(Pass pass, const P& child) const {
        if (child.white == 0 || child.black == 0) {
            // The side to move has no piece, hence no move.
            return {V::goal == Goal::giveaway ? Wdl::win : Wdl::loss, 0, 0};
        }
        if (pass == Pass::dtc && same_material(child)) {
            const auto i = slice_->index.rank(child);
            return {Wdl(slice_->wdl[static_cast<int>(child.side)][i]), 0, 0};
        }
        return lookup_(context_, child);
    }

    bool same_material(const P& p) const {
        const auto& m = slice_->material();
        return popcount(p.men(Color::white)) == m.white_men &&
               popcount(p.kings_of(Color::white)) == m.white_kings &&
               popcount(p.men(Color::black)) == m.black_men &&
               popcount(p.kings_of(Color::black)) == m.black_kings;
    }

    // An entry of a work list: index and side to move.
    static std::uint64_t entry(std::uint64_t i, int s) { return i << 1 | std::uint64_t(s); }

    // Per-thread lists: positions resolved at the current level, and positions whose exits
    // decide them at a later level (by level).
    struct ThreadLists {
        std::vector<std::uint64_t> resolved;
        std::vector<std::vector<std::uint64_t>> scheduled;
        void schedule(int level, std::uint64_t e) {
            if (scheduled.size() <= std::size_t(level)) scheduled.resize(std::size_t(level) + 1);
            scheduled[std::size_t(level)].push_back(e);
        }
    };

    // Counts internal moves and summarises exits; resolves positions without moves (level
    // 0) and schedules those that an exit decides.
    void init_pass(Pass pass, std::vector<ThreadLists>& lists) {
        const std::uint16_t terminal_dist = 0;
        for_each_position([&](std::uint64_t i, const P& p) {
            auto& mine = lists[std::size_t(omp_get_thread_num())];
            const int s = static_cast<int>(p.side);
            MoveList<G> moves;
            MoveGen<V>::generate(p, moves);
            if (moves.empty()) {
                state_[s][i] = V::goal == Goal::giveaway ? kWon : kLost;
                dist(pass, s)[i] = terminal_dist;
                count_[s][i] = 0;
                mine.resolved.push_back(entry(i, s));
                return;
            }
            slice_->capture[s][i] = moves[0].is_capture();
            int internal = 0;
            ExitKind kind = none;
            int win_level = kLevelMask, loss_level = 0;
            for (const auto& m : moves) {
                if (is_internal(pass, p, m)) {
                    ++internal;
                    continue;
                }
                const Value v = child_value(pass, apply(p, m));
                const int d = pass == Pass::dtw ? v.dtw + 1 : 1;
                if (v.wdl == Wdl::loss) {
                    kind = win;
                    win_level = std::min(win_level, d);
                } else if (v.wdl == Wdl::draw) {
                    if (kind != win) kind = draw;
                } else if (v.wdl == Wdl::win) {
                    if (kind == none) kind = loss;
                    loss_level = std::max(loss_level, d);
                } else {
                    throw std::logic_error("generator: an exit leads to a position without value");
                }
            }
            if (internal > 255) throw std::runtime_error("generator: more than 255 internal moves");
            if ((kind == win && win_level >= int(kLevelMask)) || loss_level >= int(kLevelMask))
                throw std::runtime_error("generator: distance beyond 16382 plies");
            state_[s][i] = kPending;
            count_[s][i] = std::uint8_t(internal);
            exit_[s][i] = kind == win    ? exit_code(win, win_level)
                          : kind == loss ? exit_code(loss, loss_level)
                                         : exit_code(kind, 0);
            if (kind == win) mine.schedule(win_level, entry(i, s));
            if (kind == loss && internal == 0) mine.schedule(loss_level, entry(i, s));
        });
    }

    std::vector<std::uint16_t>& dist(Pass pass, int s) {
        return pass == Pass::dtw ? slice_->dtw[s] : slice_->dtc[s];
    }

    // Resolves a pending position at `level`. Every resolver of one position within a level
    // writes the same distance; the state is published after it (release), and readers load
    // the state with acquire, so a resolved state always comes with its distance.
    bool try_resolve(int s, std::uint64_t i, std::uint8_t outcome, int level, Pass pass) {
        std::atomic_ref<std::uint8_t> st(state_[s][i]);
        if (st.load(std::memory_order_acquire) != kPending) return false;
        dist(pass, s)[i] = std::uint16_t(level);
        std::uint8_t expected = kPending;
        return st.compare_exchange_strong(expected, outcome, std::memory_order_acq_rel);
    }

    // Internal predecessors of p (the side that just moved is to move in them), with their
    // index. Those in which that side had a capture are not predecessors (captures are
    // compulsory); the init pass recorded which they are.
    template <class F>
    void for_each_predecessor(Pass pass, const P& p, F&& f) const {
        const int t = 1 - static_cast<int>(p.side);
        auto g = [&](const P& q, int, int) {
            const auto qi = slice_->index.rank(q);
            if (!slice_->capture[t][qi]) f(qi);
        };
        Unmoves<V>::template for_each<false>(p, g);
        if (pass == Pass::dtw) Unmoves<V>::template for_each_man<false>(p, g);
    }

    void run_pass(Pass pass) {
        const auto size = slice_->index.size();
        for (int s = 0; s < 2; ++s) {
            state_[s].assign(size, kBroken);
            count_[s].assign(size, 0);
            exit_[s].assign(size, 0);
        }
        std::vector<ThreadLists> lists(static_cast<std::size_t>(omp_get_max_threads()));
        init_pass(pass, lists);
        std::vector<std::uint64_t> frontier = take_resolved(lists);

        for (int level = 1;; ++level) {
            // Positions an exit decides at this level, then the predecessors of the
            // positions resolved at the level before.
            std::vector<std::uint64_t> due;
            for (auto& l : lists) {
                if (l.scheduled.size() > std::size_t(level)) {
                    auto& b = l.scheduled[std::size_t(level)];
                    due.insert(due.end(), b.begin(), b.end());
                    b = {};
                }
            }
#pragma omp parallel
            {
                auto& mine = lists[std::size_t(omp_get_thread_num())];
#pragma omp for schedule(dynamic, 1024) nowait
                for (std::size_t k = 0; k < due.size(); ++k) {
                    const auto i = due[k] >> 1;
                    const int s = int(due[k] & 1);
                    if (resolve_by_exit(s, i, level, pass)) mine.resolved.push_back(due[k]);
                }
#pragma omp for schedule(dynamic, 256)
                for (std::size_t k = 0; k < frontier.size(); ++k) {
                    const auto i = frontier[k] >> 1;
                    const int s = int(frontier[k] & 1);
                    P p;
                    slice_->index.unrank(i, Color(s), p);
                    propagate(pass, p, state_[s][i] == kLost, level, mine);
                }
            }
            frontier = take_resolved(lists);
            std::size_t later = 0;  // one past the last level anything is scheduled for
            for (const auto& l : lists) later = std::max(later, l.scheduled.size());
            if (frontier.empty() && std::size_t(level) + 1 >= later) break;
        }

        // What is still pending is a draw. The DTC pass must agree with the DTW pass on
        // every value: a check of both.
        for (int s = 0; s < 2; ++s) {
            auto& wdl = slice_->wdl[s];
            for (std::uint64_t i = 0; i < size; ++i) {
                const auto st = state_[s][i];
                const Wdl w = st == kBroken ? Wdl::unknown
                              : st == kWon  ? Wdl::win
                              : st == kLost ? Wdl::loss
                                            : Wdl::draw;
                if (pass == Pass::dtw) {
                    wdl[i] = std::uint8_t(w);
                } else if (wdl[i] != std::uint8_t(w)) {
                    throw std::logic_error("generator: the DTC pass disagrees with the DTW pass");
                }
            }
            state_[s] = {};
            count_[s] = {};
            exit_[s] = {};
        }
    }

    static std::vector<std::uint64_t> take_resolved(std::vector<ThreadLists>& lists) {
        std::vector<std::uint64_t> out;
        for (auto& l : lists) {
            out.insert(out.end(), l.resolved.begin(), l.resolved.end());
            l.resolved.clear();
        }
        return out;
    }

    // A pending position whose exits decide it at this level.
    bool resolve_by_exit(int s, std::uint64_t i, int level, Pass pass) {
        const auto e = exit_[s][i];
        const int kind = e >> 14, lv = e & kLevelMask;
        if (lv != level) return false;
        if (kind == win) return try_resolve(s, i, kWon, level, pass);
        if (kind == loss && count(s, i) == 0) return try_resolve(s, i, kLost, level, pass);
        return false;
    }

    // p was resolved at level-1 (lost when `lost`): its internal predecessors learn of it.
    void propagate(Pass pass, const P& p, bool lost, int level, ThreadLists& mine) {
        const int t = 1 - static_cast<int>(p.side);
        for_each_predecessor(pass, p, [&](std::uint64_t qi) {
            if (lost) {
                if (try_resolve(t, qi, kWon, level, pass)) mine.resolved.push_back(entry(qi, t));
                return;
            }
            std::atomic_ref<std::uint8_t> c(count_[t][qi]);
            if (c.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
            const auto e = exit_[t][qi];
            const int kind = e >> 14, lv = e & kLevelMask;
            if (kind == win || kind == draw) return;
            if (kind == loss && lv > level) {
                mine.schedule(lv, entry(qi, t));  // decided when its exit level comes
                return;
            }
            if (try_resolve(t, qi, kLost, level, pass)) mine.resolved.push_back(entry(qi, t));
        });
    }

    std::uint8_t count(int s, std::uint64_t i) {
        return std::atomic_ref<std::uint8_t>(count_[s][i]).load(std::memory_order_acquire);
    }

    std::unique_ptr<Slice<V>> slice_;
    const void* context_;
    ExitLookup<V> lookup_;
    std::vector<WorkItem> work_;
    std::vector<std::uint8_t> state_[2];
    std::vector<std::uint8_t> count_[2];
    std::vector<std::uint16_t> exit_[2];
};

}  // namespace dtb::gen
