// Retrograde analysis of one slice (a material, both sides to move), ply by ply.
//
// Regions. Where men only move forward (every variant but turkish and armenian, whose men
// also step sideways), a man move leads to a block (men configuration) whose men stand
// further forward. The blocks are solved in waves, most advanced men first: a man move then
// leads into a block that is already solved, and counts as an exit like a capture; inside a
// block only king moves happen. Each block is solved on its own, by one thread, in a small
// working set that stays in cache; the blocks of one wave are solved side by side, and those
// of a wave with fewer blocks than threads by every thread together. A slice of kings only
// (one block), and every slice where men step sideways, is one region solved by every
// thread together; there non-crowning man moves are internal. (A slice of kings only with a
// lone king runs its two passes side by side instead: solve_passes_side_by_side.)
//
// Two passes over each region (a slice of men only that only advance needs neither: see
// solve_men_only):
//   DTW  internal moves = king moves (and, in a whole-slice region, non-crowning man moves);
//        exits = captures, promotions and (in a block) man moves, whose values are known.
//        Gives WDL and DTW.
//   DTC  internal moves = non-capturing king moves; exits = every capture or man move, each
//        worth distance 1 whatever follows (only the child's WDL matters, known by then).
//
// A pass: every position gets the number of its internal moves and a summary of its exits
// (the best win through an exit, or a draw, or the latest loss through an exit). Level n
// then resolves: positions with an internal move to a position lost at n-1 or a winning
// exit at n are won in n; positions whose internal moves all lead to won positions, the
// last found at n-1, and whose exits all lose, at most at n, are lost in n. Unresolved
// positions at the end are draws. Levels are computed in full before the next one starts
// and every update of one level gives the same value whoever makes it, so the result does
// not depend on the number of threads.
//
// Two level loops. In a region of one block where a side has a single king (a block of a
// slice with men, or a slice of kings only) it is the bit-parallel loop of
// gen/king_slabs.hpp, a word operation for every square of that king at once. Elsewhere
// (both sides with two kings or more, whole-slice regions with men) it is the counting loop
// below: the predecessors of each resolved position are found by unmoves and their counts of
// internal moves not yet known to lose go down.
//
// No level loop at all in a block where one side has no king (KMvMM, MvKKM): that side has
// no internal move, so its exits decide each of its positions; the other side's king moves
// all lead to those, so each of its positions is decided by its exits and its king moves'
// children, one look each (solve_one_sided). On russian up to 5 pieces such blocks had
// taken half of the level loops' time (5.3 of 10.0 s over both threads). Both passes are
// resolved there together, each king move made once for both. Tests solve with the
// counting loop everywhere (LevelLoop::counting) and compare.
//
// Only the DTW pass generates captures: it records, per position, whether the side to move
// has one and what the captures and promotions give in the DTC pass (where every exit is
// worth 1, only the kind matters). In a block it also records the man moves' summary and the
// number of king moves, so that the block's DTC pass generates no move; in a whole-slice
// region the DTC pass counts the king moves and looks up the man moves in the slice.
#pragma once

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <stdexcept>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/king_table.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/unmove.hpp"
#include "dtb/core/value.hpp"
#include "dtb/gen/exit_tables.hpp"
#include "dtb/gen/for_range.hpp"
#include "dtb/gen/king_slabs.hpp"
#include "dtb/gen/man_children.hpp"
#include "dtb/gen/per_thread.hpp"
#include "dtb/gen/slice.hpp"
#include "dtb/gen/solver_cell.hpp"

namespace dtb::gen {

// Whether every non-capturing man move takes the man a row forward (no sideways steps), so
// that men configurations can be solved one after another.
template <class V>
inline constexpr bool kMenOnlyAdvance = (V::man_moves &
                                         dirs({Dir::se, Dir::sw, Dir::s, Dir::e, Dir::w})) == 0;

// How the regions that allow a shortcut are solved: a block with a lone king of a side by
// the bit-parallel loop (gen/king_slabs.hpp), a block where a side has no king without a loop
// (solve_one_sided); or, for tests that compare, every region by the counting loop.
enum class LevelLoop { fastest, counting };

template <class V>
class SliceSolver : CellFormat {
    using G = typename V::board;
    using bb = typename G::bb;
    using P = Position<V>;

  public:
    // `exits` answers for any position reached by a capture or a promotion, a side without
    // pieces included. The slice's arrays are taken from `stock` where it has them.
    SliceSolver(const Material& m, const ExitTables<V>& exits, LevelLoop loop = LevelLoop::fastest,
                ArrayStock* stock = nullptr)
        : slice_(std::make_unique<Slice<V>>(m, Sides::both, stock)),
          stock_(stock),
          exits_(exits),
          kings_(slice_->index),
          by_block_(kMenOnlyAdvance<V> && m.men() > 0 && slice_->index.blocks() > 1),
          one_sided_(loop == LevelLoop::fastest && by_block_ &&
                     (m.white_kings == 0) != (m.black_kings == 0)),
          // Regions are single blocks where men only advance, or the slice has no men.
          slabs_(slice_->index, loop == LevelLoop::fastest && !one_sided_ &&
                                    (kMenOnlyAdvance<V> || m.men() == 0)) {
        if (by_block_) waves_ = make_waves();
    }

