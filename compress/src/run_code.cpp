#include "run_code.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <queue>
#include <utility>

#include "dtb/compress/table_format.hpp"

namespace dtb::compress::detail {

namespace {

struct Token {
    int symbol;
    int plain_bits;
    std::uint32_t plain;
};

// The next run's value, as its rank among the three values other than this run's.
int rank_of(int value, int next) { return next - (next > value); }
int value_of_rank(int value, int rank) { return rank + (rank >= value); }

Token token_of(std::uint32_t length, int rank) {
    const int k = std::bit_width(length) - 1;
    const int top_bits = std::min(k, 2);
    const int plain_bits = k - top_bits;
    const int top = int(length >> plain_bits) & ((1 << top_bits) - 1);
    return {12 * k + 3 * top + rank, plain_bits, length & ((std::uint32_t{1} << plain_bits) - 1)};
}

// f(value, length, rank) for each run of the block.
template <class F>
void for_each_run(std::span<const std::uint16_t> values, F&& f) {
    const std::size_t n = values.size();
    for (std::size_t i = 0; i < n;) {
        const int value = values[i] & 3;
        std::size_t j = i + 1;
        while (j < n && (values[j] & 3) == value) ++j;
        f(value, std::uint32_t(j - i), j < n ? rank_of(value, values[j] & 3) : 0);
        i = j;
    }
}

// Huffman code lengths of one context's counts; the counts are halved until no code is
// longer than kRunMaxCodeBits. Ties go to the lower node, so the lengths depend only on the
// counts.
std::array<std::uint8_t, kRunSymbols> huffman_lengths(std::span<const std::uint64_t> counts) {
    std::array<std::uint8_t, kRunSymbols> lengths{};
    std::vector<std::uint64_t> weight(counts.begin(), counts.end());
    for (;;) {
        using Node = std::pair<std::uint64_t, int>;
        std::priority_queue<Node, std::vector<Node>, std::greater<>> heap;
        std::vector<int> parent(2 * kRunSymbols, -1);
        for (int s = 0; s < kRunSymbols; ++s)
            if (weight[std::size_t(s)] > 0) heap.push({weight[std::size_t(s)], s});
        if (heap.empty()) return lengths;
        if (heap.size() == 1) {
            lengths[std::size_t(heap.top().second)] = 1;
            return lengths;
        }
        int next = kRunSymbols;
        while (heap.size() > 1) {
            const Node a = heap.top();
            heap.pop();
            const Node b = heap.top();
            heap.pop();
            parent[std::size_t(a.second)] = parent[std::size_t(b.second)] = next;
            heap.push({a.first + b.first, next++});
        }
        int longest = 0;
        for (int s = 0; s < kRunSymbols; ++s) {
            if (weight[std::size_t(s)] == 0) continue;
            int depth = 0;
            for (int x = s; parent[std::size_t(x)] >= 0; x = parent[std::size_t(x)]) ++depth;
            lengths[std::size_t(s)] = std::uint8_t(std::min(depth, 255));
            longest = std::max(longest, depth);
        }
        if (longest <= kRunMaxCodeBits) return lengths;
        for (auto& w : weight)
            if (w > 0) w = std::max<std::uint64_t>(1, w / 2);
    }
}

// What a token says besides its context, by symbol: the length's leading bits (the length
// without its plain bits) << 8 | plain bits << 2 | rank; 0 for a symbol no run makes.
constexpr std::array<std::uint32_t, kRunSymbols> kTokenMeaning = [] {
    std::array<std::uint32_t, kRunSymbols> t{};
    for (int symbol = 0; symbol < kRunSymbols; ++symbol) {
        const int k = symbol / 12, top = symbol / 3 % 4, rank = symbol % 3;
        const int top_bits = std::min(k, 2), plain_bits = k - top_bits;
        if (top >> top_bits) continue;
        const std::uint32_t lead = std::uint32_t((1 << top_bits) | top) << plain_bits;
        t[std::size_t(symbol)] = lead << 8 | std::uint32_t(plain_bits) << 2 | std::uint32_t(rank);
    }
    return t;
}();

std::uint32_t reversed(std::uint32_t code, int bits) {
    std::uint32_t r = 0;
    for (int b = 0; b < bits; ++b, code >>= 1) r = r << 1 | (code & 1);
    return r;
}

std::uint64_t load_le64(const unsigned char* p) {
    std::uint64_t w = 0;
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(&w, p, 8);
    } else {
        for (int b = 7; b >= 0; --b) w = w << 8 | p[b];
    }
    return w;
}

void store_le64(unsigned char* p, std::uint64_t word) {
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(p, &word, 8);
    } else {
        for (int b = 0; b < 8; ++b, word >>= 8) p[b] = std::uint8_t(word);
    }
}

}  // namespace

