// A position's value from the values of the positions its moves reach (for the side to move
// there), for a position with at least one move:
//   won:   some move reaches a lost position; DTW = 1 + the least DTW among them, DTC = the
//          least over them of 1 (the move converts: a capture or a man move) or 1 + the DTC
//          after it;
//   lost:  every move reaches a won position; DTW and DTC likewise, the greatest;
//   drawn: otherwise.
// The one statement of this rule: the prober recomputes the positions the tables leave out
// with it, a resumed dtb gen likewise, and dtb verify re-derives stored values (the
// generator's solver reaches the same values by retrograde analysis; the tests check the
// two against each other and against a brute-force solver of their own).
#pragma once

#include <algorithm>

#include "dtb/core/move.hpp"
#include "dtb/core/position.hpp"
#include "dtb/core/value.hpp"

namespace dtb {

class SuccessorValues {
  public:
    // The move m from p leads to a position of value `after` (its side to move's view).
    template <class V>
    void add(const Position<V>& p, const Move<typename V::board>& m, const Value& after) {
        using bb = typename V::board::bb;
        const bool converts = m.is_capture() || (p.men(p.side) & bit<bb>(m.from)) != 0;
        const int dtc = converts ? 1 : 1 + after.dtc;
        if (after.wdl == Wdl::loss) {
            win_ = true;
            win_dtw_ = std::min(win_dtw_, 1 + after.dtw);
            win_dtc_ = std::min(win_dtc_, dtc);
        } else if (after.wdl == Wdl::win) {
            loss_dtw_ = std::max(loss_dtw_, 1 + after.dtw);
            loss_dtc_ = std::max(loss_dtc_, dtc);
        } else {
            draw_ = true;
        }
    }

    // Whether a move found so far wins (then no other move changes the WDL).
    bool won() const { return win_; }

    Value value() const {
        if (win_) return {Wdl::win, std::uint16_t(win_dtw_), std::uint16_t(win_dtc_)};
        if (draw_) return {Wdl::draw, 0, 0};
        return {Wdl::loss, std::uint16_t(loss_dtw_), std::uint16_t(loss_dtc_)};
    }

  private:
    bool win_ = false, draw_ = false;
    int win_dtw_ = 1 << 30, win_dtc_ = 1 << 30;  // over the moves to lost positions
    int loss_dtw_ = 0, loss_dtc_ = 0;            // over the moves to won positions
};

}  // namespace dtb