    std::unique_ptr<Slice<V>> solve() {
        const auto& idx = slice_->index;
        slice_->clear_capture_flags(stock_);
        const int threads = omp_get_max_threads();
        // One thread solves every region in plain (not atomic) steps, without a parallel
        // region per level, whose cost would add up over thousands of small blocks: a whole
        // slice here, blocks below as the one thread of a wave's team.
        if (!by_block_) {
            if (threads > 1 && slice_->material().men() == 0 && slabs_.applies()) {
                solve_passes_side_by_side(threads);
                return std::move(slice_);
            }
            Scratch sc(idx.size(), threads, false);
            if (threads == 1) {
                solve_region<false>({0, idx.blocks()}, sc);
            } else {
                solve_region<true>({0, idx.blocks()}, sc);
            }
            return std::move(slice_);
        }
        if (slice_->material().white_kings + slice_->material().black_kings == 0) {
            solve_men_only();
            return std::move(slice_);
        }
        std::unique_ptr<Scratch> shared;  // for waves of fewer blocks than threads
        std::vector<std::unique_ptr<Scratch>> own(static_cast<std::size_t>(threads));
        for (const auto& wave : waves_) {
            if (wave.size() < std::size_t(threads)) {
                if (!shared) shared = std::make_unique<Scratch>(idx.block_size(), threads, true);
                for (const auto b : wave) solve_region<true>({b, b + 1}, *shared);
                continue;
            }
            // Each block by one thread, in that thread's scratch.
            for_range<true>(wave.size(), [&](std::size_t k, int t) {
                auto& sc = own[std::size_t(t)];
                if (!sc) sc = std::make_unique<Scratch>(idx.block_size(), 1, true);
                solve_region<false>({wave[k], wave[k] + 1}, *sc);
            });
        }
        return std::move(slice_);
    }

  private:
    enum class Pass { dtw, dtc };

    // A run of blocks solved together: one block, or the whole slice.
    struct Region {
        std::uint64_t block_begin, block_end;
    };

    // The blocks grouped in waves, most advanced men first. A non-capturing man move takes
    // its man one row forward: the sum of the rows the men have advanced grows by one, and
    // the move leads into a block of an earlier wave. Broken blocks are left out.
    std::vector<std::vector<std::uint64_t>> make_waves() const {
        const auto& idx = slice_->index;
        std::map<int, std::vector<std::uint64_t>, std::greater<>> by_advance;
        for (std::uint64_t b = 0; b < idx.blocks(); ++b) {
            const auto [wm, bm] = idx.block_men(b);
            if (wm & bm) continue;
            int advance = 0;
            for (int r = 0; r < G::ranks; ++r)
                advance += r * popcount(wm & G::row_mask(r)) +
                           (G::ranks - 1 - r) * popcount(bm & G::row_mask(r));
            by_advance[advance].push_back(b);
        }
        std::vector<std::vector<std::uint64_t>> waves;
        for (auto& [a, blocks] : by_advance) waves.push_back(std::move(blocks));
        return waves;
    }

    // A slice of men only, where men only advance: a block is one position per side and has
    // no internal move (every move is a capture, a promotion or a man move into a block of an
    // earlier wave), so each position's value is its exits' summary, without a level loop:
    // decided at the level its exits decide it, or drawn, or over at once without a move
    // (lost; won in giveaway).
    void solve_men_only() {
        const auto& idx = slice_->index;
        for (const auto& wave : waves_) {
            for_range<true, 64>(wave.size(), [&](std::size_t k, int) {
                const std::uint64_t i = wave[k];  // a block of one position
                for (Color side : {Color::white, Color::black}) {
                    const int s = static_cast<int>(side);
                    P p;
                    idx.unrank(i, side, p);
                    ExitSummary dtw, dtc;
                    int internal = 0;
                    slice_->capture[s][i] = summarise_exits(p, dtw, dtc, internal);
                    if (internal != 0)
                        throw std::logic_error("generator: a king move in a men-only slice");
                    if (dtw.level() > kMaxLevel)
                        throw std::runtime_error("generator: distance beyond 16382 plies");
                    const Cell state = dtw.k == win    ? kWon
                                       : dtw.k == loss ? kLost
                                       : dtw.k == draw ? kPending  // a draw
                                                       : kGameOver;
                    const bool decided = state == kWon || state == kLost;
                    slice_->wdl[s][i] = std::uint8_t(wdl_of(state));
                    slice_->dtw[s][i] = decided ? std::uint16_t(dtw.level()) : 0;
                    slice_->dtc[s][i] = decided ? std::uint16_t(dtc.level()) : 0;
                }
            });
        }
    }

    // An entry of a work list: index in the region and side to move.
    static std::uint64_t entry(std::uint64_t i, int s) { return i << 1 | std::uint64_t(s); }

