// The class of a material where two counts bind at once (core/counters_classes.hpp two_counts:
// russian 7.2.5 kings-only, restarted by man moves, beside 7.2.6 balance, restarted only by
// captures and promotions, with men on the board).
//
// A state is (position, kings-only plies left k, balance plies left b). Every move that stays
// in the class spends a ply of balance, so the values at b follow from those at b - 1 alone:
// g_b(p), the least k at which p's win (or loss) holds with b balance left, is
//   win   the least of: 1 for a capture or promotion whose child is lost; g_{b-1}(child) + 1
//         for a king move to a lost child; 1 for a man move to a child lost at a fresh
//         kings-only count (g_{b-1}(child) <= K);
//   loss  every move reaches a won child: the most of the same costs (at least 1);
// capped at K (kings-only's limit), 0 for a side without a move, and nothing at b = 0 but
// that. Levels b = 1, 2, ... are swept until a level changes nothing (every later one is the
// same) or b reaches the balance limit. g_b falls as b rises; each fall is a step of the
// position's staircase (core/counters_value.hpp TwoCountStep).
//
// No move graph is kept (at 6 pieces its edges outgrow memory): a level generates the moves
// of the positions whose children changed, found by unmoves from the changed ones. A pure
// draw stays a draw under the counters, so with the pure values at hand only the positions
// won or lost in the pure game are looked at.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/counters_value.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/unmove.hpp"
#include "dtb/gen/solver/for_range.hpp"
#include "dtb/gen/solver/slice.hpp"

namespace dtb::gen {

// A position whose staircase has more than one step.
struct StepRecord {
    std::uint64_t index = 0;
    std::vector<TwoCountStep> steps;  // by rising balance
};

template <class V>
struct TwoCountSolution {
    // WDL, and as `dtw` the counters' entry's plies: the last step, kMoreSteps where there are
    // more.
    std::unique_ptr<Slice<V>> slice;
    std::vector<StepRecord> records[2];  // by side to move, by rising index
};

// `capture_wdl(child)`: the WDL of a capture's child (its fresh counters);
// `promotion_wdl(p, move, child)`: that of a promotion's child at the counters it starts with.
template <class V, class CaptureWdl, class PromotionWdl>
class TwoCountSolver {
    using G = typename V::board;
    using bb = typename G::bb;
    using P = Position<V>;

  public:
    TwoCountSolver(const Material& m, int kings_limit, int balance_limit, const Slice<V>* pure,
                   CaptureWdl& capture_wdl, PromotionWdl& promotion_wdl)
        : m_(m),
          index_(m),
          n_(index_.size()),
          nodes_(2 * n_),
          kings_limit_(kings_limit),
          balance_limit_(balance_limit),
          pure_(pure),
          capture_wdl_(capture_wdl),
          promotion_wdl_(promotion_wdl) {
        if (kings_limit > kMostTwoCountKings || balance_limit > kMostTwoCountBalance)
            throw std::logic_error("generator: " + m.name() +
                                   ": counts too long for two-count steps");
        if (nodes_ > std::numeric_limits<std::uint32_t>::max())
            throw std::logic_error("generator: " + m.name() +
                                   ": too large for the two-count solver");
    }

    TwoCountSolution<V> solve() {
        classify();
        std::vector<Change> changes = captures_from_first_level();
        mark_first_level();
        for (int b = 1; b <= balance_limit_; ++b) {
            const std::vector<Change> more = level(b);
            changes.insert(changes.end(), more.begin(), more.end());
            if (changes.empty()) break;
            spread(changes);
            changes.clear();
        }
        return staircases();
    }

  private:
    static constexpr std::uint8_t kNever = 0xFF;  // no budget suffices (yet)
    static constexpr std::uint64_t kPiece = 1 << 12;
    static constexpr int kNone = std::numeric_limits<int>::max();
    // What a node is, bit by bit.
    enum : std::uint8_t {
        kMoves = 1,
        kExitWin = 2,
        kExitOther = 4,
        kCapture = 8,
        kOnlyPromotions = 16,  // every move a promotion (no child in for_each_child)
    };

