// The value of a position for the side to move, as the generator computes it.
//
// WDL is the game-theoretic value (a cycle is a draw; no draw counters). For won and lost
// positions two distances, in plies:
//   DTW  to the end of the game, the winner hurrying and the loser delaying;
//   DTC  to the next capture or man move (promotion included) by either side after which
//        the win still holds, the winner hurrying and the loser delaying.
// A side to move with no legal move has DTW = DTC = 0 (lost, or won in giveaway).
#pragma once

#include <cstdint>

namespace dtb {

enum class Wdl : std::uint8_t { unknown = 0, win = 1, draw = 2, loss = 3 };

struct Value {
    Wdl wdl = Wdl::unknown;
    std::uint16_t dtw = 0;  // meaningful for win and loss
    std::uint16_t dtc = 0;  // meaningful for win and loss
    friend constexpr bool operator==(const Value&, const Value&) = default;
};

constexpr Wdl opposite(Wdl w) { return w == Wdl::win ? Wdl::loss : w == Wdl::loss ? Wdl::win : w; }

constexpr const char* to_string(Wdl w) {
    switch (w) {
        case Wdl::win:
            return "win";
        case Wdl::draw:
            return "draw";
        case Wdl::loss:
            return "loss";
        default:
            return "unknown";
    }
}

}  // namespace dtb
