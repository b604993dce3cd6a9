// Unmoves for retrograde analysis: the predecessors of a position by a non-capturing king
// move of the side that just moved. A predecessor in which that side had a capture is left
// out, since captures are compulsory and the king move would have been illegal there.
//
// For a king, the squares it may have come from are the squares it could move to now
// (king move directions are symmetric in every variant), so the candidate origins of all
// directions come from one ray fill; the capture test is the bitboard-parallel one.
#pragma once

#include <utility>

#include "dtb/core/movegen.hpp"
#include "dtb/core/position.hpp"

namespace dtb {

template <class V>
class Unmoves {
    using G = typename V::board;
    using bb = typename G::bb;
    using P = Position<V>;

    static_assert(
        V::king_moves == flip_vertical(V::king_moves) &&
            [] {
                for (int i = 0; i < kDirCount; ++i)
                    if (contains(V::king_moves, Dir(i)) &&
                        !contains(V::king_moves, reverse(Dir(i))))
                        return false;
                return true;
            }(),
        "king moves must be reversible for unmove generation");

  public:
    // Calls f(predecessor, from, to) for every predecessor of p by a non-capturing king move
    // of the side that just moved (the side not to move in p). The predecessor has that side
    // to move, and the king on `from`; it moved to `to`. With CheckCapture false the caller
    // takes on the test that the predecessor has no capture (a generator that knows it).
    template <bool CheckCapture = true, class F>
    static void for_each(const P& p, F&& f) {
        const Color mover = ~p.side;
        const bb empty = p.empty();
        for (bb kings = candidate_kings(p, mover); kings;) {
            const int to = pop_lsb(kings);
            const bb to_bit = bit<bb>(to);
            for (bb origins = MoveGen<V>::king_reach(to, empty); origins;) {
                const int from = pop_lsb(origins);
                const bb from_bit = bit<bb>(from);
                P q = p;
                q.side = mover;
                q.pieces(mover) ^= to_bit | from_bit;
                q.kings ^= to_bit | from_bit;
                if (CheckCapture && MoveGen<V>::has_capture(q)) continue;
                for_each_streak(p, q, from, to, f);
            }
        }
    }

    // Calls f(predecessor, from, to) for every predecessor of p by a non-capturing man move
    // of the side that just moved that does not crown the man (crowning changes the
    // material). Sideways steps (turkish, armenian) are included.
    template <bool CheckCapture = true, class F>
    static void for_each_man(const P& p, F&& f) {
        const Color mover = ~p.side;
        if constexpr (V::king_streak_limit > 0) {
            // A man move ends the mover's king-move run: p records none.
            if (p.men(mover) != 0 && p.extra.square[static_cast<int>(mover)] != p.extra.kNone)
                return;
        }
        const bb empty = p.empty();
        const bb men = p.men(mover);
        const DirSet moves = for_color(V::man_moves, mover);
        for (int i = 0; i < kDirCount; ++i) {
            const Dir d = Dir(i);
            if (!contains(moves, d)) continue;
            // Men that stand one step in d from an empty square: they may have come from it.
            for (bb arrived = men & G::step(empty, d); arrived;) {
                const int to = pop_lsb(arrived);
                const int from = to - G::shift_of(d);
                P q = p;
                q.side = mover;
                q.pieces(mover) ^= bit<bb>(to) | bit<bb>(from);
                if (CheckCapture && MoveGen<V>::has_capture(q)) continue;
                for_each_streak_after_reset(p, q, from, to, f);
            }
        }
    }

  private:
    // The kings of `mover` that may have made the last move.
    static bb candidate_kings(const P& p, Color mover) {
        const bb kings = p.kings_of(mover);
        if constexpr (V::king_streak_limit > 0) {
            // Frisian: a side with men records its last king move in the streak, so only that
            // king can have moved; without men the streak is not kept (apply.hpp).
            if (p.men(mover) != 0) {
                const auto sq = p.extra.square[static_cast<int>(mover)];
                return sq == p.extra.kNone ? bb{0} : kings & bit<bb>(sq);
            }
        }
        return kings;
    }

    // Frisian: before a move that ends the run (a man move), the mover may have had no run or
    // a run of any of its kings.
    template <class F>
    static void for_each_streak_after_reset(const P& p, P& q, int from, int to, F& f) {
        if constexpr (V::king_streak_limit > 0) {
            const Color mover = ~p.side;
            const int m = static_cast<int>(mover);
            q.extra.square[m] = q.extra.kNone;
            q.extra.count[m] = 0;
            f(std::as_const(q), from, to);
            for (bb kings = q.kings_of(mover); kings;) {
                const int k = pop_lsb(kings);
                for (int c = 1; c <= V::king_streak_limit; ++c) {
                    q.extra.square[m] = std::uint8_t(k);
                    q.extra.count[m] = std::uint8_t(c);
                    f(std::as_const(q), from, to);
                }
            }
        } else {
            f(std::as_const(q), from, to);
        }
    }

    // Frisian: the streak states of the predecessor from which the move leads to p's state.
    template <class F>
    static void for_each_streak(const P& p, P& q, int from, int to, F& f) {
        if constexpr (V::king_streak_limit > 0) {
            const Color mover = ~p.side;
            const int m = static_cast<int>(mover);
            if (p.men(mover) != 0) {
                const int run = p.extra.count[m];
                if (run >= 2) {
                    q.extra.square[m] = std::uint8_t(from);
                    q.extra.count[m] = std::uint8_t(run - 1);
                    f(std::as_const(q), from, to);
                    return;
                }
                // A run of one: before it there was no run, or a run of another king.
                q.extra.square[m] = q.extra.kNone;
                q.extra.count[m] = 0;
                f(std::as_const(q), from, to);
                for (bb others = q.kings_of(mover) & ~bit<bb>(from); others;) {
                    const int k = pop_lsb(others);
                    for (int c = 1; c <= V::king_streak_limit; ++c) {
                        q.extra.square[m] = std::uint8_t(k);
                        q.extra.count[m] = std::uint8_t(c);
                        f(std::as_const(q), from, to);
                    }
                }
                return;
            }
        }
        f(std::as_const(q), from, to);
    }
};

}  // namespace dtb
