// A solved slice's entry in its directory's manifest (compress/manifest.hpp).
#pragma once

#include <array>
#include "dtb/compress/manifest.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/gen/solver/slice.hpp"
#include "dtb/gen/tables/slice_stats.hpp"

namespace dtb::gen {

template <class V>
compress::SideSummary side_summary(const Index<V>& index, const SideStats& st, Color side) {
    auto fen_of = [&](std::uint64_t i) {
        Position<V> p;
        index.unrank(i, side, p);
        return write_fen(p);
    };
    const bool decided = st.wins + st.losses != 0;
    return {side,
            st.positions,
            st.wins,
            st.draws,
            st.losses,
            st.max_dtw,
            st.max_dtc,
            decided ? fen_of(st.max_dtw_index) : "",
            decided ? fen_of(st.max_dtc_index) : ""};
}

// The entry from a slice's statistics (which need DTC: taken before DTC is dropped); the
// index names the positions they point at.
template <class V>
compress::ManifestEntry slice_entry(const Index<V>& index, const std::array<SideStats, 2>& st) {
    return compress::ManifestEntry(index.material(), {side_summary(index, st[0], Color::white),
                                                      side_summary(index, st[1], Color::black)});
}
template <class V>
compress::ManifestEntry slice_entry(const Slice<V>& s, const std::array<SideStats, 2>& st) {
    return slice_entry(s.index, st);
}
template <class V>
compress::ManifestEntry slice_entry(const Slice<V>& s) {
    return slice_entry(s, slice_stats(s));
}

}  // namespace dtb::gen
