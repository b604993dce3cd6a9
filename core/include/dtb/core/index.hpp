// The index of a material: a position <-> a number in [0, size).
//
// Men are ranked with the combinatorial number system over the squares they may stand on
// (never their own promotion row): white men, then black men (over their squares, ignoring
// white men: an overlap is a "broken" index that no position has). Kings are ranked over the
// squares the men leave: white kings, then black kings over what is left after them.
//
//   index = ((white_men * B + black_men) * WK + white_kings) * BK + black_kings
//
// so the positions of one men configuration (a block, where only king moves happen) are
// contiguous: block = white_men * B + black_men, block size WK * BK.
//
// Frisian: a side with men and kings also has a king-move streak (core/position.hpp), which
// its king moves change and so belongs inside the block: S_w * S_b sub-blocks of WK * BK
// positions, one per pair of streaks,
//
//   in block = ((white_streak * S_b + black_streak) * WK + white_kings) * BK + black_kings
//
// with S = 1 + L * k for a side of k kings and men (L = king_streak_limit), else 1; a streak
// is 0 for none, else 1 + L * j + (n - 1) for a run of n moves of the side's j-th king
// (lowest square first). Every streak names a king of the position, so none makes an index
// broken. The positions a capture or a man move leads to (the mover's streak is then none)
// are whole sub-blocks. A white-king rank below is (white_streak * S_b + black_streak) *
// WK + white_kings: White's and Black's terms of the index stay apart.
#pragma once

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include <array>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "dtb/core/material.hpp"
#include "dtb/core/position.hpp"

namespace dtb {

// Binomial coefficients C(n, k) for n <= 128, k <= 16. Stored by k, then n: ranking looks up
// C(n, k) for k = 1, 2, ... with n varying, and a row of 129 words makes the address n * 8
// plus a constant (a row of 17 words needed a multiplication on the ranking's critical path).
struct Binomial {
    std::array<std::array<std::uint64_t, 129>, 17> c{};  // c[k][n]
    constexpr Binomial() {
        for (int n = 0; n <= 128; ++n) {
            c[0][n] = 1;
            for (int k = 1; k <= 16 && k <= n; ++k)
                c[k][n] = c[k - 1][n - 1] + (k <= n - 1 ? c[k][n - 1] : 0);
        }
    }
    constexpr std::uint64_t operator()(int n, int k) const {
        return k < 0 || n < 0 || k > n || k > 16 ? 0 : c[k][n];
    }
    // Without the range checks, for 0 <= n <= 128 and 0 <= k <= 16 (0 when k > n).
    constexpr std::uint64_t unchecked(int n, int k) const { return c[k][n]; }
};
inline constexpr Binomial binomial{};

// The material of a position: whose table it belongs to.
template <class V>
Material material_of(const Position<V>& p) {
    return {popcount(p.men(Color::white)), popcount(p.kings_of(Color::white)),
            popcount(p.men(Color::black)), popcount(p.kings_of(Color::black))};
}

template <class V>
class Index {
    using G = typename V::board;
    using bb = typename G::bb;
    static constexpr bool kStreaks = V::king_streak_limit > 0;
    static constexpr int kRun = kStreaks ? V::king_streak_limit : 1;

  public:
    explicit Index(const Material& m) : m_(m) {
        const int men = m.white_men + m.black_men;
        white_men_ = binomial(kManSquares, m.white_men);
        black_men_ = binomial(kManSquares, m.black_men);
        white_kings_ = binomial(G::squares - men, m.white_kings);
        black_kings_ = binomial(G::squares - men - m.white_kings, m.black_kings);
        if constexpr (kStreaks) {
            streaks_[0] = m.white_men && m.white_kings ? 1 + kRun * m.white_kings : 1;
            streaks_[1] = m.black_men && m.black_kings ? 1 + kRun * m.black_kings : 1;
        }
        white_ranks_ = streaks_[0] * streaks_[1] * white_kings_;
        block_size_ = white_ranks_ * black_kings_;
        size_ = white_men_ * black_men_ * block_size_;
    }

    const Material& material() const { return m_; }
    std::uint64_t size() const { return size_; }
    std::uint64_t blocks() const { return white_men_ * black_men_; }
    std::uint64_t block_size() const { return block_size_; }
    // Whether the index holds king-move streaks (frisian, a side with men and kings): its
    // positions are then more than placements.
    bool has_streaks() const { return streaks_[0] * streaks_[1] > 1; }
    // The streaks colour c may have: 1 where it has none to keep.
    std::uint64_t streaks(Color c) const { return streaks_[static_cast<int>(c)]; }

