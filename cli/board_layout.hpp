// Where a variant's squares are drawn and what they are called, for the analysis page: rows
// and columns from White's lower left as the players see the board (the notation's view, so
// mirrored boards and each numbering come out right), and each square's name as dtb writes it
// in FENs and moves.
#pragma once

#include <nlohmann/json.hpp>

#include "dtb/core/notation.hpp"
#include "dtb/core/variant.hpp"

namespace dtb::cli {

template <class V>
nlohmann::ordered_json board_layout() {
    using G = typename V::board;
    using S = Squares<V>;
    auto squares = nlohmann::ordered_json::array();
    for (int b = 0; b < G::bits; ++b)
        if (G::is_square(b))
            squares.push_back({{"name", S::name(b)},
                               {"algebraic", S::algebraic(b)},
                               {"row", G::row_of(b)},
                               {"col", S::shown_col(b)}});
    return {{"files", G::files},
            {"ranks", G::ranks},
            {"dark_only", G::dark_only},
            {"numbered", S::has_numbers && !V::algebraic_output},
            {"squares", squares}};
}

inline nlohmann::ordered_json board_layout(VariantId id) {
    return dispatch(id, [](auto v) { return board_layout<decltype(v)>(); });
}

}  // namespace dtb::cli
