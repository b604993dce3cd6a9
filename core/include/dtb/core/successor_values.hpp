// A position's value from the values of the positions its moves reach (for the side to move
// there), for a position with at least one move:
//   won:   some move reaches a lost position; DTW = 1 + the least DTW among them, DTC = the
//          least over them of 1 (the move converts: a capture or a man move) or 1 + the DTC
//          after it;
//   lost:  every move reaches a won position; DTW and DTC likewise, the greatest;
//   drawn: otherwise.
// A position without a move (or whose side to move has no piece) is over: game_over_value.
// The one statement of this rule: the prober recomputes the positions the tables leave out
// with it, a resumed dtb gen likewise, and dtb verify re-derives stored values (the
// generator's solver reaches the same values by retrograde analysis; the tests check the
// two against each other and against a brute-force solver of their own).
#pragma once

#include <algorithm>
#include <optional>

#include "dtb/core/apply.hpp"
#include "dtb/core/move.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/position.hpp"
#include "dtb/core/rules.hpp"
#include "dtb/core/value.hpp"

namespace dtb {

// The value of a position whose side to move has no move: lost, won in giveaway.
template <class V>
constexpr Value game_over_value() {
    return {V::goal == Goal::giveaway ? Wdl::win : Wdl::loss, 0, 0};
}

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
    // Whether a move found so far wins or draws.
    bool drawn_or_won() const { return win_ || draw_; }

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

// What a search needs of a position's value: all of it (its distances too), its WDL, or
// only whether it is lost (a value that is not lost may then be given as a draw where it is a
// win). A search for the WDL that has found a drawing move needs no more of its other moves'
// children than whether they are lost: only a win, a lost child, changes its answer.
enum class Need : std::uint8_t { value, wdl, whether_lost };

// What a lookup of a move's child gave.
enum class ChildLookup {
    known,    // the value was set
    unknown,  // not available: the answer is unknown unless a win found decides it
    abort,    // an error: stop at once, the answer is unknown
};

// The value of p from the children of `moves` (all of p's moves, or all its captures when it
// has one: captures are compulsory), each looked up by child(i, q, child_need, value) ->
// ChildLookup, q the position moves[i] reaches; a child whose side to move has no piece is
// over without a lookup. Unless all of the value is needed, the search stops as soon as it
// knows what `need` asks (at the first winning move; for whether_lost, at the first that does
// not lose), an unknown child elsewhere then does not matter, and a child is asked only what
// the search still needs of it (child_need). nullopt: unknown.
template <class V, class Child>
std::optional<Value> value_from_moves(const Position<V>& p,
                                      const MoveList<typename V::board>& moves, Child&& child,
                                      Need need = Need::value) {
    if (moves.empty()) return game_over_value<V>();
    SuccessorValues values;
    bool missing = false;
    for (int i = 0; i < moves.size(); ++i) {
        const auto& m = moves[i];
        const Position<V> q = apply(p, m);
        Value after = game_over_value<V>();
        if (q.pieces(q.side) != 0) {
            const Need child_need = need == Need::value     ? Need::value
                                    : values.drawn_or_won() ? Need::whether_lost
                                                            : Need::wdl;
            const ChildLookup r = child(i, q, child_need, after);
            if (r == ChildLookup::abort) return std::nullopt;
            if (r == ChildLookup::unknown || after.wdl == Wdl::unknown) {
                missing = true;
                continue;
            }
        }
        values.add(p, m, after);
        if (need != Need::value &&
            (values.won() || (need == Need::whether_lost && values.drawn_or_won())))
            return values.value();
    }
    if (missing) return std::nullopt;
    return values.value();
}

// The same with the moves generated here and lookup(q) -> std::optional<Value>. With
// captures_only, only the captures are looked at: right when the side to move has one.
template <class V, class Lookup>
std::optional<Value> value_from_successors(const Position<V>& p, Lookup&& lookup,
                                           bool captures_only = false) {
    MoveList<typename V::board> moves;
    if (captures_only) {
        MoveGen<V>::generate_captures(p, moves);
    } else {
        MoveGen<V>::generate(p, moves);
    }
    return value_from_moves(p, moves, [&](int, const Position<V>& q, Need, Value& after) {
        const std::optional<Value> v = lookup(q);
        if (!v) return ChildLookup::abort;
        after = *v;
        return ChildLookup::known;
    });
}

}  // namespace dtb
