// Board geometries: where each square's bit lives and how a step in a direction becomes one
// shift.
//
// Dark-square boards (8x8 on 32, 10x10 on 50, 12x12 on 72) use the "ghost square" layout:
// the dark square at row r, column c (r + c even; a1 is dark) lives at bit (r*(F+1) + c)/2.
// A diagonal step is then a constant shift (F/2 or F/2+1), and a step over the left or right
// edge lands on a ghost bit that is never part of the board, so diagonal steps need no mask.
// The 64-square board (turkish, armenian) uses bit r*8 + c with masks for sideways steps.
//
// Boards whose dark corner is at the lower right (portuguese, spanish, italian) are stored
// mirrored left-right; only the notation knows (see notation.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "dtb/core/bitboard.hpp"
#include "dtb/core/direction.hpp"

namespace dtb {

template <int Files, int Ranks, bool DarkOnly>
struct Geometry {
    static constexpr int files = Files;
    static constexpr int ranks = Ranks;
    static constexpr bool dark_only = DarkOnly;
    static constexpr int squares = DarkOnly ? Files * Ranks / 2 : Files * Ranks;
    // Row steps per "orthogonal" step: on dark-only boards an orthogonal neighbour of the
    // same colour is two rows (or files) away.
    static constexpr int ortho_step = DarkOnly ? 2 : 1;

    static constexpr bool on_board(int row, int col) {
        return row >= 0 && row < Ranks && col >= 0 && col < Files &&
               (!DarkOnly || (row + col) % 2 == 0);
    }
    // Bit of a square given by row and column (both 0-based, from White's lower left).
    static constexpr int bit_of(int row, int col) {
        return DarkOnly ? (row * (Files + 1) + col) / 2 : row * Files + col;
    }
    static constexpr int bits = bit_of(Ranks - 1, Files - 1) + 1;
    using bb = std::conditional_t<(bits <= 64), std::uint64_t, u128>;

    static constexpr int row_of(int b) { return DarkOnly ? (2 * b) / (Files + 1) : b / Files; }
    static constexpr int col_of(int b) {
        return DarkOnly ? 2 * b - row_of(b) * (Files + 1) : b % Files;
    }
    static constexpr bool is_square(int b) {
        if (b < 0 || b >= bits) return false;
        return on_board(row_of(b), col_of(b)) && bit_of(row_of(b), col_of(b)) == b;
    }

    static constexpr int row_step(Dir d) {
        return is_orthogonal(d) ? row_delta(d) * ortho_step : row_delta(d);
    }
    static constexpr int col_step(Dir d) {
        return is_orthogonal(d) ? col_delta(d) * ortho_step : col_delta(d);
    }
    // The shift that moves a square's bit one step in direction d.
    static constexpr int shift_of(Dir d) {
        const int dr = row_step(d), dc = col_step(d);
        return DarkOnly ? (dr * (Files + 1) + dc) / 2 : dr * Files + dc;
    }

    static constexpr bb make_board() {
        bb m = 0;
        for (int r = 0; r < Ranks; ++r)
            for (int c = 0; c < Files; ++c)
                if (on_board(r, c)) m |= bit<bb>(bit_of(r, c));
        return m;
    }
    static constexpr bb board = make_board();

    static constexpr bb row_mask(int row) {
        bb m = 0;
        for (int c = 0; c < Files; ++c)
            if (on_board(row, c)) m |= bit<bb>(bit_of(row, c));
        return m;
    }
    static constexpr bb promotion_row(Color c) {
        return c == Color::white ? row_mask(Ranks - 1) : row_mask(0);
    }

    // Squares from which a step in d does not wrap onto another real square. A step off
    // the top or bottom leaves the board's bits; off a side it reaches a ghost bit, except
    // for sideways steps, which need this mask.
    static constexpr bb make_premask(Dir d) {
        bb m = 0;
        for (int r = 0; r < Ranks; ++r)
            for (int c = 0; c < Files; ++c) {
                if (!on_board(r, c)) continue;
                const int tr = r + row_step(d), tc = c + col_step(d);
                const int target = bit_of(r, c) + shift_of(d);
                const bool wraps =
                    !on_board(tr, tc) && target >= 0 && target < bits && is_square(target);
                if (!wraps) m |= bit<bb>(bit_of(r, c));
            }
        return m;
    }
    static constexpr std::array<bb, kDirCount> premasks = [] {
        std::array<bb, kDirCount> a{};
        for (int i = 0; i < kDirCount; ++i) a[i] = make_premask(Dir(i));
        return a;
    }();

    // One step of every square in x in direction D; x must lie on the board. The result
    // may hold ghost or out-of-board bits: callers intersect it with a set of real squares.
    template <Dir D>
    static constexpr bb step(bb x) {
        constexpr bb pm = premasks[static_cast<int>(D)];
        if constexpr (pm == board) {
            return shift<shift_of(D)>(x);
        } else {
            return shift<shift_of(D)>(x & pm);
        }
    }
    // Every square reached from `from` by sliding along D over squares of `free` (not
    // including `from` itself unless reached). Where no step in D can wrap onto a real square
    // (all directions of the ghost layout but sideways ones), by a logarithmic fill of
    // 1, 2, 4, 8 steps: the `free` chain guards every intermediate square; otherwise step by
    // step.
    template <Dir D>
    static constexpr bb slide(bb from, bb free) {
        if constexpr (premasks[static_cast<int>(D)] == board) {
            constexpr int s = shift_of(D);
            constexpr int n = max_steps(D);
            bb gen = from, pro = free;
            gen |= pro & shift<s>(gen);
            if constexpr (n > 1) {
                pro &= shift<s>(pro);
                gen |= pro & shift<2 * s>(gen);
            }
            if constexpr (n > 3) {
                pro &= shift<2 * s>(pro);
                gen |= pro & shift<4 * s>(gen);
            }
            if constexpr (n > 7) {
                pro &= shift<4 * s>(pro);
                gen |= pro & shift<8 * s>(gen);
            }
            static_assert(n <= 15, "rays longer than 15 steps need another round");
            return gen & ~from;
        } else {
            bb reach = 0;
            for (bb t = step<D>(from) & free; t; t = step<D>(t) & free) reach |= t;
            return reach;
        }
    }

    // The longest run of steps in direction d that stays on the board.
    static constexpr int max_steps(Dir d) {
        int best = 0;
        for (int r = 0; r < Ranks; ++r)
            for (int c = 0; c < Files; ++c) {
                if (!on_board(r, c)) continue;
                int n = 0;
                while (on_board(r + (n + 1) * row_step(d), c + (n + 1) * col_step(d))) ++n;
                best = n > best ? n : best;
            }
        return best;
    }

    static constexpr bb step(bb x, Dir d) {
        const int s = shift_of(d);
        x &= premasks[static_cast<int>(d)];
        return s >= 0 ? x << s : x >> -s;
    }
};

using Board8x8 = Geometry<8, 8, true>;       // 32 dark squares
using Board10x10 = Geometry<10, 10, true>;   // 50 dark squares
using Board12x12 = Geometry<12, 12, true>;   // 72 dark squares, 128-bit
using Board8x8Full = Geometry<8, 8, false>;  // all 64 squares (turkish, armenian)

}  // namespace dtb