    struct Change {
        std::uint32_t node;
        std::uint8_t value;
    };
    struct Fall {
        std::uint32_t node;
        std::uint8_t balance, kings;
    };

    std::size_t pieces() const { return (nodes_ + kPiece - 1) / kPiece; }
    std::uint32_t node_of(const P& p) const {
        return std::uint32_t(std::uint64_t(int(p.side)) * n_ + index_.rank(p));
    }
    bool unrank(std::uint64_t node, P& p) const {
        return index_.unrank(node % n_, Color(int(node / n_)), p);
    }
    // A king move keeps the men, so its child (or predecessor) is in the node's block and
    // only its kings need ranking.
    std::uint64_t block_base(std::uint64_t node) const {
        const std::uint64_t i = node % n_;
        return i - i % index_.block_size();
    }
    std::uint32_t node_in_block(const P& q, std::uint64_t base) const {
        return std::uint32_t(std::uint64_t(int(q.side)) * n_ + index_.rank_in_block(q, base));
    }

    // The index of a position that differs from p by where one of Black's kings stands:
    // without streaks Black's kings are the last term of the index (index.hpp), so White's
    // term stays and the rank is one lookup, the other kings' part worked out once a king.
    class BlackKingMoved {
      public:
        static constexpr bool kApplies = V::king_streak_limit == 0;
        BlackKingMoved(const Index<V>& index, const P& p, std::uint64_t base)
            : white_(index.white_kings_term(p, base)),
              kings_(p.kings_of(Color::black)),
              universe_(G::board &
                        ~(p.men(Color::white) | p.men(Color::black) | p.kings_of(Color::white))) {}
        // Black's king on `from` stands on `to` instead.
        std::uint64_t rank(int from, int to) {
            if (from != moved_) {
                after_ = typename Index<V>::KingsAfterMove(kings_ ^ bit<bb>(from), universe_);
                moved_ = from;
            }
            return white_ + after_.rank(to);
        }

      private:
        std::uint64_t white_;
        bb kings_, universe_;
        int moved_ = -1;
        typename Index<V>::KingsAfterMove after_;
    };

    // Calls f(child node, whether a man moved) for each of p's moves but its promotions (p
    // has moves and no capture). The king moves are walked king by king, not through
    // MoveGen::any_quiet_move_to: its test of each move against the targets cost the
    // benchmark GenCounters about a tenth.
    template <class F>
    void for_each_child(std::uint64_t node, const P& p, F&& f) const {
        using MG = MoveGen<V>;
        MG::for_each_quiet_man_move(p, [&](int from, int to, bool promotes) {
            if (!promotes) f(node_of(apply(p, MG::quiet_move(from, to, false))), true);
        });
        const std::uint64_t base = block_base(node);
        std::optional<BlackKingMoved> black;
        if (BlackKingMoved::kApplies && p.side == Color::black) black.emplace(index_, p, base);
        const bb empty = p.empty();
        for (bb kings = p.kings_of(p.side) & ~Rules<V>::frozen_king(p); kings;) {
            const int from = pop_lsb(kings);
            for (bb to = MG::king_reach(from, empty); to;) {
                const int square = pop_lsb(to);
                f(black ? std::uint32_t(black->rank(from, square))
                        : node_in_block(apply(p, MG::quiet_move(from, square, false)), base),
                  false);
            }
        }
    }

