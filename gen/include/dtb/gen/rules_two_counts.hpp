// The class of a material where two counts bind at once (core/rules_classes.hpp two_counts:
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
// that. Levels b = 1, 2, ... are swept over an explicit graph of the positions' moves inside
// the class until a level changes nothing (every later one is the same) or b reaches the
// balance limit. g_b falls as b rises; each fall is a step of the position's staircase
// (core/rules_value.hpp TwoCountStep).
//
// A pure draw stays a draw under the counters, so with the pure values at hand only the
// positions won or lost in the pure game get a node with moves.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/rules_value.hpp"
#include "dtb/gen/for_range.hpp"
#include "dtb/gen/slice.hpp"

namespace dtb::gen {

// A position whose staircase has more than one step.
struct StepRecord {
    std::uint64_t index = 0;
    std::vector<TwoCountStep> steps;  // by rising balance
};

template <class V>
struct TwoCountSolution {
    // WDL, and as `dtw` the rules entry's plies: the last step, kMoreSteps where there are more.
    std::unique_ptr<Slice<V>> slice;
    std::vector<StepRecord> records[2];  // by side to move, by rising index
};

namespace two_counts_detail {

inline constexpr std::uint8_t kNever = 0xFF;  // no budget suffices (yet)
inline constexpr std::uint32_t kManEdge = 1u << 31;

// What a node is: one with moves inside the class, or a value fixed at every level.
enum class NodeKind : std::uint8_t { fixed, moves };

}  // namespace two_counts_detail

// `capture_wdl(child)`: the WDL of a capture's child (its fresh counters);
// `promotion_wdl(p, move, child)`: that of a promotion's child at the counters it starts with.
template <class V, class CaptureWdl, class PromotionWdl>
TwoCountSolution<V> solve_two_counts(const Material& m, int kings_limit, int balance_limit,
                                     const Slice<V>* pure, CaptureWdl&& capture_wdl,
                                     PromotionWdl&& promotion_wdl) {
    using namespace two_counts_detail;
    using G = typename V::board;
    if (kings_limit > kMostTwoCountKings || balance_limit > kMostTwoCountBalance)
        throw std::logic_error("generator: " + m.name() + ": counts too long for two-count steps");
    const Index<V> index(m);
    const std::uint64_t n = index.size();
    const std::uint64_t nodes = 2 * n;
    if (nodes >= kManEdge)
        throw std::logic_error("generator: " + m.name() + ": too large for the two-count solver");

    // Per node: its sign (Wdl the budget is for), its budget now, what it is, and its edges.
    std::vector<std::uint8_t> sign(nodes, std::uint8_t(Wdl::draw)), kind(nodes, 0);
    std::vector<std::uint8_t> g(nodes, kNever), capture[2];
    std::vector<std::uint8_t> exit_win(nodes, 0), exit_other(nodes, 0);
    for (auto& c : capture) c.assign(n, 0);
    std::vector<std::uint32_t> first(nodes + 1, 0);  // edge offsets: fewer than 2^32 edges
    std::vector<std::uint32_t> edges;

    constexpr std::uint64_t kPiece = 1 << 12;
    const std::size_t pieces = (nodes + kPiece - 1) / kPiece;
    // Every node classified, its edges gathered piece by piece, then laid end to end.
    std::vector<std::vector<std::uint32_t>> piece_edges(pieces);
    for_range<true>(pieces, [&](std::size_t k, int) {
        const std::uint64_t end = std::min(nodes, (k + 1) * kPiece);
        std::vector<std::uint32_t>& out = piece_edges[k];
        for (std::uint64_t node = k * kPiece; node < end; ++node) {
            const int s = int(node / n);
            const std::uint64_t i = node % n;
            const bool known = pure && !pure->wdl[s].empty();
            if (known && Wdl(pure->wdl[s][i]) == Wdl::draw) continue;  // a draw at every count
            Position<V> p;
            if (!index.unrank(i, Color(s), p)) continue;
            PathMoveList<G> moves;
            MoveGen<V>::generate(p, moves);
            if (moves.size() == 0) {
                sign[node] = std::uint8_t(Wdl::loss), g[node] = 0;
                continue;
            }
            if (moves.begin()->move.is_capture()) {
                capture[s][i] = 1;
                bool win = false, all_won = true;
                for (const auto& pm : moves) {
                    const Wdl w = capture_wdl(apply(p, pm.move));
                    win |= w == Wdl::loss;
                    all_won &= w == Wdl::win;
                }
                sign[node] = std::uint8_t(win ? Wdl::win : all_won ? Wdl::loss : Wdl::draw);
                g[node] = win || all_won ? 1 : kNever;
                continue;
            }
            const auto men = p.men(p.side);
            for (const auto& pm : moves) {
                const Position<V> c = apply(p, pm.move);
                if (pm.move.promotes) {
                    const Wdl w = promotion_wdl(p, pm.move, c);
                    exit_win[node] |= w == Wdl::loss;
                    exit_other[node] |= w != Wdl::win;
                    continue;
                }
                const bool man = (men & bit<typename G::bb>(pm.move.from)) != 0;
                out.push_back(std::uint32_t(std::uint64_t(int(c.side)) * n + index.rank(c)) |
                              (man ? kManEdge : 0));
                ++first[node + 1];
            }
            kind[node] = std::uint8_t(NodeKind::moves);
            // Without the pure value, either sign, found by the levels.
            sign[node] = known && Wdl(pure->wdl[s][i]) != Wdl::unknown ? pure->wdl[s][i]
                                                                       : std::uint8_t(Wdl::unknown);
        }
    });
    std::uint64_t total = 0;
    for (const auto& piece : piece_edges) total += piece.size();
    if (total >= (std::uint64_t{1} << 32))
        throw std::logic_error("generator: " + m.name() +
                               ": too many moves for the two-count solver");
    for (std::uint64_t node = 0; node < nodes; ++node) first[node + 1] += first[node];
    edges.reserve(first[nodes]);
    for (auto& piece : piece_edges) {
        edges.insert(edges.end(), piece.begin(), piece.end());
        std::vector<std::uint32_t>().swap(piece);
    }

    // Who moves to whom, turned round: a level recomputes only the nodes a change reaches.
    std::vector<std::uint32_t> rfirst(nodes + 1, 0);
    std::vector<std::uint32_t> redges(edges.size());
    for (const std::uint32_t e : edges) ++rfirst[(e & ~kManEdge) + 1];
    for (std::uint64_t node = 0; node < nodes; ++node) rfirst[node + 1] += rfirst[node];
    {
        std::vector<std::uint32_t> fill(rfirst.begin(), rfirst.end() - 1);
        for (std::uint64_t node = 0; node < nodes; ++node)
            for (std::uint64_t e = first[node]; e < first[node + 1]; ++e)
                redges[fill[edges[e] & ~kManEdge]++] = std::uint32_t(node);
    }

    // The levels. A node without a known sign tries both; once one holds, it keeps it. At
    // b = 0 only a side without a move has a value: captures hold theirs from b = 1 on, and
    // every node with moves is looked at once at b = 1.
    std::vector<std::uint8_t> dirty(nodes, 0);
    struct Change {
        std::uint32_t node;
        std::uint8_t value;
    };
    const auto threads = static_cast<std::size_t>(omp_get_max_threads());
    std::vector<std::vector<Change>> changed(threads);
    for (std::uint64_t node = 0; node < nodes; ++node) {
        if (kind[node] == std::uint8_t(NodeKind::fixed) && g[node] != 0 && g[node] != kNever) {
            changed[0].push_back({std::uint32_t(node), g[node]});  // a capture, from b = 1
            g[node] = kNever;
        }
        dirty[node] = kind[node] == std::uint8_t(NodeKind::moves);
    }
    struct Fall {
        std::uint32_t node;
        std::uint8_t balance, kings;
    };
    std::vector<std::vector<Fall>> falls(threads);
    auto cost_of = [&](std::uint32_t e, bool want_loss) -> int {
        const std::uint32_t c = e & ~kManEdge;
        if (g[c] == kNever || sign[c] != std::uint8_t(want_loss ? Wdl::loss : Wdl::win))
            return std::numeric_limits<int>::max();
        if (e & kManEdge) return g[c] <= kings_limit ? 1 : std::numeric_limits<int>::max();
        return g[c] + 1;
    };
    for (int b = 1; b <= balance_limit; ++b) {
        for_range<true>(pieces, [&](std::size_t k, int thread) {
            const std::uint64_t end = std::min(nodes, (k + 1) * kPiece);
            for (std::uint64_t node = k * kPiece; node < end; ++node) {
                if (!dirty[node]) continue;
                dirty[node] = 0;
                const auto sg = Wdl(sign[node]);
                int win = exit_win[node] ? 1 : std::numeric_limits<int>::max();
                int loss = exit_other[node] ? std::numeric_limits<int>::max() : 1;
                for (std::uint64_t e = first[node]; e < first[node + 1]; ++e) {
                    if (sg != Wdl::loss) win = std::min(win, cost_of(edges[e], true));
                    if (sg != Wdl::win) loss = std::max(loss, cost_of(edges[e], false));
                }
                if (sg == Wdl::win) loss = std::numeric_limits<int>::max();
                if (sg == Wdl::loss) win = std::numeric_limits<int>::max();
                const int best = std::min(win, loss);
                const std::uint8_t v = best <= kings_limit ? std::uint8_t(best) : kNever;
                if (v == g[node]) continue;
                if (sg == Wdl::unknown)
                    sign[node] = std::uint8_t(win <= loss ? Wdl::win : Wdl::loss);
                falls[std::size_t(thread)].push_back({std::uint32_t(node), std::uint8_t(b), v});
                changed[std::size_t(thread)].push_back({std::uint32_t(node), v});
            }
        });
        // The level's changes take effect, and what moves to them is looked at next.
        bool any = false;
        for (auto& list : changed) {
            any |= !list.empty();
            for (const auto [node, value] : list) {
                g[node] = value;
                for (std::uint64_t e = rfirst[node]; e < rfirst[node + 1]; ++e)
                    dirty[redges[e]] = kind[redges[e]] == std::uint8_t(NodeKind::moves);
            }
            list.clear();
        }
        if (!any) break;
    }

    // The graph goes before the slice is made.
    for (auto* v : {&edges, &redges, &first, &rfirst}) std::vector<std::uint32_t>().swap(*v);
    for (auto* v : {&dirty, &kind, &exit_win, &exit_other}) std::vector<std::uint8_t>().swap(*v);

    // The staircases: a node's falls by rising balance; the last is its entry.
    std::vector<Fall> all;
    for (auto& f : falls) all.insert(all.end(), f.begin(), f.end());
    falls.clear();
    std::sort(all.begin(), all.end(), [](const Fall& a, const Fall& b) {
        return a.node != b.node ? a.node < b.node : a.balance < b.balance;
    });
    TwoCountSolution<V> out;
    out.slice = std::make_unique<Slice<V>>(m);
    for (int s = 0; s < 2; ++s) {
        out.slice->dtc[s] = {};
        out.slice->capture[s].assign(n, 0);
        for (std::uint64_t i = 0; i < n; ++i) {
            const std::uint64_t node = std::uint64_t(s) * n + i;
            const bool decided = g[node] != kNever;
            out.slice->wdl[s][i] = decided ? sign[node] : std::uint8_t(Wdl::draw);
            out.slice->dtw[s][i] = decided ? encode(TwoCountStep{0, g[node]}) : 0;
            out.slice->capture[s][i] = capture[s][i];
        }
    }
    for (std::size_t a = 0; a < all.size();) {
        std::size_t z = a;
        while (z < all.size() && all[z].node == all[a].node) ++z;
        const std::uint32_t node = all[a].node;
        const int s = int(node / n);
        const std::uint64_t i = node % n;
        const Fall& last = all[z - 1];
        out.slice->dtw[s][i] = std::uint16_t(encode(TwoCountStep{last.balance, last.kings}) |
                                             (z - a > 1 ? kMoreSteps : 0));
        if (z - a > 1) {
            StepRecord r{i, {}};
            for (std::size_t k = a; k < z; ++k) r.steps.push_back({all[k].balance, all[k].kings});
            out.records[s].push_back(std::move(r));
        }
        a = z;
    }
    return out;
}

}  // namespace dtb::gen
