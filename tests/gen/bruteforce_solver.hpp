// An independent brute-force solver for small families of positions, to check the
// generator against. It shares nothing with dtb::gen, only the core move generator:
//
//  1. every position of the family is enumerated directly: every placement of every
//     material (men never on their own promotion row, kings on any free square), both
//     sides to move;
//  2. an explicit graph is built: each legal move (MoveGen::generate + apply) is an edge to
//     the successor's id, looked up in a hash table of all positions; a successor in which
//     the side to move has no piece is one shared terminal node (which has no move). An
//     edge is flagged when it is a conversion: a capture or a man move (promotion included);
//  3. values are the fixed points of the defining recurrences, iterated from the bottom:
//       WDL  no move: loss (giveaway: win); a lost successor: win; all successors won:
//            loss; whatever is never decided: draw.
//       DTW  no move: 0; won: 1 + min DTW over the lost successors; lost: 1 + max DTW
//            over all successors (all are won).
//       DTC  as DTW, except that a conversion edge counts 1 whatever follows it.
//
// Each pass reads only the values of the pass before (Jacobi); a pass re-evaluates only
// the positions one of whose successors changed in the pass before, which gives exactly the
// values of full passes (a position whose successors did not change would evaluate to what
// it already holds). plain_passes re-evaluates every position on every pass instead; a
// test checks that both agree.
//
// Why the values are right. The operators are monotone, so iterates from the bottom rise to
// the least fixed point. For WDL that is the game value: a position is decided on pass k
// exactly when it is won or lost within k-1 plies, so the pass that decides it is 1 + its
// DTW. DTW is taken from there and then checked to be a fixed point of its recurrence
// (with plain_passes it is iterated from 0 instead). On the decided positions the DTW and
// DTC recurrences have one fixed point only: were some position's value different from
// the true distance, take such a position whose smaller of the two values is least; every
// successor its recurrence looks at has a smaller distance, hence agrees, and so does the
// position. DTC is iterated from 0.
//
// The family: every position with 2..max_pieces pieces, each side at least one. The
// positions with exactly max_pieces pieces can be limited to the materials a given one
// (`top`) turns into by promotions, `top` included; the family stays closed under moves
// (captures lose pieces, promotions turn men into kings, other moves keep the material),
// and its graph fits in memory for the large boards.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "dtb/core/apply.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/position.hpp"
#include "dtb/core/rules.hpp"

