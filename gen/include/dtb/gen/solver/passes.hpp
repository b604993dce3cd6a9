// The two passes over a region: each position's cell set up from its exits and internal
// moves before the level loop, and the values read back into the slice after it.
//
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
// Only the DTW pass generates captures: it records, per position, whether the side to move
// has one and what the captures and promotions give in the DTC pass (where every exit is
// worth 1, only the outcome matters). In a block it also records the man moves' summary and the
// number of king moves, so that the block's DTC pass generates no move; in a whole-slice
// region the DTC pass counts the king moves and looks up the man moves in the slice.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "dtb/core/apply.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/value.hpp"
#include "dtb/gen/solver/exit_summary.hpp"
#include "dtb/gen/solver/for_range.hpp"
#include "dtb/gen/solver/solver_cell.hpp"
#include "dtb/gen/solver/solver_scratch.hpp"

namespace dtb::gen {

// Sets up a pending position, or one without moves, and (for the counting loop)
// schedules what its exits decide. i is the index in the region. True when the caller
// must list the position as resolved at level 0: it has no move (the game is over: lost,
// won in giveaway) and the loop is the counting one.
template <class V>
bool start_position(const SolverContext<V>& ctx, int s, std::uint64_t i, int internal,
                    const ExitSummary& e, bool capture, Scratch<V>& sc, ThreadLists<V>& mine) {
    using C = CellFormat;
    sc.cell[s][i] = initial_cell<V>(internal, e, capture);
    if (C::state(sc.cell[s][i]) != C::kPending) return ctx.counting();
    if (ctx.counting() && (e.k == C::win || (e.k == C::loss && internal == 0)))
        mine.schedule(e.level(), entry(i, s));
    return false;
}

// DTW pass: every position's cell from its exits and internal moves.
template <bool Shared, class V>
void init_dtw(SolverContext<V>& ctx, const Region& r, Scratch<V>& sc) {
    const std::uint64_t base = ctx.base(r);
    // The byte arrays written through plain pointers (Bytes), copied into the loop.
    const Bytes capture = bytes(ctx.slice->capture), conversion = bytes(sc.conversion);
    const Bytes internal_moves = ctx.by_block ? bytes(sc.internal) : Bytes{};
    for_each_position<Shared>(
        ctx, r,
        [&, capture, conversion, internal_moves](std::uint64_t i, const Position<V>& p, int t) {
            auto& mine = sc.lists[std::size_t(t)];
            const int s = static_cast<int>(p.side);
            ExitSummary dtw, dtc;
            int internal = 0;
            const bool has_capture = summarise_exits(
                ctx, p, dtw, dtc, internal, ctx.by_block ? &sc.man_children : nullptr, i - base);
            capture[s][i] = has_capture;
            conversion[s][i - base] = std::uint8_t(dtc.k);
            if (ctx.by_block) internal_moves[s][i - base] = std::uint8_t(internal);
            if (start_position(ctx, s, i - base, internal, dtw, has_capture, sc, mine))
                mine.resolved.push_back(
                    Resolved::of(i - base, p.side, kGameOver<V> == CellFormat::kLost));
        });
}

// DTC pass: internal moves are king moves; man moves, captures and promotions are exits
// worth 1 (captures and promotions summarised by the DTW pass).
template <bool Shared, class V>
void init_dtc(SolverContext<V>& ctx, const Region& r, Scratch<V>& sc, bool dtw_known) {
    const std::uint64_t base = ctx.base(r);
    Slice<V>& slice = *ctx.slice;
    for_each_position<Shared>(ctx, r, [&](std::uint64_t i, const Position<V>& p, int t) {
        auto& mine = sc.lists[std::size_t(t)];
        const int s = static_cast<int>(p.side);
        ExitSummary dtc = ExitSummary::worth_one(sc.conversion[s][i - base]);
        const bool capture = slice.capture[s][i] != 0;
        int internal = 0;
        if (!capture) {
            internal = MoveGen<V>::count_quiet_king_moves(p);
            MoveGen<V>::for_each_quiet_man_move(p, [&](int from, int to, bool promotes) {
                if (promotes) return;  // summarised already
                const Position<V> child = apply(p, MoveGen<V>::quiet_move(from, to, false));
                const auto w = slice.wdl[1 - s][slice.index.rank(child)];
                dtc.add(Wdl(w), 1);
            });
        }
        if (start_position(ctx, s, i - base, internal, dtc, capture, sc, mine))
            mine.resolved.push_back(
                Resolved::of(i - base, p.side, kGameOver<V> == CellFormat::kLost));
        if (dtw_known && slice.wdl[s][i] != std::uint8_t(Wdl::loss))
            sc.cell[s][i - base] |= CellFormat::kNeverLostBit;
    });
}

// DTC pass of a block: no move to generate. The DTW pass counted the king moves (its
// only internal moves) and summarised every exit, man moves included, as worth 1.
template <bool Shared, class V>
void init_dtc_from_dtw(SolverContext<V>& ctx, const Region& r, Scratch<V>& sc) {
    const std::uint64_t base = ctx.base(r);
    const std::uint64_t size = ctx.size(r);
    Slice<V>& slice = *ctx.slice;
    constexpr std::uint64_t kPiece = 1 << 14;
    for_range<Shared>((size + kPiece - 1) / kPiece, [&](std::size_t k, int t) {
        auto& mine = sc.lists[std::size_t(t)];
        const std::uint64_t end = std::min(size, (k + 1) * kPiece);
        for (int s = 0; s < 2; ++s)
            for (std::uint64_t i = k * kPiece; i < end; ++i) {
                const Wdl w = Wdl(slice.wdl[s][base + i]);
                if (w == Wdl::unknown) continue;  // broken: no position
                const ExitSummary dtc = ExitSummary::worth_one(sc.conversion[s][i]);
                if (start_position(ctx, s, i, sc.internal[s][i], dtc,
                                   slice.capture[s][base + i] != 0, sc, mine))
                    mine.resolved.push_back(
                        Resolved::of(i, Color(s), kGameOver<V> == CellFormat::kLost));
                if (w != Wdl::loss) sc.cell[s][i] |= CellFormat::kNeverLostBit;
            }
    });
}

// A pass's cells from its initialisation. `dtw_known`: the DTW pass has set the slice's
// values (the DTC pass of a whole-slice region then marks the positions never lost).
template <bool Shared, class V>
void start_pass(SolverContext<V>& ctx, Pass pass, const Region& r, Scratch<V>& sc,
                bool dtw_known = true) {
    const std::uint64_t size = ctx.size(r);
    for (auto& c : sc.cell) std::fill_n(c.begin(), size, CellFormat::kBroken);
    for (auto& l : sc.lists) l.clear();
    if (pass == Pass::dtw) {
        init_dtw<Shared>(ctx, r, sc);
    } else if (ctx.by_block) {
        init_dtc_from_dtw<Shared>(ctx, r, sc);
    } else {
        init_dtc<Shared>(ctx, r, sc, dtw_known);
    }
}

// The pass's values from its cells (the region's, by side to move) into the slice. What
// is still pending is a draw. The DTC pass must agree with the DTW pass on every value: a
// check of both.
template <bool Shared, class V>
void finish_pass(SolverContext<V>& ctx, Pass pass, const Region& r,
                 const LargeVector<CellFormat::Cell> (&cells)[2]) {
    using C = CellFormat;
    const std::uint64_t base = ctx.base(r);
    const std::uint64_t size = ctx.size(r);
    Slice<V>& slice = *ctx.slice;
    constexpr std::uint64_t kPiece = 1 << 16;
    for_range<Shared>((size + kPiece - 1) / kPiece, [&](std::size_t k, int) {
        const std::uint64_t end = std::min(size, (k + 1) * kPiece);
        bool mine = false;
        for (int s = 0; s < 2; ++s) {
            // Plain pointers: see Bytes.
            std::uint8_t* const wdl = slice.wdl[s].data();
            std::uint16_t* const dist = (pass == Pass::dtw ? slice.dtw[s] : slice.dtc[s]).data();
            const C::Cell* const cell = cells[s].data();
            for (std::uint64_t i = k * kPiece; i < end; ++i) {
                const C::Cell c = cell[i];
                const C::Cell st = C::state(c);
                const Wdl w = wdl_of(st);
                const bool decided = st == C::kWon || st == C::kLost;
                dist[base + i] = decided ? std::uint16_t(C::level(c)) : 0;
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

}  // namespace dtb::gen
