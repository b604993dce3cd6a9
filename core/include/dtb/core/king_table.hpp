// Unranking inside a block without searching. Index::unrank finds each king subset by a
// binary search over binomial coefficients; a solver that unranks millions of positions of
// one block tabulates, once per material, the subset of every white-king and black-king
// rank as ordinals. A position is then a division and two deposits into the free squares
// (and, frisian, the streaks the ranks carry).
#pragma once

#include <cstdint>
#include <vector>

#include "dtb/core/index.hpp"

namespace dtb {

template <class V>
class KingTable {
    using G = typename V::board;
    using bb = typename G::bb;

  public:
    explicit KingTable(const Index<V>& idx) : index_(idx) {
        const Material& m = idx.material();
        white_.resize(idx.white_king_sets());
        black_.resize(idx.black_king_ranks());
        for (std::uint64_t r = 0; r < white_.size(); ++r)
            white_[r] = Index<V>::ordinal_subset(r, m.white_kings);
        for (std::uint64_t r = 0; r < black_.size(); ++r)
            black_[r] = Index<V>::ordinal_subset(r, m.black_kings);
    }

    // The position at `kings` (its index minus its block's first index) in a block whose
    // men are wm and bm; side to move `side`.
    void unrank(std::uint64_t kings, bb wm, bb bm, Color side, Position<V>& p) const {
        const bb free = G::board & ~(wm | bm);
        const std::uint64_t per_white = black_.size();
        const std::uint64_t w = kings / per_white;
        const bb wk = Index<V>::deposit(white_[index_.white_set(w)], free);
        const bb bk = Index<V>::deposit(black_[kings % per_white], free & ~wk);
        p = Position<V>{};
        p.white = wm | wk;
        p.black = bm | bk;
        p.kings = wk | bk;
        p.side = side;
        index_.set_streaks(p, w);
    }

  private:
    Index<V> index_;                 // frisian: where the streaks are
    std::vector<bb> white_, black_;  // ordinal subsets by rank of the kings' sets
};

}  // namespace dtb
