#include "block_codec.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <map>

namespace dtb::compress::detail {

std::size_t encoded_size(Encoding e, std::size_t n) {
    switch (e) {
        case Encoding::bytes:
            return n;
        case Encoding::planes16:
            return 2 * n;
        case Encoding::packed2:
            return (n + 3) / 4;
        case Encoding::packed4:
            return (n + 1) / 2;
    }
    return 0;
}

Encoding smallest_encoding(std::uint16_t max_value) {
    if (max_value < 4) return Encoding::packed2;
    if (max_value < 16) return Encoding::packed4;
    if (max_value < 256) return Encoding::bytes;
    return Encoding::planes16;
}

void encode(Encoding e, std::span<const std::uint16_t> v, unsigned char* out) {
    const std::size_t n = v.size();
    switch (e) {
        case Encoding::bytes:
            for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<unsigned char>(v[i]);
            return;
        case Encoding::planes16:
            // Low bytes first: distances rarely pass 255, so the high plane is nearly all
            // zero and compresses to almost nothing.
            for (std::size_t i = 0; i < n; ++i) {
                out[i] = static_cast<unsigned char>(v[i]);
                out[n + i] = static_cast<unsigned char>(v[i] >> 8);
            }
            return;
        case Encoding::packed2:
            std::fill(out, out + encoded_size(e, n), 0);
            for (std::size_t i = 0; i < n; ++i)
                out[i / 4] |= static_cast<unsigned char>((v[i] & 3) << (2 * (i % 4)));
            return;
        case Encoding::packed4:
            std::fill(out, out + encoded_size(e, n), 0);
            for (std::size_t i = 0; i < n; ++i)
                out[i / 2] |= static_cast<unsigned char>((v[i] & 15) << (4 * (i % 2)));
            return;
    }
}

namespace {

// Each byte's values, unpacked: what decoding a whole block (dtb verify, a resumed dtb gen)
// spends most of its time on otherwise (a byte at a time instead of a value at a time). A
// probe does not unpack: it reads its entry from the packed bytes.
template <int Bits>
struct Unpack {
    static constexpr int kPerByte = 8 / Bits;
    std::uint16_t v[256][kPerByte];
    constexpr Unpack() : v() {
        for (int b = 0; b < 256; ++b)
            for (int k = 0; k < kPerByte; ++k)
                v[b][k] = std::uint16_t((b >> (Bits * k)) & ((1 << Bits) - 1));
    }
};
constexpr Unpack<2> kUnpack2{};
constexpr Unpack<4> kUnpack4{};

template <int Bits>
void unpack(const Unpack<Bits>& table, const unsigned char* in, std::size_t n, std::uint16_t* out) {
    constexpr std::size_t per = Unpack<Bits>::kPerByte;
    const std::size_t whole = n / per;
    for (std::size_t i = 0; i < whole; ++i)
        std::memcpy(out + i * per, table.v[in[i]], sizeof table.v[0]);
    for (std::size_t i = whole * per; i < n; ++i) out[i] = table.v[in[i / per]][i % per];
}

}  // namespace

void decode(Encoding e, const unsigned char* in, std::size_t n, std::uint16_t* out) {
    switch (e) {
        case Encoding::bytes:
            for (std::size_t i = 0; i < n; ++i) out[i] = in[i];
            return;
        case Encoding::planes16:
            for (std::size_t i = 0; i < n; ++i)
                out[i] = static_cast<std::uint16_t>(in[i] | (in[n + i] << 8));
            return;
        case Encoding::packed2:
            unpack(kUnpack2, in, n, out);
            return;
        case Encoding::packed4:
            unpack(kUnpack4, in, n, out);
            return;
    }
}

namespace {

// As few runs as `previous` gives (a gap between two equal values takes that value, one
// between different values switches once), but the switch happens where the entry `period`
// back switched to the next value, when it did inside the gap: the block then repeats what
// it held one period earlier, which zstd codes as a match.
void fill_aligned(std::span<const std::uint16_t> values, std::span<const std::uint8_t> left_out,
                  std::uint16_t first, std::uint64_t period, std::uint16_t* out) {
    const std::size_t n = values.size();
    std::uint16_t prev = first;
    for (std::size_t i = 0; i < n;) {
        if (!left_out[i]) {
            out[i] = prev = values[i];
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < n && left_out[end]) ++end;
        const std::uint16_t next = end < n ? values[end] : prev;
        std::size_t split = end;
        // Only entries written already (before the gap) may be looked back at: `out` is
        // scratch reused from block to block, and the bytes must not depend on what it held.
        if (next != prev && period > 0)
            for (std::size_t k = std::max<std::size_t>(i, period); k < end && k - period < i; ++k)
                if (out[k - period] == next) {
                    split = k;
                    break;
                }
        for (std::size_t k = i; k < end; ++k) out[k] = k < split ? prev : next;
        i = end;
    }
}

}  // namespace

void fill_block(std::span<const std::uint16_t> values, std::span<const std::uint8_t> left_out,
                Fill fill, std::uint64_t period, std::uint16_t* out) {
    const std::size_t n = values.size();
    std::uint16_t first = 0;  // the first cared-for value: what leading left-out entries take
    std::size_t i0 = 0;
    while (i0 < n && left_out[i0]) ++i0;
    if (i0 < n) first = values[i0];
    std::uint16_t frequent = first;
    if (fill == Fill::frequent) {
        // The lowest of the most frequent values. Distances are mostly small: they are
        // counted in an array (a map lookup per entry is several times slower); larger ones,
        // all above the array's, in a map.
        // Four arrays taken in turn: runs of one value would otherwise wait on their own
        // increments, and a map in the loop keeps the loop's counter in memory.
        constexpr std::uint16_t kSmall = 1024;
        constexpr std::size_t kWays = 4;
        std::array<std::array<std::uint32_t, kSmall>, kWays> small{};
        bool any_large = false;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint16_t v = values[i];
            any_large |= v >= kSmall;
            small[i % kWays][v & (kSmall - 1)] += (v < kSmall) & !left_out[i];
        }
        std::map<std::uint16_t, std::uint32_t> large;
        if (any_large)
            for (std::size_t i = 0; i < n; ++i)
                if (values[i] >= kSmall && !left_out[i]) ++large[values[i]];
        std::uint32_t best = 0;
        for (std::uint16_t v = 0; v < kSmall; ++v) {
            std::uint32_t count = 0;
            for (const auto& way : small) count += way[v];
            if (count > best) {
                best = count;
                frequent = v;
            }
        }
        for (const auto& [v, c] : large)
            if (c > best) {
                best = c;
                frequent = v;
            }
    }
    if (fill == Fill::aligned) {
        fill_aligned(values, left_out, first, period, out);
        return;
    }
    // Each fill its own loop of selects (a branch on left-out, where it alternates, was
    // mispredicted).
    if (fill == Fill::frequent) {
        for (std::size_t i = 0; i < n; ++i) out[i] = left_out[i] ? frequent : values[i];
        return;
    }
    std::uint16_t last = first;
    for (std::size_t i = 0; i < n; ++i) out[i] = last = left_out[i] ? last : values[i];
}

}  // namespace dtb::compress::detail