    // The index of p, whose material must be this one (the side to move is not part of it).
    std::uint64_t rank(const Position<V>& p) const {
        const bb wm = p.men(Color::white), bm = p.men(Color::black);
        const bb free = G::board & ~(wm | bm);
        const std::uint64_t block = rank_subset(wm, kManMask[0], m_.white_men) * black_men_ +
                                    rank_subset(bm, kManMask[1], m_.black_men);
        return block * block_size_ + white_part(p, free) + black_part(p, free);
    }

    // What colour c's streak adds to p's index (0 without one): a man move, which ends the
    // mover's run, lands that much lower in its block than p stands in its own.
    std::uint64_t streak_term(const Position<V>& p, Color c) const {
        if constexpr (kStreaks) {
            const std::uint64_t sub = white_kings_ * black_kings_;
            return c == Color::white ? streak_code(p, c) * streaks_[1] * sub
                                     : streak_code(p, c) * sub;
        } else {
            return 0;
        }
    }

    // The first index of p's block (its men configuration).
    std::uint64_t block_base(const Position<V>& p) const {
        return (rank_subset(p.men(Color::white), kManMask[0], m_.white_men) * black_men_ +
                rank_subset(p.men(Color::black), kManMask[1], m_.black_men)) *
               block_size_;
    }

    // The index of p, whose block starts at block_base (a king move keeps the block).
    std::uint64_t rank_in_block(const Position<V>& p, std::uint64_t block_base) const {
        return white_kings_term(p, block_base) + black_kings_term(p);
    }
    // rank_in_block in two terms, for a caller that moves only Black's kings (the first is
    // then the same for every position it makes): the block and White's kings; Black's kings.
    std::uint64_t white_kings_term(const Position<V>& p, std::uint64_t block_base) const {
        const bb free = G::board & ~(p.men(Color::white) | p.men(Color::black));
        return block_base + white_part(p, free);
    }
    std::uint64_t black_kings_term(const Position<V>& p) const {
        const bb free = G::board & ~(p.men(Color::white) | p.men(Color::black));
        return black_part(p, free);
    }

    // The position of index i with side to move `side`; false for a broken index (men of
    // both sides on one square).
    bool unrank(std::uint64_t i, Color side, Position<V>& p) const {
        const std::uint64_t kings = i % block_size_, block = i / block_size_;
        const bb wm = unrank_subset(block / black_men_, kManMask[0], m_.white_men);
        const bb bm = unrank_subset(block % black_men_, kManMask[1], m_.black_men);
        if (wm & bm) return false;
        const bb free = G::board & ~(wm | bm);
        const std::uint64_t w = kings / black_kings_;
        const bb wk = unrank_subset(white_set(w), free, m_.white_kings);
        const bb bk = unrank_subset(kings % black_kings_, free & ~wk, m_.black_kings);
        p = Position<V>{};
        p.white = wm | wk;
        p.black = bm | bk;
        p.kings = wk | bk;
        p.side = side;
        set_streaks(p, w);
        return true;
    }

    // The rank of the white kings' set alone in a white-king rank.
    std::uint64_t white_set(std::uint64_t white_rank) const {
        return kStreaks ? white_rank % white_kings_ : white_rank;
    }
    // Frisian: p's streaks from its white-king rank (p's kings placed already).
    void set_streaks(Position<V>& p, std::uint64_t white_rank) const {
        if constexpr (kStreaks) {
            const std::uint64_t pair = white_rank / white_kings_;
            set_streak(p, Color::white, pair / streaks_[1]);
            set_streak(p, Color::black, pair % streaks_[1]);
        }
    }

    // The men configuration of a block, as {white men, black men}; broken when they overlap.
    std::pair<bb, bb> block_men(std::uint64_t block) const {
        return {unrank_subset(block / black_men_, kManMask[0], m_.white_men),
                unrank_subset(block % black_men_, kManMask[1], m_.black_men)};
    }

