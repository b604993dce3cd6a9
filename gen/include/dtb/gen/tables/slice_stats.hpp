// Statistics of a solved slice, per side to move: positions (every valid placement of the
// index), wins / draws / losses from the side to move's view, the longest DTW and DTC with an
// index realising each (the lowest such index).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "dtb/core/flip.hpp"
#include "dtb/gen/solver/block_pieces.hpp"
#include "dtb/gen/solver/slice.hpp"
#include "dtb/gen/solver/twin_index.hpp"

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
    constexpr std::uint64_t kPiece = 1 << 20;  // entries: 32-bit counters suffice
    const std::uint64_t pieces = (s.index.size() + kPiece - 1) / kPiece;
    std::array<SideStats, 2> out{};
    for (int side = 0; side < 2; ++side) {
        const auto& wdl = s.wdl[side];
        if (wdl.empty()) continue;  // a side the slice does not hold
        const auto& dtw = s.dtw[side];
        const auto& dtc = s.dtc[side];
        const bool with_dtc = !dtc.empty();
        std::vector<SideStats> part(pieces);
#pragma omp parallel for schedule(dynamic, 1)
        for (std::uint64_t k = 0; k < pieces; ++k) {
            const std::uint64_t begin = k * kPiece, end = std::min(s.index.size(), begin + kPiece);
            // Counts and the longest distances without a branch per entry (the values are
            // unpredictable), in 32-bit counters (a piece has fewer entries) and a loop without DTC
            // apart, so that the loop is vectorised in wide lanes; then the first entry at each
            // longest distance, where one is known to be.
            std::uint32_t wins = 0, draws = 0, losses = 0;
            std::uint16_t longest_dtw = 0, longest_dtc = 0;
            const std::uint8_t* const w8 = wdl.data();
            const std::uint16_t* const dtw16 = dtw.data();
            const auto count = [&](auto with_dtc_entries) {
                for (std::uint64_t i = begin; i < end; ++i) {
                    const std::uint8_t w = w8[i];
                    wins += w == std::uint8_t(Wdl::win);
                    draws += w == std::uint8_t(Wdl::draw);
                    losses += w == std::uint8_t(Wdl::loss);
                    const auto decided_mask = std::uint16_t(-std::uint16_t(
                        (w == std::uint8_t(Wdl::win)) | (w == std::uint8_t(Wdl::loss))));
                    longest_dtw = std::max(longest_dtw, std::uint16_t(dtw16[i] & decided_mask));
                    if constexpr (decltype(with_dtc_entries)::value)
                        longest_dtc = std::max(longest_dtc, std::uint16_t(dtc[i] & decided_mask));
                }
            };
            if (with_dtc) {
                count(std::true_type{});
            } else {
                count(std::false_type{});
            }
            SideStats st;
            st.positions = wins + draws + losses;
            st.wins = wins;
            st.draws = draws;
            st.losses = losses;
            auto decided = [&](std::uint64_t i) {
                return Wdl(wdl[i]) == Wdl::win || Wdl(wdl[i]) == Wdl::loss;
            };
            if (wins + losses > 0) {
                st.max_dtw = longest_dtw;
                st.max_dtw_index = begin;
                while (!decided(st.max_dtw_index) || dtw[st.max_dtw_index] != longest_dtw)
                    ++st.max_dtw_index;
                if (with_dtc) {
                    st.max_dtc = longest_dtc;
                    st.max_dtc_index = begin;
                    while (!decided(st.max_dtc_index) || dtc[st.max_dtc_index] != longest_dtc)
                        ++st.max_dtc_index;
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

// The statistics `st` of side `side` of slice a, as a's colour-flipped twin has them for its
// other side to move (twins: a's index mapped onto the twin's): the same counts and longest
// distances, each realised at the lowest twin index of a position realising it in a. One
// scan of a's side, without the twin's values.
template <class V>
SideStats flipped_side_stats(const Slice<V>& a, const SideStats& st, Color side,
                             const TwinIndex<V>& twins) {
    SideStats out = st;
    if (st.wins + st.losses == 0) return out;  // nothing decided: no position to name
    const int sd = static_cast<int>(side);
    const std::uint8_t* const wdl = a.wdl[sd].data();
    const std::uint16_t* const dtw = a.dtw[sd].data();
    const bool with_dtc = !a.dtc[sd].empty();
    const std::uint16_t* const dtc = with_dtc ? a.dtc[sd].data() : dtw;
    const auto max_dtw = std::uint16_t(st.max_dtw), max_dtc = std::uint16_t(st.max_dtc);
    const std::uint64_t size = a.index.block_size();
    const std::uint32_t* const order = twins.order();
    const BlockPieces pieces(a.index.blocks(), size, 1 << 16);
    const auto n = std::int64_t(pieces.count());
    std::uint64_t lowest_dtw = UINT64_MAX, lowest_dtc = UINT64_MAX;
#pragma omp parallel for schedule(static) reduction(min : lowest_dtw, lowest_dtc)
    for (std::int64_t k = 0; k < n; ++k) {
        const auto [block, begin, end] = pieces[std::uint64_t(k)];
        const auto to = twins.block_base(block);
        if (!to) continue;
        for (std::uint64_t j = begin; j < end; ++j) {
            const std::uint64_t i = block * size + j;
            const Wdl w = Wdl(wdl[i]);
            const bool decided = (w == Wdl::win) | (w == Wdl::loss);
            // Rare: a branch each, taken almost never.
            if (decided & (dtw[i] == max_dtw)) lowest_dtw = std::min(lowest_dtw, *to + order[j]);
            if (decided & (dtc[i] == max_dtc) & with_dtc)
                lowest_dtc = std::min(lowest_dtc, *to + order[j]);
        }
    }
    out.max_dtw_index = lowest_dtw;
    if (with_dtc) out.max_dtc_index = lowest_dtc;
    return out;
}

}  // namespace dtb::gen
