// Where the non-crowning man moves of one block lead, without ranking the position reached.
//
// Kings are ranked over the squares the men leave, in square order (core/index.hpp). A man
// moving from `from` to `to` frees one of those squares and takes another: a king's ordinal
// changes only when the king stands strictly between the two (by bit number), a few squares
// at most for a step. Otherwise every king keeps its ordinal, and the position reached has
// the same place in its block as the position moved from has in its own: the child's index
// is the child block's first index plus that place (less the mover's king-move streak, which
// the man move ends: frisian). The child blocks are found once per block, by side, man and
// direction.
#pragma once

#include <array>
#include <cstdint>
#include <limits>

#include "dtb/core/index.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/position.hpp"

namespace dtb::gen {

template <class V>
class ManChildren {
    using G = typename V::board;
    using bb = typename G::bb;

  public:
    static constexpr std::uint64_t kUnknown = std::numeric_limits<std::uint64_t>::max();

    // The block whose men are wm (White's) and bm (Black's).
    void enter(const Index<V>& idx, bb wm, bb bm) {
        const bb men = wm | bm;
        for (int s = 0; s < 2; ++s) {
            const Color c = Color(s);
            for (bb movers = s == 0 ? wm : bm; movers;) {
                const int from = pop_lsb(movers);
                for (int k = 0; k < kSteps; ++k) {
                    auto& base = base_[std::size_t(s)][std::size_t(from)][std::size_t(k)];
                    base = kUnknown;
                    const int to = from + (s == 0 ? kStep[std::size_t(k)] : -kStep[std::size_t(k)]);
                    if (to < 0 || to >= G::bits || !step_of(c, from, to) ||
                        (bit<bb>(to) & (men | G::promotion_row(c))))
                        continue;
                    Position<V> child;
                    child.white = s == 0 ? wm ^ bit<bb>(from) ^ bit<bb>(to) : wm;
                    child.black = s == 1 ? bm ^ bit<bb>(from) ^ bit<bb>(to) : bm;
                    base = idx.block_base(child);
                }
            }
        }
        index_ = idx;
    }

    // The index of the position a non-crowning move from -> to of a man of p's side to move
    // leads to, p standing at `in_block` in the block entered; kUnknown when a king stands
    // between the two squares (the caller ranks the position then).
    std::uint64_t child(const Position<V>& p, int from, int to, std::uint64_t in_block) const {
        const int lo = from < to ? from : to, hi = from < to ? to : from;
        const bb between = (bit<bb>(hi) - 1) & ~((bit<bb>(lo) << 1) - 1);
        if (p.kings & between) return kUnknown;
        const int d = hi - lo;
        int k = 0;
        while (k + 1 < kSteps && kStep[std::size_t(k)] != d) ++k;
        // A man move ends the mover's king-move run (frisian): its streak term goes.
        return base_[std::size_t(p.side)][std::size_t(from)][std::size_t(k)] + in_block -
               index_.streak_term(p, p.side);
    }

  private:
    // The bit distance of each direction a man steps in, from White's side (Black's are the
    // same, towards lower bits). Used where men only advance (the variants solved block by
    // block), where each direction has its own distance.
    static constexpr DirSet kMoves = Rules<V>::man_moves(Color::white);
    static constexpr int kSteps = std::popcount(unsigned(kMoves));
    static constexpr std::array<int, kDirCount> kStep = [] {
        std::array<int, kDirCount> a{};
        int n = 0;
        for (int d = 0; d < kDirCount; ++d)
            if (contains(kMoves, Dir(d))) a[std::size_t(n++)] = G::shift_of(Dir(d));
        return a;
    }();
    static_assert(kSteps >= 1, "men step");

    // Whether to is one man step of colour c from `from` on the board.
    static bool step_of(Color c, int from, int to) {
        bool ok = false;
        for_each_dir<Rules<V>::man_moves(Color::white)>([&](auto d) {
            constexpr Dir D = decltype(d)::value;
            if (c == Color::white) {
                ok |= (G::template step<D>(bit<bb>(from)) & G::board & bit<bb>(to)) != 0;
            } else {
                ok |= (G::template step<flip_vertical(D)>(bit<bb>(from)) & G::board &
                       bit<bb>(to)) != 0;
            }
        });
        return ok;
    }

    std::array<std::array<std::array<std::uint64_t, kSteps>, G::bits>, 2> base_{};
    Index<V> index_{Material{}};
};

}  // namespace dtb::gen
