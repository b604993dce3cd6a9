// The definitions behind dtb/gen/moves.hpp for one variant V: included once per variant by
// entry_points.cpp.in, which instantiates them; moves.cpp reaches them through dispatch.
#pragma once

#include <chrono>

#include "dtb/core/apply.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/perft.hpp"
#include "dtb/gen/moves.hpp"

namespace dtb::gen {

template <class V>
LegalMoves legal_moves_of(const std::string& fen, bool keep_duplicates) {
    const Position<V> p = parse_possible_fen<V>(fen);
    LegalMoves out{write_fen(p), V::goal == Goal::giveaway, {}};
    for (const auto& [pm, text] :
         legal_moves_with_text(p, keep_duplicates ? Duplicates::keep : Duplicates::drop))
        out.moves.push_back({text, write_fen(apply(p, pm.move))});
    return out;
}

template <class V>
Perft perft_of(const std::string& fen, int depth, bool keep_duplicates,
               const std::function<void(const PerftDepth&)>& each_depth) {
    const Position<V> p = parse_possible_fen<V>(fen);
    const Duplicates dups = keep_duplicates ? Duplicates::keep : Duplicates::drop;
    MoveList<typename V::board> moves;
    MoveGen<V>::generate(p, moves, dups);
    Perft out{write_fen(p), {}, {}};
    // Split over the root moves, one OpenMP task per move.
    std::vector<std::uint64_t> below(std::size_t(moves.size()), 1);
    for (int d = 1; d <= depth; ++d) {
        const auto t0 = std::chrono::steady_clock::now();
        if (d > 1) {
#pragma omp parallel for schedule(dynamic, 1)
            for (int i = 0; i < moves.size(); ++i)
                below[std::size_t(i)] = perft(apply(p, moves[i]), d - 1, dups);
        }
        std::uint64_t n = 0;
        for (auto c : below) n += c;
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        out.depths.push_back({d, n, s});
        if (each_depth) each_depth(out.depths.back());
    }
    const auto texts = legal_moves_with_text(p, dups);
    for (std::size_t i = 0; i < texts.size() && i < below.size(); ++i)
        out.divide.push_back({texts[i].second, below[i]});
    return out;
}

}  // namespace dtb::gen
