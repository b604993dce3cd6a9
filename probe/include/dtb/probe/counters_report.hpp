// The researchers' report of one material and side to move under the draw counters: every
// position (as dtb stats counts them: every placement of the index, positions with a capture
// included) probed pure and under the counters at fresh counters — the counters a material has
// when it has just arisen by a capture.
//
// "Moves of the winner" are the winning side's moves: (plies + 1) / 2 of a win for the side
// to move, plies / 2 of a loss. Pure: from DTW. Under the counters: from the budget, the plies
// until the binding counter restarts (for materials whose captures end the game, such as
// three kings against one, the moves to the end of the game).
#pragma once

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "dtb/probe/counters_prober.hpp"

namespace dtb::probe {

struct CountersReportRow {
    Material material;
    Color side_to_move = Color::white;
    std::uint64_t positions = 0;
    std::uint64_t pure[3] = {0, 0, 0};      // wins, draws, losses for the side to move
    std::uint64_t counters[3] = {0, 0, 0};  // the same under the counters, fresh counters
    std::uint64_t wins_drawn_by_counters = 0, losses_drawn_by_counters = 0;
    int max_winner_moves_pure = 0, max_winner_moves_counters = 0;
    std::string hardest_fen_pure, hardest_fen_counters;
    // Positions by the moves of the winner, won or lost for the side to move (index: moves).
    std::vector<std::uint64_t> histogram_pure, histogram_counters;
};

namespace counters_report_detail {

inline int slot(Wdl w) { return w == Wdl::win ? 0 : w == Wdl::loss ? 2 : 1; }
inline int winner_moves(Wdl w, int plies) { return w == Wdl::win ? (plies + 1) / 2 : plies / 2; }
inline void count(std::vector<std::uint64_t>& h, int moves) {
    if (h.size() <= std::size_t(moves)) h.resize(std::size_t(moves) + 1, 0);
    ++h[std::size_t(moves)];
}

}  // namespace counters_report_detail

// The report of material m with `side` to move. Fails as a probe does (a missing table).
template <class V, class S>
Status counters_report(const Prober<V, S>& pure, const CountersProber<V, S>& counted,
                       const Material& m, Color side, CountersReportRow& row,
                       std::string* message = nullptr) {
    using namespace counters_report_detail;
    row = {};
    row.material = m;
    row.side_to_move = side;
    const Index<V> index(m);
    const auto n = std::int64_t(index.size());
    constexpr std::int64_t kChunk = 1 << 12;
    Status failure = Status::ok;
    std::string failure_message;
    std::mutex merge;
    std::uint64_t row_hardest_pure = UINT64_MAX, row_hardest_counters = UINT64_MAX;
#pragma omp parallel
    {
        CountersReportRow mine;
        // The hardest positions by index: the first of the most moves, whatever the threads.
        std::uint64_t hardest_pure = UINT64_MAX, hardest_counters = UINT64_MAX;
        Status mine_failure = Status::ok;
        std::string mine_message;
#pragma omp for schedule(dynamic)
        for (std::int64_t c = 0; c < (n + kChunk - 1) / kChunk; ++c) {
            for (std::int64_t i = c * kChunk; i < std::min(n, (c + 1) * kChunk); ++i) {
                if (mine_failure != Status::ok) break;
                Position<V> p;
                if (!index.unrank(std::uint64_t(i), side, p)) continue;
                ++mine.positions;
                Value v;
                CountersAnswer a;
                Status st = pure.value(p, want_dtw, v, &mine_message);
                if (st == Status::ok)
                    st = counted.value(p, fresh_state(counted.counter_set(), p), a, &mine_message);
                if (st != Status::ok) {
                    mine_failure = st;
                    break;
                }
                ++mine.pure[slot(v.wdl)];
                ++mine.counters[slot(a.wdl)];
                if (v.wdl != Wdl::draw) {
                    const int k = winner_moves(v.wdl, v.dtw);
                    count(mine.histogram_pure, k);
                    if (hardest_pure == UINT64_MAX || k > mine.max_winner_moves_pure ||
                        (k == mine.max_winner_moves_pure && std::uint64_t(i) < hardest_pure)) {
                        mine.max_winner_moves_pure = k;
                        hardest_pure = std::uint64_t(i);
                    }
                    if (a.wdl == Wdl::draw)
                        ++(v.wdl == Wdl::win ? mine.wins_drawn_by_counters
                                             : mine.losses_drawn_by_counters);
                }
                if (a.wdl != Wdl::draw) {
                    const int k = winner_moves(a.wdl, a.budget);
                    count(mine.histogram_counters, k);
                    if (hardest_counters == UINT64_MAX || k > mine.max_winner_moves_counters ||
                        (k == mine.max_winner_moves_counters &&
                         std::uint64_t(i) < hardest_counters)) {
                        mine.max_winner_moves_counters = k;
                        hardest_counters = std::uint64_t(i);
                    }
                }
            }
        }
        std::lock_guard lock(merge);
        if (mine_failure != Status::ok && failure == Status::ok) {
            failure = mine_failure;
            failure_message = mine_message;
        }
        row.positions += mine.positions;
        for (int k = 0; k < 3; ++k) {
            row.pure[k] += mine.pure[k];
            row.counters[k] += mine.counters[k];
        }
        row.wins_drawn_by_counters += mine.wins_drawn_by_counters;
        row.losses_drawn_by_counters += mine.losses_drawn_by_counters;
        auto take = [](int k, std::uint64_t i, int& row_k, std::uint64_t& row_i) {
            if (i != UINT64_MAX &&
                (row_i == UINT64_MAX || k > row_k || (k == row_k && i < row_i))) {
                row_k = k;
                row_i = i;
            }
        };
        take(mine.max_winner_moves_pure, hardest_pure, row.max_winner_moves_pure, row_hardest_pure);
        take(mine.max_winner_moves_counters, hardest_counters, row.max_winner_moves_counters,
             row_hardest_counters);
        auto add = [](std::vector<std::uint64_t>& into, const std::vector<std::uint64_t>& from) {
            if (into.size() < from.size()) into.resize(from.size(), 0);
            for (std::size_t k = 0; k < from.size(); ++k) into[k] += from[k];
        };
        add(row.histogram_pure, mine.histogram_pure);
        add(row.histogram_counters, mine.histogram_counters);
    }
    if (failure != Status::ok) {
        if (message) *message = failure_message;
        return failure;
    }
    Position<V> p;
    if (row_hardest_pure != UINT64_MAX && index.unrank(row_hardest_pure, side, p))
        row.hardest_fen_pure = write_fen(p);
    if (row_hardest_counters != UINT64_MAX && index.unrank(row_hardest_counters, side, p))
        row.hardest_fen_counters = write_fen(p);
    return Status::ok;
}

}  // namespace dtb::probe
