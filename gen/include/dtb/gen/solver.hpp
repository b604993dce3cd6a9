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
//
// Only the DTW pass generates captures: it records, per position, whether the side to move
// has one and what the captures and promotions give in the DTC pass (where every exit is
// worth 1, only the kind matters), so the DTC pass counts king moves and looks up the man
// moves in the slice itself.
#pragma once

#include <omp.h>

#include <algorithm>
#include <array>
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
        for (int s = 0; s < 2; ++s) {
            slice_->capture[s].assign(slice_->index.size(), 0);
            conversion_[s].assign(slice_->index.size(), none);
        }
        run_pass(Pass::dtw);
        run_pass(Pass::dtc);
        for (auto& c : conversion_) c = {};
        for (auto& c : cell_) c = {};
        return std::move(slice_);
    }

  private:
    enum class Pass { dtw, dtc };
    enum Kind : std::uint32_t { none = 0, win = 1, draw = 2, loss = 3 };

    // The state of a position while a pass runs, one 32-bit cell, so that a predecessor
    // costs one memory access:
    //   bits  0..7   internal moves not yet known to lead to a won position
    //   bits  8..9   broken (no position), pending, won, lost
    //   bits 10..11  the kind of the exits' summary (Kind)
    //   bits 12..25  while pending: the level at which the exits decide (win: the fastest
    //                winning exit; loss: the slowest losing one); once resolved: the level
    //   bit  26      the side to move has a capture (no internal move leads here from it)
    //   bit  27      (DTC pass) won or drawn by the DTW pass: never lost, count not needed
    using Cell = std::uint32_t;
    static constexpr Cell kBroken = 0, kPending = 1, kWon = 2, kLost = 3;
    static constexpr int kStateShift = 8, kKindShift = 10, kLevelShift = 12;
    static constexpr Cell kCountMask = 0xff, kStateMask = Cell{3} << kStateShift;
    static constexpr Cell kLevelMask = Cell{0x3fff} << kLevelShift;
    static constexpr Cell kCaptureBit = Cell{1} << 26;
    static constexpr Cell kNeverLostBit = Cell{1} << 27;
    static constexpr int kMaxLevel = 0x3fff - 1;
    static constexpr Cell state(Cell c) { return (c >> kStateShift) & 3; }
    static constexpr Cell kind(Cell c) { return (c >> kKindShift) & 3; }
    static constexpr int level(Cell c) { return int((c & kLevelMask) >> kLevelShift); }
    static constexpr Cell count(Cell c) { return c & kCountMask; }
    static constexpr Cell make_cell(Cell st, Cell k, int lv, int internal, bool capture) {
        return Cell(internal) | st << kStateShift | k << kKindShift | Cell(lv) << kLevelShift |
               (capture ? kCaptureBit : 0);
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

    Value child_value(const P& child) const {
        if (child.white == 0 || child.black == 0) {
            // The side to move has no piece, hence no move.
            return {V::goal == Goal::giveaway ? Wdl::win : Wdl::loss, 0, 0};
        }
        return lookup_(context_, child);
    }

    // The summary of a position's exits: the fastest win, else a draw, else the slowest
    // loss (distances are the levels at which the exit decides the position).
    struct ExitSummary {
        Kind k = none;
        int win_level = kMaxLevel + 1, loss_level = 0;
        void add(Wdl child, int d) {
            if (child == Wdl::loss) {
                k = win;
                win_level = std::min(win_level, d);
            } else if (child == Wdl::draw) {
                if (k != win) k = draw;
            } else if (child == Wdl::win) {
                if (k == none) k = loss;
                loss_level = std::max(loss_level, d);
            } else {
                throw std::logic_error("generator: an exit leads to a position without value");
            }
        }
        int level() const { return k == win ? win_level : k == loss ? loss_level : 0; }
    };

    // An entry of a work list: index and side to move.
    static std::uint64_t entry(std::uint64_t i, int s) { return i << 1 | std::uint64_t(s); }

    // Scratch for the predecessors of one position.
    struct Predecessors {
        static constexpr int kCapacity = 1024;
        std::array<std::uint64_t, kCapacity> index;
        std::array<P, kCapacity> position;
        int n = 0;
    };
    // Per-thread lists: positions resolved at the current level, and positions whose exits
    // decide them at a later level (by level).
    struct Resolved {
        P p;
        bool lost;
    };
    struct ThreadLists {
        std::vector<Resolved> resolved;  // kept as positions: the next level needs no unrank
        std::vector<std::vector<std::uint64_t>> scheduled;
        Predecessors predecessors;  // scratch
        void schedule(int level, std::uint64_t e) {
            if (scheduled.size() <= std::size_t(level)) scheduled.resize(std::size_t(level) + 1);
            scheduled[std::size_t(level)].push_back(e);
        }
    };

    // Sets up a pending position (or one without moves) and schedules what its exits decide.
    void start(const P& p, std::uint64_t i, int internal, const ExitSummary& e, bool capture,
               ThreadLists& mine) {
        const int s = static_cast<int>(p.side);
        if (internal > 255) throw std::runtime_error("generator: more than 255 internal moves");
        if (e.level() > kMaxLevel)
            throw std::runtime_error("generator: distance beyond 16382 plies");
        if (internal == 0 && e.k == none) {
            // No move at all: the game is over (lost, won in giveaway).
            const Cell st = V::goal == Goal::giveaway ? kWon : kLost;
            cell_[s][i] = make_cell(st, none, 0, 0, capture);
            mine.resolved.push_back({p, st == kLost});
            return;
        }
        cell_[s][i] = make_cell(kPending, e.k, e.level(), internal, capture);
        if (e.k == win || (e.k == loss && internal == 0)) mine.schedule(e.level(), entry(i, s));
    }

    // DTW pass: captures (all moves when there is one) and promotions are exits.
    void init_dtw(std::vector<ThreadLists>& lists) {
        for_each_position([&](std::uint64_t i, const P& p) {
            auto& mine = lists[std::size_t(omp_get_thread_num())];
            const int s = static_cast<int>(p.side);
            ExitSummary dtw, dtc;
            int internal = 0;
            const bool capture = MoveGen<V>::has_capture(p);
            if (capture) {
                MoveList<G> moves;
                MoveGen<V>::generate_captures(p, moves);
                for (const auto& m : moves) {
                    const Value v = child_value(apply(p, m));
                    dtw.add(v.wdl, v.dtw + 1);
                    dtc.add(v.wdl, 1);
                }
            } else {
                internal = MoveGen<V>::count_quiet_king_moves(p);
                MoveGen<V>::for_each_quiet_man_move(p, [&](int from, int to, bool promotes) {
                    if (!promotes) {
                        ++internal;
                        return;
                    }
                    const Value v = child_value(apply(p, quiet_move(from, to, true)));
                    dtw.add(v.wdl, v.dtw + 1);
                    dtc.add(v.wdl, 1);
                });
            }
            slice_->capture[s][i] = capture;
            conversion_[s][i] = std::uint8_t(dtc.k);
            start(p, i, internal, dtw, capture, mine);
        });
    }

    // DTC pass: internal moves are king moves; man moves, captures and promotions are exits
    // worth 1 (captures and promotions summarised by the DTW pass).
    void init_dtc(std::vector<ThreadLists>& lists) {
        for_each_position([&](std::uint64_t i, const P& p) {
            auto& mine = lists[std::size_t(omp_get_thread_num())];
            const int s = static_cast<int>(p.side);
            ExitSummary dtc;
            dtc.k = Kind(conversion_[s][i]);
            if (dtc.k == win) dtc.win_level = 1;
            if (dtc.k == loss) dtc.loss_level = 1;
            const bool capture = slice_->capture[s][i] != 0;
            int internal = 0;
            if (!capture) {
                internal = MoveGen<V>::count_quiet_king_moves(p);
                MoveGen<V>::for_each_quiet_man_move(p, [&](int from, int to, bool promotes) {
                    if (promotes) return;  // summarised already
                    const P child = apply(p, quiet_move(from, to, false));
                    const auto w = slice_->wdl[1 - s][slice_->index.rank(child)];
                    dtc.add(Wdl(w), 1);
                });
            }
            start(p, i, internal, dtc, capture, mine);
            if (slice_->wdl[s][i] != std::uint8_t(Wdl::loss)) cell_[s][i] |= kNeverLostBit;
        });
    }

    static Move<G> quiet_move(int from, int to, bool promotes) {
        Move<G> m{};
        m.from = std::uint8_t(from);
        m.to = std::uint8_t(to);
        m.promotes = promotes;
        return m;
    }

    // Resolves a pending position at `level`. Every resolver of one position within a level
    // writes the same cell, so the order of the threads does not matter. Relaxed order is
    // enough: a level reads what earlier levels wrote only after the barrier between them.
    bool try_resolve(int s, std::uint64_t i, Cell outcome, int lv) {
        std::atomic_ref<Cell> c(cell_[s][i]);
        Cell old = c.load(std::memory_order_relaxed);
        Cell next;
        do {
            if (state(old) != kPending) return false;
            next = (old & ~(kStateMask | kLevelMask)) | outcome << kStateShift |
                   Cell(lv) << kLevelShift;
        } while (!c.compare_exchange_weak(old, next, std::memory_order_relaxed));
        return true;
    }

    // Internal predecessors of p (the side that just moved is to move in them), by index.
    // They are collected first and their cells prefetched, so that the cache misses of one
    // position's predecessors overlap instead of following one another.
    void collect_predecessors(Pass pass, const P& p, Predecessors& out) const {
        const int t = 1 - static_cast<int>(p.side);
        out.n = 0;
        auto add = [&](const P& q, std::uint64_t qi) {
            if (out.n == Predecessors::kCapacity)
                throw std::logic_error("generator: more predecessors than expected");
            __builtin_prefetch(&cell_[t][qi], 1);
            out.index[std::size_t(out.n)] = qi;
            out.position[std::size_t(out.n++)] = q;
        };
        // A king move keeps the men: the block is p's.
        const std::uint64_t block_base = slice_->index.block_base(p);
        Unmoves<V>::template for_each<false>(
            p, [&](const P& q, int, int) { add(q, slice_->index.rank_in_block(q, block_base)); });
        if (pass == Pass::dtw)
            Unmoves<V>::template for_each_man<false>(
                p, [&](const P& q, int, int) { add(q, slice_->index.rank(q)); });
    }

    void run_pass(Pass pass) {
        const auto size = slice_->index.size();
        for (auto& c : cell_) c.assign(size, kBroken);  // the DTC pass reuses the DTW pass's memory
        std::vector<ThreadLists> lists(static_cast<std::size_t>(omp_get_max_threads()));
        if (pass == Pass::dtw) {
            init_dtw(lists);
        } else {
            init_dtc(lists);
        }
        // Each thread's lists are worked on where they are, cut into chunks: no copy.
        std::vector<std::vector<Resolved>> frontier(lists.size());
        std::vector<std::vector<std::uint64_t>> due(lists.size());
        for (int level = 1;; ++level) {
            // Positions an exit decides at this level, then the predecessors of the
            // positions resolved at the level before.
            for (std::size_t t = 0; t < lists.size(); ++t) {
                auto& l = lists[t];
                frontier[t].swap(l.resolved);
                l.resolved.clear();
                due[t].clear();
                if (l.scheduled.size() > std::size_t(level))
                    due[t].swap(l.scheduled[std::size_t(level)]);
            }
            const auto due_chunks = chunks(due, 1024);
            const auto frontier_chunks = chunks(frontier, 64);
            if (due_chunks.empty() && frontier_chunks.empty()) {
                std::size_t later = 0;  // one past the last level anything is scheduled for
                for (const auto& l : lists) later = std::max(later, l.scheduled.size());
                if (std::size_t(level) + 1 >= later) break;
                continue;
            }
#pragma omp parallel
            {
                auto& mine = lists[std::size_t(omp_get_thread_num())];
#pragma omp for schedule(dynamic, 1) nowait
                for (std::size_t c = 0; c < due_chunks.size(); ++c) {
                    const Chunk& ch = due_chunks[c];
                    for (std::size_t k = ch.begin; k < ch.end; ++k) {
                        const auto e = due[ch.list][k];
                        const auto i = e >> 1;
                        const int s = int(e & 1);
                        if (resolve_by_exit(s, i, level)) {
                            P p;
                            slice_->index.unrank(i, Color(s), p);
                            mine.resolved.push_back({p, state(cell_[s][i]) == kLost});
                        }
                    }
                }
#pragma omp for schedule(dynamic, 1)
                for (std::size_t c = 0; c < frontier_chunks.size(); ++c) {
                    const Chunk& ch = frontier_chunks[c];
                    for (std::size_t k = ch.begin; k < ch.end; ++k) {
                        const Resolved& r = frontier[ch.list][k];
                        propagate(pass, r.p, r.lost, level, mine);
                    }
                }
            }
        }
        finish_pass(pass);
    }

    // What is still pending is a draw. The DTC pass must agree with the DTW pass on every
    // value: a check of both.
    void finish_pass(Pass pass) {
        const auto size = static_cast<std::int64_t>(slice_->index.size());
        bool disagree = false;
        for (int s = 0; s < 2; ++s) {
            auto& wdl = slice_->wdl[s];
            auto& dist = pass == Pass::dtw ? slice_->dtw[s] : slice_->dtc[s];
            const auto& cells = cell_[s];
#pragma omp parallel for schedule(static) reduction(|| : disagree)
            for (std::int64_t i = 0; i < size; ++i) {
                const Cell c = cells[std::size_t(i)];
                const Cell st = state(c);
                const Wdl w = st == kBroken ? Wdl::unknown
                              : st == kWon  ? Wdl::win
                              : st == kLost ? Wdl::loss
                                            : Wdl::draw;
                const bool decided = st == kWon || st == kLost;
                dist[std::size_t(i)] = decided ? std::uint16_t(level(c)) : 0;
                if (pass == Pass::dtw) {
                    wdl[std::size_t(i)] = std::uint8_t(w);
                } else if (wdl[std::size_t(i)] != std::uint8_t(w)) {
                    disagree = true;
                }
            }
        }
        if (disagree) throw std::logic_error("generator: the DTC pass disagrees with the DTW pass");
    }

    // A piece of one thread's list, for the parallel loops.
    struct Chunk {
        std::size_t list, begin, end;
    };
    template <class T>
    static std::vector<Chunk> chunks(const std::vector<std::vector<T>>& lists, std::size_t n) {
        std::vector<Chunk> out;
        for (std::size_t l = 0; l < lists.size(); ++l)
            for (std::size_t b = 0; b < lists[l].size(); b += n)
                out.push_back({l, b, std::min(lists[l].size(), b + n)});
        return out;
    }

    // A pending position whose exits decide it at this level.
    bool resolve_by_exit(int s, std::uint64_t i, int lv) {
        const Cell c = std::atomic_ref<Cell>(cell_[s][i]).load(std::memory_order_relaxed);
        if (state(c) != kPending || level(c) != lv) return false;
        if (kind(c) == win) return try_resolve(s, i, kWon, lv);
        if (kind(c) == loss && count(c) == 0) return try_resolve(s, i, kLost, lv);
        return false;
    }

    // p was resolved at level-1 (lost when `lost`): its internal predecessors learn of it.
    // Predecessors in which the side to move had a capture are not predecessors (captures
    // are compulsory). A plain load first: most predecessors need no atomic update.
    void propagate(Pass pass, const P& p, bool lost, int lv, ThreadLists& mine) {
        const int t = 1 - static_cast<int>(p.side);
        Predecessors& preds = mine.predecessors;
        collect_predecessors(pass, p, preds);
        for (int k = 0; k < preds.n; ++k) {
            const std::uint64_t qi = preds.index[std::size_t(k)];
            std::atomic_ref<Cell> c(cell_[t][qi]);
            const Cell now = c.load(std::memory_order_relaxed);
            if ((now & kCaptureBit) || state(now) != kPending) continue;
            if (lost) {
                if (try_resolve(t, qi, kWon, lv))
                    mine.resolved.push_back({preds.position[std::size_t(k)], false});
                continue;
            }
            if (now & kNeverLostBit) continue;
            // One internal move fewer that might not lead to a won position. A resolved
            // position's count is no longer read, so it may go on falling.
            const Cell old = c.fetch_sub(1, std::memory_order_relaxed);
            if (count(old) != 1 || state(old) != kPending) continue;
            if (kind(old) == win || kind(old) == draw) continue;
            if (kind(old) == loss && level(old) > lv) {
                mine.schedule(level(old), entry(qi, t));  // decided when its exit level comes
                continue;
            }
            if (try_resolve(t, qi, kLost, lv))
                mine.resolved.push_back({preds.position[std::size_t(k)], true});
        }
    }

    std::unique_ptr<Slice<V>> slice_;
    const void* context_;
    ExitLookup<V> lookup_;
    std::vector<WorkItem> work_;
    std::vector<Cell> cell_[2];
    // Per position, from the DTW pass: the Kind of the captures' (or the promotions')
    // summary when each is worth 1, for the DTC pass.
    std::vector<std::uint8_t> conversion_[2];
};

}  // namespace dtb::gen
