// The level loop of a block, bit-parallel over one king's square.
//
// Inside a block only king moves happen. When one side has a single king (the "bit king"),
// fix every other king: what is left is a slab, and the positions of a slab differ only in
// the bit king's square, one bit each of a bitboard word. A move of the bit king stays in
// its slab and becomes a ray fill of the word; a move of another king leads to another slab,
// the bit king staying where it is, so one word operation covers every square of the bit
// king at once (masked by the squares on the move's path, which the bit king would block,
// and by the target square, which it would occupy).
//
// Slabs are ranked by the other kings' squares over the block's free squares: white ones,
// then black ones, each over all free squares (a slab whose white and black kings meet has
// no position). Frisian's king-move streaks (index.hpp) are the outer term of a block's index:
// a slab is also a pair of streak states, a king move leads to the slab of the streak it
// leaves, and a king at the end of its run has no move. The bit king is its side's only
// king, so its streak is a count, the same for every square of the word. Those moves are not
// reversible, so each side whose moves change a streak has its predecessors' list besides
// its successors'. Where both sides have two kings or more, a bit king would have to be one of
// several alike and each position would lie in several slabs, slower than the counting loop
// (docs/performance.md), so such blocks keep the counting loop.
//
// Level n, from what levels up to n-1 resolved (the counting loop of gen/solver/counting_loop.hpp
// does the same one predecessor at a time):
//   won at n    a pending position without capture with a king move to a position lost at
//               n-1, or a pending position whose exits win at n;
//   lost at n   a pending position whose exits allow a loss by n (none, or the slowest
//               losing exit at most n) and each of whose king moves (none when it has a
//               capture) leads to a position won by n-1.
// Wins are pushed: each slab with positions lost at n-1 ORs their predecessors into its
// neighbours' words. Losses are pulled: a slab next to one with positions won at n-1 (or with
// an exit due at n) looks at its moves' words, and stops as soon as every candidate square
// has a move to a position not yet won. The neighbours of each slab (slab and move) are
// listed once per block, for both passes. The words of a level are computed from those of
// the level before and only then stored, so the result depends neither on the order of the
// slabs nor on the number of threads.
#pragma once

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include "dtb/core/bitboard.hpp"
#include "dtb/core/direction.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/large_array.hpp"
#include "dtb/gen/solver/for_range.hpp"
#include "dtb/gen/solver/per_thread.hpp"
#include "dtb/gen/solver/solver_cell.hpp"

namespace dtb::gen {

template <class V>
class KingSlabs : CellFormat {
    using G = typename V::board;
    using bb = typename G::bb;
    using StreakRun = typename Index<V>::StreakRun;

  public:
    // `wanted`: whether the solver would use the loop (its regions are single blocks); the
    // tables are built only then.
    KingSlabs(const Index<V>& idx, bool wanted) : black_ranks_(idx.black_king_ranks()) {
        const Material& m = idx.material();
        const int kings[2] = {m.white_kings, m.black_kings};
        if (!wanted || (kings[0] != 1 && kings[1] != 1)) return;
        bit_side_ = kings[0] == 1 ? 0 : 1;
        const int free = G::squares - m.men();
        for (int c = 0; c < 2; ++c) {
            others_[c] = c == bit_side_ ? 0 : kings[c];
            ranks_[c] = binomial(free, others_[c]);
            subsets_[c].resize(ranks_[c]);
            for (std::uint64_t r = 0; r < ranks_[c]; ++r)
                subsets_[c][r] = Index<V>::ordinal_subset(r, others_[c]);
        }
        plain_ = ranks_[0] * ranks_[1];
        streaks_ = {idx.streaks(Color::white), idx.streaks(Color::black)};
        streak_size_ = idx.block_size() / (streaks_[0] * streaks_[1]);
        slabs_ = plain_ * streaks_[0] * streaks_[1];
        if (slabs_ >= (std::uint64_t{1} << 32))
            throw std::runtime_error("generator: too many king placements in a block");
        between_.assign(std::size_t(G::bits) * G::bits, bb{0});
        for (int from = 0; from < G::bits; ++from) {
            if (!(G::board & bit<bb>(from))) continue;
            for_each_move(bit<bb>(from), G::board, [&](int f, int to, bb path) {
                between_[std::size_t(f) * G::bits + std::size_t(to)] = path;
            });
        }
    }

