// A slice of men only, where men only advance: a block is one position per side and has
// no internal move (every move is a capture, a promotion or a man move into a block of an
// earlier wave), so each position's value is its exits' summary, without a pass or a level
// loop: decided at the level its exits decide it, or drawn, or over at once without a move
// (lost; won in giveaway).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "dtb/gen/solver/exit_summary.hpp"
#include "dtb/gen/solver/for_range.hpp"
#include "dtb/gen/solver/solver_cell.hpp"
#include "dtb/gen/solver/solver_scratch.hpp"

namespace dtb::gen {

// Solves the slice wave by wave (waves.hpp), straight into the slice.
template <class V>
void solve_men_only(SolverContext<V>& ctx, const std::vector<std::vector<std::uint64_t>>& waves) {
    using C = CellFormat;
    Slice<V>& slice = *ctx.slice;
    for (const auto& wave : waves) {
        for_range<true, 64>(wave.size(), [&](std::size_t k, int) {
            const std::uint64_t i = wave[k];  // a block of one position
            for (Color side : {Color::white, Color::black}) {
                const int s = static_cast<int>(side);
                Position<V> p;
                slice.index.unrank(i, side, p);
                ExitSummary dtw, dtc;
                int internal = 0;
                slice.capture[s][i] = summarise_exits(ctx, p, dtw, dtc, internal);
                if (internal != 0)
                    throw std::logic_error("generator: a king move in a men-only slice");
                if (dtw.level() > C::kMaxLevel)
                    throw std::runtime_error("generator: distance beyond 16382 plies");
                const C::Cell state = dtw.k == C::win    ? C::kWon
                                      : dtw.k == C::loss ? C::kLost
                                      : dtw.k == C::draw ? C::kPending  // a draw
                                                         : kGameOver<V>;
                const bool decided = state == C::kWon || state == C::kLost;
                slice.wdl[s][i] = std::uint8_t(wdl_of(state));
                slice.dtw[s][i] = decided ? std::uint16_t(dtw.level()) : 0;
                slice.dtc[s][i] = decided ? std::uint16_t(dtc.level()) : 0;
            }
        });
    }
}

}  // namespace dtb::gen
