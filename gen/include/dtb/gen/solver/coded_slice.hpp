// A solved slice coded for the slices after it, which only look into it (exit_code.hpp): the
// run holds it so, or writes it so to a scratch file, at a third of the memory.
#pragma once

#include <cstdint>
#include <optional>

#include "dtb/core/successor_values.hpp"
#include "dtb/gen/run/array_stock.hpp"
#include "dtb/gen/solver/exit_code.hpp"
#include "dtb/gen/solver/slice.hpp"

namespace dtb::gen {

// How s's WDL and DTW of both sides code into a byte each, or nullopt when a value has no
// code (or s holds one side, or no DTW, or is coded already).
template <class V>
std::optional<ExitCode> exit_coding(const Slice<V>& s) {
    for (int side = 0; side < 2; ++side)
        if (s.wdl[side].empty() || s.dtw[side].empty()) return std::nullopt;
    // The side to move without a move loses at DTW 0, or wins (giveaway).
    const ExitCode code(game_over_value<V>().wdl == Wdl::loss);
    const std::int64_t n = std::int64_t(s.index.size());
    bool fits = true;
    for (int side = 0; side < 2; ++side) {
        const std::uint8_t* const w = s.wdl[side].data();
        const std::uint16_t* const d = s.dtw[side].data();
#pragma omp parallel for schedule(static) reduction(&& : fits)
        for (std::int64_t i = 0; i < n; ++i)
            fits = fits && code.encode(Wdl(w[i]), d[i]).has_value();
    }
    return fits ? std::optional<ExitCode>(code) : std::nullopt;
}

// Codes s's entries [begin, end) of side `side` into out, by `code` (which fits them).
template <class V>
void encode_exits(const Slice<V>& s, int side, const ExitCode& code, std::uint64_t begin,
                  std::uint64_t end, std::uint8_t* out) {
    const std::uint8_t* const w = s.wdl[side].data();
    const std::uint16_t* const d = s.dtw[side].data();
    const std::int64_t b = std::int64_t(begin), e = std::int64_t(end);
#pragma omp parallel for schedule(static)
    for (std::int64_t i = b; i < e; ++i) out[i - b] = *code.encode(Wdl(w[i]), d[i]);
}

// s's WDL and DTW of both sides coded into s.exit, and every other array handed to `stock`,
// when each value has a code. False, and nothing changed, otherwise.
template <class V>
bool code_for_exits(Slice<V>& s, ArrayStock& stock) {
    const auto code = exit_coding(s);
    if (!code) return false;
    for (int side = 0; side < 2; ++side) {
        s.exit[side] = stock.take<std::uint8_t>(s.index.size());
        s.exit[side].resize(s.index.size());
        encode_exits(s, side, *code, 0, s.index.size(), s.exit[side].data());
    }
    for (int side = 0; side < 2; ++side) {
        stock.give(s.wdl[side]);
        stock.give(s.dtw[side]);
        stock.give(s.dtc[side]);
        stock.give(s.capture[side]);
    }
    s.coding = code;
    return true;
}

}  // namespace dtb::gen
