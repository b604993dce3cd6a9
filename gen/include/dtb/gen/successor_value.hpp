// A position's value from the values of the positions its moves reach (the rule:
// core/successor_values.hpp; no move: lost, won in giveaway, DTW = DTC = 0): how a resumed
// dtb gen completes the entries the tables leave out, and how dtb verify re-derives stored
// values.
#pragma once

#include <optional>

#include "dtb/core/apply.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/successor_values.hpp"
#include "dtb/core/value.hpp"

namespace dtb::gen {

// `lookup(q)` gives the value of a position q reached by a move (nullopt: unknown, which
// makes the answer unknown). With captures_only, only the captures are looked at: right when
// the side to move has one (captures are compulsory).
template <class V, class Lookup>
std::optional<Value> value_from_successors(const Position<V>& p, Lookup&& lookup,
                                           bool captures_only = false) {
    using G = typename V::board;
    constexpr bool giveaway = V::goal == Goal::giveaway;
    MoveList<G> moves;
    if (captures_only) {
        MoveGen<V>::generate_captures(p, moves);
    } else {
        MoveGen<V>::generate(p, moves);
    }
    if (moves.empty()) return Value{giveaway ? Wdl::win : Wdl::loss, 0, 0};
    SuccessorValues values;
    for (const auto& m : moves) {
        const Position<V> s = apply(p, m);
        Value sv;
        if (s.pieces(s.side) == 0) {
            sv = {giveaway ? Wdl::win : Wdl::loss, 0, 0};  // no piece, no move
        } else {
            const std::optional<Value> v = lookup(s);
            if (!v || v->wdl == Wdl::unknown) return std::nullopt;
            sv = *v;
        }
        values.add(p, m, sv);
    }
    return values.value();
}

}  // namespace dtb::gen