    // Whether one side has a single king.
    bool applies() const { return slabs_ > 0; }
    std::uint64_t slabs() const { return slabs_; }

    // Working memory of one block, kept from one block to the next.
    struct Work {
        static constexpr int kArrays = 9;
        enum Array { pending, won, lost, capture, allow, due_win, gain, fresh_won, fresh_lost };
        // A neighbour: the slab one move of a king of the list's side away, and the move.
        struct Edge {
            std::uint32_t slab;
            std::uint8_t from, to;
        };
        // By side to move, CSR by slab: the slabs its moves lead to, and where they differ
        // (a move changes a streak), the slabs whose moves lead here.
        LargeVector<std::uint32_t> first_edge[2], first_pred[2];
        LargeVector<Edge> edges[2], preds[2];
        std::array<LargeVector<bb>, kArrays> words[2];  // by side to move, array, slab
        LargeVector<std::uint32_t> stamp[2];            // the last level a slab was listed at
        struct Due {
            std::uint64_t ref;  // slab << 1 | side to move
            bb bits;
        };
        std::vector<std::vector<Due>> win_at, allow_at;  // exits by level
        std::vector<std::uint64_t> fresh, candidates;    // refs
        std::vector<std::array<bb, 2>> results;          // won, lost by candidate
        struct Timed {
            int level;
            Due due;
        };
        PerThread<std::vector<std::uint64_t>> mine;
        PerThread<std::vector<Timed>> mine_win, mine_allow;
        bb free = 0;
        std::array<std::uint8_t, 128> ordinal{};  // of each free square among them
        bb& at(int side, Array a, std::uint64_t slab) { return words[side][a][slab]; }
    };

    // Lists the neighbours of every slab of the block whose men are wm and bm; run() then
    // works on that block (once for each pass).
    template <bool Shared>
    void prepare(Work& w, bb wm, bb bm) const {
        const int threads = Shared ? omp_get_max_threads() : 1;
        w.mine.resize(std::size_t(threads));
        w.mine_win.resize(std::size_t(threads));
        w.mine_allow.resize(std::size_t(threads));
        w.free = G::board & ~(wm | bm);
        {
            int n = 0;
            for (bb x = w.free; x;) w.ordinal[std::size_t(pop_lsb(x))] = std::uint8_t(n++);
        }
        for (int s = 0; s < 2; ++s) {
            auto& first = w.first_edge[s];
            auto& edges = w.edges[s];
            first.assign(slabs_ + 1, 0);
            w.first_pred[s].clear();
            w.preds[s].clear();
            if (others_[std::size_t(s)] == 0) {
                edges.clear();
                continue;
            }
            // Count, then fill at the offsets.
            for_range<Shared, 64>(std::size_t(slabs_), [&](std::size_t k, int) {
                std::uint32_t n = 0;
                for_each_neighbour(w, k, s, [&](std::uint64_t, int, int) { ++n; });
                first[k + 1] = n;
            });
            std::uint64_t total = 0;
            for (std::uint64_t k = 0; k < slabs_; ++k) {
                total += first[k + 1];
                if (total >= (std::uint64_t{1} << 32))
                    throw std::runtime_error("generator: too many king moves in a block");
                first[k + 1] = std::uint32_t(total);
            }
            edges.resize(first[slabs_]);
            for_range<Shared, 64>(std::size_t(slabs_), [&](std::size_t k, int) {
                std::uint32_t e = first[k];
                for_each_neighbour(w, k, s, [&](std::uint64_t n, int from, int to) {
                    edges[e++] = {std::uint32_t(n), std::uint8_t(from), std::uint8_t(to)};
                });
            });
            if (keeps_predecessors(s)) transpose(w, s);
        }
    }

