// A position's value from the values of the positions its moves reach: how a table's
// don't-care entries (the side to move has a capture) are completed, and how dtb verify
// re-derives stored values.
//   won:   some move reaches a lost position; DTW = 1 + the least DTW among them, DTC = the
//          least over them of 1 (a capture or man move) or 1 + the successor's DTC;
//   lost:  every move reaches a won position; DTW = 1 + the largest DTW, DTC likewise;
//   drawn: otherwise; no move: lost (won in giveaway), DTW = DTC = 0.
#pragma once

#include <algorithm>
#include <limits>
#include <optional>

#include "dtb/core/apply.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/value.hpp"

namespace dtb::gen {

// `lookup(q)` gives the value of a position q reached by a move (nullopt: unknown, which
// makes the answer unknown). With captures_only, only the captures are looked at: right when
// the side to move has one (captures are compulsory).
template <class V, class Lookup>
std::optional<Value> value_from_successors(const Position<V>& p, Lookup&& lookup,
                                           bool captures_only = false) {
    using G = typename V::board;
    using bb = typename G::bb;
    constexpr bool giveaway = V::goal == Goal::giveaway;
    MoveList<G> moves;
    if (captures_only) {
        MoveGen<V>::generate_captures(p, moves);
    } else {
        MoveGen<V>::generate(p, moves);
    }
    if (moves.empty()) return Value{giveaway ? Wdl::win : Wdl::loss, 0, 0};
    bool any_loss = false, all_won = true;
    int min_dtw = std::numeric_limits<int>::max(), min_dtc = min_dtw;  // over lost successors
    int max_dtw = 0, max_dtc = 0;                                      // over all successors
    for (const auto& m : moves) {
        const Position<V> s = apply(p, m);
        Value sv;
        if (s.pieces(s.side) == 0) {
            sv = {giveaway ? Wdl::win : Wdl::loss, 0, 0};  // no piece, no move
        } else {
            const std::optional<Value> v = lookup(s);
            if (!v || v->wdl == Wdl::unknown) return std::nullopt;
            sv = *v;
        }
        const bool conversion = m.is_capture() || (p.men(p.side) & bit<bb>(m.from)) != 0;
        const int dtc_via = conversion ? 1 : 1 + sv.dtc;
        if (sv.wdl == Wdl::loss) {
            any_loss = true;
            min_dtw = std::min(min_dtw, 1 + sv.dtw);
            min_dtc = std::min(min_dtc, dtc_via);
        }
        if (sv.wdl != Wdl::win) all_won = false;
        max_dtw = std::max(max_dtw, 1 + sv.dtw);
        max_dtc = std::max(max_dtc, dtc_via);
    }
    if (any_loss) return Value{Wdl::win, std::uint16_t(min_dtw), std::uint16_t(min_dtc)};
    if (all_won) return Value{Wdl::loss, std::uint16_t(max_dtw), std::uint16_t(max_dtc)};
    return Value{Wdl::draw, 0, 0};
}

}  // namespace dtb::gen
