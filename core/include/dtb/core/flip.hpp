// Colour symmetry: exchanging the colours and turning the board half a turn maps every
// position onto one with the same value and the same game tree (every variant treats White
// going up as Black going down, and every direction set is symmetric left-right). The
// generator solves one of two twin materials and derives the other; the prober stores only
// White to move and answers Black to move through the flip.
#pragma once

#include <array>
#include <cstdint>

#include "dtb/core/position.hpp"

namespace dtb {

template <class V>
struct Flip {
    using G = typename V::board;
    using bb = typename G::bb;

    // The bit of the square a half turn away (-1 for the ghost bits between rows).
    static constexpr std::array<int, G::bits> kTurned = [] {
        std::array<int, G::bits> t{};
        for (int b = 0; b < G::bits; ++b)
            t[b] = G::is_square(b)
                       ? G::bit_of(G::ranks - 1 - G::row_of(b), G::files - 1 - G::col_of(b))
                       : -1;
        return t;
    }();

    // Whether the half turn takes bit b to bit `bits - 1 - b`: on every board of
    // core/geometry.hpp (the square at row r, column c lies as far from the first bit as the
    // square a half turn away lies from the last), so that a turn is a bit reversal.
    static constexpr bool kReverses = [] {
        for (int b = 0; b < G::bits; ++b)
            if (G::is_square(b) && kTurned[b] != G::bits - 1 - b) return false;
        return true;
    }();

    static bb turn(bb x) {
        if constexpr (kReverses) {
            // Ghost bits are never set: the reversal moves only squares.
            return reverse_bits(x) >> (8 * int(sizeof(bb)) - G::bits);
        } else {
            bb out = 0;
            while (x) out |= bit<bb>(kTurned[pop_lsb(x)]);
            return out;
        }
    }

    // The position with the colours exchanged, the board turned and the other side to move.
    static Position<V> apply(const Position<V>& p) {
        Position<V> q;
        q.white = turn(p.black);
        q.black = turn(p.white);
        q.kings = turn(p.kings);
        q.side = ~p.side;
        if constexpr (V::king_streak_limit > 0) {
            // Frisian: the king-move streaks change owner and square too.
            for (int c = 0; c < 2; ++c) {
                const auto sq = p.extra.square[1 - c];
                q.extra.square[c] = sq == p.extra.kNone ? sq : std::uint8_t(kTurned[sq]);
                q.extra.count[c] = p.extra.count[1 - c];
            }
        }
        return q;
    }
};

}  // namespace dtb