    // Runs the level loop on the block prepare() was last given, whose cells (by index in
    // the block, cells[side]) hold what the pass's initialisation put in them: resolves what
    // can be resolved, writing state and level; what stays pending is a draw.
    template <bool Shared>
    void run(Work& w, Cell* const cells[2]) const {
        for (int s = 0; s < 2; ++s) {
            for (auto& a : w.words[s]) a.assign(slabs_, bb{0});
            w.stamp[s].assign(slabs_, 0);
        }
        w.win_at.clear();
        w.allow_at.clear();
        w.fresh.clear();
        load<Shared>(w, cells);
        const int exit_levels = int(std::max(w.win_at.size(), w.allow_at.size()));
        for (int level = 1;; ++level) {
            if (w.fresh.empty()) {
                // Nothing resolved at the level before: on to the next level an exit decides.
                while (level < exit_levels && due_at(w.win_at, level).empty() &&
                       due_at(w.allow_at, level).empty())
                    ++level;
                if (level >= exit_levels) break;
            }
            push<Shared>(w, level);
            decide<Shared>(w);
            if (level > kMaxLevel && std::any_of(w.results.begin(), w.results.end(),
                                                 [](const auto& r) { return (r[0] | r[1]) != 0; }))
                throw std::runtime_error("generator: distance beyond 16382 plies");
            store<Shared>(w, level, cells);
        }
    }

  private:
    using Due = typename Work::Due;
    static std::span<const Due> due_at(const std::vector<std::vector<Due>>& by_level, int level) {
        if (std::size_t(level) >= by_level.size()) return {};
        return by_level[std::size_t(level)];
    }

    // The kings of a slab other than the bit king, by colour; none for a slab without
    // position.
    std::array<bb, 2> kings_of(const Work& w, std::uint64_t slab) const {
        if constexpr (kStreaks) slab %= plain_;
        const bb white = Index<V>::deposit(subsets_[0][slab / ranks_[1]], w.free);
        const bb black = Index<V>::deposit(subsets_[1][slab % ranks_[1]], w.free);
        return {white, black};
    }
    // The rank of a set of kings of one colour over the block's free squares.
    static std::uint64_t rank(const Work& w, bb set) {
        std::uint64_t r = 0;
        for (int i = 1; set; ++i) r += binomial.unchecked(w.ordinal[std::size_t(pop_lsb(set))], i);
        return r;
    }
    std::uint64_t slab_of(const Work& w, const std::array<bb, 2>& kings) const {
        return rank(w, kings[0]) * ranks_[1] + rank(w, kings[1]);
    }

    // Squares from which a king reaches a square of `targets` in one move over `empty`.
    static bb reach(bb targets, bb empty) {
        bb r = 0;
        for_each_dir<V::king_moves>([&](auto d) {
            constexpr Dir D = decltype(d)::value;
            const bb first = G::template step<D>(targets) & empty;
            if constexpr (V::king_range == Range::short_) {
                r |= first;
            } else {
                r |= first | G::template slide<D>(first, empty);
            }
        });
        return r;
    }

    // Calls f(from, to, path) for every move over `empty` of a king in `kings`; path holds
    // the squares strictly between from and to.
    template <class F>
    static void for_each_move(bb kings, bb empty, F&& f) {
        while (kings) {
            const int from = pop_lsb(kings);
            for_each_dir<V::king_moves>([&](auto d) {
                constexpr Dir D = decltype(d)::value;
                if constexpr (V::king_range == Range::short_) {
                    const bb to = G::template step<D>(bit<bb>(from)) & empty;
                    if (to) f(from, lsb(to), bb{0});
                } else {
                    const bb ray = G::template slide<D>(bit<bb>(from), empty);
                    for (bb t = ray; t;) {
                        const int to = pop_lsb(t);
                        const bb below = bit<bb>(to) - 1;
                        // Along a ray the square numbers grow (or fall) step by step.
                        f(from, to,
                          G::shift_of(D) > 0 ? ray & below : ray & ~(below | bit<bb>(to)));
                    }
                }
            });
        }
    }

