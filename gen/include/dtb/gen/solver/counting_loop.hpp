// The level loops of a pass: the bit-parallel loop of gen/solver/king_slabs.hpp in a region of one
// block where a side has a single king, else the counting loop below (both sides with two
// kings or more, whole-slice regions with men, and everywhere under LevelLoop::counting).
//
// The counting loop: the predecessors of each resolved position are found by unmoves and
// their counts of internal moves not yet known to lose go down.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "dtb/core/unmove.hpp"
#include "dtb/gen/solver/for_range.hpp"
#include "dtb/gen/solver/solver_cell.hpp"
#include "dtb/gen/solver/solver_scratch.hpp"

namespace dtb::gen {

// Internal predecessors of p (the side that just moved is to move in them), by index in
// the region. They are collected first and their cells prefetched, so that the cache
// misses of one position's predecessors overlap instead of following one another.
template <class V>
void collect_predecessors(const SolverContext<V>& ctx, Pass pass, const Position<V>& p,
                          std::uint64_t base, const Scratch<V>& sc, Predecessors& out) {
    using P = Position<V>;
    const int t = 1 - static_cast<int>(p.side);
    out.n = 0;
    auto add = [&](std::uint64_t qi) {
        if (out.n == Predecessors::kCapacity)
            throw std::logic_error("generator: more predecessors than expected");
        __builtin_prefetch(&sc.cell[t][qi], 1);
        out.index[std::size_t(out.n++)] = qi;
    };
    // A king move keeps the men: the block is p's (the region, when it is one block).
    const std::uint64_t block_base = ctx.by_block ? base : ctx.slice->index.block_base(p);
    const auto& idx = ctx.slice->index;
    if (p.side == Color::white) {
        // Black moved a king: White's kings, hence their term of the index, stay.
        const std::uint64_t white_term = idx.white_kings_term(p, block_base) - base;
        Unmoves<V>::template for_each<false>(
            p, [&](const P& q, int, int) { add(white_term + idx.black_kings_term(q)); });
    } else {
        Unmoves<V>::template for_each<false>(
            p, [&](const P& q, int, int) { add(idx.rank_in_block(q, block_base) - base); });
    }
    if (pass == Pass::dtw && !ctx.by_block)
        Unmoves<V>::template for_each_man<false>(
            p, [&](const P& q, int, int) { add(ctx.slice->index.rank(q) - base); });
}

// The counting loop on a region, in atomic steps where several threads share it (Shared).
template <class V, bool Shared>
class CountingLoop : CellFormat {
  public:
    // The level loop of a pass whose cells start_pass has set up.
    static void run(const SolverContext<V>& ctx, Pass pass, const Region& r, Scratch<V>& sc) {
        const std::uint64_t base = ctx.base(r);
        // Each thread's lists are worked on where they are, cut into chunks: no copy.
        auto& frontier = sc.frontier;
        auto& due = sc.due;
        for (int level = 1;; ++level) {
            // Positions an exit decides at this level, then the predecessors of the
            // positions resolved at the level before.
            for (std::size_t t = 0; t < sc.lists.size(); ++t) {
                auto& l = sc.lists[t];
                frontier[t].swap(l.resolved);
                l.resolved.clear();
                due[t].clear();
                if (l.scheduled_end > std::size_t(level))
                    due[t].swap(l.scheduled[std::size_t(level)]);
            }
            auto& due_chunks = sc.due_chunks;
            auto& frontier_chunks = sc.frontier_chunks;
            chunks(due, 1024, due_chunks);
            chunks(frontier, 64, frontier_chunks);
            if (due_chunks.empty() && frontier_chunks.empty()) {
                // Nothing resolved: go straight to the next level an exit decides (a block
                // of few positions may wait dozens of levels for one).
                std::size_t next = std::size_t(-1);
                for (const auto& l : sc.lists)
                    for (std::size_t lv = std::size_t(level) + 1; lv < l.scheduled_end; ++lv)
                        if (!l.scheduled[lv].empty()) {
                            next = std::min(next, lv);
                            break;
                        }
                if (next == std::size_t(-1)) break;
                level = int(next) - 1;
                continue;
            }
            for_range<Shared>(due_chunks.size(), [&](std::size_t c, int t) {
                auto& mine = sc.lists[std::size_t(t)];
                const Chunk& ch = due_chunks[c];
                for (std::size_t k = ch.begin; k < ch.end; ++k) {
                    const auto e = due[ch.list][k];
                    const auto i = e >> 1;
                    const int s = int(e & 1);
                    if (resolve_by_exit(sc.cell[s][i], level))
                        mine.resolved.push_back(
                            Resolved::of(i, Color(s), state(sc.cell[s][i]) == kLost));
                }
            });
            for_range<Shared>(frontier_chunks.size(), [&](std::size_t c, int t) {
                auto& mine = sc.lists[std::size_t(t)];
                const Chunk& ch = frontier_chunks[c];
                for (std::size_t k = ch.begin; k < ch.end; ++k) {
                    propagate(ctx, pass, frontier[ch.list][k], level, base, sc, mine);
                }
            });
        }
    }

