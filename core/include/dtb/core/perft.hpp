// Perft: the number of move sequences of a given length, counted with the last ply bulk-
// counted (moves counted, not made). Exact against published counts
// (docs/variants.md#published-counts).
#pragma once

#include <cstdint>

#include "dtb/core/apply.hpp"
#include "dtb/core/movegen.hpp"

namespace dtb {

template <class V>
std::uint64_t perft(const Position<V>& p, int depth, Duplicates dups = Duplicates::drop) {
    if (depth <= 0) return 1;
    if (depth == 1) return std::uint64_t(MoveGen<V>::count(p, dups));
    MoveList<typename V::board> moves;
    MoveGen<V>::generate(p, moves, dups);
    std::uint64_t n = 0;
    for (const auto& m : moves) n += perft(apply(p, m), depth - 1, dups);
    return n;
}

}  // namespace dtb