void count_runs(std::span<const std::uint16_t> values, RunCounts& counts) {
    for_each_run(values, [&](int value, std::uint32_t length, int rank) {
        ++counts[std::size_t(value * kRunSymbols + token_of(length, rank).symbol)];
    });
}

RunCode RunCode::from_counts(const RunCounts& counts) {
    RunCode c;
    for (int x = 0; x < kRunContexts; ++x) {
        const auto lengths = huffman_lengths(std::span<const std::uint64_t>(counts).subspan(
            std::size_t(x * kRunSymbols), kRunSymbols));
        std::copy(lengths.begin(), lengths.end(), c.length_.begin() + x * kRunSymbols);
    }
    c.build_decoder();
    return c;
}

std::optional<RunCode> RunCode::from_bytes(std::span<const unsigned char> bytes) {
    if (bytes.size() != kRunCodeBytes) return std::nullopt;
    RunCode c;
    for (std::size_t i = 0; i < c.length_.size(); ++i)
        c.length_[i] = std::uint8_t(bytes[i / 2] >> (4 * (i % 2)) & 15);
    // A prefix code: the Kraft sum of each context at most one.
    for (int x = 0; x < kRunContexts; ++x) {
        std::uint32_t kraft = 0;
        for (int s = 0; s < kRunSymbols; ++s)
            if (const int l = c.length_[std::size_t(x * kRunSymbols + s)])
                kraft += std::uint32_t{1} << (kRunMaxCodeBits - l);
        if (kraft > std::uint32_t{1} << kRunMaxCodeBits) return std::nullopt;
    }
    c.build_decoder();
    return c;
}

std::vector<unsigned char> RunCode::bytes() const {
    std::vector<unsigned char> out(kRunCodeBytes, 0);
    for (std::size_t i = 0; i < length_.size(); ++i)
        out[i / 2] = std::uint8_t(out[i / 2] | length_[i] << (4 * (i % 2)));
    return out;
}

// Canonical codes (by length, then symbol), as written: first bit in the low bit.
void RunCode::build_decoder() {
    lookup_.assign(std::size_t(kRunContexts) << kLookupBits, 0);
    for (int x = 0; x < kRunContexts; ++x) {
        auto& count = per_length_[std::size_t(x)];
        count.fill(0);
        by_code_[std::size_t(x)].clear();
        const std::size_t base = std::size_t(x * kRunSymbols);
        for (int s = 0; s < kRunSymbols; ++s) ++count[length_[base + std::size_t(s)]];
        count[0] = 0;
        std::array<std::uint32_t, kRunMaxCodeBits + 1> code{};  // the first code of each length
        for (int l = 1; l <= kRunMaxCodeBits; ++l)
            code[std::size_t(l)] = (code[std::size_t(l - 1)] + count[std::size_t(l - 1)]) << 1;
        for (int l = 1; l <= kRunMaxCodeBits; ++l)
            for (int s = 0; s < kRunSymbols; ++s)
                if (length_[base + std::size_t(s)] == l)
                    by_code_[std::size_t(x)].push_back(std::uint16_t(s));
        for (const std::uint16_t s : by_code_[std::size_t(x)]) {
            const int l = length_[base + s];
            const std::uint32_t r = reversed(code[std::size_t(l)]++, l);
            code_[base + s] = std::uint16_t(r);
            if (l > kLookupBits) continue;
            const std::uint32_t meaning = kTokenMeaning[s];
            const int plain_bits = int(meaning >> 2 & 31);
            const bool whole = meaning != 0 && l + plain_bits <= kLookupBits;
            for (std::uint32_t j = r; j < (1u << kLookupBits); j += 1u << l) {
                std::uint32_t e = std::uint32_t(s) << 8 | std::uint32_t(l);
                if (whole) {
                    const std::uint32_t plain = (j >> l) & ((1u << plain_bits) - 1);
                    e = ((meaning >> 8) | plain) << 8 | (meaning & 3) << 6 | kWholeRun |
                        std::uint32_t(l + plain_bits);
                }
                lookup_[(std::size_t(x) << kLookupBits) + j] = e;
            }
        }
    }
}