namespace dtb::test {

enum class Outcome : std::uint8_t { unknown = 0, win = 1, draw = 2, loss = 3 };

inline const char* outcome_name(Outcome o) {
    switch (o) {
        case Outcome::win:
            return "win";
        case Outcome::draw:
            return "draw";
        case Outcome::loss:
            return "loss";
        default:
            return "unknown";
    }
}

struct BruteValue {
    Outcome wdl = Outcome::unknown;
    int dtw = 0;  // win and loss only (0 for draws)
    int dtc = 0;  // win and loss only (0 for draws)
};

// How many men and kings each side has (dtb::gen's Material is deliberately not used).
struct Counts {
    int white_men = 0, white_kings = 0, black_men = 0, black_kings = 0;
    int pieces() const { return white_men + white_kings + black_men + black_kings; }
    int men() const { return white_men + black_men; }
    int white() const { return white_men + white_kings; }
    int black() const { return black_men + black_kings; }
    friend bool operator==(const Counts&, const Counts&) = default;
};

template <class V>
Counts counts_of(const Position<V>& p) {
    return {popcount(p.men(Color::white)), popcount(p.kings_of(Color::white)),
            popcount(p.men(Color::black)), popcount(p.kings_of(Color::black))};
}

// "KMvK": White's kings and men, "v", Black's.
inline std::string counts_name(const Counts& c) {
    return std::string(std::size_t(c.white_kings), 'K') +
           std::string(std::size_t(c.white_men), 'M') + "v" +
           std::string(std::size_t(c.black_kings), 'K') +
           std::string(std::size_t(c.black_men), 'M');
}

// Every placement of a material with the given side to move, in a fixed order: f(p) for
// each. Men never stand on their own promotion row; kings stand on any free square.
template <class V, class F>
void for_each_placement(const Counts& c, Color side, F&& f) {
    using G = typename V::board;
    using bb = typename G::bb;
    struct Group {
        Color color;
        bool king;
        int count;
    };
    const Group groups[4] = {{Color::white, false, c.white_men},
                             {Color::white, true, c.white_kings},
                             {Color::black, false, c.black_men},
                             {Color::black, true, c.black_kings}};
    std::vector<int> squares;
    for (int b = 0; b < G::bits; ++b)
        if (G::is_square(b)) squares.push_back(b);
    Position<V> p;
    p.side = side;
    // Places `left` more pieces of group g, each on a later square than the one before (so
    // that each set of squares is chosen once), then the next groups.
    auto place = [&](auto&& self, int g, int left, std::size_t from) -> void {
        if (g == 4) {
            f(static_cast<const Position<V>&>(p));
            return;
        }
        if (left == 0) {
            const int next = g + 1;
            self(self, next, next < 4 ? groups[next].count : 0, 0);
            return;
        }
        const Group& gr = groups[g];
        for (std::size_t i = from; i < squares.size(); ++i) {
            const bb s = bit<bb>(squares[i]);
            if (p.occupied() & s) continue;
            if (!gr.king && (s & G::promotion_row(gr.color))) continue;
            p.pieces(gr.color) |= s;
            if (gr.king) p.kings |= s;
            self(self, g, left - 1, i + 1);
            p.pieces(gr.color) &= ~s;
            p.kings &= ~s;
        }
    };
    place(place, 0, groups[0].count, 0);
}

// Every state of a placement p: p itself and, frisian, each king-move streak of a side that
// has men and kings (none, or one of its kings after 1..limit moves in a row), both sides'
// streaks in every combination. f(state) for each.
template <class V, class F>
void for_each_streak(Position<V> p, F&& f) {
    using bb = typename V::board::bb;
    if constexpr (V::king_streak_limit == 0) {
        f(static_cast<const Position<V>&>(p));
    } else {
        // The streaks a side may have: {square, count}, "none" first.
        auto choices = [&](Color c) {
            std::vector<std::pair<std::uint8_t, std::uint8_t>> out = {{p.extra.kNone, 0}};
            if (p.men(c) == 0) return out;
            for (bb k = p.kings_of(c); k;) {
                const int sq = pop_lsb(k);
                for (int n = 1; n <= V::king_streak_limit; ++n)
                    out.push_back({std::uint8_t(sq), std::uint8_t(n)});
            }
            return out;
        };
        for (const auto& [ws, wn] : choices(Color::white))
            for (const auto& [bs, bn] : choices(Color::black)) {
                p.extra.square[0] = ws;
                p.extra.count[0] = wn;
                p.extra.square[1] = bs;
                p.extra.count[1] = bn;
                f(static_cast<const Position<V>&>(p));
            }
    }
}

// Every material with each side at least one piece and 2..max_pieces pieces.
inline std::vector<Counts> all_counts(int max_pieces) {
    std::vector<Counts> out;
    for (int n = 2; n <= max_pieces; ++n)
        for (int wm = 0; wm <= n; ++wm)
            for (int wk = 0; wm + wk <= n; ++wk)
                for (int bm = 0; wm + wk + bm <= n; ++bm) {
                    const int bk = n - wm - wk - bm;
                    if (wm + wk >= 1 && bm + bk >= 1) out.push_back({wm, wk, bm, bk});
                }
    return out;
}

// An allocator for the solver's big arrays: 2 MB aligned and, on Linux, asking for huge
// pages, which saves most page faults and TLB misses of the random lookups. Only speed.
template <class T>
struct BigAllocator {
    using value_type = T;
    static constexpr std::size_t kAlign = std::size_t(2) << 20;
    BigAllocator() = default;
    template <class U>
    BigAllocator(const BigAllocator<U>&) {}
    T* allocate(std::size_t n) {
        const std::size_t bytes = (n * sizeof(T) + kAlign - 1) / kAlign * kAlign;
        void* p = std::aligned_alloc(kAlign, bytes);
        if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        madvise(p, bytes, MADV_HUGEPAGE);
#endif
        return static_cast<T*>(p);
    }
    void deallocate(T* p, std::size_t) { std::free(p); }
    template <class U>
    bool operator==(const BigAllocator<U>&) const {
        return true;
    }
};
template <class T>
using BigVector = std::vector<T, BigAllocator<T>>;

template <class V>
class BruteForceSolver {
  public:
    using G = typename V::board;
    using bb = typename G::bb;
    using P = Position<V>;

