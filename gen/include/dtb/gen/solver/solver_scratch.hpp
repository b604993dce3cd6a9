// What the solver's phases share: the slice being solved and how its regions are solved
// (SolverContext), a region's working memory (Scratch), and the walks over a region.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <utility>
#include <vector>

#include "dtb/core/king_table.hpp"
#include "dtb/core/large_array.hpp"
#include "dtb/gen/solver/exit_tables.hpp"
#include "dtb/gen/solver/for_range.hpp"
#include "dtb/gen/solver/king_slabs.hpp"
#include "dtb/gen/solver/man_children.hpp"
#include "dtb/gen/solver/per_thread.hpp"
#include "dtb/gen/solver/slice.hpp"
#include "dtb/gen/solver/solver_cell.hpp"

namespace dtb::gen {

enum class Pass { dtw, dtc };

// A run of blocks solved together: one block, or the whole slice.
struct Region {
    std::uint64_t block_begin, block_end;
};

// The slice being solved and how its regions are solved (chosen by SliceSolver).
template <class V>
struct SolverContext {
    SolverContext(const Material& m, const ExitTables<V>& e, ArrayStock* s)
        : slice(std::make_unique<Slice<V>>(m, Sides::both, s)),
          stock(s),
          exits(e),
          kings(slice->index),
          slabs(slice->index, false) {}

    // Whether the region's level loop is the counting one (the bit-parallel loop and the
    // one-sided resolution read the cells only).
    bool counting() const { return !slabs.applies() && !one_sided; }
    // The slice's index of region r's first position, and r's number of positions.
    std::uint64_t base(const Region& r) const { return r.block_begin * slice->index.block_size(); }
    std::uint64_t size(const Region& r) const {
        return (r.block_end - r.block_begin) * slice->index.block_size();
    }

