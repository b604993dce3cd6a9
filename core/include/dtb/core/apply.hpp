// Making a move: the position after it.
#pragma once

#include "dtb/core/move.hpp"
#include "dtb/core/position.hpp"

namespace dtb {

// Always inlined: a call passes the position through memory, and the generator's loops make
// hundreds of millions of moves.
template <class V>
[[gnu::always_inline]] constexpr Position<V> apply(Position<V> p,
                                                   const Move<typename V::board>& m) {
    using bb = typename V::board::bb;
    const Color us = p.side;
    const bb from = bit<bb>(m.from), to = bit<bb>(m.to);
    const bool king = (p.kings & from) != 0;
    // Values and selects, not a reference to the mover's set: the position can then stay in
    // registers (a store through the reference and a byte store of the side, read back as
    // whole words by the caller's copy, stalled store forwarding in the generator's loops).
    const bool white = us == Color::white;
    const bb own = ((white ? p.white : p.black) & ~from) | to;
    const bb opp = (white ? p.black : p.white) & ~m.captured;
    p.white = white ? own : opp;
    p.black = white ? opp : own;
    const bb kings = p.kings & ~m.captured;
    p.kings = king || m.promotes ? (kings & ~from) | to : kings;
    if constexpr (V::king_streak_limit > 0) {
        // Frisian: count the run of non-capturing moves of one king; anything else ends it.
        auto& s = p.extra;
        const int u = static_cast<int>(us), t = static_cast<int>(~us);
        if (king && !m.is_capture()) {
            s.count[u] = s.square[u] == m.from ? s.count[u] + 1 : 1;
            s.square[u] = m.to;
        } else {
            s.square[u] = s.kNone;
            s.count[u] = 0;
        }
        if (s.square[t] != s.kNone && (m.captured & bit<bb>(s.square[t]))) {
            s.square[t] = s.kNone;
            s.count[t] = 0;
        }
        // The rule binds only a side that has men; without them the streak is irrelevant
        // (and men never come back), so it is cleared to keep positions canonical.
        for (Color c : {Color::white, Color::black}) {
            if (p.men(c) == 0) {
                s.square[static_cast<int>(c)] = s.kNone;
                s.count[static_cast<int>(c)] = 0;
            }
        }
    }
    p.side = ~us;
    return p;
}

}  // namespace dtb
