// The order of a slice's blocks where men only advance: waves, most advanced men first, so
// that a man move leads into a block already solved and counts as an exit.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <utility>
#include <vector>

#include "dtb/core/bitboard.hpp"
#include "dtb/core/direction.hpp"
#include "dtb/core/index.hpp"

namespace dtb::gen {

// Whether every non-capturing man move takes the man a row forward (no sideways steps), so
// that men configurations can be solved one after another.
template <class V>
inline constexpr bool kMenOnlyAdvance = (V::man_moves &
                                         dirs({Dir::se, Dir::sw, Dir::s, Dir::e, Dir::w})) == 0;

// The blocks grouped in waves, most advanced men first. A non-capturing man move takes
// its man one row forward: the sum of the rows the men have advanced grows by one, and
// the move leads into a block of an earlier wave. Broken blocks are left out.
template <class V>
std::vector<std::vector<std::uint64_t>> make_waves(const Index<V>& idx) {
    using G = typename V::board;
    std::map<int, std::vector<std::uint64_t>, std::greater<>> by_advance;
    for (std::uint64_t b = 0; b < idx.blocks(); ++b) {
        const auto [wm, bm] = idx.block_men(b);
        if (wm & bm) continue;
        int advance = 0;
        for (int r = 0; r < G::ranks; ++r)
            advance += r * popcount(wm & G::row_mask(r)) +
                       (G::ranks - 1 - r) * popcount(bm & G::row_mask(r));
        by_advance[advance].push_back(b);
    }
    std::vector<std::vector<std::uint64_t>> waves;
    for (auto& [a, blocks] : by_advance) waves.push_back(std::move(blocks));
    return waves;
}

}  // namespace dtb::gen