    // Calls f(slab', from, to) for every slab one move from -> to of a king of `side` (not
    // the bit king) away. Without a streak of `side` moves are reversible: these are also the
    // slabs from which such a move (to -> from) leads here.
    template <class F>
    void for_each_neighbour(const Work& w, std::uint64_t slab, int side, F&& f) const {
        auto kings = kings_of(w, slab);
        if (kings[0] & kings[1]) return;
        const bb empty = w.free & ~(kings[0] | kings[1]);
        const bb mine = kings[std::size_t(side)];
        const std::uint64_t other_rank =
            side == 0 ? rank(w, kings[1]) : rank(w, kings[0]) * ranks_[1];
        auto codes = streak_codes(slab);
        const std::uint64_t code = codes[std::size_t(side)];
        const bool streaks = streaks_[std::size_t(side)] > 1;
        const auto run = streaks ? Index<V>::decode_streak(mine, code) : StreakRun{};
        for_each_move(mine, empty, [&](int from, int to, bb) {
            if (from == run.square && run.length >= kRun) return;  // the king's run is at its end
            const bb moved = mine ^ bit<bb>(from) ^ bit<bb>(to);
            if (streaks)
                codes[std::size_t(side)] =
                    Index<V>::encode_streak(moved, {to, from == run.square ? run.length + 1 : 1});
            const std::uint64_t s =
                side == 0 ? rank(w, moved) * ranks_[1] + other_rank : other_rank + rank(w, moved);
            f(streak_slot(codes) * plain_ + s, from, to);
        });
    }

    // The predecessors' lists of `side` from its successors' (an edge of slab k to n becomes
    // one of n to k, its squares swapped: from is still the king's square in the list's slab).
    void transpose(Work& w, int side) const {
        const auto& first = w.first_edge[side];
        const auto& edges = w.edges[side];
        auto& pfirst = w.first_pred[side];
        auto& preds = w.preds[side];
        pfirst.assign(slabs_ + 1, 0);
        for (const auto& e : edges) ++pfirst[std::size_t(e.slab) + 1];
        for (std::uint64_t k = 0; k < slabs_; ++k) pfirst[k + 1] += pfirst[k];
        preds.resize(edges.size());
        std::vector<std::uint32_t> at(pfirst.begin(), pfirst.end() - 1);
        for (std::uint64_t k = 0; k < slabs_; ++k)
            for (auto e = first[k]; e < first[k + 1]; ++e)
                preds[at[edges[e].slab]++] = {std::uint32_t(k), edges[e].to, edges[e].from};
    }
    // Whether `side` has moves of other kings that change its streak: then its predecessors'
    // lists differ from its successors'.
    bool keeps_predecessors(int side) const {
        return others_[std::size_t(side)] > 0 && streaks_[std::size_t(side)] > 1;
    }
    // The successors' (true) or predecessors' lists of `side`.
    std::pair<const LargeVector<std::uint32_t>&, const LargeVector<typename Work::Edge>&> lists(
        const Work& w, int side, bool successors) const {
        if (successors || !keeps_predecessors(side)) return {w.first_edge[side], w.edges[side]};
        return {w.first_pred[side], w.preds[side]};
    }

