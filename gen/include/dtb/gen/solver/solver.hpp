// Retrograde analysis of one slice (a material, both sides to move), ply by ply: how its
// regions are solved, and in which order.
//
// Regions. Where men only move forward (every variant but turkish and armenian, whose men
// also step sideways), a man move leads to a block (men configuration) whose men stand
// further forward. The blocks are solved in waves, most advanced men first (waves.hpp): a
// man move then leads into a block that is already solved, and counts as an exit like a
// capture; inside a block only king moves happen. Each block is solved on its own, by one
// thread, in a small working set that stays in cache; the blocks of one wave are solved side
// by side, and those of a wave with fewer blocks than threads by every thread together. A
// slice of kings only (one block), and every slice where men step sideways, is one region
// solved by every thread together; there non-crowning man moves are internal.
//
// A region is solved in two passes, DTW then DTC (passes.hpp), each with a level loop:
//   the bit-parallel loop (king_slabs.hpp) in a region of one block where a side has a
//     single king (a block of a slice with men, or a slice of kings only);
//   the counting loop (counting_loop.hpp) elsewhere.
// Shortcuts:
//   one_sided.hpp     a block where one side has no king (and no frisian streak is kept):
//                     both passes in one look per position, no level loop;
//   side_by_side.hpp  a slice of kings only with a lone king, on several threads: its two
//                     passes at once, one thread each;
//   men_only.hpp      a slice of men only that only advance: no pass at all.
// Tests solve with the counting loop everywhere (LevelLoop::counting) and compare.
//
// Values under the counters (counters_solve.hpp) come from the same solver with other exits and
// one pass: the DTW pass, whose distance then is the budget the binding counter must leave
// (CountersBudget).
#pragma once

#include <omp.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "dtb/gen/solver/counting_loop.hpp"
#include "dtb/gen/solver/exit_tables.hpp"
#include "dtb/gen/solver/for_range.hpp"
#include "dtb/gen/solver/king_slabs.hpp"
#include "dtb/gen/solver/men_only.hpp"
#include "dtb/gen/solver/one_sided.hpp"
#include "dtb/gen/solver/passes.hpp"
#include "dtb/gen/solver/side_by_side.hpp"
#include "dtb/gen/solver/slice.hpp"
#include "dtb/gen/solver/solver_scratch.hpp"
#include "dtb/gen/solver/waves.hpp"

namespace dtb::gen {

// How the regions that allow a shortcut are solved: a block with a lone king of a side by
// the bit-parallel loop (gen/solver/king_slabs.hpp), a block where a side has no king without a
// loop (solve_one_sided); or, for tests that compare, every region by the counting loop.
enum class LevelLoop { fastest, counting };

// A solve of the values under the counters: the distance is the budget (core/counters_classes.hpp);
// where man moves restart the binding count, a man move's child counts 1, and a position whose
// budget exceeds `cap` (the most the count can leave) is a draw before later blocks read it.
struct CountersBudget {
    bool man_moves_restart = false;
    int cap = 0;
};

template <class V>
class SliceSolver {
  public:
    // `exits` answers for any position reached by a capture or a promotion, a side without
    // pieces included. The slice's arrays are taken from `stock` where it has them.
    SliceSolver(const Material& m, const ExitTables<V>& exits, LevelLoop loop = LevelLoop::fastest,
                ArrayStock* stock = nullptr, std::optional<CountersBudget> counters = std::nullopt)
        : ctx_(m, exits, stock) {
        const auto& idx = ctx_.slice->index;
        ctx_.by_block = kMenOnlyAdvance<V> && m.men() > 0 && idx.blocks() > 1;
        if (counters) {
            ctx_.counters = true;
            ctx_.man_moves_restart = counters->man_moves_restart;
            cap_ = counters->cap;
            if (ctx_.man_moves_restart && !ctx_.by_block && m.men() > 0)
                throw std::logic_error("generator: a count that man moves restart needs blocks");
        }
        if (loop == LevelLoop::fastest) {
            // The one-sided look ranks a king move's child from the kings alone: not where the
            // index holds king-move streaks (frisian), which the move changes too.
            ctx_.one_sided =
                ctx_.by_block && !idx.has_streaks() && (m.white_kings == 0) != (m.black_kings == 0);
            // The bit-parallel loop wants regions of one block: men only advance, or no men.
            if (!ctx_.one_sided && (kMenOnlyAdvance<V> || m.men() == 0))
                ctx_.slabs = KingSlabs<V>(idx, true);
        }
        if (ctx_.by_block) waves_ = make_waves(idx);
    }