    std::unique_ptr<Slice<V>> slice;
    ArrayStock* stock;  // null: arrays are new
    const ExitTables<V>& exits;
    KingTable<V> kings;
    bool by_block = false;   // regions are blocks, solved in waves (else the whole slice)
    bool one_sided = false;  // blocks where one side has no king: no level loop (one_sided.hpp)
    // Values under the counters (counters_solve.hpp): one pass, the DTW pass, whose distance is the
    // budget; a man move's child counts 1 when the binding count restarts with it.
    bool counters = false;
    bool man_moves_restart = false;
    KingSlabs<V> slabs;  // applies: regions of one block with a lone king, bit-parallel
};

// An entry of a work list: index in the region and side to move.
inline std::uint64_t entry(std::uint64_t i, int s) { return i << 1 | std::uint64_t(s); }

// Scratch for the predecessors of one position: their indices in the region.
struct Predecessors {
    static constexpr int kCapacity = 1024;
    std::array<std::uint64_t, kCapacity> index;
    int n = 0;
};

// A resolved position: its index in the region, side to move and whether it is lost, in one
// word. The next level unranks it: as positions, the lists of a whole-slice region (turkish,
// armenian) outgrew memory.
struct Resolved {
    std::uint64_t word;
    static Resolved of(std::uint64_t i, Color side, bool lost) {
        return {i << 2 | std::uint64_t(lost) << 1 | std::uint64_t(side)};
    }
    std::uint64_t index() const { return word >> 2; }
    Color side() const { return Color(word & 1); }
    bool lost() const { return (word >> 1 & 1) != 0; }
};

// Per-thread lists: positions resolved at the current level, and positions whose exits
// decide them at a later level (by level).
template <class V>
struct ThreadLists {
    std::vector<Resolved> resolved;
    std::vector<std::vector<std::uint64_t>> scheduled;
    std::size_t scheduled_end = 0;  // one past the last level with something scheduled
    Predecessors predecessors;      // scratch
    void schedule(int level, std::uint64_t e) {
        const auto l = std::size_t(level);
        if (scheduled.size() <= l) scheduled.resize(l + 1);
        scheduled[l].push_back(e);
        scheduled_end = std::max(scheduled_end, l + 1);
    }
    void clear() {
        resolved.clear();
        for (std::size_t l = 0; l < scheduled_end; ++l) scheduled[l].clear();
        scheduled_end = 0;
    }
};

// A piece of one thread's list, for the parallel loops; a single thread takes each list
// whole.
struct Chunk {
    std::size_t list, begin, end;
};

// The working memory of a region, kept from one region to the next: cells and the DTW
// pass's summary of captures and promotions for the DTC pass, by index in the region.
template <class V>
struct Scratch {
    using Cell = CellFormat::Cell;
    using bb = typename V::board::bb;
    Scratch(std::uint64_t positions, int threads, bool blocks)
        : lists(std::size_t(threads)), frontier(lists.size()), due(lists.size()) {
        for (int s = 0; s < 2; ++s) {
            cell[s].resize(positions);
            conversion[s].resize(positions);
            if (blocks) internal[s].resize(positions);
        }
    }
    LargeVector<Cell> cell[2];
    LargeVector<Cell> dtc_cell[2];  // one-sided blocks: the DTC pass's, beside the DTW's
    LargeVector<std::uint8_t> conversion[2];
    LargeVector<std::uint8_t> internal[2];  // blocks: the DTW pass's king moves, for DTC
    PerThread<ThreadLists<V>> lists;
    std::vector<std::vector<Resolved>> frontier;
    std::vector<std::vector<std::uint64_t>> due;
    std::vector<Chunk> due_chunks, frontier_chunks;
    std::uint64_t block = 0;  // the region's first block, and its men
    std::pair<bb, bb> men;
    typename KingSlabs<V>::Work slabs;  // the bit-parallel loop's words
    ManChildren<V> man_children;        // blocks: where the block's man moves lead
};

// Both sides' byte arrays of a kind, as plain pointers to write through: a byte store
// through a vector may alias the vector's own pointer, which the compiler then loads again
// after every store.
using Bytes = std::array<std::uint8_t*, 2>;
inline Bytes bytes(LargeVector<std::uint8_t> (&v)[2]) { return {v[0].data(), v[1].data()}; }

// Calls f(index, position, thread) for every position of the region, with each of
// `sides` to move. Shared: big blocks are cut into runs of white-king placements.
template <bool Shared, class V, class F>
void for_each_position(const SolverContext<V>& ctx, const Region& r, F&& f,
                       std::initializer_list<Color> sides = {Color::white, Color::black}) {
    const auto& idx = ctx.slice->index;
    const std::uint64_t wk = idx.white_king_ranks();
    const std::uint64_t per_wk = idx.block_size() / std::max<std::uint64_t>(1, wk);
    const std::uint64_t step =
        Shared ? std::max<std::uint64_t>(1, 8192 / std::max<std::uint64_t>(1, per_wk)) : wk;
    const std::uint64_t runs = (wk + step - 1) / step;
    for_range<Shared>((r.block_end - r.block_begin) * runs, [&](std::size_t k, int t) {
        const std::uint64_t block = r.block_begin + k / runs, w = k % runs * step;
        for (Color side : sides)
            idx.visit(block, w, std::min(wk, w + step), side,
                      [&](std::uint64_t i, const Position<V>& p) { f(i, p, t); });
    });
}

// The scratch set to work on region r: its first block and that block's men (unrank).
template <class V>
void enter_region(const SolverContext<V>& ctx, Scratch<V>& sc, const Region& r) {
    sc.block = r.block_begin;
    sc.men = ctx.slice->index.block_men(r.block_begin);
    if (ctx.by_block) sc.man_children.enter(ctx.slice->index, sc.men.first, sc.men.second);
}

// The position of index i of the region being solved.
template <class V>
void unrank(const SolverContext<V>& ctx, std::uint64_t i, Color side, const Scratch<V>& sc,
            Position<V>& p) {
    const auto& idx = ctx.slice->index;
    const std::uint64_t block = i / idx.block_size();
    const auto [wm, bm] = block == sc.block ? sc.men : idx.block_men(block);
    ctx.kings.unrank(i - block * idx.block_size(), wm, bm, side, p);
}

}  // namespace dtb::gen