    struct Family {
        int max_pieces = 3;
        // If set (with max_pieces pieces): the max_pieces-piece materials held are top and
        // those it turns into by promotions.
        std::optional<Counts> top = std::nullopt;
    };

    explicit BruteForceSolver(Family family, bool plain_passes = false)
        : family_(family), plain_passes_(plain_passes) {
        if (family.max_pieces < 2 || family.max_pieces > kMaxPieces)
            throw std::invalid_argument("brute force: 2 to " + std::to_string(kMaxPieces) +
                                        " pieces");
        if (family.top && family.top->pieces() != family.max_pieces)
            throw std::invalid_argument("brute force: the top material has max_pieces pieces");
        auto t = std::chrono::steady_clock::now();
        auto lap = [&](const char* what) {
            const auto now = std::chrono::steady_clock::now();
            char buf[64];
            std::snprintf(buf, sizeof buf, "%s%s %.1fs", timing_.empty() ? "" : ", ", what,
                          std::chrono::duration<double>(now - t).count());
            timing_ += buf;
            t = now;
        };
        enumerate();
        lap("enumerate");
        build_edges();
        lap("edges");
        solve_wdl();
        lap("wdl");
        solve_dtw();
        lap("dtw");
        solve_distance(dtc_, true);
        lap("dtc");
    }

    const Family& family() const { return family_; }
    bool in_family(const Counts& c) const {
        if (c.white() < 1 || c.black() < 1 || c.pieces() > family_.max_pieces) return false;
        if (c.pieces() < family_.max_pieces || !family_.top) return true;
        const Counts& t = *family_.top;
        return c.white() == t.white() && c.black() == t.black() && c.white_men <= t.white_men &&
               c.black_men <= t.black_men;
    }
    std::vector<Counts> materials() const {
        std::vector<Counts> out;
        for (const Counts& c : all_counts(family_.max_pieces))
            if (in_family(c)) out.push_back(c);
        return out;
    }

    // Positions of the family (the terminal node not counted), moves, passes, phase times.
    std::size_t size() const { return keys_.size() - 1; }
    std::size_t edge_count() const { return targets_.size(); }
    int passes() const { return passes_; }  // the most one of the fixed points took
    const std::string& timing() const { return timing_; }

    // Position i (1 <= i <= size()) and its value.
    P position(std::uint32_t i) const { return decode(keys_[i]); }
    BruteValue value_at(std::uint32_t i) const {
        const Outcome o = Outcome(wdl_[i]);
        if (o == Outcome::draw) return {o, 0, 0};
        return {o, int(dtw_[i]), int(dtc_[i])};
    }
    // The value of p, or nullopt when p is not in the family.
    std::optional<BruteValue> value(const P& p) const {
        const std::uint32_t i = find(encode(p));
        if (i == kNone) return std::nullopt;
        return value_at(i);
    }

    // f(position, value) for every position of the family, material by material.
    template <class F>
    void for_each(F&& f) const {
        for (std::uint32_t i = 1; i < keys_.size(); ++i) f(position(i), value_at(i));
    }

