// A solved slice's entry in its directory's manifest (compress/table_dir.hpp).
#pragma once

#include <array>
#include <nlohmann/json.hpp>

#include "dtb/compress/table_dir.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/gen/slice.hpp"
#include "dtb/gen/slice_stats.hpp"

namespace dtb::gen {

template <class V>
compress::SideSummary side_summary(const Slice<V>& s, const SideStats& st, Color side) {
    auto fen_of = [&](std::uint64_t i) {
        Position<V> p;
        s.index.unrank(i, side, p);
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

// The entry from the slice's statistics (which need DTC: taken before DTC is dropped).
template <class V>
nlohmann::ordered_json slice_entry(const Slice<V>& s, const std::array<SideStats, 2>& st) {
    return compress::slice_entry(
        s.material(), {side_summary(s, st[0], Color::white), side_summary(s, st[1], Color::black)});
}
template <class V>
nlohmann::ordered_json slice_entry(const Slice<V>& s) {
    return slice_entry(s, slice_stats(s));
}

}  // namespace dtb::gen
