// Frisian's king-move restriction as dtb shows it: for each side that has men, the king that
// made the last run of non-capturing moves and how long the run is (core/position.hpp). The
// FEN carries the same (":RW28/2"); this spells it out for a reader and for scripts.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "dtb/core/notation.hpp"

namespace dtb::cli {

template <class V>
inline constexpr bool kHasKingStreaks = V::king_streak_limit > 0;

// {"limit": 3, "white": {"king": "28", "moves": 2}, "black": null}
template <class V>
nlohmann::ordered_json king_streaks_json(const Position<V>& p) {
    nlohmann::ordered_json j = {{"limit", V::king_streak_limit}};
    if constexpr (kHasKingStreaks<V>) {
        for (Color c : {Color::white, Color::black}) {
            const int s = static_cast<int>(c);
            const char* side = c == Color::white ? "white" : "black";
            if (p.extra.square[s] == p.extra.kNone) {
                j[side] = nullptr;
            } else {
                j[side] = {{"king", Squares<V>::name(p.extra.square[s])},
                           {"moves", int(p.extra.count[s])}};
            }
        }
    }
    return j;
}

// "White's king on 28 has made 2 of its 3 moves in a row; Black: none"
template <class V>
std::string king_streaks_text(const Position<V>& p) {
    std::string t;
    if constexpr (kHasKingStreaks<V>) {
        for (Color c : {Color::white, Color::black}) {
            const int s = static_cast<int>(c);
            t += t.empty() ? "" : "; ";
            t += c == Color::white ? "White" : "Black";
            if (p.extra.square[s] == p.extra.kNone) {
                t += p.men(c) ? ": no king run" : ": no restriction (no men)";
            } else {
                t += "'s king on " + Squares<V>::name(p.extra.square[s]) + " has made " +
                     std::to_string(p.extra.count[s]) + " of its " +
                     std::to_string(V::king_streak_limit) + " moves in a row";
            }
        }
    }
    return t;
}

}  // namespace dtb::cli
