// Colour symmetry: exchanging the colours and turning the board half a turn maps every
// position of a material onto one of the flipped material with the same value (the rules of
// every variant treat White going up as Black going down). So of a material and its
// flipped twin only one is solved; the other is derived.
#pragma once

#include <array>
#include <memory>

#include "dtb/core/position.hpp"
#include "dtb/gen/slice.hpp"

namespace dtb::gen {

template <class V>
struct Symmetry {
    using G = typename V::board;
    using bb = typename G::bb;

    // The bit of the square a half turn away.
    static constexpr std::array<int, G::bits> kTurned = [] {
        std::array<int, G::bits> t{};
        for (int b = 0; b < G::bits; ++b)
            t[b] = G::is_square(b)
                       ? G::bit_of(G::ranks - 1 - G::row_of(b), G::files - 1 - G::col_of(b))
                       : -1;
        return t;
    }();

    static bb turn(bb x) {
        bb out = 0;
        while (x) out |= bit<bb>(kTurned[pop_lsb(x)]);
        return out;
    }

    static Position<V> flip(const Position<V>& p) {
        Position<V> q;
        q.white = turn(p.black);
        q.black = turn(p.white);
        q.kings = turn(p.kings);
        q.side = ~p.side;
        if constexpr (V::king_streak_limit > 0) {
            for (int c = 0; c < 2; ++c) {
                const auto sq = p.extra.square[1 - c];
                q.extra.square[c] = sq == p.extra.kNone ? sq : std::uint8_t(kTurned[sq]);
                q.extra.count[c] = p.extra.count[1 - c];
            }
        }
        return q;
    }

    // The slice of the flipped material, from a solved one.
    static std::unique_ptr<Slice<V>> flipped(const Slice<V>& a) {
        auto b = std::make_unique<Slice<V>>(a.material().flipped());
        const auto& idx = a.index;
        const bool with_dtc = !a.dtc[0].empty();
        if (!with_dtc) b->dtc[0] = b->dtc[1] = {};
#pragma omp parallel for schedule(dynamic, 1)
        for (std::uint64_t block = 0; block < idx.blocks(); ++block) {
            for (Color side : {Color::white, Color::black}) {
                const int s = static_cast<int>(side), t = 1 - s;
                idx.visit(block, 0, idx.white_king_ranks(), side,
                          [&](std::uint64_t i, const Position<V>& p) {
                              const auto j = b->index.rank(flip(p));
                              b->wdl[t][j] = a.wdl[s][i];
                              b->dtw[t][j] = a.dtw[s][i];
                              if (with_dtc) b->dtc[t][j] = a.dtc[s][i];
                          });
            }
        }
        return b;
    }
};

}  // namespace dtb::gen
