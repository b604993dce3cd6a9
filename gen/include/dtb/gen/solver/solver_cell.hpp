// The state of a position while the solver works on its region: one 32-bit cell, so that a
// predecessor costs one memory access. Shared by the solver's two level loops (counting
// predecessors, gen/solver/counting_loop.hpp; bit-parallel king slabs, gen/solver/king_slabs.hpp).
#pragma once

#include <cstdint>

namespace dtb::gen {

struct CellFormat {
    // What a position's exits give its side to move: nothing yet, a win, a draw, a loss.
    enum Outcome : std::uint32_t { none = 0, win = 1, draw = 2, loss = 3 };

    // The bits of a cell:
    //   bits  0..7   internal moves not yet known to lead to a won position
    //   bits  8..9   broken (no position), pending, won, lost
    //   bits 10..11  the outcome of the exits' summary (Outcome)
    //   bits 12..25  while pending: the level at which the exits decide (win: the fastest
    //                winning exit; loss: the slowest losing one); once resolved: the level
    //   bit  26      the side to move has a capture (no internal move leads here from it)
    //   bit  27      (DTC pass) won or drawn by the DTW pass: never lost, count not needed
    using Cell = std::uint32_t;
    static constexpr Cell kBroken = 0, kPending = 1, kWon = 2, kLost = 3;
    static constexpr int kStateShift = 8, kOutcomeShift = 10, kLevelShift = 12;
    static constexpr Cell kCountMask = 0xff, kStateMask = Cell{3} << kStateShift;
    static constexpr Cell kLevelMask = Cell{0x3fff} << kLevelShift;
    static constexpr Cell kCaptureBit = Cell{1} << 26;
    static constexpr Cell kNeverLostBit = Cell{1} << 27;
    static constexpr int kMaxLevel = 0x3fff - 1;
    static constexpr Cell state(Cell c) { return (c >> kStateShift) & 3; }
    static constexpr Cell outcome(Cell c) { return (c >> kOutcomeShift) & 3; }
    static constexpr int level(Cell c) { return int((c & kLevelMask) >> kLevelShift); }
    static constexpr Cell count(Cell c) { return c & kCountMask; }
    // The cell c resolved: state st (won or lost) at level lv; the rest is kept.
    static constexpr Cell resolved(Cell c, Cell st, int lv) {
        return (c & ~(kStateMask | kLevelMask)) | st << kStateShift | Cell(lv) << kLevelShift;
    }
    static constexpr Cell make_cell(Cell st, Cell k, int lv, int internal, bool capture) {
        return Cell(internal) | st << kStateShift | k << kOutcomeShift | Cell(lv) << kLevelShift |
               (capture ? kCaptureBit : 0);
    }
};

}  // namespace dtb::gen