    // Every node's kind, its value where it is fixed at every level (no move: lost at 0; a
    // capture: its children's), the exits of its promotions, and its pure sign if known.
    void classify() {
        sign_.assign(nodes_, std::uint8_t(Wdl::draw));
        g_.assign(nodes_, kNever);
        info_.assign(nodes_, 0);
        for_range<true>(pieces(), [&](std::size_t k, int) {
            const std::uint64_t end = std::min(nodes_, (k + 1) * kPiece);
            for (std::uint64_t node = k * kPiece; node < end; ++node) {
                const int s = int(node / n_);
                const std::uint64_t i = node % n_;
                const bool known = pure_ && !pure_->wdl[s].empty();
                P p;
                if (known && Wdl(pure_->wdl[s][i]) == Wdl::draw) {  // a draw at every count
                    // Flagged as a capture all the same: the tables leave those out, and
                    // are then the same bytes whether the pure values were at hand or not.
                    if (unrank(node, p) && MoveGen<V>::has_capture(p)) info_[node] = kCapture;
                    continue;
                }
                if (!unrank(node, p)) continue;
                MoveList<G> moves;
                MoveGen<V>::generate(p, moves);
                if (moves.empty()) {
                    sign_[node] = std::uint8_t(Wdl::loss), g_[node] = 0;
                    continue;
                }
                if (moves.begin()->is_capture()) {
                    classify_capture(node, p, moves);
                    continue;
                }
                std::uint8_t info = kMoves | kOnlyPromotions;
                for (const auto& move : moves) {
                    if (!move.promotes) {
                        info &= std::uint8_t(~kOnlyPromotions);
                        continue;
                    }
                    const Wdl w = promotion_wdl_(p, move, apply(p, move));
                    if (w == Wdl::loss) info |= kExitWin;
                    if (w != Wdl::win) info |= kExitOther;
                }
                info_[node] = info;
                // Without the pure value, either sign, found by the levels.
                sign_[node] = known && Wdl(pure_->wdl[s][i]) != Wdl::unknown
                                  ? pure_->wdl[s][i]
                                  : std::uint8_t(Wdl::unknown);
            }
        });
    }

    void classify_capture(std::uint64_t node, const P& p, const MoveList<G>& moves) {
        info_[node] = kCapture;
        bool win = false, all_won = true;
        for (const auto& move : moves) {
            const Wdl w = capture_wdl_(apply(p, move));
            win |= w == Wdl::loss;
            all_won &= w == Wdl::win;
        }
        sign_[node] = std::uint8_t(win ? Wdl::win : all_won ? Wdl::loss : Wdl::draw);
        g_[node] = win || all_won ? 1 : kNever;
    }

    // At b = 0 only a side without a move has a value: captures hold theirs from b = 1 on
    // (they take effect with level 1's changes).
    std::vector<Change> captures_from_first_level() {
        std::vector<Change> out;
        dirty_.assign(nodes_, 0);
        lower_.assign(nodes_, kNever);
        for (std::uint64_t node = 0; node < nodes_; ++node) {
            if ((info_[node] & kCapture) && g_[node] != kNever) {
                out.push_back({std::uint32_t(node), g_[node]});
                g_[node] = kNever;
            }
        }
        return out;
    }

    // Level 1 sees only the losses at b = 0 (sides without a move) and the exits, so the
    // only budgets it can set are a win by an exit or by a move to such a loss, and a loss
    // where every move is a promotion to a won child: those nodes are marked, the others
    // keep no budget and are not computed at level 1.
    void mark_first_level() {
        std::vector<Change> losses;
        for (std::uint64_t node = 0; node < nodes_; ++node) {
            const std::uint8_t info = info_[node];
            if (info & kMoves)
                dirty_[node] =
                    (info & kExitWin) || ((info & kOnlyPromotions) && !(info & kExitOther));
            else if (!(info & kCapture) && g_[node] == 0)
                losses.push_back({std::uint32_t(node), 0});
        }
        spread(losses);
    }