    std::unique_ptr<Slice<V>> solve() {
        const auto& idx = ctx_.slice->index;
        const Material& m = ctx_.slice->material();
        ctx_.slice->clear_capture_flags(ctx_.stock);
        const int threads = omp_get_max_threads();
        // One thread solves every region in plain (not atomic) steps, without a parallel
        // region per level, whose cost would add up over thousands of small blocks: a whole
        // slice here, blocks below as the one thread of a wave's team.
        if (!ctx_.by_block) {
            if (threads > 1 && m.men() == 0 && ctx_.slabs.applies()) {
                solve_passes_side_by_side(ctx_, threads);
                return std::move(ctx_.slice);
            }
            Scratch<V> sc(idx.size(), threads, false);
            if (threads == 1) {
                solve_region<false>({0, idx.blocks()}, sc);
            } else {
                solve_region<true>({0, idx.blocks()}, sc);
            }
            return std::move(ctx_.slice);
        }
        if (m.white_kings + m.black_kings == 0) {
            solve_men_only(ctx_, waves_);
            return std::move(ctx_.slice);
        }
        std::unique_ptr<Scratch<V>> shared;  // for waves of fewer blocks than threads
        std::vector<std::unique_ptr<Scratch<V>>> own(static_cast<std::size_t>(threads));
        for (std::size_t w = 0; w < waves_.size(); ++w) {
            const auto& wave = waves_[w];
            // A wave's man moves lead into the wave before it only: the one before that is
            // done with (in a slice in files its pages go: the memory stays two waves).
            if (w >= 2)
                for (const auto b : waves_[w - 2]) ctx_.slice->page_out_block(b);
            if (wave.size() < std::size_t(threads)) {
                if (!shared) shared = std::make_unique<Scratch<V>>(idx.block_size(), threads, true);
                for (const auto b : wave) solve_region<true>({b, b + 1}, *shared);
                continue;
            }
            // Each block by one thread, in that thread's scratch.
            for_range<true>(wave.size(), [&](std::size_t k, int t) {
                auto& sc = own[std::size_t(t)];
                if (!sc) sc = std::make_unique<Scratch<V>>(idx.block_size(), 1, true);
                solve_region<false>({wave[k], wave[k] + 1}, *sc);
            });
        }
        return std::move(ctx_.slice);
    }

  private:
    template <bool Shared>
    void solve_region(const Region& r, Scratch<V>& sc) {
        enter_region(ctx_, sc, r);
        if (ctx_.slabs.applies())
            ctx_.slabs.template prepare<Shared>(sc.slabs, sc.men.first, sc.men.second);
        if (ctx_.one_sided) {
            solve_one_sided<Shared>(ctx_, r, sc);
        } else {
            run_pass<Shared>(Pass::dtw, r, sc);
            if (!ctx_.counters) run_pass<Shared>(Pass::dtc, r, sc);
        }
        if (ctx_.man_moves_restart) cap_region<Shared>(r);
    }

    // Positions whose budget exceeds what a restarted count leaves are draws under the counters.
    template <bool Shared>
    void cap_region(const Region& r) {
        Slice<V>& slice = *ctx_.slice;
        const std::uint64_t base = ctx_.base(r), size = ctx_.size(r);
        for_range<Shared>(2, [&](std::size_t s, int) {
            for (std::uint64_t i = base; i < base + size; ++i) {
                const auto w = Wdl(slice.wdl[s][i]);
                if ((w == Wdl::win || w == Wdl::loss) && slice.dtw[s][i] > cap_) {
                    slice.wdl[s][i] = std::uint8_t(Wdl::draw);
                    slice.dtw[s][i] = 0;
                }
            }
        });
    }

    template <bool Shared>
    void run_pass(Pass pass, const Region& r, Scratch<V>& sc) {
        start_pass<Shared>(ctx_, pass, r, sc);
        level_loop<Shared>(ctx_, pass, r, sc);
        finish_pass<Shared>(ctx_, pass, r, sc.cell);
    }

    SolverContext<V> ctx_;
    int cap_ = 0;
    std::vector<std::vector<std::uint64_t>> waves_;  // by_block: the blocks, in solving order
};

}  // namespace dtb::gen