    // A key that names a position: its pieces by increasing square, 9 bits each (square + 1
    // in 7 bits, then black?, king?), and the side to move in the lowest bit. The boards
    // have at most 78 bits, so square + 1 fits in 7 bits, and 6 pieces in 64. Never 0.
    // Frisian (at most 5 pieces, 46 bits): each side's king-move streak in 5 bits from bit
    // 54, White's first: 0 for none, else the streak king's place among all the pieces
    // (lowest square first) plus one, times 4, plus the count.
    static std::uint64_t encode(const P& p) {
        std::uint64_t k = 0, streaks = 0;
        int place = 0;
        for (bb x = p.occupied(); x; ++place) {
            const int sq = pop_lsb(x);
            const bb s = bit<bb>(sq);
            const unsigned kind = ((p.black & s) ? 2u : 0u) | ((p.kings & s) ? 1u : 0u);
            k = (k << 9) | (std::uint64_t(sq + 1) << 2) | kind;
            if constexpr (kStreaks)
                for (int c = 0; c < 2; ++c)
                    if (p.extra.square[c] == sq)
                        streaks |= std::uint64_t((place + 1) * 4 + p.extra.count[c]) << (5 * c);
        }
        return (streaks << kStreakShift) | (k << 1) | (p.side == Color::black ? 1u : 0u);
    }
    static P decode(std::uint64_t k) {
        P p;
        p.side = (k & 1) ? Color::black : Color::white;
        const std::uint64_t streaks = kStreaks ? k >> kStreakShift : 0;
        if constexpr (kStreaks) k &= (std::uint64_t(1) << kStreakShift) - 1;
        int squares[8] = {}, n = 0;  // highest first
        for (k >>= 1; k; k >>= 9) {
            const unsigned code = unsigned(k & 511);
            const int sq = int(code >> 2) - 1;
            const bb s = bit<bb>(sq);
            if (code & 2) {
                p.black |= s;
            } else {
                p.white |= s;
            }
            if (code & 1) p.kings |= s;
            if (n < 8) squares[n++] = sq;
        }
        if constexpr (kStreaks)
            for (int c = 0; c < 2; ++c) {
                const unsigned code = unsigned(streaks >> (5 * c)) & 31u;
                if (code == 0) continue;
                p.extra.square[c] = std::uint8_t(squares[n - int(code / 4)]);
                p.extra.count[c] = std::uint8_t(code % 4);
            }
        return p;
    }

  private:
    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    static constexpr std::uint32_t kConv = 0x80000000u;  // edge flag: a conversion
    static constexpr std::uint32_t kTerminal = 0;        // node: the side to move has no piece
    static constexpr std::uint8_t U = std::uint8_t(Outcome::unknown);
    static constexpr std::uint8_t W = std::uint8_t(Outcome::win);
    static constexpr std::uint8_t D = std::uint8_t(Outcome::draw);
    static constexpr std::uint8_t L = std::uint8_t(Outcome::loss);
    static constexpr bool kGiveaway = V::goal == Goal::giveaway;
    static constexpr int kMaxDistance = 60000;
    static constexpr bool kStreaks = V::king_streak_limit > 0;
    static constexpr int kStreakShift = 54;
    static constexpr int kMaxPieces = kStreaks ? 5 : 6;  // the keys' 64 bits

    // body(i) for i in [0, n) on all threads; the first exception is rethrown afterwards.
    template <class Body>
    static void parallel_for(std::int64_t n, Body&& body) {
        std::string error;
#pragma omp parallel for schedule(dynamic, 1024)
        for (std::int64_t i = 0; i < n; ++i) {
            try {
                body(i);
            } catch (const std::exception& e) {
#pragma omp critical(dtb_brute_force_error)
                if (error.empty()) error = e.what();
            }
        }
        if (!error.empty()) throw std::logic_error(error);
    }

    static std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
        x ^= x >> 30;
        x *= 0xbf58476d1ce4e5b9ull;
        x ^= x >> 27;
        x *= 0x94d049bb133111ebull;
        return x ^ (x >> 31);
    }

