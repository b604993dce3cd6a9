// A slice of kings only where a side has a lone king (the bit-parallel loop), on several
// threads: its two passes side by side.
//
// The DTC pass needs nothing of the DTW pass's values (no man move to look up), so once the
// DTW initialisation has recorded the captures, the two level loops run side by side, each
// on a thread of its own in plain steps, rather than one after the other on every thread in
// atomic steps with barriers at every level. Not for the counting loop: its DTC pass skips
// the positions the DTW pass found never lost, which it cannot know side by side.
#pragma once

#include <cstddef>
#include <utility>

#include "dtb/gen/solver/counting_loop.hpp"
#include "dtb/gen/solver/for_range.hpp"
#include "dtb/gen/solver/passes.hpp"
#include "dtb/gen/solver/solver_scratch.hpp"

namespace dtb::gen {

// Solves the whole slice, one region, into the slice.
template <class V>
void solve_passes_side_by_side(SolverContext<V>& ctx, int threads) {
    const auto& idx = ctx.slice->index;
    const Region r{0, idx.blocks()};
    Scratch<V> dtw(idx.size(), threads, false), dtc(idx.size(), 1, false);
    enter_region(ctx, dtw, r);
    enter_region(ctx, dtc, r);
    ctx.slabs.template prepare<true>(dtw.slabs, dtw.men.first, dtw.men.second);
    dtc.slabs = dtw.slabs;
    start_pass<true>(ctx, Pass::dtw, r, dtw);
    // What the captures and promotions give, for the DTC initialisation (the DTW loop
    // does not read it).
    for (int s = 0; s < 2; ++s) dtc.conversion[s] = std::move(dtw.conversion[s]);
    for_range<true>(2, [&](std::size_t k, int) {
        if (k == 0) {
            level_loop<false>(ctx, Pass::dtw, r, dtw);
        } else {
            start_pass<false>(ctx, Pass::dtc, r, dtc, false);
            level_loop<false>(ctx, Pass::dtc, r, dtc);
        }
    });
    finish_pass<true>(ctx, Pass::dtw, r, dtw.cell);
    finish_pass<true>(ctx, Pass::dtc, r, dtc.cell);
}

}  // namespace dtb::gen
