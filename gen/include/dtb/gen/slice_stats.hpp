// Statistics of a solved slice, per side to move: positions (every valid placement of the
// index), wins / draws / losses from the side to move's view, the longest DTW and DTC with an
// index realising each (the lowest such index).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "dtb/gen/slice.hpp"

namespace dtb::gen {

struct SideStats {
    std::uint64_t positions = 0, wins = 0, draws = 0, losses = 0;
    int max_dtw = -1, max_dtc = -1;  // -1: no decided position (yet)
    std::uint64_t max_dtw_index = 0, max_dtc_index = 0;

    // Adds the statistics of entries that all come after this one's.
    void merge_later(const SideStats& o) {
        positions += o.positions;
        wins += o.wins;
        draws += o.draws;
        losses += o.losses;
        if (o.max_dtw > max_dtw) {
            max_dtw = o.max_dtw;
            max_dtw_index = o.max_dtw_index;
        }
        if (o.max_dtc > max_dtc) {
            max_dtc = o.max_dtc;
            max_dtc_index = o.max_dtc_index;
        }
    }
};

template <class V>
std::array<SideStats, 2> slice_stats(const Slice<V>& s) {
    // Counted in pieces side by side, then merged in index order: the same result whatever
    // the number of threads.
    constexpr std::uint64_t kPiece = 1 << 20;
    const std::uint64_t pieces = (s.index.size() + kPiece - 1) / kPiece;
    std::array<SideStats, 2> out{};
    for (int side = 0; side < 2; ++side) {
        const auto& wdl = s.wdl[side];
        const auto& dtw = s.dtw[side];
        const auto& dtc = s.dtc[side];
        const bool with_dtc = !dtc.empty();
        std::vector<SideStats> part(pieces);
#pragma omp parallel for schedule(dynamic, 1)
        for (std::uint64_t k = 0; k < pieces; ++k) {
            SideStats st;
            const std::uint64_t end = std::min(s.index.size(), (k + 1) * kPiece);
            for (std::uint64_t i = k * kPiece; i < end; ++i) {
                const Wdl w = Wdl(wdl[i]);
                if (w == Wdl::unknown) continue;
                ++st.positions;
                if (w == Wdl::draw) {
                    ++st.draws;
                    continue;
                }
                ++(w == Wdl::win ? st.wins : st.losses);
                if (dtw[i] > st.max_dtw) {
                    st.max_dtw = dtw[i];
                    st.max_dtw_index = i;
                }
                if (with_dtc && dtc[i] > st.max_dtc) {
                    st.max_dtc = dtc[i];
                    st.max_dtc_index = i;
                }
            }
            part[k] = st;
        }
        for (const auto& p : part) out[side].merge_later(p);
        out[side].max_dtw = std::max(out[side].max_dtw, 0);
        out[side].max_dtc = std::max(out[side].max_dtc, 0);
    }
    return out;
}

}  // namespace dtb::gen
