// Of a material and its colour-flipped twin (core/flip.hpp) only one is solved; the other
// is derived from it here.
#pragma once

#include <memory>

#include "dtb/core/flip.hpp"
#include "dtb/gen/slice.hpp"

namespace dtb::gen {

template <class V>
struct Symmetry {
    static Position<V> flip(const Position<V>& p) { return Flip<V>::apply(p); }

    // The slice of the flipped material, from a solved one.
    static std::unique_ptr<Slice<V>> flipped(const Slice<V>& a) {
        auto b = std::make_unique<Slice<V>>(a.material().flipped());
        const auto& idx = a.index;
        const bool with_dtc = !a.dtc[0].empty();
        if (!with_dtc) b->dtc[0] = b->dtc[1] = {};
        const bool with_capture = !a.capture[0].empty();
        if (with_capture)
            for (auto& c : b->capture) c.assign(b->index.size(), 0);
#pragma omp parallel for schedule(dynamic, 1)
        for (std::uint64_t block = 0; block < idx.blocks(); ++block) {
            const auto [wm, bm] = idx.block_men(block);
            if (wm & bm) continue;  // broken: no position
            // Every position of the block has its men: the flipped block is one.
            Position<V> men;
            men.white = wm;
            men.black = bm;
            const std::uint64_t base = b->index.block_base(flip(men));
            for (Color side : {Color::white, Color::black}) {
                const int s = static_cast<int>(side), t = 1 - s;
                idx.visit(block, 0, idx.white_king_ranks(), side,
                          [&](std::uint64_t i, const Position<V>& p) {
                              const auto j = b->index.rank_in_block(flip(p), base);
                              b->wdl[t][j] = a.wdl[s][i];
                              b->dtw[t][j] = a.dtw[s][i];
                              if (with_dtc) b->dtc[t][j] = a.dtc[s][i];
                              if (with_capture) b->capture[t][j] = a.capture[s][i];
                          });
            }
        }
        return b;
    }
};

}  // namespace dtb::gen