    // The streak codes of a slab by colour (0 where a colour keeps none), and back.
    std::array<std::uint64_t, 2> streak_codes(std::uint64_t slab) const {
        const std::uint64_t slot = slab / plain_;
        return {slot / streaks_[1], slot % streaks_[1]};
    }
    std::uint64_t streak_slot(const std::array<std::uint64_t, 2>& codes) const {
        return codes[0] * streaks_[1] + codes[1];
    }
    // The slab the bit king's move leads to, and the slab from which its move leads here
    // (kNoSlab: none). Its code is its run's length.
    std::uint64_t bit_successor(std::uint64_t slab) const {
        if (!kStreaks || streaks_[std::size_t(bit_side_)] == 1) return slab;
        auto codes = streak_codes(slab);
        auto& code = codes[std::size_t(bit_side_)];
        if (code >= std::uint64_t(kRun)) return kNoSlab;
        ++code;
        return streak_slot(codes) * plain_ + slab % plain_;
    }
    std::uint64_t bit_predecessor(std::uint64_t slab) const {
        if (!kStreaks || streaks_[std::size_t(bit_side_)] == 1) return slab;
        auto codes = streak_codes(slab);
        auto& code = codes[std::size_t(bit_side_)];
        if (code == 0) return kNoSlab;
        --code;
        return streak_slot(codes) * plain_ + slab % plain_;
    }
    // The squares of the bit king that neither block the move of an edge nor stand on its
    // target, given the bit king's squares in the edge's slab (the same set from either end).
    bb edge_mask(const typename Work::Edge& e, bb squares) const {
        return squares & ~between_[std::size_t(e.from) * G::bits + e.to] & ~bit<bb>(e.to);
    }

    // The index in the block of each position of a slab, by the bit king's square: one
    // popcount. A black bit king is the last term of the index (its rank over the squares
    // White's kings leave); a white one ranks over all free squares, and the black kings
    // above it have one free square fewer below them than those below it.
    struct Ranker {
        std::array<std::uint64_t, 17> black_term{};  // (white bit king) by black kings below
        std::uint64_t white_term = 0;                // (black bit king) White's kings
        std::uint64_t streak_term = 0;               // the slab's streaks
        bb universe = 0, black = 0;
        int side = 0;
        std::uint64_t black_ranks = 0;
        std::uint64_t operator()(int x) const {
            const bb below = bit<bb>(x) - 1;
            const auto rank = std::uint64_t(popcount(universe & below));
            if (side == 1) return streak_term + white_term + rank;
            return streak_term + rank * black_ranks +
                   black_term[std::size_t(popcount(black & below))];
        }
    };
    Ranker ranker(const Work& w, std::uint64_t slab, const std::array<bb, 2>& kings) const {
        Ranker r;
        if constexpr (kStreaks) r.streak_term = slab / plain_ * streak_size_;
        r.side = bit_side_;
        r.black_ranks = black_ranks_;
        r.black = kings[1];
        r.universe = bit_side_ == 0 ? w.free : w.free & ~kings[0];
        if (bit_side_ == 1) {
            r.white_term = rank(w, kings[0]) * black_ranks_;
            return r;
        }
        std::array<int, 17> ord{};  // of each black king among the free squares
        int m = 0;
        for (bb x = kings[1]; x;)
            ord[std::size_t(m++)] = popcount(w.free & (bit<bb>(pop_lsb(x)) - 1));
        for (int j = 0; j <= m; ++j) {
            std::uint64_t t = 0;
            for (int k = 0; k < m; ++k)
                // (A black king on the lowest free square is below every bit king: the
                // term with j = 0 is never used then, and its ordinal must not go below 0.)
                t += binomial.unchecked(std::max(0, ord[std::size_t(k)] - (k < j ? 0 : 1)), k + 1);
            r.black_term[std::size_t(j)] = t;
        }
        return r;
    }

