// Bitboards: one bit per playable square. 64-bit for the 8x8 and 10x10 boards, 128-bit for
// the 12x12 board (78 bits with its ghost squares).
#pragma once

#include <bit>
#include <cstdint>

namespace dtb {

__extension__ typedef unsigned __int128 u128;

constexpr int popcount(std::uint64_t x) { return std::popcount(x); }
constexpr int popcount(u128 x) {
    return std::popcount(static_cast<std::uint64_t>(x)) +
           std::popcount(static_cast<std::uint64_t>(x >> 64));
}

constexpr int lsb(std::uint64_t x) { return std::countr_zero(x); }
constexpr int lsb(u128 x) {
    const auto lo = static_cast<std::uint64_t>(x);
    return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<std::uint64_t>(x >> 64));
}

template <class B>
constexpr B bit(int i) {
    return B{1} << i;
}

// Removes the lowest set bit of `x` and returns its index.
template <class B>
constexpr int pop_lsb(B& x) {
    const int i = lsb(x);
    x &= x - 1;
    return i;
}

// The bits of x in reverse order (bit 0 becomes the highest bit of the type).
constexpr std::uint64_t reverse_bits(std::uint64_t x) {
    x = ((x >> 1) & 0x5555555555555555u) | ((x & 0x5555555555555555u) << 1);
    x = ((x >> 2) & 0x3333333333333333u) | ((x & 0x3333333333333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0f0f0f0f0fu) | ((x & 0x0f0f0f0f0f0f0f0fu) << 4);
    return __builtin_bswap64(x);
}
constexpr u128 reverse_bits(u128 x) {
    return u128{reverse_bits(static_cast<std::uint64_t>(x))} << 64 |
           reverse_bits(static_cast<std::uint64_t>(x >> 64));
}

// Shift by a signed amount known at compile time (positive: towards higher bits).
template <int S, class B>
constexpr B shift(B x) {
    if constexpr (S >= 0) {
        return x << S;
    } else {
        return x >> -S;
    }
}

}  // namespace dtb
