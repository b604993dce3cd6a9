// A block where one side has no king (KMvMM, MvKKM): both passes at once, each position
// looked at once, without a level loop.
//
// The kingless side has no internal move, so its exits decide each of its positions (or
// it is a draw). The other side's king moves all lead to those, so each of its positions is
// decided by its exits and its king moves' children, positions of the kingless side in this
// block, decided by then: what the level loop would find, each child known from the start (a
// child lost at n makes a win at n + 1, one won at n a loss at n + 1 when nothing better is
// there, one drawn a draw). The distances are the pass's levels: DTW, or in the DTC pass the
// children's DTC, each exit worth 1. Each king move is made once for both passes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "dtb/core/index.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/gen/solver/exit_summary.hpp"
#include "dtb/gen/solver/passes.hpp"
#include "dtb/gen/solver/solver_cell.hpp"
#include "dtb/gen/solver/solver_scratch.hpp"

namespace dtb::gen {

// The children of p's king moves summarised into dtw and dtc, from the cells of both
// passes of the block's other side (children[0], children[1]), in a block where that
// side has no king. A child's index in the block is the rank of p's kings among the
// squares the men leave (the kingless side adds nothing): no position to make.
template <class V>
void add_king_children(const Position<V>& p, const Scratch<V>& sc,
                       const CellFormat::Cell* const* children, ExitSummary& dtw, ExitSummary& dtc,
                       int internal) {
    using C = CellFormat;
    using G = typename V::board;
    using bb = typename G::bb;
    const bb free = G::board & ~(sc.men.first | sc.men.second);
    int moves = 0;
    const bb empty = p.empty(), all = p.kings_of(p.side);
    for (bb kings = all & ~Rules<V>::frozen_king(p); kings;) {
        const int from = pop_lsb(kings);
        const typename Index<V>::KingsAfterMove after(all ^ bit<bb>(from), free);
        for (bb to = MoveGen<V>::king_reach(from, empty); to; ++moves) {
            const std::uint64_t j = after.rank(pop_lsb(to));
            const C::Cell cw = children[0][j], cc = children[1][j];
            dtw.add(wdl_of(C::state(cw)), C::level(cw) + 1);
            dtc.add(wdl_of(C::state(cc)), C::level(cc) + 1);
        }
    }
    if (moves != internal)
        throw std::logic_error("generator: king moves miscounted in a one-sided block");
}

// A pending cell once everything its position leads to is summarised in e: won or lost
// at e's level, or still pending (a draw).
inline CellFormat::Cell decide(CellFormat::Cell c, const ExitSummary& e) {
    using C = CellFormat;
    if (e.k == C::win) return C::resolved(c, C::kWon, e.level());
    if (e.k == C::loss) return C::resolved(c, C::kLost, e.level());
    return c;
}

// Solves the block r, the kingless side first, then the other, into the slice.
template <bool Shared, class V>
void solve_one_sided(SolverContext<V>& ctx, const Region& r, Scratch<V>& sc) {
    using C = CellFormat;
    const Material& m = ctx.slice->material();
    const int mover = m.white_kings > 0 ? 0 : 1, kingless = 1 - mover;
    const std::uint64_t size = ctx.size(r);
    const std::uint64_t base = ctx.base(r);
    for (int s = 0; s < 2; ++s) {
        sc.dtc_cell[s].resize(sc.cell[s].size());  // allocated by the first block
        std::fill_n(sc.cell[s].begin(), size, C::kBroken);
        std::fill_n(sc.dtc_cell[s].begin(), size, C::kBroken);
    }
    const Bytes capture = bytes(ctx.slice->capture);  // plain pointers: see Bytes
    // Both passes' cells of a position from its exits, and from its king moves' children
    // when it has any (`children`: the kingless side's cells of both passes, final).
    const auto settle = [&, capture](std::uint64_t i, const Position<V>& p,
                                     const C::Cell* const* children) {
        const int s = static_cast<int>(p.side);
        ExitSummary dtw, dtc;
        int internal = 0;
        const bool has_capture =
            summarise_exits(ctx, p, dtw, dtc, internal, &sc.man_children, i - base);
        capture[s][i] = has_capture;
        C::Cell c = initial_cell<V>(internal, dtw, has_capture);
        C::Cell d = initial_cell<V>(internal, dtc, has_capture);
        if (C::state(c) == C::kPending && internal > 0) {
            if (!children) throw std::logic_error("generator: a king move without king");
            add_king_children(p, sc, children, dtw, dtc, internal);
        }
        if (dtw.level() > C::kMaxLevel || dtc.level() > C::kMaxLevel)
            throw std::runtime_error("generator: distance beyond 16382 plies");
        if (C::state(c) == C::kPending) c = decide(c, dtw);
        if (C::state(d) == C::kPending) d = decide(d, dtc);
        sc.cell[s][i - base] = c;
        sc.dtc_cell[s][i - base] = d;
    };
    for_each_position<Shared>(
        ctx, r, [&](std::uint64_t i, const Position<V>& p, int) { settle(i, p, nullptr); },
        {Color(kingless)});
    const C::Cell* const children[2] = {sc.cell[kingless].data(), sc.dtc_cell[kingless].data()};
    for_each_position<Shared>(
        ctx, r, [&](std::uint64_t i, const Position<V>& p, int) { settle(i, p, children); },
        {Color(mover)});
    finish_pass<Shared>(ctx, Pass::dtw, r, sc.cell);
    finish_pass<Shared>(ctx, Pass::dtc, r, sc.dtc_cell);
}

}  // namespace dtb::gen