    // The words of every slab from the cells; positions resolved by the initialisation (no
    // move at all) are the level-0 frontier.
    template <bool Shared>
    void load(Work& w, Cell* const cells[2]) const {
        auto body = [&](std::uint64_t slab, int t) {
            const auto kings = kings_of(w, slab);
            if (kings[0] & kings[1]) return;
            const bb squares = w.free & ~(kings[0] | kings[1]);
            const Ranker index = ranker(w, slab, kings);
            // The slab's cells lie a row of the block apart (a white bit king is the outer
            // term of the index): they are loaded first, in a loop of their own whose loads
            // overlap, instead of each in turn between the branches on the one before.
            std::array<std::uint64_t, 128> at;
            std::array<Cell, 128> cell;
            int n = 0;
            for (bb x = squares; x;) at[std::size_t(n++)] = index(pop_lsb(x));
            std::array<std::pair<int, bb>, 128> wins, allows;  // (level, square)
            for (int s = 0; s < 2; ++s) {
                for (int k = 0; k < n; ++k) cell[std::size_t(k)] = cells[s][at[std::size_t(k)]];
                bb pending = 0, won = 0, lost = 0, capture = 0, allow = 0;
                int nw = 0, na = 0, k = 0;
                for (bb x = squares; x; ++k) {
                    const int sq = pop_lsb(x);
                    const bb b = bit<bb>(sq);
                    const Cell c = cell[std::size_t(k)];
                    if (c & kCaptureBit) capture |= b;
                    switch (state(c)) {
                        case kPending:
                            pending |= b;
                            if (outcome(c) == none) allow |= b;
                            if (outcome(c) == loss) allows[std::size_t(na++)] = {level(c), b};
                            if (outcome(c) == win) wins[std::size_t(nw++)] = {level(c), b};
                            break;
                        case kWon:
                            won |= b;
                            break;
                        case kLost:
                            lost |= b;
                            break;
                        default:  // no position: the initialisation missed it
                            throw std::logic_error("generator: a slab square without position");
                    }
                }
                w.at(s, Work::pending, slab) = pending;
                w.at(s, Work::won, slab) = w.at(s, Work::fresh_won, slab) = won;
                w.at(s, Work::lost, slab) = w.at(s, Work::fresh_lost, slab) = lost;
                w.at(s, Work::capture, slab) = capture;
                w.at(s, Work::allow, slab) = allow;
                const std::uint64_t ref = slab << 1 | std::uint64_t(s);
                if (won | lost) w.mine[std::size_t(t)].push_back(ref);
                group(wins.data(), nw, ref, w.mine_win[std::size_t(t)]);
                group(allows.data(), na, ref, w.mine_allow[std::size_t(t)]);
            }
        };
        for (auto& m : w.mine) m.clear();
        for (auto& m : w.mine_win) m.clear();
        for (auto& m : w.mine_allow) m.clear();
        constexpr std::uint64_t kPiece = 256;
        const std::uint64_t pieces = (slabs_ + kPiece - 1) / kPiece;
        auto piece = [&](std::uint64_t k, int t) {
            for (std::uint64_t s = k * kPiece, e = std::min(slabs_, s + kPiece); s < e; ++s)
                body(s, t);
        };
        for_range<Shared>(std::size_t(pieces), piece);
        for (std::size_t t = 0; t < w.mine.size(); ++t) {
            w.fresh.insert(w.fresh.end(), w.mine[t].begin(), w.mine[t].end());
            spread(w.mine_win[t], w.win_at);
            spread(w.mine_allow[t], w.allow_at);
        }
    }

    // Entries (level, square) of one slab and side, one word a level.
    static void group(const std::pair<int, bb>* e, int n, std::uint64_t ref,
                      std::vector<typename Work::Timed>& out) {
        const std::size_t begin = out.size();
        for (int k = 0; k < n; ++k) {
            auto it = std::find_if(out.begin() + std::ptrdiff_t(begin), out.end(),
                                   [&](const auto& o) { return o.level == e[k].first; });
            if (it == out.end()) {
                out.push_back({e[k].first, {ref, e[k].second}});
            } else {
                it->due.bits |= e[k].second;
            }
        }
    }
    static void spread(const std::vector<typename Work::Timed>& in,
                       std::vector<std::vector<typename Work::Due>>& by_level) {
        for (const auto& e : in) {
            const auto lv = std::size_t(e.level);
            if (by_level.size() <= lv) by_level.resize(lv + 1);
            by_level[lv].push_back(e.due);
        }
    }

