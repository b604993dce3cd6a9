// WDL and DTW of a position in one byte, for the slices a run holds only for later ones to
// look into: one byte and one cache line a lookup, where a byte of WDL and a word of DTW
// took three and two. A decisive value's WDL follows from its DTW's parity (the side to
// move loses at DTW 0, or wins in giveaway), so the byte is the DTW, with two codes above
// it for a draw and a broken index. A value without a code leaves its slice uncoded.
#pragma once

#include <cstdint>
#include <optional>

#include "dtb/core/value.hpp"
#include "dtb/gen/solver/exit_value.hpp"

namespace dtb::gen {

class ExitCode {
  public:
    static constexpr std::uint8_t kDraw = 254, kUnknown = 255;
    static constexpr std::uint16_t kMaxDtw = 253;

    // Wins with odd DTWs (false: with even ones).
    explicit constexpr ExitCode(bool odd_wins) : odd_wins_(odd_wins) {}
    constexpr bool odd_wins() const { return odd_wins_; }

    // The byte of (wdl, dtw), or nullopt when decode would not give them back.
    constexpr std::optional<std::uint8_t> encode(Wdl wdl, std::uint16_t dtw) const {
        switch (wdl) {
            case Wdl::draw:
                return dtw == 0 ? std::optional<std::uint8_t>(kDraw) : std::nullopt;
            case Wdl::unknown:
                return dtw == 0 ? std::optional<std::uint8_t>(kUnknown) : std::nullopt;
            default:
                if (dtw > kMaxDtw || decisive(std::uint8_t(dtw)) != wdl) return std::nullopt;
                return std::uint8_t(dtw);
        }
    }

    constexpr ExitValue decode(std::uint8_t code) const {
        if (code == kDraw) return {Wdl::draw, 0};
        if (code == kUnknown) return {Wdl::unknown, 0};
        return {decisive(code), code};
    }

  private:
    constexpr Wdl decisive(std::uint8_t dtw) const {
        return (dtw & 1) == (odd_wins_ ? 1 : 0) ? Wdl::win : Wdl::loss;
    }
    bool odd_wins_;
};

}  // namespace dtb::gen