void RunCode::encode(std::span<const std::uint16_t> values,
                     std::vector<unsigned char>& frame) const {
    frame.clear();
    if (values.empty()) return;
    std::uint64_t acc = 0;
    int used = 0;
    const auto put = [&](std::uint32_t bits, int count) {
        acc |= std::uint64_t(bits) << used;
        used += count;
        for (; used >= 8; used -= 8, acc >>= 8) frame.push_back(std::uint8_t(acc));
    };
    put(values[0] & 3, 2);
    for_each_run(values, [&](int value, std::uint32_t length, int rank) {
        const Token t = token_of(length, rank);
        const std::size_t s = std::size_t(value * kRunSymbols + t.symbol);
        if (length_[s] == 0) throw TableError("a run the table's code does not hold");
        put(code_[s], length_[s]);
        put(t.plain, t.plain_bits);
    });
    if (used > 0) frame.push_back(std::uint8_t(acc));
}

// A frame's bits, low bit first, from a given bit; past the frame's end it reads zeros, which
// the callers' checks count against it.
class RunCode::Stream {
  public:
    Stream(const unsigned char* frame, std::size_t size, std::size_t bit)
        : frame_(frame), size_(size), pos_(bit / 8) {
        refill();
        skip(int(bit % 8));
    }
    void refill() {
        if (size_ - std::min(pos_, size_) >= 8) {
            buf_ |= load_le64(frame_ + pos_) << avail_;
            pos_ += std::size_t(63 - avail_) >> 3;
            avail_ |= 56;
            return;
        }
        for (; avail_ <= 56; avail_ += 8, ++pos_)
            if (pos_ < size_) buf_ |= std::uint64_t(frame_[pos_]) << avail_;
    }
    // The next `bits` bits (at most 56 since the last refill), not consumed.
    std::uint64_t peek(int bits) const { return buf_ & ((std::uint64_t{1} << bits) - 1); }
    void skip(int bits) {
        buf_ >>= bits;
        avail_ -= bits;
    }
    std::uint64_t take(int bits) {
        const std::uint64_t v = peek(bits);
        skip(bits);
        return v;
    }
    int available() const { return avail_; }
    // Bits consumed from the frame's start.
    std::size_t bit() const { return pos_ * 8 - std::size_t(avail_); }
    // Whether no bit beyond the frame was consumed.
    bool within() const { return bit() <= size_ * 8; }

  private:
    const unsigned char* frame_;
    std::size_t size_;
    std::size_t pos_;
    std::uint64_t buf_ = 0;
    int avail_ = 0;
};