    // The changes take effect, and what moves to them is looked at next. A won position's
    // budget only falls, to the cost of a move to a child that fell, so it is lowered here
    // (`lower_`); a lost one, which needs every child won, is marked to be computed again.
    void spread(const std::vector<Change>& changes) {
        for (const auto [node, value] : changes) g_[node] = value;
        constexpr std::size_t kChunk = 256;
        for_range<true>((changes.size() + kChunk - 1) / kChunk, [&](std::size_t k, int) {
            const std::size_t end = std::min(changes.size(), (k + 1) * kChunk);
            for (std::size_t c = k * kChunk; c < end; ++c) {
                const std::uint32_t child = changes[c].node;
                const bool lost = sign_[child] == std::uint8_t(Wdl::loss);
                auto reach = [&](std::uint32_t pred, bool man) {
                    if (!(info_[pred] & kMoves)) return;
                    const auto sg = Wdl(sign_[pred]);
                    if (sg == Wdl::win) {
                        if (const int v = cost(child, man, true); v <= kings_limit_)
                            lower(pred, std::uint8_t(v));
                    } else if (sg == Wdl::unknown || !lost) {
                        std::atomic_ref<std::uint8_t>(dirty_[pred])
                            .store(1, std::memory_order_relaxed);
                    }
                };
                P p;
                unrank(child, p);
                const std::uint64_t base = block_base(child);
                if (BlackKingMoved::kApplies && p.side == Color::white) {
                    // Black moved a king: its predecessor has it back on `from`.
                    BlackKingMoved black(index_, p, base);
                    Unmoves<V>::template for_each<false>(p, [&](const P&, int from, int to) {
                        reach(std::uint32_t(n_ + black.rank(to, from)), false);
                    });
                } else {
                    Unmoves<V>::template for_each<false>(
                        p, [&](const P& q, int, int) { reach(node_in_block(q, base), false); });
                }
                Unmoves<V>::template for_each_man<false>(
                    p, [&](const P& q, int, int) { reach(node_of(q), true); });
            }
        });
    }

    void lower(std::uint32_t node, std::uint8_t v) {
        std::atomic_ref<std::uint8_t> at(lower_[node]);
        std::uint8_t now = at.load(std::memory_order_relaxed);
        while (v < now && !at.compare_exchange_weak(now, v, std::memory_order_relaxed)) {
        }
    }

    // What a move to child node c costs the side that wants c lost (or won): kNone if it
    // does not reach that.
    int cost(std::uint32_t c, bool man, bool want_loss) const {
        if (g_[c] == kNever || sign_[c] != std::uint8_t(want_loss ? Wdl::loss : Wdl::win))
            return kNone;
        if (man) return g_[c] <= kings_limit_ ? 1 : kNone;
        return g_[c] + 1;
    }

    // Level b: every marked node's least budget from its children's at b - 1.
    std::vector<Change> level(int b) {
        const auto threads = static_cast<std::size_t>(omp_get_max_threads());
        std::vector<std::vector<Change>> changed(threads);
        for_range<true>(pieces(), [&](std::size_t k, int thread) {
            const std::uint64_t end = std::min(nodes_, (k + 1) * kPiece);
            for (std::uint64_t node = k * kPiece; node < end; ++node) {
                std::uint8_t v;
                if (dirty_[node]) {
                    dirty_[node] = 0;
                    v = budget(node);
                } else if (lower_[node] != kNever) {
                    v = std::min(g_[node], lower_[node]);
                    lower_[node] = kNever;
                } else {
                    continue;
                }
                if (v == g_[node]) continue;
                changed[std::size_t(thread)].push_back({std::uint32_t(node), v});
                falls_[std::size_t(thread)].push_back({std::uint32_t(node), std::uint8_t(b), v});
            }
        });
        std::vector<Change> out;
        for (auto& list : changed) out.insert(out.end(), list.begin(), list.end());
        return out;
    }