    // Scratch for the predecessors of one position: index in the region and the move that
    // leads from it (few become resolved; their positions are made only then).
    struct Predecessors {
        static constexpr int kCapacity = 1024;
        std::array<std::uint64_t, kCapacity> index;
        std::array<std::uint16_t, kCapacity> move;  // from | to << 7 | (a man moved) << 14
        int n = 0;
    };
    static_assert(G::bits <= 128, "squares are recorded in 7 bits");
    static P predecessor(const P& p, std::uint16_t move) {
        const Color mover = ~p.side;
        const bb squares = bit<bb>(move & 0x7f) | bit<bb>((move >> 7) & 0x7f);
        P q = p;
        q.side = mover;
        q.pieces(mover) ^= squares;
        if (!(move >> 14)) q.kings ^= squares;
        return q;
    }

    // A resolved position, kept as a position: the next level needs no unrank.
    struct Resolved {
        P p;
        bool lost;
    };
    // Per-thread lists: positions resolved at the current level, and positions whose exits
    // decide them at a later level (by level).
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
    struct Scratch {
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
        PerThread<ThreadLists> lists;
        std::vector<std::vector<Resolved>> frontier;
        std::vector<std::vector<std::uint64_t>> due;
        std::vector<Chunk> due_chunks, frontier_chunks;
        std::uint64_t block = 0;  // the region's first block, and its men
        std::pair<bb, bb> men;
        typename KingSlabs<V>::Work slabs;  // the bit-parallel loop's words
        ManChildren<V> man_children;        // blocks: where the block's man moves lead
    };

    // Cell operations: atomic where several threads share a region. Relaxed order is
    // enough: a level reads what earlier levels wrote only after the barrier between them.
    template <bool Shared>
    static Cell load(const Cell& c) {
        if constexpr (Shared) {
            return std::atomic_ref<const Cell>(c).load(std::memory_order_relaxed);
        } else {
            return c;
        }
    }
    template <bool Shared>
    static Cell fetch_decrement(Cell& c) {
        if constexpr (Shared) {
            return std::atomic_ref<Cell>(c).fetch_sub(1, std::memory_order_relaxed);
        } else {
            return c--;
        }
    }

    // Calls f(index, position, thread) for every position of the region, with each of
    // `sides` to move. Shared: big blocks are cut into runs of white-king placements.
    template <bool Shared, class F>
    void for_each_position(const Region& r, F&& f,
                           std::initializer_list<Color> sides = {Color::white,
                                                                 Color::black}) const {
        const auto& idx = slice_->index;
        const std::uint64_t wk = idx.white_king_ranks();
        const std::uint64_t per_wk = idx.block_size() / std::max<std::uint64_t>(1, wk);
        const std::uint64_t step =
            Shared ? std::max<std::uint64_t>(1, 8192 / std::max<std::uint64_t>(1, per_wk)) : wk;
        const std::uint64_t runs = (wk + step - 1) / step;
        for_range<Shared>((r.block_end - r.block_begin) * runs, [&](std::size_t k, int t) {
            const std::uint64_t block = r.block_begin + k / runs, w = k % runs * step;
            for (Color side : sides)
                idx.visit(block, w, std::min(wk, w + step), side,
                          [&](std::uint64_t i, const P& p) { f(i, p, t); });
        });
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
        // The summary of a kind decided at `level` (kept in a cell, or worth_one's).
        static ExitSummary at(std::uint32_t kind, int level) {
            ExitSummary e;
            e.k = Kind(kind);
            if (e.k == win) e.win_level = level;
            if (e.k == loss) e.loss_level = level;
            return e;
        }
        // The summary of exits each worth 1 (the DTC pass), from its kind.
        static ExitSummary worth_one(std::uint8_t kind) { return at(kind, 1); }
    };

    // Whether the region's level loop is the counting one (the bit-parallel loop and the
    // one-sided resolution read the cells only).
    bool counting() const { return !slabs_.applies() && !one_sided_; }

    // Sets up a pending position, or one without moves, and (for the counting loop)
    // schedules what its exits decide. i is the index in the region. True when the caller
    // must list the position as resolved at level 0: it has no move (the game is over: lost,
    // won in giveaway) and the loop is the counting one.
    bool start(int s, std::uint64_t i, int internal, const ExitSummary& e, bool capture,
               Scratch& sc, ThreadLists& mine) const {
        sc.cell[s][i] = initial_cell(internal, e, capture);
        if (state(sc.cell[s][i]) != kPending) return counting();
        if (counting() && (e.k == win || (e.k == loss && internal == 0)))
            mine.schedule(e.level(), entry(i, s));
        return false;
    }
    // The cell of a position with `internal` internal moves and exits e: pending, or over
    // when it has no move at all.
    static Cell initial_cell(int internal, const ExitSummary& e, bool capture) {
        if (internal > 255) throw std::runtime_error("generator: more than 255 internal moves");
        if (e.level() > kMaxLevel)
            throw std::runtime_error("generator: distance beyond 16382 plies");
        if (internal == 0 && e.k == none) return make_cell(kGameOver, none, 0, 0, capture);
        return make_cell(kPending, e.k, e.level(), internal, capture);
    }
    static constexpr Cell kGameOver = V::goal == Goal::giveaway ? kWon : kLost;
    // The value of a cell's final state: still pending is a draw.
    static constexpr Wdl wdl_of(Cell st) {
        return st == kBroken ? Wdl::unknown
               : st == kWon  ? Wdl::win
               : st == kLost ? Wdl::loss
                             : Wdl::draw;
    }