    // Calls f(index, position) for every position of block `block` whose white-king rank is
    // in [wk_begin, wk_end), in index order, side to move `side`. Kings are enumerated
    // incrementally (colex order = rank order), so a visit costs a few operations a position.
    template <class F>
    void visit(std::uint64_t block, std::uint64_t wk_begin, std::uint64_t wk_end, Color side,
               F&& f) const {
        const auto [wm, bm] = block_men(block);
        if (wm & bm) return;
        const bb free = G::board & ~(wm | bm);
        std::array<std::uint8_t, 128> free_sq{};
        int n = 0;
        for (bb x = free; x;) free_sq[n++] = std::uint8_t(pop_lsb(x));
        Position<V> p;
        p.side = side;
        const int kw = m_.white_kings, kb = m_.black_kings;
        std::array<int, 17> cw{}, cb{};
        unrank_ordinals(white_set(wk_begin), kw, cw);
        std::uint64_t i = block * block_size_ + wk_begin * black_kings_;
        for (std::uint64_t w = wk_begin; w < wk_end; ++w) {
            bb wk = 0;
            for (int j = 0; j < kw; ++j) wk |= bit<bb>(free_sq[cw[j]]);
            // Squares left for the black kings, in order.
            std::array<std::uint8_t, 128> rest{};
            int r = 0;
            for (int j = 0; j < n; ++j)
                if (!(wk & bit<bb>(free_sq[j]))) rest[r++] = free_sq[j];
            for (int j = 0; j < kb; ++j) cb[j] = j;
            for (std::uint64_t b = 0; b < black_kings_; ++b) {
                bb bk = 0;
                for (int j = 0; j < kb; ++j) bk |= bit<bb>(rest[cb[j]]);
                p.white = wm | wk;
                p.black = bm | bk;
                p.kings = wk | bk;
                set_streaks(p, w);
                f(i++, std::as_const(p));
                next_combination(cb, kb, r);
            }
            // The next white-king rank: the next set, or the first set of the next streaks.
            if (kStreaks && white_set(w) + 1 == white_kings_) {
                for (int j = 0; j < kw; ++j) cw[j] = j;
            } else {
                next_combination(cw, kw, n);
            }
        }
    }

    // The rank of the kings of one colour among the squares `free` they may stand on (for
    // White's kings, the squares the men leave; for Black's, those White's kings leave too),
    // a term of the index within a block, after one of them moves, for each square it may
    // move to. The other kings' terms are summed once for each place the mover can take
    // among them (j of them below it): a target costs two popcounts and one coefficient
    // instead of a term per king.
    class KingsAfterMove {
      public:
        KingsAfterMove() = default;
        // `others`: the kings that stay, squares of `free`.
        KingsAfterMove(bb others, bb free) : others_(others), free_(free) {
            // With j others below the mover, the i-th other (from 0, lowest first) is the
            // (i+1)-th king of the set when i < j, else the (i+2)-th.
            std::array<int, 16> ord{};
            int n = 0;
            for (bb o = others; o;)
                ord[std::size_t(n++)] = popcount(free & (bit<bb>(pop_lsb(o)) - 1));
            std::uint64_t sum = 0;
            for (int i = 0; i < n; ++i) sum += binomial.unchecked(ord[std::size_t(i)], i + 2);
            base_[0] = sum;
            for (int j = 1; j <= n; ++j) {
                const int o = ord[std::size_t(j - 1)];
                sum += binomial.unchecked(o, j) - binomial.unchecked(o, j + 1);
                base_[std::size_t(j)] = sum;
            }
        }
        // The rank of the others and a king on `to` (a free square none of them holds).
        std::uint64_t rank(int to) const {
            const bb below = bit<bb>(to) - 1;
            const int j = popcount(others_ & below);
            return base_[std::size_t(j)] + binomial.unchecked(popcount(free_ & below), j + 1);
        }

      private:
        bb others_{}, free_{};
        std::array<std::uint64_t, 17> base_{};
    };

    // Ranks of each kind of piece: block = white men's rank * black_men_ranks() + black
    // men's rank, and the index within a block is white kings' rank * black_king_ranks() +
    // black kings' rank (a white-king rank with the streaks, where they are kept).
    std::uint64_t white_men_ranks() const { return white_men_; }
    std::uint64_t black_men_ranks() const { return black_men_; }
    std::uint64_t white_king_ranks() const { return white_ranks_; }
    std::uint64_t white_king_sets() const { return white_kings_; }  // without the streaks
    std::uint64_t black_king_ranks() const { return black_kings_; }

    // The k-subset of rank r as a set of ordinals (bit j: the j-th square of a universe).
    static bb ordinal_subset(std::uint64_t r, int k) {
        std::array<int, 17> c{};
        unrank_ordinals(r, k, c);
        bb set = 0;
        for (int i = 0; i < k; ++i) set |= bit<bb>(c[i]);
        return set;
    }

    // A streak as the index numbers it (the top of this file): 0 for none, else
    // 1 + L * j + length - 1 for a run of `length` moves of the j-th of `kings` (lowest square
    // first), the king on `square`.
    struct StreakRun {
        int square = -1;  // none
        int length = 0;
    };
    static std::uint64_t encode_streak(bb kings, StreakRun run) {
        if (run.square < 0) return 0;
        const int j = popcount(kings & (bit<bb>(run.square) - 1));
        return 1 + std::uint64_t(kRun * j + run.length - 1);
    }
    static StreakRun decode_streak(bb kings, std::uint64_t code) {
        if (code == 0) return {};
        for (std::uint64_t j = (code - 1) / kRun; j > 0; --j) kings &= kings - 1;
        return {lsb(kings), int((code - 1) % kRun) + 1};
    }