    // A node's budget from its children's values; a node without a sign takes the one that
    // holds first and keeps it.
    std::uint8_t budget(std::uint64_t node) {
        P p;
        unrank(node, p);
        const auto sg = Wdl(sign_[node]);
        int win = info_[node] & kExitWin ? 1 : kNone;
        int loss = info_[node] & kExitOther ? kNone : 1;
        for_each_child(node, p, [&](std::uint32_t c, bool man) {
            if (sg != Wdl::loss) win = std::min(win, cost(c, man, true));
            if (sg != Wdl::win) loss = std::max(loss, cost(c, man, false));
        });
        if (sg == Wdl::win) loss = kNone;
        if (sg == Wdl::loss) win = kNone;
        const int best = std::min(win, loss);
        const std::uint8_t v = best <= kings_limit_ ? std::uint8_t(best) : kNever;
        if (sg == Wdl::unknown && v != g_[node])
            sign_[node] = std::uint8_t(win <= loss ? Wdl::win : Wdl::loss);
        return v;
    }

    // The slice (WDL, the entry's last step) and the staircases of more than one step.
    TwoCountSolution<V> staircases() {
        std::vector<std::uint8_t>().swap(dirty_);
        std::vector<std::uint8_t>().swap(lower_);
        std::vector<Fall> all;
        for (auto& f : falls_) {
            all.insert(all.end(), f.begin(), f.end());
            std::vector<Fall>().swap(f);
        }
        std::sort(all.begin(), all.end(), [](const Fall& a, const Fall& b) {
            return a.node != b.node ? a.node < b.node : a.balance < b.balance;
        });
        TwoCountSolution<V> out;
        out.slice = std::make_unique<Slice<V>>(m_);
        for (int s = 0; s < 2; ++s) {
            out.slice->dtc[s] = {};
            out.slice->capture[s].assign(n_, 0);
            for (std::uint64_t i = 0; i < n_; ++i) {
                const std::uint64_t node = std::uint64_t(s) * n_ + i;
                const bool decided = g_[node] != kNever;
                out.slice->wdl[s][i] = decided ? sign_[node] : std::uint8_t(Wdl::draw);
                out.slice->dtw[s][i] = decided ? encode(TwoCountStep{0, g_[node]}) : 0;
                out.slice->capture[s][i] = (info_[node] & kCapture) != 0;
            }
        }
        for (std::size_t a = 0; a < all.size();) {
            std::size_t z = a;
            while (z < all.size() && all[z].node == all[a].node) ++z;
            const int s = int(all[a].node / n_);
            const std::uint64_t i = all[a].node % n_;
            const Fall& last = all[z - 1];
            out.slice->dtw[s][i] = std::uint16_t(encode(TwoCountStep{last.balance, last.kings}) |
                                                 (z - a > 1 ? kMoreSteps : 0));
            if (z - a > 1) {
                StepRecord r{i, {}};
                for (std::size_t k = a; k < z; ++k)
                    r.steps.push_back({all[k].balance, all[k].kings});
                out.records[s].push_back(std::move(r));
            }
            a = z;
        }
        return out;
    }

    const Material m_;
    const Index<V> index_;
    const std::uint64_t n_, nodes_;
    const int kings_limit_, balance_limit_;
    const Slice<V>* pure_;
    CaptureWdl& capture_wdl_;
    PromotionWdl& promotion_wdl_;
    // Per node: the WDL its budget is for, its budget now, what it is, whether to compute it
    // again, and the least cost of a move to a child that fell (a won node; kNever if none).
    std::vector<std::uint8_t> sign_, g_, info_, dirty_, lower_;
    std::vector<std::vector<Fall>> falls_ =
        std::vector<std::vector<Fall>>(static_cast<std::size_t>(omp_get_max_threads()));
};

template <class V, class CaptureWdl, class PromotionWdl>
TwoCountSolution<V> solve_two_counts(const Material& m, int kings_limit, int balance_limit,
                                     const Slice<V>* pure, CaptureWdl&& capture_wdl,
                                     PromotionWdl&& promotion_wdl) {
    return TwoCountSolver<V, std::remove_reference_t<CaptureWdl>,
                          std::remove_reference_t<PromotionWdl>>(m, kings_limit, balance_limit,
                                                                 pure, capture_wdl, promotion_wdl)
        .solve();
}

}  // namespace dtb::gen
