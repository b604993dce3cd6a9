// Of a material and its colour-flipped twin (core/flip.hpp) only one is solved; the other
// is derived from it here.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "dtb/core/flip.hpp"
#include "dtb/gen/slice.hpp"

namespace dtb::gen {

template <class V>
struct Symmetry {
    static Position<V> flip(const Position<V>& p) { return Flip<V>::apply(p); }

    // The slice of the flipped material, from a solved one.
    //
    // Kings are ranked over the squares the men leave, in square order (index.hpp). The half
    // turn reverses that order and exchanges the colours, so where a position lands in its
    // flipped block depends only on its place in its own block: every block has as many free
    // squares. One permutation, found on the first block, moves every block (a scatter
    // within a few kilobytes instead of a ranking per position).
    static std::unique_ptr<Slice<V>> flipped(const Slice<V>& a) {
        auto b = std::make_unique<Slice<V>>(a.material().flipped());
        const auto& idx = a.index;
        const bool with_dtc = !a.dtc[0].empty();
        if (!with_dtc) b->dtc[0] = b->dtc[1] = {};
        const bool with_capture = !a.capture[0].empty();
        if (with_capture)
            for (auto& c : b->capture) c.assign(b->index.size(), 0);
        const std::uint64_t size = idx.block_size();
        std::uint64_t first = 0;
        while (first < idx.blocks() && broken(idx, first)) ++first;
        if (first == idx.blocks()) return b;  // no position at all
        std::vector<std::uint64_t> perm(size);
        const std::uint64_t first_base = flipped_block_base(*b, idx, first);
        idx.visit(first, 0, idx.white_king_ranks(), Color::white,
                  [&](std::uint64_t i, const Position<V>& p) {
                      perm[i - first * size] =
                          b->index.rank_in_block(flip(p), first_base) - first_base;
                  });
#pragma omp parallel for schedule(dynamic, 1)
        for (std::uint64_t block = first; block < idx.blocks(); ++block) {
            if (broken(idx, block)) continue;
            const std::uint64_t from = block * size, to = flipped_block_base(*b, idx, block);
            for (int s = 0; s < 2; ++s) {
                const int t = 1 - s;
                for (std::uint64_t k = 0; k < size; ++k) {
                    const std::uint64_t i = from + k, j = to + perm[k];
                    b->wdl[t][j] = a.wdl[s][i];
                    b->dtw[t][j] = a.dtw[s][i];
                    if (with_dtc) b->dtc[t][j] = a.dtc[s][i];
                    if (with_capture) b->capture[t][j] = a.capture[s][i];
                }
            }
        }
        return b;
    }

  private:
    static bool broken(const Index<V>& idx, std::uint64_t block) {
        const auto [wm, bm] = idx.block_men(block);
        return (wm & bm) != 0;
    }
    // The first index, in b, of the flipped men of block `block` of idx.
    static std::uint64_t flipped_block_base(const Slice<V>& b, const Index<V>& idx,
                                            std::uint64_t block) {
        const auto [wm, bm] = idx.block_men(block);
        Position<V> men;
        men.white = wm;
        men.black = bm;
        return b.index.block_base(flip(men));
    }
};

}  // namespace dtb::gen
