// Where each position of a material's index lands in the index of its colour-flipped twin
// (core/flip.hpp: colours exchanged, board turned half round, the other side to move).
//
// Kings are ranked over the squares the men leave, in square order (core/index.hpp). The half
// turn reverses that order and exchanges the colours, so where a position lands in its
// flipped block depends only on its place in its own block: every block with a position has
// as many free squares. One permutation of a block, found on the first block with a position,
// therefore moves every block; a block's flipped block is one term for each colour's men,
// tabulated by rank. The twin of a slice is written (gen/solver/symmetry.hpp) and its statistics
// found (slice_stats.hpp) through it, without ranking a position or a block each.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

#include "dtb/core/flip.hpp"
#include "dtb/core/index.hpp"
#include "dtb/gen/solver/for_range.hpp"

namespace dtb::gen {

template <class V>
class TwinIndex {
  public:
    explicit TwinIndex(const Index<V>& own) : twin_(own.material().flipped()) {
        // The men of each rank of each colour, and where they go: White's men, turned, are
        // the twin's Black men (and Black's its White men), so a block's flipped block is a
        // sum of one term for each colour.
        const std::uint64_t wr = own.white_men_ranks(), br = own.black_men_ranks();
        white_men_.resize(wr);
        twin_of_white_.resize(wr);
        black_men_.resize(br);
        twin_of_black_.resize(br);
        const std::uint64_t twin_black = twin_.black_men_ranks();
        for (std::uint64_t r = 0; r < wr; ++r) {
            white_men_[r] = own.block_men(r * br).first;
            twin_of_white_[r] = twin_block(white_men_[r], own.block_men(0).second) % twin_black;
        }
        for (std::uint64_t r = 0; r < br; ++r) {
            black_men_[r] = own.block_men(r).second;
            twin_of_black_[r] = twin_block(white_men_[0], black_men_[r]) / twin_black;
        }
        const std::uint64_t size = own.block_size();
        if (size > std::uint64_t(UINT32_MAX))
            throw std::runtime_error(own.material().name() +
                                     ": blocks of more than 2^32 positions");
        std::uint64_t first = 0;
        std::optional<std::uint64_t> first_base;
        for (; first < own.blocks() && !(first_base = block_base(first)); ++first) {
        }
        if (!first_base) return;  // no position at all
        order_.resize(size);
        // Runs of white-king placements side by side (a slice of kings only is one block of
        // millions of positions).
        const std::uint64_t wk = own.white_king_ranks();
        const std::uint64_t step = std::max<std::uint64_t>(1, (wk + 255) / 256);
        const std::uint64_t begin = first * size, base = *first_base;
        for_range<true>((wk + step - 1) / step, [&](std::size_t k, int) {
            own.visit(first, k * step, std::min(wk, (k + 1) * step), Color::white,
                      [&](std::uint64_t i, const Position<V>& p) {
                          order_[i - begin] =
                              std::uint32_t(twin_.rank_in_block(Flip<V>::apply(p), base) - base);
                      });
        });
    }

    // The twin's first index of block b's men flipped; nullopt for a broken block (men of
    // both sides on one square: no position).
    std::optional<std::uint64_t> block_base(std::uint64_t b) const {
        const std::uint64_t br = black_men_.size(), w = b / br, k = b % br;
        if (white_men_[w] & black_men_[k]) return std::nullopt;
        return (twin_of_black_[k] * twin_.black_men_ranks() + twin_of_white_[w]) *
               twin_.block_size();
    }
    // The place in its flipped block of the k-th position of every block.
    const std::uint32_t* order() const { return order_.data(); }

  private:
    using bb = typename V::board::bb;
    // The twin's block of the men wm and bm turned (they may overlap: each colour is ranked
    // over its own squares).
    std::uint64_t twin_block(bb wm, bb bm) const {
        Position<V> men;
        men.white = wm;
        men.black = bm;
        return twin_.block_base(Flip<V>::apply(men)) / twin_.block_size();
    }

    Index<V> twin_;
    std::vector<bb> white_men_, black_men_;  // by rank
    // The twin's black-men rank of each white-men rank, and its white-men rank of each
    // black-men rank.
    std::vector<std::uint64_t> twin_of_white_, twin_of_black_;
    std::vector<std::uint32_t> order_;
};

}  // namespace dtb::gen
