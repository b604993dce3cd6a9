// Random positions for property tests: pieces placed at random (men never on their own
// promotion row), reproducible from a seed.
#pragma once

#include <random>

#include "dtb/core/position.hpp"

namespace dtb::test {

template <class V>
Position<V> random_position(std::mt19937_64& rng, int max_pieces_per_side) {
    using G = typename V::board;
    using bb = typename G::bb;
    Position<V> p;
    p.side = rng() & 1 ? Color::white : Color::black;
    std::uniform_int_distribution<int> count(0, max_pieces_per_side);
    std::uniform_int_distribution<int> square(0, G::bits - 1);
    for (Color c : {Color::white, Color::black}) {
        const int n = count(rng);
        for (int placed = 0; placed < n;) {
            const int b = square(rng);
            if (!G::is_square(b) || (p.occupied() & bit<bb>(b))) continue;
            const bool king = rng() % 3 == 0 || (bit<bb>(b) & G::promotion_row(c));
            p.pieces(c) |= bit<bb>(b);
            if (king) p.kings |= bit<bb>(b);
            ++placed;
        }
    }
    if constexpr (V::king_streak_limit > 0) {
        // Any consistent streak: a king of a side that has men, and a run of 1..limit.
        for (Color c : {Color::white, Color::black}) {
            const bb kings = p.kings_of(c);
            if (!kings || !p.men(c) || rng() % 2) continue;
            bb k = kings;
            for (int skip = int(rng() % 4); skip > 0 && (k & (k - 1)); --skip) k &= k - 1;
            p.extra.square[static_cast<int>(c)] = std::uint8_t(lsb(k));
            p.extra.count[static_cast<int>(c)] = std::uint8_t(1 + rng() % V::king_streak_limit);
        }
    }
    return p;
}

}  // namespace dtb::test
