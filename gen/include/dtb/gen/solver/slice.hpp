// A solved slice in memory: the values of every position of one material, both sides to
// move, by index (index.hpp). Broken indices (no position) hold Wdl::unknown.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "dtb/core/index.hpp"
#include "dtb/core/large_array.hpp"
#include "dtb/core/value.hpp"
#include "dtb/gen/run/array_stock.hpp"
#include "dtb/gen/solver/exit_code.hpp"
#include "dtb/gen/solver/for_range.hpp"

namespace dtb::gen {

// The sides to move a slice holds values for: both, White only (a colour-flipped twin that
// is only written: its tables hold White to move), or none yet (arrays the caller takes one
// at a time: a twin written a kind at a time, table_files.hpp).
enum class Sides { both, white, none };

template <class V>
struct Slice {
    // The six arrays are filled side by side: filling is mostly the kernel faulting their
    // pages in, hundreds of megabytes a slice, unless `stock` has arrays to take them from.
    explicit Slice(const Material& m, Sides sides = Sides::both, ArrayStock* stock = nullptr)
        : index(m) {
        const int held = sides == Sides::both ? 2 : sides == Sides::white ? 1 : 0;
        if (stock)
            for (int s = 0; s < held; ++s) {
                wdl[s] = stock->take<std::uint8_t>(index.size());
                dtw[s] = stock->take<std::uint16_t>(index.size());
                dtc[s] = stock->take<std::uint16_t>(index.size());
            }
        for_range<true>(6, [&](std::size_t k, int) {
            const std::size_t s = k & 1;
            if (int(s) >= held) return;
            switch (k / 2) {
                case 0:
                    wdl[s].assign(index.size(), std::uint8_t(Wdl::unknown));
                    break;
                case 1:
                    dtw[s].assign(index.size(), 0);
                    break;
                default:
                    dtc[s].assign(index.size(), 0);
            }
        });
    }

    Index<V> index;
    LargeVector<std::uint8_t> wdl[2];  // Wdl, by side to move (0 white, 1 black); empty: not held
    LargeVector<std::uint16_t> dtw[2];
    LargeVector<std::uint16_t> dtc[2];  // emptied once the slice is written (not needed later)
    // 1 where the side to move has a capture (compulsory): the prober recomputes those
    // positions by a capture search, so their stored values are left out. Filled by the
    // solver; empty in a slice read back from a raw file.
    LargeVector<std::uint8_t> capture[2];
    // A slice held only for later ones to look into (coded_slice.hpp): WDL and DTW of each
    // entry in a byte by side to move, coded as `coding` says; wdl, dtw and dtc are empty.
    LargeVector<std::uint8_t> exit[2];
    std::optional<ExitCode> coding;

    const Material& material() const { return index.material(); }
    // Both sides' capture flags, all 0, in arrays taken from `stock` where it has them.
    void clear_capture_flags(ArrayStock* stock = nullptr) {
        for (auto& c : capture) {
            if (stock) c = stock->take<std::uint8_t>(index.size());
            c.assign(index.size(), 0);
        }
    }
    // Hands every array to `stock` (the slice is left empty).
    void give_arrays(ArrayStock& stock) {
        for (int s = 0; s < 2; ++s) {
            stock.give(wdl[s]);
            stock.give(dtw[s]);
            stock.give(dtc[s]);
            stock.give(capture[s]);
            stock.give(exit[s]);
        }
        coding.reset();
    }

    // WDL and DTW of the entry at i, side to move s, from the arrays or the exit codes.
    ExitValue exit_value(int s, std::uint64_t i) const {
        if (coding) return coding->decode(exit[s][i]);
        return {Wdl(wdl[s][i]), dtw[s].empty() ? std::uint16_t(0) : dtw[s][i]};
    }
    // Where the arrays are in files (a slice larger than the run's memory), block b's
    // values written out and dropped from memory; nothing for arrays in memory.
    void page_out_block(std::uint64_t b) const {
        const std::uint64_t begin = b * index.block_size(), end = begin + index.block_size();
        for (int s = 0; s < 2; ++s) {
            page_out(wdl[s], begin, end);
            page_out(dtw[s], begin, end);
            page_out(dtc[s], begin, end);
            page_out(capture[s], begin, end);
        }
    }
    Value value(Color side, std::uint64_t i) const {
        const int s = static_cast<int>(side);
        const ExitValue e = exit_value(s, i);
        return {e.wdl(), e.dtw(), dtc[s].empty() ? std::uint16_t(0) : dtc[s][i]};
    }
};

// The memory s's arrays take (those in files take none: the kernel pages them).
template <class V>
std::uint64_t slice_bytes(const Slice<V>& s) {
    const auto bytes = [](const auto& v) { return in_files(v) ? 0 : v.capacity() * sizeof(v[0]); };
    std::uint64_t n = 0;
    for (int k = 0; k < 2; ++k)
        n += bytes(s.wdl[k]) + bytes(s.dtw[k]) + bytes(s.dtc[k]) + bytes(s.capture[k]) +
             bytes(s.exit[k]);
    return n;
}

}  // namespace dtb::gen
