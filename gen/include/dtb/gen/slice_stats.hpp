// Statistics of a solved slice, per side to move: positions (every valid placement of the
// index), wins / draws / losses from the side to move's view, the longest DTW and DTC with an
// index realising each.
#pragma once

#include <array>
#include <cstdint>

#include "dtb/gen/slice.hpp"

namespace dtb::gen {

struct SideStats {
    std::uint64_t positions = 0, wins = 0, draws = 0, losses = 0;
    int max_dtw = 0, max_dtc = 0;
    std::uint64_t max_dtw_index = 0, max_dtc_index = 0;
};

template <class V>
std::array<SideStats, 2> slice_stats(const Slice<V>& s) {
    std::array<SideStats, 2> out{};
    for (int side = 0; side < 2; ++side) {
        auto& st = out[side];
        bool first_dtw = true, first_dtc = true;
        for (std::uint64_t i = 0; i < s.index.size(); ++i) {
            const Wdl w = Wdl(s.wdl[side][i]);
            if (w == Wdl::unknown) continue;
            ++st.positions;
            if (w == Wdl::draw) {
                ++st.draws;
                continue;
            }
            ++(w == Wdl::win ? st.wins : st.losses);
            if (first_dtw || s.dtw[side][i] > st.max_dtw) {
                st.max_dtw = s.dtw[side][i];
                st.max_dtw_index = i;
                first_dtw = false;
            }
            if (!s.dtc[side].empty() && (first_dtc || s.dtc[side][i] > st.max_dtc)) {
                st.max_dtc = s.dtc[side][i];
                st.max_dtc_index = i;
                first_dtc = false;
            }
        }
    }
    return out;
}

}  // namespace dtb::gen