    // Marks the slab `ref` as one to decide at `level` (once).
    template <bool Shared>
    static void mark(Work& w, std::uint64_t ref, int level, int t) {
        auto& stamp = w.stamp[ref & 1][ref >> 1];
        if constexpr (Shared) {
            if (std::atomic_ref<std::uint32_t>(stamp).exchange(
                    std::uint32_t(level), std::memory_order_relaxed) == std::uint32_t(level))
                return;
        } else {
            if (stamp == std::uint32_t(level)) return;
            stamp = std::uint32_t(level);
        }
        w.mine[std::size_t(t)].push_back(ref);
    }
    template <bool Shared>
    static void or_into(bb& word, bb bits) {
        if constexpr (!Shared) {
            word |= bits;
        } else if constexpr (sizeof(bb) == 8) {
            std::atomic_ref<bb>(word).fetch_or(bits, std::memory_order_relaxed);
        } else {
            // OR is bitwise: the halves of a 128-bit word may be ORed one after the other.
            using Half = std::uint64_t __attribute__((may_alias));
            auto* half = reinterpret_cast<Half*>(&word);
            __atomic_fetch_or(&half[0], std::uint64_t(bits), __ATOMIC_RELAXED);
            __atomic_fetch_or(&half[1], std::uint64_t(bits >> 64), __ATOMIC_RELAXED);
        }
    }

    // The exits due at `level`, and what the slabs that changed at the level before tell
    // their neighbours (on the other side to move): the positions lost are won from there
    // (pushed into `gain`), and those won may complete a loss (the neighbour is marked).
    template <bool Shared>
    void push(Work& w, int level) const {
        for (auto& m : w.mine) m.clear();
        for (const auto& d : due_at(w.allow_at, level)) {
            w.at(int(d.ref & 1), Work::allow, d.ref >> 1) |= d.bits;
            mark<Shared>(w, d.ref, level, 0);
        }
        for (const auto& d : due_at(w.win_at, level)) {
            w.at(int(d.ref & 1), Work::due_win, d.ref >> 1) |= d.bits;
            mark<Shared>(w, d.ref, level, 0);
        }
        for_range<Shared, 64>(w.fresh.size(), [&](std::size_t k, int t) {
            const std::uint64_t ref = w.fresh[k];
            const std::uint64_t slab = ref >> 1;
            const int done = int(ref & 1), mover = 1 - done;
            const bb lost = w.at(done, Work::fresh_lost, slab);
            const bb won = w.at(done, Work::fresh_won, slab);
            const auto kings = kings_of(w, slab);
            const bb squares = w.free & ~(kings[0] | kings[1]);
            if (mover == bit_side_) {
                if (const std::uint64_t from = bit_predecessor(slab); from != kNoSlab) {
                    if (lost) or_into<Shared>(w.at(mover, Work::gain, from), reach(lost, squares));
                    mark<Shared>(w, from << 1 | std::uint64_t(mover), level, t);
                }
            }
            const auto [first, edges] = lists(w, mover, false);
            for (auto e = first[slab]; e < first[slab + 1]; ++e) {
                const auto& edge = edges[e];
                const bb mask = edge_mask(edge, squares);
                if (!((lost | won) & mask)) continue;
                if (lost & mask) or_into<Shared>(w.at(mover, Work::gain, edge.slab), lost & mask);
                mark<Shared>(w, std::uint64_t(edge.slab) << 1 | std::uint64_t(mover), level, t);
            }
        });
        w.candidates.clear();
        for (auto& m : w.mine) w.candidates.insert(w.candidates.end(), m.begin(), m.end());
    }