    void enumerate() {
        keys_.push_back(0);  // node 0: the terminal node
        for (const Counts& c : materials())
            for (Color side : {Color::white, Color::black})
                for_each_placement<V>(c, side, [&](const P& placed) {
                    for_each_streak<V>(placed, [&](const P& p) { keys_.push_back(encode(p)); });
                });
        if (keys_.size() >= kConv) throw std::length_error("brute force: too many positions");
        std::size_t cap = 1;
        while (cap < keys_.size() + keys_.size() / 2) cap *= 2;  // at most 2/3 full
        slots_.assign(cap, Slot{0, kNone});
        for (std::uint32_t i = 1; i < keys_.size(); ++i) {
            std::size_t h = mix(keys_[i]) & (cap - 1);
            while (slots_[h].key != 0) {
                if (slots_[h].key == keys_[i]) throw std::logic_error("brute force: duplicate");
                h = (h + 1) & (cap - 1);
            }
            slots_[h] = Slot{keys_[i], i};
        }
    }

    std::uint32_t find(std::uint64_t key) const {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t h = mix(key) & mask; slots_[h].key != 0; h = (h + 1) & mask)
            if (slots_[h].key == key) return slots_[h].id;
        return kNone;
    }

    // out(edge) for each legal move of node i, in move-generator order.
    template <class Out>
    void successors(std::uint32_t i, Out&& out) const {
        if (i == kTerminal) return;
        const P p = decode(keys_[i]);
        MoveList<G> moves;
        MoveGen<V>::generate(p, moves);
        std::uint64_t keys[MoveList<G>::kCapacity];
        for (int k = 0; k < moves.size(); ++k) {
            const P s = apply(p, moves[k]);
            keys[k] = s.pieces(s.side) != 0 ? encode(s) : 0;  // 0: the terminal node
            if (keys[k]) __builtin_prefetch(&slots_[mix(keys[k]) & (slots_.size() - 1)]);
        }
        for (int k = 0; k < moves.size(); ++k) {
            const auto& m = moves[k];
            const bool conv = m.is_capture() || (p.men(p.side) & bit<bb>(m.from)) != 0;
            std::uint32_t t = kTerminal;
            if (keys[k]) {
                t = find(keys[k]);
                if (t == kNone)
                    throw std::logic_error("brute force: a successor outside the family");
            }
            out(t | (conv ? kConv : 0u));
        }
    }

    void build_edges() {
        const std::int64_t n = std::int64_t(keys_.size());
        // Chunks of nodes build their edges apart, then they are laid end to end.
        constexpr std::int64_t kChunk = 4096;
        const std::int64_t chunks = (n + kChunk - 1) / kChunk;
        std::vector<std::vector<std::uint32_t>> chunk_edges(static_cast<std::size_t>(chunks));
        offsets_.assign(std::size_t(n + 1), 0);
        std::string error;
#pragma omp parallel for schedule(dynamic, 1)
        for (std::int64_t c = 0; c < chunks; ++c) {
            try {
                auto& out = chunk_edges[c];
                out.reserve(16 * kChunk);
                for (std::int64_t i = c * kChunk; i < std::min(n, (c + 1) * kChunk); ++i) {
                    const std::size_t before = out.size();
                    successors(std::uint32_t(i), [&](std::uint32_t t) { out.push_back(t); });
                    offsets_[i + 1] = out.size() - before;
                }
            } catch (const std::exception& e) {
#pragma omp critical(dtb_brute_force_error)
                if (error.empty()) error = e.what();
            }
        }
        if (!error.empty()) throw std::logic_error(error);
        for (std::int64_t i = 0; i < n; ++i) offsets_[i + 1] += offsets_[i];
        targets_.resize(offsets_[n]);
        for (std::int64_t c = 0; c < chunks; ++c) {
            std::copy(chunk_edges[c].begin(), chunk_edges[c].end(),
                      targets_.begin() + std::ptrdiff_t(offsets_[c * kChunk]));
            std::vector<std::uint32_t>().swap(chunk_edges[c]);
        }
        // Predecessors, for the worklist: one per edge (a repeated one does no harm; their
        // order does not matter).
        pred_offsets_.assign(std::size_t(n + 1), 0);
        parallel_for(n, [&](std::int64_t i) {
            for (std::uint64_t e = offsets_[i]; e < offsets_[i + 1]; ++e)
                std::atomic_ref<std::uint64_t>(pred_offsets_[(targets_[e] & ~kConv) + 1])
                    .fetch_add(1, std::memory_order_relaxed);
        });
        for (std::int64_t i = 0; i < n; ++i) pred_offsets_[i + 1] += pred_offsets_[i];
        BigVector<std::uint64_t> fill(pred_offsets_.begin(), pred_offsets_.end() - 1);
        preds_.resize(targets_.size());
        parallel_for(n, [&](std::int64_t i) {
            for (std::uint64_t e = offsets_[i]; e < offsets_[i + 1]; ++e) {
                const std::uint64_t at = std::atomic_ref<std::uint64_t>(fill[targets_[e] & ~kConv])
                                             .fetch_add(1, std::memory_order_relaxed);
                preds_[at] = std::uint32_t(i);
            }
        });
    }

    // Iterates node values to a fixed point: eval(i) is node i's new value from the values
    // of the pass before. Only nodes in `active` are evaluated: all of them on the first
    // pass, then those with a successor whose value changed (all of them, with
    // plain_passes). on_change(i, pass) is told of each change.
    template <class T, class Eval, class OnChange = void (*)(std::uint32_t, int)>
    void fixed_point(
        std::vector<T>& val, const std::vector<std::uint8_t>& active, Eval eval,
        OnChange on_change = [](std::uint32_t, int) {}) {
        const std::int64_t n = std::int64_t(keys_.size());
        std::vector<std::uint32_t> all;
        for (std::int64_t i = 0; i < n; ++i)
            if (active[i]) all.push_back(std::uint32_t(i));
        std::vector<std::uint32_t> list = all;
        std::vector<std::uint8_t> queued(std::size_t(n), 0);  // in the next pass's list
        std::vector<T> next;
        for (int pass = 1;; ++pass) {
            const std::int64_t m = std::int64_t(list.size());
            next.resize(list.size());
            parallel_for(m, [&](std::int64_t k) { next[k] = eval(list[k]); });
            std::int64_t changed = 0;
            std::vector<std::uint32_t> following;
#pragma omp parallel reduction(+ : changed)
            {
                std::vector<std::uint32_t> mine;
#pragma omp for schedule(dynamic, 1024)
                for (std::int64_t k = 0; k < m; ++k) {
                    const std::uint32_t i = list[k];
                    if (next[k] == val[i]) continue;
                    ++changed;
                    for (std::uint64_t e = pred_offsets_[i]; e < pred_offsets_[i + 1]; ++e) {
                        const std::uint32_t q = preds_[e];
                        std::atomic_ref<std::uint8_t> flag(queued[q]);
                        if (active[q] && !flag.load(std::memory_order_relaxed) &&
                            flag.exchange(1, std::memory_order_relaxed) == 0)
                            mine.push_back(q);
                    }
                }
#pragma omp critical(dtb_brute_force_merge)
                following.insert(following.end(), mine.begin(), mine.end());
            }
            // The values change only now, after every evaluation of the pass has read them.
            for (std::int64_t k = 0; k < m; ++k) {
                if (val[list[k]] != next[k]) on_change(list[k], pass);
                val[list[k]] = next[k];
            }
            for (std::uint32_t q : following) queued[q] = 0;
            passes_ = std::max(passes_, pass);
            if (changed == 0) break;
            if (pass > kMaxDistance) throw std::logic_error("brute force: no fixed point");
            if (plain_passes_) {
                list = all;
            } else {
                list.swap(following);
            }
        }
    }

    void solve_wdl() {
        const std::size_t n = keys_.size();
        wdl_.assign(n, U);
        decided_on_.assign(n, 0);
        fixed_point(
            wdl_, std::vector<std::uint8_t>(n, 1),
            [&](std::uint32_t i) -> std::uint8_t {
                if (wdl_[i] != U) return wdl_[i];  // a decided value stays
                const std::uint64_t b = offsets_[i], e = offsets_[i + 1];
                if (b == e) return kGiveaway ? W : L;  // no legal move
                bool all_won = true;
                for (std::uint64_t k = b; k < e; ++k) {
                    const std::uint8_t s = wdl_[targets_[k] & ~kConv];
                    if (s == L) return W;
                    if (s != W) all_won = false;
                }
                return all_won ? L : U;
            },
            [&](std::uint32_t i, int pass) { decided_on_[i] = std::uint16_t(pass); });
        for (auto& v : wdl_)
            if (v == U) v = D;
    }

    // The DTW (conversions_count_one false) or DTC (true) recurrence at a won or lost node,
    // from its successors' current distances.
    std::uint16_t recurrence(const std::vector<std::uint16_t>& dist, bool conversions_count_one,
                             std::uint32_t i) const {
        const std::uint64_t b = offsets_[i], e = offsets_[i + 1];
        if (b == e) return 0;  // no legal move
        const bool won = wdl_[i] == W;
        int best = won ? std::numeric_limits<int>::max() : 0;
        for (std::uint64_t k = b; k < e; ++k) {
            const std::uint32_t t = targets_[k] & ~kConv;
            if (won && wdl_[t] != L) continue;  // the winner keeps the win
            const int d = conversions_count_one && (targets_[k] & kConv) ? 1 : 1 + dist[t];
            best = won ? std::min(best, d) : std::max(best, d);
        }
        if (best > kMaxDistance) throw std::logic_error("brute force: distance overflow");
        return std::uint16_t(best);
    }

    std::vector<std::uint8_t> decided_nodes() const {
        std::vector<std::uint8_t> decided(wdl_.size(), 0);
        for (std::size_t i = 0; i < wdl_.size(); ++i) decided[i] = wdl_[i] == W || wdl_[i] == L;
        return decided;
    }

    // A distance iterated from 0 to its fixed point over the won and lost nodes.
    void solve_distance(std::vector<std::uint16_t>& dist, bool conversions_count_one) {
        dist.assign(wdl_.size(), 0);
        fixed_point(dist, decided_nodes(),
                    [&](std::uint32_t i) { return recurrence(dist, conversions_count_one, i); });
    }

    // DTW: the WDL pass that decided the node, less one, checked to be a fixed point of the
    // recurrence; with plain_passes iterated from 0 instead.
    void solve_dtw() {
        if (plain_passes_) {
            solve_distance(dtw_, false);
            return;
        }
        const std::int64_t n = std::int64_t(wdl_.size());
        dtw_.assign(std::size_t(n), 0);
        for (std::int64_t i = 0; i < n; ++i)
            if (wdl_[i] == W || wdl_[i] == L) dtw_[i] = std::uint16_t(decided_on_[i] - 1);
        parallel_for(n, [&](std::int64_t i) {
            if ((wdl_[i] == W || wdl_[i] == L) &&
                recurrence(dtw_, false, std::uint32_t(i)) != dtw_[i])
                throw std::logic_error("brute force: DTW from the passes is not a fixed point");
        });
    }

    struct Slot {
        std::uint64_t key;  // 0: empty
        std::uint32_t id;
    };

    Family family_;
    bool plain_passes_;
    int passes_ = 0;
    std::string timing_;
    BigVector<std::uint64_t> keys_;     // node -> key (node 0: the terminal node)
    BigVector<Slot> slots_;             // key -> node: open addressing, linear probing
    BigVector<std::uint64_t> offsets_;  // node -> its first edge
    BigVector<std::uint32_t> targets_;  // edge -> successor node, | kConv for conversions
    BigVector<std::uint64_t> pred_offsets_;
    BigVector<std::uint32_t> preds_;
    std::vector<std::uint8_t> wdl_;
    std::vector<std::uint16_t> decided_on_;  // the WDL pass that decided a node
    std::vector<std::uint16_t> dtw_, dtc_;
};

}  // namespace dtb::test
