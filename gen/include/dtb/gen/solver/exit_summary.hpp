// A position's exits: its moves whose children are solved before its region (captures,
// promotions and, when the region is a block, man moves), summarised for both passes, and
// the cell a position starts its pass with.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "dtb/core/apply.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/value.hpp"
#include "dtb/gen/solver/exit_tables.hpp"
#include "dtb/gen/solver/man_children.hpp"
#include "dtb/gen/solver/solver_cell.hpp"
#include "dtb/gen/solver/solver_scratch.hpp"

namespace dtb::gen {

// The summary of a position's exits: the fastest win, else a draw, else the slowest
// loss (distances are the levels at which the exit decides the position).
struct ExitSummary : CellFormat {
    Outcome k = none;
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
    // The summary of an outcome decided at `level` (kept in a cell, or worth_one's).
    static ExitSummary at(std::uint32_t outcome, int level) {
        ExitSummary e;
        e.k = Outcome(outcome);
        if (e.k == win) e.win_level = level;
        if (e.k == loss) e.loss_level = level;
        return e;
    }
    // The summary of exits each worth 1 (the DTC pass), from its outcome.
    static ExitSummary worth_one(std::uint8_t outcome) { return at(outcome, 1); }
};

// The state of a position without a move: the game is over.
template <class V>
inline constexpr CellFormat::Cell kGameOver =
    V::goal == Goal::giveaway ? CellFormat::kWon : CellFormat::kLost;

// The value of a cell's final state: still pending is a draw.
constexpr Wdl wdl_of(CellFormat::Cell st) {
    using C = CellFormat;
    return st == C::kBroken ? Wdl::unknown
           : st == C::kWon  ? Wdl::win
           : st == C::kLost ? Wdl::loss
                            : Wdl::draw;
}

// The cell of a position with `internal` internal moves and exits e: pending, or over
// when it has no move at all.
template <class V>
CellFormat::Cell initial_cell(int internal, const ExitSummary& e, bool capture) {
    using C = CellFormat;
    if (internal > 255) throw std::runtime_error("generator: more than 255 internal moves");
    if (e.level() > C::kMaxLevel)
        throw std::runtime_error("generator: distance beyond 16382 plies");
    if (internal == 0 && e.k == C::none) return C::make_cell(kGameOver<V>, C::none, 0, 0, capture);
    return C::make_cell(C::kPending, e.k, e.level(), internal, capture);
}

// The capture search's sink in summarise_exits: each capture's child looked up and
// summarised as it is found (a capture found twice is summarised twice, which changes
// nothing; one of higher precedence starts the summaries again).
template <class V>
struct CaptureExits {
    static constexpr bool records_paths = false;
    const ExitTables<V>& exits;
    const Position<V>& p;
    ExitSummary& dtw;
    ExitSummary& dtc;
    void clear() { dtw = dtc = ExitSummary{}; }
    void push(const Move<typename V::board>& m, const Path&) {
        const ExitValue v = exits.exit_value(apply(p, m));
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
template <class V>
bool summarise_exits(const SolverContext<V>& ctx, const Position<V>& p, ExitSummary& dtw,
                     ExitSummary& dtc, int& internal, const ManChildren<V>* children = nullptr,
                     std::uint64_t in_block = 0) {
    const int s = static_cast<int>(p.side);
    internal = 0;
    CaptureExits<V> captures{ctx.exits, p, dtw, dtc};
    if (MoveGen<V>::for_each_capture(p, captures)) return true;
    internal = MoveGen<V>::count_quiet_king_moves(p);
    MoveGen<V>::for_each_quiet_man_move(p, [&](int from, int to, bool promotes) {
        if (!promotes && !ctx.by_block) {
            ++internal;
            return;
        }
        if (promotes) {
            const ExitValue v =
                ctx.exits.promotion_value(apply(p, MoveGen<V>::quiet_move(from, to, true)));
            dtw.add(v.wdl(), v.dtw() + 1);
            dtc.add(v.wdl(), 1);
            return;
        }
        auto j = children ? children->child(p, from, to, in_block) : ManChildren<V>::kUnknown;
        if (j == ManChildren<V>::kUnknown)
            j = ctx.slice->index.rank(apply(p, MoveGen<V>::quiet_move(from, to, false)));
        const Wdl w = Wdl(ctx.slice->wdl[1 - s][j]);
        dtw.add(w, ctx.man_moves_restart ? 1 : ctx.slice->dtw[1 - s][j] + 1);
        dtc.add(w, 1);
    });
    return false;
}

}  // namespace dtb::gen
