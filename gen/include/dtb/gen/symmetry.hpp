// Of a material and its colour-flipped twin (core/flip.hpp) only one is solved; the other
// is derived from it here.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "dtb/core/flip.hpp"
#include "dtb/gen/for_range.hpp"
#include "dtb/gen/slice.hpp"

namespace dtb::gen {

template <class V>
struct Symmetry {
    static Position<V> flip(const Position<V>& p) { return Flip<V>::apply(p); }

    // The slice of the flipped material, from a solved one.
    //
    // Kings are ranked over the squares the men leave, in square order (index.hpp). The half
    // turn reverses that order and exchanges the colours, so where a position lands in its
    // flipped block depends only on its place in its own block: every block with a position
    // has as many free squares. Where there are several blocks, one permutation, found on the
    // first of them, moves every block (a scatter within the block instead of a ranking per
    // position); a slice of one block (kings only) is ranked position by position.
    //
    // With Sides::white the twin holds White to move only (what its tables are written
    // from), and the capture flags of both sides (the writer's mask needs both). Its arrays
    // are taken from `stock` where it has them.
    static std::unique_ptr<Slice<V>> flipped(const Slice<V>& a, Sides sides = Sides::both,
                                             ArrayStock* stock = nullptr) {
        auto b = std::make_unique<Slice<V>>(a.material().flipped(), sides, stock);
        const auto& idx = a.index;
        const bool with_dtc = !a.dtc[0].empty();
        if (!with_dtc) b->dtc[0] = b->dtc[1] = {};
        const bool with_capture = !a.capture[0].empty();
        if (with_capture) b->clear_capture_flags(stock);
        const int last = sides == Sides::both ? 1 : 0;  // the twin's sides to move filled
        auto copy = [&](std::uint64_t i, std::uint64_t j) {
            for (int t = 0; t <= last; ++t) {
                const int s = 1 - t;
                b->wdl[t][j] = a.wdl[s][i];
                b->dtw[t][j] = a.dtw[s][i];
                if (with_dtc) b->dtc[t][j] = a.dtc[s][i];
            }
            if (with_capture)
                for (int s = 0; s < 2; ++s) b->capture[1 - s][j] = a.capture[s][i];
        };
        const std::uint64_t size = idx.block_size();
        if (idx.blocks() == 1 || size > std::uint64_t(UINT32_MAX)) {
            // Runs of white-king placements, side by side.
            const std::uint64_t wk = idx.white_king_ranks();
            const std::uint64_t step = std::max<std::uint64_t>(1, (wk + 255) / 256);
            for (std::uint64_t block = 0; block < idx.blocks(); ++block) {
                std::uint64_t base = 0;
                if (!flipped_block_base(*b, idx, block, base)) continue;
                for_range<true>((wk + step - 1) / step, [&](std::size_t k, int) {
                    idx.visit(block, k * step, std::min(wk, (k + 1) * step), Color::white,
                              [&](std::uint64_t i, const Position<V>& p) {
                                  copy(i, b->index.rank_in_block(flip(p), base));
                              });
                });
            }
            return b;
        }
        std::uint64_t first = 0, first_base = 0;
        while (first < idx.blocks() && !flipped_block_base(*b, idx, first, first_base)) ++first;
        if (first == idx.blocks()) return b;  // no position at all
        std::vector<std::uint32_t> perm(size);
        idx.visit(first, 0, idx.white_king_ranks(), Color::white,
                  [&](std::uint64_t i, const Position<V>& p) {
                      perm[i - first * size] =
                          std::uint32_t(b->index.rank_in_block(flip(p), first_base) - first_base);
                  });
#pragma omp parallel for schedule(dynamic, 16)
        for (std::uint64_t block = first; block < idx.blocks(); ++block) {
            std::uint64_t to = 0;
            if (!flipped_block_base(*b, idx, block, to)) continue;
            const std::uint64_t from = block * size;
            for (std::uint64_t k = 0; k < size; ++k) copy(from + k, to + perm[k]);
        }
        return b;
    }

  private:
    // The first index, in b, of the flipped men of block `block` of idx; false for a broken
    // block (men of both sides on one square: no position).
    static bool flipped_block_base(const Slice<V>& b, const Index<V>& idx, std::uint64_t block,
                                   std::uint64_t& base) {
        const auto [wm, bm] = idx.block_men(block);
        if (wm & bm) return false;
        Position<V> men;
        men.white = wm;
        men.black = bm;
        base = b.index.block_base(flip(men));
        return true;
    }
};

}  // namespace dtb::gen
