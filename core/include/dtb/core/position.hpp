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

// The one rule for positions that cannot occur in a game: why p cannot, or nullptr when it
// can. A piece off the board, a square of both colours, a king of no colour, a man on its
// own promotion row (it would be a king); no piece at all (no game leads there); or no piece
// of the side not to move (its own last move cannot have taken its last piece, so the game
// ended before p). A side to move without pieces is a game just over, and can occur.
template <class V>
constexpr const char* impossible_reason(const Position<V>& p) {
    using G = typename V::board;
    if ((p.white | p.black | p.kings) & ~G::board) return "a piece stands off the board";
    if (p.white & p.black) return "a square holds a white and a black piece";
    if (p.kings & ~(p.white | p.black)) return "a king of no colour";
    if (p.men(Color::white) & G::promotion_row(Color::white))
        return "a white man on its promotion row (it would be a king)";
    if (p.men(Color::black) & G::promotion_row(Color::black))
        return "a black man on its promotion row (it would be a king)";
    if (p.occupied() == 0) return "no piece on the board: no game leads there";
    if (p.pieces(~p.side) == 0)
        return "the side not to move has no piece: the game is already over";
    return nullptr;
}

}  // namespace dtb