    // What each marked slab resolves at this level, from the words of the levels before.
    template <bool Shared>
    void decide(Work& w) const {
        w.results.resize(w.candidates.size());
        for_range<Shared, 64>(w.candidates.size(), [&](std::size_t k, int) {
            const std::uint64_t ref = w.candidates[k];
            const std::uint64_t slab = ref >> 1;
            const int s = int(ref & 1), t = 1 - s;
            const bb pending = w.at(s, Work::pending, slab);
            const bb capture = w.at(s, Work::capture, slab);
            const bb won =
                pending & ((w.at(s, Work::gain, slab) & ~capture) | w.at(s, Work::due_win, slab));
            const bb may_lose = pending & ~won & w.at(s, Work::allow, slab);
            bb lost = may_lose & capture;  // no king move: the exits decide
            if (const bb open = may_lose & ~capture) {
                // Squares with a move to a position not won: not lost.
                const auto kings = kings_of(w, slab);
                const bb squares = w.free & ~(kings[0] | kings[1]);
                bb escape = 0;
                if (s == bit_side_)
                    if (const std::uint64_t to = bit_successor(slab); to != kNoSlab)
                        escape = reach(squares & ~w.at(t, Work::won, to), squares);
                const auto [first, edges] = lists(w, s, true);
                for (auto e = first[slab]; e < first[slab + 1] && (open & ~escape); ++e) {
                    const auto& edge = edges[e];
                    escape |= ~w.at(t, Work::won, edge.slab) & edge_mask(edge, squares);
                }
                lost |= open & ~escape;
            }
            w.results[k] = {won, lost};
        });
    }

    // Stores the level's results: the words and the cells.
    template <bool Shared>
    void store(Work& w, int level, Cell* const cells[2]) const {
        for_range<Shared, 64>(w.fresh.size(), [&](std::size_t k, int) {
            const std::uint64_t ref = w.fresh[k];
            w.at(int(ref & 1), Work::fresh_won, ref >> 1) = 0;
            w.at(int(ref & 1), Work::fresh_lost, ref >> 1) = 0;
        });
        for (auto& m : w.mine) m.clear();
        for_range<Shared, 64>(w.candidates.size(), [&](std::size_t k, int t) {
            const std::uint64_t ref = w.candidates[k];
            const std::uint64_t slab = ref >> 1;
            const int s = int(ref & 1);
            w.at(s, Work::due_win, slab) = 0;
            w.at(s, Work::gain, slab) = 0;
            const auto [won, lost] = w.results[k];
            if (!(won | lost)) return;
            w.at(s, Work::won, slab) |= won;
            w.at(s, Work::lost, slab) |= lost;
            w.at(s, Work::pending, slab) &= ~(won | lost);
            w.at(s, Work::fresh_won, slab) = won;
            w.at(s, Work::fresh_lost, slab) = lost;
            w.mine[std::size_t(t)].push_back(ref);
            const Ranker index = ranker(w, slab, kings_of(w, slab));
            for (bb x = won | lost; x;) {
                const int sq = pop_lsb(x);
                Cell& c = cells[s][index(sq)];
                c = resolved(c, (won >> sq) & 1 ? kWon : kLost, level);
            }
        });
        w.fresh.clear();
        for (auto& m : w.mine) w.fresh.insert(w.fresh.end(), m.begin(), m.end());
    }

    static constexpr bool kStreaks = V::king_streak_limit > 0;
    static constexpr int kRun = std::max(V::king_streak_limit, 1);
    static constexpr std::uint64_t kNoSlab = ~std::uint64_t{0};

    std::uint64_t black_ranks_ = 1;  // the index's ranks of Black's kings in a block
    int bit_side_ = 0;
    std::array<int, 2> others_{};
    std::array<std::uint64_t, 2> ranks_{};
    std::array<std::vector<bb>, 2> subsets_;  // ordinal subsets of the other kings by rank
    std::uint64_t plain_ = 1;  // slabs of one pair of streaks: the other kings' placements
    std::array<std::uint64_t, 2> streaks_{1, 1};  // by colour, as the index keeps them
    std::uint64_t streak_size_ = 0;               // the index's entries of one pair of streaks
    std::uint64_t slabs_ = 0;
    std::vector<bb> between_;  // squares strictly between from and to, by from * bits + to
};

}  // namespace dtb::gen
