// What a solver needs of a position outside the slice it solves (reached by a capture or a
// promotion): its WDL and its DTW, in one 32-bit word. The DTC of such a position never
// matters (every conversion counts 1), and a word is built and returned in a register,
// where a struct of a byte and two halfwords went through the stack (byte stores read back
// as a word: a stalled store forwarding per exit).
#pragma once

#include <cstdint>

#include "dtb/core/value.hpp"

namespace dtb::gen {

class ExitValue {
  public:
    constexpr ExitValue(Wdl wdl, std::uint16_t dtw)
        : bits_(std::uint32_t(dtw) << 8 | std::uint32_t(wdl)) {}
    constexpr Wdl wdl() const { return Wdl(bits_ & 0xff); }
    constexpr std::uint16_t dtw() const { return std::uint16_t(bits_ >> 8); }

  private:
    std::uint32_t bits_;
};

}  // namespace dtb::gen