  private:
    // Cell operations: atomic where several threads share a region. Relaxed order is
    // enough: a level reads what earlier levels wrote only after the barrier between them.
    static Cell load(const Cell& c) {
        if constexpr (Shared) {
            return std::atomic_ref<const Cell>(c).load(std::memory_order_relaxed);
        } else {
            return c;
        }
    }
    static Cell fetch_decrement(Cell& c) {
        if constexpr (Shared) {
            return std::atomic_ref<Cell>(c).fetch_sub(1, std::memory_order_relaxed);
        } else {
            return c--;
        }
    }

    // Resolves a pending position at `level`. Every resolver of one position within a level
    // writes the same cell, so the order of the threads does not matter.
    static bool try_resolve(Cell& cell, Cell outcome, int lv) {
        auto next = [&](Cell old) { return resolved(old, outcome, lv); };
        if constexpr (Shared) {
            std::atomic_ref<Cell> c(cell);
            Cell old = c.load(std::memory_order_relaxed);
            do {
                if (state(old) != kPending) return false;
            } while (!c.compare_exchange_weak(old, next(old), std::memory_order_relaxed));
            return true;
        } else {
            if (state(cell) != kPending) return false;
            cell = next(cell);
            return true;
        }
    }

    // A pending position whose exits decide it at this level.
    static bool resolve_by_exit(Cell& cell, int lv) {
        const Cell c = load(cell);
        if (state(c) != kPending || level(c) != lv) return false;
        if (outcome(c) == win) return try_resolve(cell, kWon, lv);
        if (outcome(c) == loss && count(c) == 0) return try_resolve(cell, kLost, lv);
        return false;
    }

    template <class List>
    static void chunks(const std::vector<List>& lists, std::size_t n, std::vector<Chunk>& out) {
        const std::size_t step = Shared ? n : std::size_t(-1);
        out.clear();
        for (std::size_t l = 0; l < lists.size(); ++l)
            for (std::size_t b = 0, size = lists[l].size(), e; b < size; b = e) {
                e = size - b > step ? b + step : size;
                out.push_back({l, b, e});
            }
    }

    // r was resolved at level-1: its internal predecessors learn of it. Predecessors in
    // which the side to move had a capture are not predecessors (captures are compulsory).
    // A plain load first: most predecessors need no atomic update.
    static void propagate(const SolverContext<V>& ctx, Pass pass, Resolved r, int lv,
                          std::uint64_t base, Scratch<V>& sc, ThreadLists<V>& mine) {
        Position<V> p;
        unrank(ctx, base + r.index(), r.side(), sc, p);
        const int t = 1 - static_cast<int>(p.side);
        const bool lost = r.lost();
        Predecessors& preds = mine.predecessors;
        collect_predecessors(ctx, pass, p, base, sc, preds);
        for (int k = 0; k < preds.n; ++k) {
            const std::uint64_t qi = preds.index[std::size_t(k)];
            Cell& cell = sc.cell[t][qi];
            const Cell now = load(cell);
            if ((now & kCaptureBit) || state(now) != kPending) continue;
            if (lost) {
                if (try_resolve(cell, kWon, lv))
                    mine.resolved.push_back(Resolved::of(qi, Color(t), false));
                continue;
            }
            if (now & kNeverLostBit) continue;
            // One internal move fewer that might not lead to a won position. A resolved
            // position's count is no longer read, so it may go on falling.
            const Cell old = fetch_decrement(cell);
            if (count(old) != 1 || state(old) != kPending) continue;
            if (outcome(old) == win || outcome(old) == draw) continue;
            if (outcome(old) == loss && level(old) > lv) {
                mine.schedule(level(old), entry(qi, t));  // decided when its exit level comes
                continue;
            }
            if (try_resolve(cell, kLost, lv))
                mine.resolved.push_back(Resolved::of(qi, Color(t), true));
        }
    }
};

// The level loop of a pass whose cells start_pass has set up.
template <bool Shared, class V>
void level_loop(const SolverContext<V>& ctx, Pass pass, const Region& r, Scratch<V>& sc) {
    if (ctx.slabs.applies()) {
        // The region is one block: the bit-parallel loop reads what the initialisation
        // put in the cells.
        CellFormat::Cell* const cells[2] = {sc.cell[0].data(), sc.cell[1].data()};
        ctx.slabs.template run<Shared>(sc.slabs, cells);
        return;
    }
    CountingLoop<V, Shared>::run(ctx, pass, r, sc);
}

}  // namespace dtb::gen
