// The positions a table does not store. Their values follow from positions it does store, so
// the writer leaves their entries don't-care (filled with whatever compresses best) and the
// prober, `dtb verify` and a resumed `dtb gen` recompute them:
//
//   captures    the side to move has a capture (compulsory): a capture search;
//   successors  the side to move has none, but the side NOT to move has one (a threat), and
//               no move of the side to move reaches another such threat position: one ply
//               over the moves, each reaching a stored position or one with a capture.
//
// Threats are where a table's values are noisiest (a piece en prise decides the game), so
// leaving them out pays: on russian 6-piece materials WDL tables become 1.3-1.6 times and
// DTW/DTC tables about 1.6 times smaller (KMMvKMM: 12 % of the White-to-move entries are
// such threats; WDL 35 -> 55 positions per byte). The second condition keeps the
// recomputation to one ply: without it a threat may answer a threat, and chains (and cycles)
// of them would have to be searched.
#pragma once

#include <cstdint>

#include "dtb/core/apply.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/position.hpp"

namespace dtb {

enum class Recompute : std::uint8_t { no, captures, successors };

// Whether the side not to move in p would have a capture if it were to move.
template <class V>
bool threatens(const Position<V>& p) {
    Position<V> q = p;
    q.side = ~p.side;
    return MoveGen<V>::has_capture(q);
}

namespace detail {

// For p whose side to move has no capture: successors when it faces a threat that none of
// its moves answers with another (then `moves` holds all its moves), else no.
template <class V>
Recompute threat_kind(const Position<V>& p, MoveList<typename V::board>& moves) {
    if (!threatens(p)) return Recompute::no;
    MoveGen<V>::generate(p, moves);
    for (const auto& m : moves) {
        const Position<V> q = apply(p, m);
        if (!MoveGen<V>::has_capture(q) && threatens(q)) return Recompute::no;
    }
    return Recompute::successors;
}

}  // namespace detail

// How the value of p (its side to move has a piece) is obtained: from its table entry (no),
// or by recomputation from its successors.
template <class V>
Recompute recompute_kind(const Position<V>& p) {
    if (MoveGen<V>::has_capture(p)) return Recompute::captures;
    MoveList<typename V::board> moves;
    return detail::threat_kind(p, moves);
}

// The same, and the moves the recomputation goes over: the captures, or every move (moves
// holds nothing useful when the answer is no). For the prober, which then makes them.
template <class V>
Recompute recompute_kind(const Position<V>& p, MoveList<typename V::board>& moves) {
    if (MoveGen<V>::has_capture(p)) {
        MoveGen<V>::generate_captures(p, moves);
        return Recompute::captures;
    }
    return detail::threat_kind(p, moves);
}

}  // namespace dtb