    // The capture search's sink in summarise_exits: each capture's child looked up and
    // summarised as it is found (a capture found twice is summarised twice, which changes
    // nothing; one of higher precedence starts the summaries again).
    struct CaptureExits {
        static constexpr bool records_paths = false;
        const SliceSolver& solver;
        const P& p;
        ExitSummary& dtw;
        ExitSummary& dtc;
        void clear() { dtw = dtc = ExitSummary{}; }
        void push(const Move<G>& m, const Path&) {
            const ExitValue v = solver.exits_.exit_value(apply(p, m));
            dtw.add(v.wdl(), v.dtw() + 1);
            dtc.add(v.wdl(), 1);
        }
    };

    // The DTW pass's view of p: its exits summarised for both passes (in the DTC pass each
    // exit is worth 1) and its internal moves counted. True when p has a capture. Exits are
    // captures (all moves when there is one), promotions, and man moves when the region is
    // a block (they lead to a block solved before).
    // `children`, when not null, knows where p's block's man moves lead, p standing at
    // `in_block` in its block.
    bool summarise_exits(const P& p, ExitSummary& dtw, ExitSummary& dtc, int& internal,
                         const ManChildren<V>* children = nullptr,
                         std::uint64_t in_block = 0) const {
        const int s = static_cast<int>(p.side);
        internal = 0;
        CaptureExits captures{*this, p, dtw, dtc};
        if (MoveGen<V>::for_each_capture(p, captures)) return true;
        internal = MoveGen<V>::count_quiet_king_moves(p);
        MoveGen<V>::for_each_quiet_man_move(p, [&](int from, int to, bool promotes) {
            if (!promotes && !by_block_) {
                ++internal;
                return;
            }
            if (promotes) {
                const ExitValue v =
                    exits_.exit_value(apply(p, MoveGen<V>::quiet_move(from, to, true)));
                dtw.add(v.wdl(), v.dtw() + 1);
                dtc.add(v.wdl(), 1);
                return;
            }
            auto j = children ? children->child(p, from, to, in_block) : ManChildren<V>::kUnknown;
            if (j == ManChildren<V>::kUnknown)
                j = slice_->index.rank(apply(p, MoveGen<V>::quiet_move(from, to, false)));
            const Wdl w = Wdl(slice_->wdl[1 - s][j]);
            dtw.add(w, slice_->dtw[1 - s][j] + 1);
            dtc.add(w, 1);
        });
        return false;
    }

    // DTW pass: every position's cell from its exits and internal moves.
    template <bool Shared>
    void init_dtw(const Region& r, Scratch& sc) {
        const std::uint64_t base = r.block_begin * slice_->index.block_size();
        // The byte arrays written through plain pointers, copied into the loop: a byte store
        // through a vector may alias the vector's own pointer, which the compiler then loaded
        // again after every store (9 % of this loop's time).
        const Bytes capture = bytes(slice_->capture), conversion = bytes(sc.conversion);
        const Bytes internal_moves = by_block_ ? bytes(sc.internal) : Bytes{};
        for_each_position<Shared>(
            r, [&, capture, conversion, internal_moves](std::uint64_t i, const P& p, int t) {
                auto& mine = sc.lists[std::size_t(t)];
                const int s = static_cast<int>(p.side);
                ExitSummary dtw, dtc;
                int internal = 0;
                const bool has_capture = summarise_exits(
                    p, dtw, dtc, internal, by_block_ ? &sc.man_children : nullptr, i - base);
                capture[s][i] = has_capture;
                conversion[s][i - base] = std::uint8_t(dtc.k);
                if (by_block_) internal_moves[s][i - base] = std::uint8_t(internal);
                if (start(s, i - base, internal, dtw, has_capture, sc, mine))
                    mine.resolved.push_back({p, kGameOver == kLost});
            });
    }
    // Both sides' arrays of a kind, as plain pointers.
    using Bytes = std::array<std::uint8_t*, 2>;
    static Bytes bytes(LargeVector<std::uint8_t> (&v)[2]) { return {v[0].data(), v[1].data()}; }

