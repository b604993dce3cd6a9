// A move as the generator makes it: from, to, the captured pieces, and whether the moving
// man is crowned. Squares are bit indices of the board geometry.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <tuple>

#include "dtb/core/bitboard.hpp"

namespace dtb {

// Trivially constructible, so that move lists cost nothing to create: write `Move<G> m{}`
// for a zeroed move.
template <class G>
struct Move {
    using bb = typename G::bb;
    bb captured;
    std::uint8_t from;
    std::uint8_t to;
    bool promotes;

    constexpr bool is_capture() const { return captured != 0; }
    constexpr int capture_count() const { return popcount(captured); }
    // Equal moves give equal positions: FMJD's "same start, same end, same pieces taken".
    friend constexpr bool operator==(const Move&, const Move&) = default;
    friend constexpr bool operator<(const Move& a, const Move& b) {
        return std::tie(a.from, a.to, a.captured, a.promotes) <
               std::tie(b.from, b.to, b.captured, b.promotes);
    }
};

// The squares a capturing piece lands on, in order (the last one is `to`).
inline constexpr int kMaxPath = 48;
struct Path {
    std::array<std::uint8_t, kMaxPath> squares{};
    int length = 0;
};

// A fixed-capacity move list for the hot paths. Overflow throws rather than corrupting
// memory; no legal position of the supported boards comes near the capacity.
template <class G>
class MoveList {
  public:
    static constexpr int kCapacity = 1024;
    static constexpr bool records_paths = false;
    using value_type = Move<G>;

    void clear() { n_ = 0; }
    void push(const Move<G>& m, const Path&) { push(m); }
    void push(const Move<G>& m) {
        if (n_ == kCapacity) [[unlikely]]
            overflow();
        moves_[n_++] = m;
    }
    int size() const { return n_; }
    bool empty() const { return n_ == 0; }
    const Move<G>& operator[](int i) const { return moves_[i]; }
    const Move<G>* begin() const { return moves_.data(); }
    const Move<G>* end() const { return moves_.data() + n_; }
    Move<G>* begin() { return moves_.data(); }
    Move<G>* end() { return moves_.data() + n_; }
    void truncate(int n) { n_ = n; }

  private:
    [[noreturn, gnu::cold, gnu::noinline]] static void overflow() {
        throw std::length_error("more legal moves than a move list holds");
    }
    int n_ = 0;
    std::array<Move<G>, kCapacity> moves_;  // left uninitialised: Move is trivial
};

// A move with the path it takes, for notation.
template <class G>
struct PathMove {
    Move<G> move;
    Path path;
};

}  // namespace dtb
