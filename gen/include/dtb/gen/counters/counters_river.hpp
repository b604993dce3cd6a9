// The `counters_idle` class of a material whose force count waits for a strong king to reach the
// river (portuguese 3.2.1b: three kings against one, 12 moves from the long diagonal).
//
// In the idle class only the move-count rule runs, in lockstep (the scope has no men). A move
// of the strong side that puts a king on the river starts the force count: its child is in
// the counting class (`main`, already solved) with the force count at 0, so it keeps its
// value there if its budget fits both the force count's whole limit and what the move-count
// rule has left — in the idle frame, an exit worth that budget plus one. Captures lead to
// the fresh values of the smaller materials. The class is small (kings only, four or five
// pieces), so it is solved on an explicit graph by levels of budget: a position is won at
// level t when a move reaches a position lost within t-1, lost when every move reaches a won
// one and the dearest costs t.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/counter_state.hpp"
#include "dtb/core/counters_value.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/gen/solver/exit_tables.hpp"
#include "dtb/gen/solver/slice.hpp"

namespace dtb::gen {

template <class V>
std::unique_ptr<Slice<V>> solve_before_river(const CounterSet& set, int river_rule,
                                             const Slice<V>& main, const ExitTables<V>& exits,
                                             int max_plies) {
    using G = typename V::board;
    max_plies = std::min(max_plies, kMaxCountersPlies);
    const Material m = main.material();
    if (m.men() != 0)
        throw std::logic_error("generator: " + m.name() + ": a river rule with men on the board");
    const CounterRule& river = set.rules[river_rule];
    const Color strong = strong_side(river.scope, m) == Strong::black ? Color::black : Color::white;
    const auto diagonal = long_diagonal<G>();
    const Index<V>& index = main.index;
    const std::uint64_t n = index.size();
    const std::uint64_t nodes = 2 * n;

    // Per node: its internal edges (CSR), and what its exits give: the cheapest win, whether
    // every exit is won and at what dearest cost, or a decided value (no move, captures).
    constexpr std::uint16_t kNone = 0xFFFF;
    std::vector<std::uint64_t> first(nodes + 1, 0);
    std::vector<std::uint32_t> edges;
    std::vector<std::uint8_t> wdl(nodes, std::uint8_t(Wdl::unknown));
    std::vector<std::uint16_t> plies(nodes, 0), exit_win(nodes, kNone), exit_loss(nodes, 0);
    std::vector<std::uint8_t> exit_draw(nodes, 0), capture[2];
    for (auto& c : capture) c.assign(n, 0);
    for (std::uint64_t node = 0; node < nodes; ++node) {
        first[node] = edges.size();
        const int s = int(node / n);
        Position<V> p;
        if (!index.unrank(node % n, Color(s), p)) {
            wdl[node] = std::uint8_t(Wdl::draw);  // no position: never reached
            continue;
        }
        PathMoveList<G> moves;
        MoveGen<V>::generate(p, moves);
        if (moves.size() == 0) {
            wdl[node] = std::uint8_t(Wdl::loss);
            continue;
        }
        if (moves.begin()->move.is_capture()) {
            // The capture ends every count: decided by the children's fresh values.
            capture[s][node % n] = 1;
            bool win = false, all_won = true;
            for (const auto& pm : moves) {
                const Wdl w = exits.exit_value(apply(p, pm.move)).wdl();
                win |= w == Wdl::loss;
                all_won &= w == Wdl::win;
            }
            wdl[node] = std::uint8_t(win ? Wdl::win : all_won ? Wdl::loss : Wdl::draw);
            plies[node] = win || all_won ? 1 : 0;
            continue;
        }
        for (const auto& pm : moves) {
            const Position<V> c = apply(p, pm.move);
            const std::uint64_t ci = index.rank(c);
            const std::uint64_t cnode = std::uint64_t(int(c.side)) * n + ci;
            const bool starts = p.side == strong && (c.kings_of(strong) & diagonal) != 0;
            if (!starts) {
                edges.push_back(std::uint32_t(cnode));
                continue;
            }
            const Wdl w = Wdl(main.wdl[int(c.side)][ci]);
            const int t = main.dtw[int(c.side)][ci];
            const bool holds =
                (w == Wdl::win || w == Wdl::loss) && t <= limit_plies(river, m, c.side);
            if (!holds) {
                exit_draw[node] = 1;
            } else if (w == Wdl::loss) {
                exit_win[node] = std::min<std::uint16_t>(exit_win[node], std::uint16_t(t + 1));
            } else {
                exit_loss[node] = std::max<std::uint16_t>(exit_loss[node], std::uint16_t(t + 1));
            }
        }
    }
    first[nodes] = edges.size();
    if (nodes >= (std::uint64_t{1} << 32))
        throw std::logic_error("generator: " + m.name() + ": too large for the river solver");

    // Levels of budget: at level t, decide from children decided at earlier levels.
    std::vector<std::uint32_t> decided;
    for (int t = 1; t <= max_plies; ++t) {
        decided.clear();
        for (std::uint64_t node = 0; node < nodes; ++node) {
            if (wdl[node] != std::uint8_t(Wdl::unknown)) continue;
            bool win = exit_win[node] <= t, all_won = !exit_draw[node] && exit_loss[node] <= t;
            for (std::uint64_t e = first[node]; e < first[node + 1] && !win; ++e) {
                const std::uint32_t c = edges[e];
                const auto w = Wdl(wdl[c]);
                const bool early = w != Wdl::unknown && plies[c] + 1 <= t;
                if (w == Wdl::loss && early) win = true;
                if (!(w == Wdl::win && early)) all_won = false;
            }
            if (win || all_won) decided.push_back(std::uint32_t(node));
        }
        for (const std::uint32_t node : decided) {
            // LeftOut which: a node both won and all-won cannot be (a won child is not lost).
            bool win = exit_win[node] <= t;
            for (std::uint64_t e = first[node]; e < first[node + 1] && !win; ++e) {
                const std::uint32_t c = edges[e];
                win = wdl[c] == std::uint8_t(Wdl::loss) && plies[c] + 1 <= t;
            }
            wdl[node] = std::uint8_t(win ? Wdl::win : Wdl::loss);
            plies[node] = std::uint16_t(t);
        }
    }

    auto out = std::make_unique<Slice<V>>(m);
    for (int s = 0; s < 2; ++s) {
        out->dtc[s] = {};
        out->capture[s].assign(n, 0);
        for (std::uint64_t i = 0; i < n; ++i) {
            const std::uint64_t node = std::uint64_t(s) * n + i;
            const Wdl w = Wdl(wdl[node]);
            const bool decided_value =
                (w == Wdl::win || w == Wdl::loss) && plies[node] <= max_plies;
            out->wdl[s][i] = std::uint8_t(decided_value ? w : Wdl::draw);
            out->dtw[s][i] = decided_value ? plies[node] : 0;
            out->capture[s][i] = capture[s][i];
        }
    }
    return out;
}

}  // namespace dtb::gen