    // DTC pass: internal moves are king moves; man moves, captures and promotions are exits
    // worth 1 (captures and promotions summarised by the DTW pass).
    template <bool Shared>
    void init_dtc(const Region& r, Scratch& sc, bool dtw_known) {
        const std::uint64_t base = r.block_begin * slice_->index.block_size();
        for_each_position<Shared>(r, [&](std::uint64_t i, const P& p, int t) {
            auto& mine = sc.lists[std::size_t(t)];
            const int s = static_cast<int>(p.side);
            ExitSummary dtc = ExitSummary::worth_one(sc.conversion[s][i - base]);
            const bool capture = slice_->capture[s][i] != 0;
            int internal = 0;
            if (!capture) {
                internal = MoveGen<V>::count_quiet_king_moves(p);
                MoveGen<V>::for_each_quiet_man_move(p, [&](int from, int to, bool promotes) {
                    if (promotes) return;  // summarised already
                    const P child = apply(p, MoveGen<V>::quiet_move(from, to, false));
                    const auto w = slice_->wdl[1 - s][slice_->index.rank(child)];
                    dtc.add(Wdl(w), 1);
                });
            }
            if (start(s, i - base, internal, dtc, capture, sc, mine))
                mine.resolved.push_back({p, kGameOver == kLost});
            if (dtw_known && slice_->wdl[s][i] != std::uint8_t(Wdl::loss))
                sc.cell[s][i - base] |= kNeverLostBit;
        });
    }

    // DTC pass of a block: no move to generate. The DTW pass counted the king moves (its
    // only internal moves) and summarised every exit, man moves included, as worth 1.
    template <bool Shared>
    void init_dtc_from_dtw(const Region& r, Scratch& sc) {
        const std::uint64_t base = r.block_begin * slice_->index.block_size();
        const std::uint64_t size = (r.block_end - r.block_begin) * slice_->index.block_size();
        constexpr std::uint64_t kPiece = 1 << 14;
        for_range<Shared>((size + kPiece - 1) / kPiece, [&](std::size_t k, int t) {
            auto& mine = sc.lists[std::size_t(t)];
            const std::uint64_t end = std::min(size, (k + 1) * kPiece);
            for (int s = 0; s < 2; ++s)
                for (std::uint64_t i = k * kPiece; i < end; ++i) {
                    const Wdl w = Wdl(slice_->wdl[s][base + i]);
                    if (w == Wdl::unknown) continue;  // broken: no position
                    const ExitSummary dtc = ExitSummary::worth_one(sc.conversion[s][i]);
                    if (start(s, i, sc.internal[s][i], dtc, slice_->capture[s][base + i] != 0, sc,
                              mine))
                        mine.resolved.push_back(
                            make_resolved(base, i, Color(s), kGameOver == kLost, sc));
                    if (w != Wdl::loss) sc.cell[s][i] |= kNeverLostBit;
                }
        });
    }

    // Resolves a pending position at `level`. Every resolver of one position within a level
    // writes the same cell, so the order of the threads does not matter.
    template <bool Shared>
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

    // Internal predecessors of p (the side that just moved is to move in them), by index in
    // the region. They are collected first and their cells prefetched, so that the cache
    // misses of one position's predecessors overlap instead of following one another.
    void collect_predecessors(Pass pass, const P& p, std::uint64_t base, const Scratch& sc,
                              Predecessors& out) const {
        const int t = 1 - static_cast<int>(p.side);
        out.n = 0;
        auto add = [&](std::uint64_t qi, int from, int to, bool man) {
            if (out.n == Predecessors::kCapacity)
                throw std::logic_error("generator: more predecessors than expected");
            __builtin_prefetch(&sc.cell[t][qi], 1);
            out.index[std::size_t(out.n)] = qi;
            out.move[std::size_t(out.n++)] = std::uint16_t(from | to << 7 | int(man) << 14);
        };
        // A king move keeps the men: the block is p's (the region, when it is one block).
        const std::uint64_t block_base = by_block_ ? base : slice_->index.block_base(p);
        const auto& idx = slice_->index;
        if (p.side == Color::white) {
            // Black moved a king: White's kings, hence their term of the index, stay.
            const std::uint64_t white_term = idx.white_kings_term(p, block_base) - base;
            Unmoves<V>::template for_each<false>(p, [&](const P& q, int from, int to) {
                add(white_term + idx.black_kings_term(q), from, to, false);
            });
        } else {
            Unmoves<V>::template for_each<false>(p, [&](const P& q, int from, int to) {
                add(idx.rank_in_block(q, block_base) - base, from, to, false);
            });
        }
        if (pass == Pass::dtw && !by_block_)
            Unmoves<V>::template for_each_man<false>(p, [&](const P& q, int from, int to) {
                add(slice_->index.rank(q) - base, from, to, true);
            });
    }

    // The position of index i of the region being solved.
    void unrank(std::uint64_t i, Color side, const Scratch& sc, P& p) const {
        const auto& idx = slice_->index;
        const std::uint64_t block = i / idx.block_size();
        const auto [wm, bm] = block == sc.block ? sc.men : idx.block_men(block);
        kings_.unrank(i - block * idx.block_size(), wm, bm, side, p);
    }

