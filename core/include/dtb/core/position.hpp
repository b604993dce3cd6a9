// A position: who stands where, who moves, and (frisian only) the king-move streaks.
#pragma once

#include "dtb/core/bitboard.hpp"
#include "dtb/core/direction.hpp"

namespace dtb {

template <class V>
struct Position {
    using G = typename V::board;
    using bb = typename G::bb;

    bb white = 0;
    bb black = 0;
    bb kings = 0;  // kings of both colours
    Color side = Color::white;
    [[no_unique_address]] typename V::extra_state extra{};

    constexpr bb pieces(Color c) const { return c == Color::white ? white : black; }
    constexpr bb& pieces(Color c) { return c == Color::white ? white : black; }
    constexpr bb men(Color c) const { return pieces(c) & ~kings; }
    constexpr bb kings_of(Color c) const { return pieces(c) & kings; }
    constexpr bb occupied() const { return white | black; }
    constexpr bb empty() const { return G::board & ~occupied(); }

    friend constexpr bool operator==(const Position&, const Position&) = default;
};

}  // namespace dtb