// Inlined into both readers: the stream's state then stays in registers.
[[gnu::always_inline]] inline bool RunCode::read_run(Stream& s, int value, std::uint64_t& length,
                                                     int& rank) const {
    // Most runs are read from the bits the last refill left: its load of the frame is then
    // off the chain from one run's lookup to the next.
    if (s.available() < kLookupBits) s.refill();
    const std::uint32_t e =
        lookup_[(std::size_t(value) << kLookupBits) | std::size_t(s.peek(kLookupBits))];
    if (e & kWholeRun) {
        s.skip(int(e & 31));
        rank = int(e >> 6 & 3);
        length = e >> 8;
        return true;
    }
    s.refill();  // a longer code and its plain bits take up to 35 bits
    int symbol = -1;
    if (e != 0) {
        symbol = int(e >> 8);
        s.skip(int(e & 31));
    } else {
        // A code longer than the lookup: bit by bit, first bit high (canonical order).
        int code = 0, first = 0, index = 0;
        const auto& count = per_length_[std::size_t(value)];
        for (int l = 1; l <= kRunMaxCodeBits; ++l) {
            code |= int(s.take(1));
            if (code - first < count[std::size_t(l)]) {
                symbol = by_code_[std::size_t(value)][std::size_t(index + code - first)];
                break;
            }
            index += count[std::size_t(l)];
            first = (first + count[std::size_t(l)]) << 1;
            code <<= 1;
        }
        if (symbol < 0) return false;
    }
    const std::uint32_t meaning = kTokenMeaning[std::size_t(symbol)];
    if (meaning == 0) return false;
    rank = int(meaning & 3);
    length = (meaning >> 8) | s.take(int(meaning >> 2 & 31));
    return true;
}

// Each run writes the word it starts in and the next whole, whether it reaches them or not, so
// that how far a run reaches is not a branch: the next run writes over what it did not.
bool RunCode::decode(const unsigned char* frame, std::size_t size, std::size_t n,
                     unsigned char* out) const {
    Stream s(frame, size, 0);
    const std::size_t words = (n + 31) / 32;
    int value = int(s.take(2));
    std::uint64_t word = 0;  // entries [i & ~31, i)
    std::size_t i = 0;
    while (i < n) {
        std::uint64_t length = 0;
        int rank = 0;
        if (!read_run(s, value, length, rank) || length > n - i) return false;
        const std::uint64_t pattern = std::uint64_t(value) * 0x5555555555555555ull;
        const std::size_t w = i >> 5, end = i + std::size_t(length);
        const std::uint64_t started = word | pattern << (2 * (i & 31));
        store_le64(out + 8 * w, started);
        store_le64(out + 8 * (w + 1), pattern);
        if ((i & 31) + length >= 64)
            for (std::size_t x = w + 2; x <= (end >> 5) && x < words; ++x)
                store_le64(out + 8 * x, pattern);
        const std::uint64_t below_end = (std::uint64_t{1} << (2 * (end & 31))) - 1;
        word = ((end >> 5) == w ? started : pattern) & below_end;
        i = end;
        if (i < n) value = value_of_rank(value, rank);
    }
    if (i & 31) store_le64(out + 8 * (i >> 5), word);
    return s.within();
}

int RunCode::value_at(const unsigned char* frame, std::size_t size, std::size_t n, std::size_t i,
                      RunCursor& at) const {
    if (i >= n) return -1;
    if (at.value >= 0 && i < at.begin) at = RunCursor{};
    if (at.value >= 0 && i < at.end) return at.value;
    Stream s(frame, size, at.bit);
    // The first run's value opens the frame; each later one's is given by the run before.
    at.value = at.value < 0 ? int(s.take(2)) : value_of_rank(at.value, at.rank);
    for (;;) {
        std::uint64_t length = 0;
        if (!read_run(s, at.value, length, at.rank) || length > n - at.end) break;
        at.begin = at.end;
        at.end += length;
        if (i < at.end) {
            // The bits read only grow: within the frame now, within it all along.
            if (!s.within()) break;
            at.bit = s.bit();
            return at.value;
        }
        at.value = value_of_rank(at.value, at.rank);
    }
    at = RunCursor{};
    return -1;
}

}  // namespace dtb::compress::detail