    // The scratch set to work on region r: its first block and that block's men (unrank).
    void enter_region(Scratch& sc, const Region& r) const {
        sc.block = r.block_begin;
        sc.men = slice_->index.block_men(r.block_begin);
        if (by_block_) sc.man_children.enter(slice_->index, sc.men.first, sc.men.second);
    }

    template <bool Shared>
    void solve_region(const Region& r, Scratch& sc) {
        enter_region(sc, r);
        if (slabs_.applies())
            slabs_.template prepare<Shared>(sc.slabs, sc.men.first, sc.men.second);
        if (one_sided_) {
            solve_one_sided<Shared>(r, sc);
            return;
        }
        run_pass<Shared>(Pass::dtw, r, sc);
        run_pass<Shared>(Pass::dtc, r, sc);
    }

    template <bool Shared>
    void run_pass(Pass pass, const Region& r, Scratch& sc) {
        start_pass<Shared>(pass, r, sc);
        level_loop<Shared>(pass, r, sc);
        finish_pass<Shared>(pass, r, sc.cell);
    }

    // A pass's cells from its initialisation. `dtw_known`: the DTW pass has set the slice's
    // values (the DTC pass of a whole-slice region then marks the positions never lost).
    template <bool Shared>
    void start_pass(Pass pass, const Region& r, Scratch& sc, bool dtw_known = true) {
        const std::uint64_t size = (r.block_end - r.block_begin) * slice_->index.block_size();
        for (auto& c : sc.cell) std::fill_n(c.begin(), size, kBroken);
        for (auto& l : sc.lists) l.clear();
        if (pass == Pass::dtw) {
            init_dtw<Shared>(r, sc);
        } else if (by_block_) {
            init_dtc_from_dtw<Shared>(r, sc);
        } else {
            init_dtc<Shared>(r, sc, dtw_known);
        }
    }

    // A slice of kings only where a side has a lone king (the bit-parallel loop), on several
    // threads. Its DTC pass needs nothing of the DTW pass's values (no man move to look up),
    // so once the DTW initialisation has recorded the captures, the two level loops run side
    // by side, each on a thread of its own in plain steps, rather than one after the other on
    // every thread in atomic steps with barriers at every level: russian KvKKKK 0.52-0.56 ->
    // 0.36-0.37 s on two threads (its loop had taken longer on two than on one). Not for the
    // counting loop, whose DTC pass skips the positions the DTW pass found never lost: without
    // that, side by side was slower (KKvKKK 0.76 -> 0.82 s).
    void solve_passes_side_by_side(int threads) {
        const auto& idx = slice_->index;
        const Region r{0, idx.blocks()};
        Scratch dtw(idx.size(), threads, false), dtc(idx.size(), 1, false);
        enter_region(dtw, r);
        enter_region(dtc, r);
        slabs_.template prepare<true>(dtw.slabs, dtw.men.first, dtw.men.second);
        dtc.slabs = dtw.slabs;
        start_pass<true>(Pass::dtw, r, dtw);
        // What the captures and promotions give, for the DTC initialisation (the DTW loop
        // does not read it).
        for (int s = 0; s < 2; ++s) dtc.conversion[s] = std::move(dtw.conversion[s]);
        for_range<true>(2, [&](std::size_t k, int) {
            if (k == 0) {
                level_loop<false>(Pass::dtw, r, dtw);
            } else {
                start_pass<false>(Pass::dtc, r, dtc, false);
                level_loop<false>(Pass::dtc, r, dtc);
            }
        });
        finish_pass<true>(Pass::dtw, r, dtw.cell);
        finish_pass<true>(Pass::dtc, r, dtc.cell);
    }

