#include "dtb/gen/moves.hpp"

#include "variant_entry_points.hpp"

namespace dtb::gen {

LegalMoves legal_moves(VariantId variant, const std::string& fen, bool keep_duplicates) {
    return dispatch(variant,
                    [&](auto v) { return legal_moves_of<decltype(v)>(fen, keep_duplicates); });
}

Perft perft(VariantId variant, const std::string& fen, int depth, bool keep_duplicates,
            const std::function<void(const PerftDepth&)>& each_depth) {
    return dispatch(variant, [&](auto v) {
        return perft_of<decltype(v)>(fen, depth, keep_duplicates, each_depth);
    });
}

}  // namespace dtb::gen
