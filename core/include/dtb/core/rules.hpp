// The vocabulary of draughts rules. Each variant (variants/*.hpp) is a plain struct of
// `static constexpr` members drawn from these, one member per rule, each citing its source.
#pragma once

#include <cstdint>
#include <string_view>

#include "dtb/core/direction.hpp"

namespace dtb {

// How far a king reaches when it moves or when it approaches a piece to capture it.
enum class Range : std::uint8_t {
    short_,  // one square
    flying,  // any distance along a free line
};

// Where a capturing king may land behind the captured piece.
enum class Landing : std::uint8_t {
    any_beyond,    // any free square behind it, up to the next obstacle
    first_beyond,  // only the square right behind it (thai; short kings)
};

// When the captured pieces leave the board.
enum class Removal : std::uint8_t {
    at_end,     // they stay, block, and may not be jumped twice, until the move is finished
    immediate,  // each is taken off as it is jumped (thai, turkish, armenian)
};

// What happens when a man reaches the promotion row in the middle of a capture.
enum class Promotion : std::uint8_t {
    in_passing,   // it becomes a king at once and goes on capturing as a king (russian)
    end_of_move,  // it goes on capturing as a man; crowned only if the move ends there
    stops,        // crowning ends the move
};

// Which captures are allowed when several are possible.
enum class Precedence : std::uint8_t {
    free,                    // any capture
    king_first,              // a king must capture if one can (czech)
    most_pieces,             // most pieces, king = man = 1 (international, brazilian, ...)
    most_pieces_then_kings,  // most pieces, then most kings (portuguese, spanish)
    italian,                 // pieces, king captures, kings taken, earliest king (italian)
    frisian_value,           // highest value, a king worth between one and two men; then king
};

// What ends the game for the side to move that has no legal move.
enum class Goal : std::uint8_t {
    normal,    // having no move (no pieces or all blocked) loses
    giveaway,  // having no move wins
};

// How squares are numbered in the variant's notation.
enum class Numbering : std::uint8_t {
    top_left,      // 1 is the top-left dark square from White's side, left to right, downwards
    bottom_right,  // 1 is White's lower-right dark square, right to left, upwards (portuguese)
    algebraic,     // files a.., ranks 1.. only
};

// Absence of extra position state; the frisian king-move restriction has some (position.hpp).
struct NoExtraState {
    friend constexpr bool operator==(NoExtraState, NoExtraState) { return true; }
};

}  // namespace dtb