    // The squares of universe whose ordinals (their places in universe, lowest first) are
    // in `ordinals`.
    static bb deposit(bb ordinals, bb universe) {
#if defined(__BMI2__)
        if constexpr (std::is_same_v<bb, std::uint64_t>) {
            return _pdep_u64(ordinals, universe);
        } else {
            const auto lo = static_cast<std::uint64_t>(universe);
            const int below = popcount(lo);
            // pdep takes as many low bits of its source as the mask has bits.
            return bb{_pdep_u64(static_cast<std::uint64_t>(ordinals), lo)} |
                   bb{_pdep_u64(static_cast<std::uint64_t>(ordinals >> below),
                                static_cast<std::uint64_t>(universe >> 64))}
                       << 64;
        }
#else
        bb set = 0;
        for (; ordinals; ordinals >>= 1, universe &= universe - 1)
            if (ordinals & bb{1}) set |= universe & (~universe + 1);
        return set;
#endif
    }

  private:
    // White's and Black's terms of the index within a block (`free`: the squares the men
    // leave).
    std::uint64_t white_part(const Position<V>& p, bb free) const {
        std::uint64_t r = rank_subset(p.kings_of(Color::white), free, m_.white_kings);
        if constexpr (kStreaks) r += streak_code(p, Color::white) * streaks_[1] * white_kings_;
        return r * black_kings_;
    }
    std::uint64_t black_part(const Position<V>& p, bb free) const {
        const std::uint64_t r =
            rank_subset(p.kings_of(Color::black), free & ~p.kings_of(Color::white), m_.black_kings);
        if constexpr (kStreaks)
            return r + streak_code(p, Color::black) * white_kings_ * black_kings_;
        return r;
    }

    // Colour c's streak as a number below streaks(c) (see the top of this file).
    std::uint64_t streak_code(const Position<V>& p, Color c) const {
        const int s = static_cast<int>(c);
        const auto sq = p.extra.square[s];
        if (streaks_[s] == 1 || sq == p.extra.kNone) return 0;
        return encode_streak(p.kings_of(c), {sq, p.extra.count[s]});
    }
    void set_streak(Position<V>& p, Color c, std::uint64_t code) const {
        const int s = static_cast<int>(c);
        p.extra.square[s] = p.extra.kNone;
        p.extra.count[s] = 0;
        if (code == 0) return;
        const StreakRun run = decode_streak(p.kings_of(c), code);
        p.extra.square[s] = std::uint8_t(run.square);
        p.extra.count[s] = std::uint8_t(run.length);
    }

    // The next k-subset in colex order of ordinals c[0] < ... < c[k-1] below n.
    static void next_combination(std::array<int, 17>& c, int k, int n) {
        for (int j = 0; j < k; ++j) {
            const int limit = j + 1 < k ? c[j + 1] : n;
            if (c[j] + 1 < limit) {
                ++c[j];
                for (int t = 0; t < j; ++t) c[t] = t;
                return;
            }
        }
    }

    static void unrank_ordinals(std::uint64_t r, int k, std::array<int, 17>& c) {
        int hi = G::squares;  // every universe is a set of squares
        for (int i = k; i >= 1; --i) {
            // The largest ordinal x < hi with C(x, i) <= r, by binary search.
            int lo = i - 1, top = hi - 1;
            while (lo < top) {
                const int mid = (lo + top + 1) / 2;
                if (binomial.unchecked(mid, i) <= r) {
                    lo = mid;
                } else {
                    top = mid - 1;
                }
            }
            c[i - 1] = lo;
            r -= binomial.unchecked(lo, i);
            hi = lo;
        }
    }

    static constexpr bb kManMask[2] = {G::board & ~G::promotion_row(Color::white),
                                       G::board & ~G::promotion_row(Color::black)};
    static constexpr int kManSquares = popcount(kManMask[0]);

    // Rank of the k-subset `set` of the squares in `universe` (combinatorial number system
    // over the squares' order within the universe).
    static std::uint64_t rank_subset(bb set, bb universe, int k) {
        std::uint64_t r = 0;
        for (int i = 1; i <= k; ++i) {
            const int sq = pop_lsb(set);
            r += binomial.unchecked(popcount(universe & (bit<bb>(sq) - 1)), i);
        }
        return r;
    }

    static bb unrank_subset(std::uint64_t r, bb universe, int k) {
        return deposit(ordinal_subset(r, k), universe);
    }

    Material m_;
    std::uint64_t white_men_ = 1, black_men_ = 1, white_kings_ = 1, black_kings_ = 1;
    std::array<std::uint64_t, 2> streaks_ = {1, 1};  // frisian: streaks by colour
    std::uint64_t white_ranks_ = 1;                  // white-king ranks, streaks included
    std::uint64_t block_size_ = 1, size_ = 1;
};

}  // namespace dtb
