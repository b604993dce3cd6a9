// A move of any board in one type, for what holds moves of every variant alike: an answer's
// records of the legal moves, the plies of a replayed game.
#pragma once

#include <cstdint>

#include "dtb/core/bitboard.hpp"
#include "dtb/core/move.hpp"

namespace dtb {

// Equal exactly when the Moves it was made from are (same start, same end, same pieces
// taken, same crowning), so moves are paired by identity rather than by their text.
struct AnyMove {
    u128 captured = 0;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    bool promotes = false;

    template <class G>
    static constexpr AnyMove of(const Move<G>& m) {
        return {u128(m.captured), m.from, m.to, m.promotes};
    }
    friend constexpr bool operator==(const AnyMove&, const AnyMove&) = default;
};

}  // namespace dtb