    // The level loop of a pass whose cells start_pass has set up.
    template <bool Shared>
    void level_loop(Pass pass, const Region& r, Scratch& sc) {
        const std::uint64_t base = r.block_begin * slice_->index.block_size();
        if (slabs_.applies()) {
            // The region is one block: the bit-parallel loop reads what the initialisation
            // put in the cells.
            Cell* const cells[2] = {sc.cell[0].data(), sc.cell[1].data()};
            slabs_.template run<Shared>(sc.slabs, cells);
            return;
        }
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
            chunks<Shared>(due, 1024, due_chunks);
            chunks<Shared>(frontier, 64, frontier_chunks);
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
                    if (resolve_by_exit<Shared>(sc.cell[s][i], level))
                        mine.resolved.push_back(
                            make_resolved(base, i, Color(s), state(sc.cell[s][i]) == kLost, sc));
                }
            });
            for_range<Shared>(frontier_chunks.size(), [&](std::size_t c, int t) {
                auto& mine = sc.lists[std::size_t(t)];
                const Chunk& ch = frontier_chunks[c];
                for (std::size_t k = ch.begin; k < ch.end; ++k) {
                    propagate<Shared>(pass, frontier[ch.list][k], level, base, sc, mine);
                }
            });
        }
    }

    // A block where one side has no king: both passes at once, each position looked at once,
    // without a level loop. The kingless side's positions have only exits: they decide each
    // (or it is a draw). Then each position of the other side from its exits and the
    // children of its king moves, positions of the kingless side in this block, decided by
    // then: what the level loop would find, each child known from the start (a child lost at
    // n makes a win at n + 1, one won at n a loss at n + 1 when nothing better is there, one
    // drawn a draw). The distances are the pass's levels: DTW, or in the DTC pass the
    // children's DTC, each exit worth 1. (The kingless side first, then the other: a block's
    // positions had been initialised, then read again to be resolved, 5 % of dtb gen russian
    // --pieces 5.)
    template <bool Shared>
    void solve_one_sided(const Region& r, Scratch& sc) {
        const Material& m = slice_->material();
        const int mover = m.white_kings > 0 ? 0 : 1, kingless = 1 - mover;
        const std::uint64_t size = (r.block_end - r.block_begin) * slice_->index.block_size();
        const std::uint64_t base = r.block_begin * slice_->index.block_size();
        for (int s = 0; s < 2; ++s) {
            sc.dtc_cell[s].resize(sc.cell[s].size());  // allocated by the first block
            std::fill_n(sc.cell[s].begin(), size, kBroken);
            std::fill_n(sc.dtc_cell[s].begin(), size, kBroken);
        }
        const Bytes capture = bytes(slice_->capture);  // plain pointers: see init_dtw
        // Both passes' cells of a position from its exits, and from its king moves' children
        // when it has any (`children`: the kingless side's cells of both passes, final).
        const auto settle = [&, capture](std::uint64_t i, const P& p, const Cell* const* children) {
            const int s = static_cast<int>(p.side);
            ExitSummary dtw, dtc;
            int internal = 0;
            const bool has_capture =
                summarise_exits(p, dtw, dtc, internal, &sc.man_children, i - base);
            capture[s][i] = has_capture;
            Cell c = initial_cell(internal, dtw, has_capture);
            Cell d = initial_cell(internal, dtc, has_capture);
            if (state(c) == kPending && internal > 0) {
                if (!children) throw std::logic_error("generator: a king move without king");
                add_king_children(p, sc, children, dtw, dtc, internal);
            }
            if (dtw.level() > kMaxLevel || dtc.level() > kMaxLevel)
                throw std::runtime_error("generator: distance beyond 16382 plies");
            if (state(c) == kPending) c = decide(c, dtw);
            if (state(d) == kPending) d = decide(d, dtc);
            sc.cell[s][i - base] = c;
            sc.dtc_cell[s][i - base] = d;
        };
        for_each_position<Shared>(
            r, [&](std::uint64_t i, const P& p, int) { settle(i, p, nullptr); }, {Color(kingless)});
        const Cell* const children[2] = {sc.cell[kingless].data(), sc.dtc_cell[kingless].data()};
        for_each_position<Shared>(
            r, [&](std::uint64_t i, const P& p, int) { settle(i, p, children); }, {Color(mover)});
        finish_pass<Shared>(Pass::dtw, r, sc.cell);
        finish_pass<Shared>(Pass::dtc, r, sc.dtc_cell);
    }

    // The children of p's king moves summarised into dtw and dtc, from the cells of both
    // passes of the block's other side (children[0], children[1]), in a block where that
    // side has no king. A child's index in the block is the rank of p's kings among the
    // squares the men leave (the kingless side adds nothing): no position to make.
    void add_king_children(const P& p, const Scratch& sc, const Cell* const* children,
                           ExitSummary& dtw, ExitSummary& dtc, int internal) const {
        const bb free = G::board & ~(sc.men.first | sc.men.second);
        int moves = 0;
        const bb empty = p.empty(), all = p.kings_of(p.side);
        for (bb kings = all & ~Rules<V>::frozen_king(p); kings;) {
            const int from = pop_lsb(kings);
            const typename Index<V>::KingsAfterMove after(all ^ bit<bb>(from), free);
            for (bb to = MoveGen<V>::king_reach(from, empty); to; ++moves) {
                const std::uint64_t j = after.rank(pop_lsb(to));
                const Cell cw = children[0][j], cc = children[1][j];
                dtw.add(wdl_of(state(cw)), level(cw) + 1);
                dtc.add(wdl_of(state(cc)), level(cc) + 1);
            }
        }
        if (moves != internal)
            throw std::logic_error("generator: king moves miscounted in a one-sided block");
    }

    // A pending cell once everything its position leads to is summarised in e: won or lost
    // at e's level, or still pending (a draw).
    static Cell decide(Cell c, const ExitSummary& e) {
        if (e.k == win) return resolved(c, kWon, e.level());
        if (e.k == loss) return resolved(c, kLost, e.level());
        return c;
    }

    // The pass's values from its cells (the region's, by side to move) into the slice. What
    // is still pending is a draw. The DTC pass must agree with the DTW pass on every value: a
    // check of both.
    template <bool Shared>
    void finish_pass(Pass pass, const Region& r, const LargeVector<Cell> (&cells)[2]) {
        const std::uint64_t base = r.block_begin * slice_->index.block_size();
        const std::uint64_t size = (r.block_end - r.block_begin) * slice_->index.block_size();
        constexpr std::uint64_t kPiece = 1 << 16;
        for_range<Shared>((size + kPiece - 1) / kPiece, [&](std::size_t k, int) {
            const std::uint64_t end = std::min(size, (k + 1) * kPiece);
            bool mine = false;
            for (int s = 0; s < 2; ++s) {
                // Plain pointers: see init_dtw.
                std::uint8_t* const wdl = slice_->wdl[s].data();
                std::uint16_t* const dist =
                    (pass == Pass::dtw ? slice_->dtw[s] : slice_->dtc[s]).data();
                const Cell* const cell = cells[s].data();
                for (std::uint64_t i = k * kPiece; i < end; ++i) {
                    const Cell c = cell[i];
                    const Cell st = state(c);
                    const Wdl w = wdl_of(st);
                    const bool decided = st == kWon || st == kLost;
                    dist[base + i] = decided ? std::uint16_t(level(c)) : 0;
                    if (pass == Pass::dtw) {
                        wdl[base + i] = std::uint8_t(w);
                    } else if (wdl[base + i] != std::uint8_t(w)) {
                        mine = true;
                    }
                }
            }
            if (mine) throw std::logic_error("generator: the DTC pass disagrees with the DTW pass");
        });
    }

    template <bool Shared, class List>
    static void chunks(const std::vector<List>& lists, std::size_t n, std::vector<Chunk>& out) {
        const std::size_t step = Shared ? n : std::size_t(-1);
        out.clear();
        for (std::size_t l = 0; l < lists.size(); ++l)
            for (std::size_t b = 0, size = lists[l].size(), e; b < size; b = e) {
                e = size - b > step ? b + step : size;
                out.push_back({l, b, e});
            }
    }

    // A pending position whose exits decide it at this level.
    template <bool Shared>
    static bool resolve_by_exit(Cell& cell, int lv) {
        const Cell c = load<Shared>(cell);
        if (state(c) != kPending || level(c) != lv) return false;
        if (kind(c) == win) return try_resolve<Shared>(cell, kWon, lv);
        if (kind(c) == loss && count(c) == 0) return try_resolve<Shared>(cell, kLost, lv);
        return false;
    }

    // The position of index i of the region, resolved (lost when `lost`), for the lists.
    Resolved make_resolved(std::uint64_t base, std::uint64_t i, Color side, bool lost,
                           const Scratch& sc) const {
        Resolved r{};
        r.lost = lost;
        unrank(base + i, side, sc, r.p);
        return r;
    }

    // r was resolved at level-1: its internal predecessors learn of it. Predecessors in
    // which the side to move had a capture are not predecessors (captures are compulsory).
    // A plain load first: most predecessors need no atomic update.
    template <bool Shared>
    void propagate(Pass pass, const Resolved& r, int lv, std::uint64_t base, Scratch& sc,
                   ThreadLists& mine) {
        const P& p = r.p;
        const int t = 1 - static_cast<int>(p.side);
        const bool lost = r.lost;
        Predecessors& preds = mine.predecessors;
        collect_predecessors(pass, p, base, sc, preds);
        // The predecessor reached by the k-th move, as the next level wants it.
        auto next = [&](int k, bool now_lost) {
            return Resolved{predecessor(p, preds.move[std::size_t(k)]), now_lost};
        };
        for (int k = 0; k < preds.n; ++k) {
            const std::uint64_t qi = preds.index[std::size_t(k)];
            Cell& cell = sc.cell[t][qi];
            const Cell now = load<Shared>(cell);
            if ((now & kCaptureBit) || state(now) != kPending) continue;
            if (lost) {
                if (try_resolve<Shared>(cell, kWon, lv)) mine.resolved.push_back(next(k, false));
                continue;
            }
            if (now & kNeverLostBit) continue;
            // One internal move fewer that might not lead to a won position. A resolved
            // position's count is no longer read, so it may go on falling.
            const Cell old = fetch_decrement<Shared>(cell);
            if (count(old) != 1 || state(old) != kPending) continue;
            if (kind(old) == win || kind(old) == draw) continue;
            if (kind(old) == loss && level(old) > lv) {
                mine.schedule(level(old), entry(qi, t));  // decided when its exit level comes
                continue;
            }
            if (try_resolve<Shared>(cell, kLost, lv)) mine.resolved.push_back(next(k, true));
        }
    }

    std::unique_ptr<Slice<V>> slice_;
    ArrayStock* stock_;  // null: arrays are new
    const ExitTables<V>& exits_;
    KingTable<V> kings_;
    bool by_block_;       // regions are blocks, solved in waves (else the whole slice)
    bool one_sided_;      // blocks where one side has no king: no level loop (solve_one_sided)
    KingSlabs<V> slabs_;  // applies: regions of one block with a lone king, bit-parallel
    std::vector<std::vector<std::uint64_t>> waves_;
};

}  // namespace dtb::gen
