// The researchers' report of one material and side to move under the draw counters: every
// position (as dtb stats counts them: every placement of the index, positions with a capture
// included) probed pure and under the rules at fresh counters — the counters a material has
// when it has just arisen by a capture.
//
// "Moves of the winner" are the winning side's moves: (plies + 1) / 2 of a win for the side
// to move, plies / 2 of a loss. Pure: from DTW. Under the rules: from the budget, the plies
// until the binding counter restarts (for materials whose captures end the game, such as
// three kings against one, the moves to the end of the game).
#pragma once

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "dtb/probe/rules_prober.hpp"

namespace dtb::probe {

struct RulesReportRow {
    Material material;
    Color side_to_move = Color::white;
    std::uint64_t positions = 0;
    std::uint64_t pure[3] = {0, 0, 0};   // wins, draws, losses for the side to move
    std::uint64_t rules[3] = {0, 0, 0};  // the same under the rules, fresh counters
    std::uint64_t wins_drawn_by_rules = 0, losses_drawn_by_rules = 0;
    int max_winner_moves_pure = 0, max_winner_moves_rules = 0;
    std::string hardest_fen_pure, hardest_fen_rules;
    // Positions by the moves of the winner, won or lost for the side to move (index: moves).
    std::vector<std::uint64_t> histogram_pure, histogram_rules;
};

namespace rules_report_detail {

inline int slot(Wdl w) { return w == Wdl::win ? 0 : w == Wdl::loss ? 2 : 1; }
inline int winner_moves(Wdl w, int plies) { return w == Wdl::win ? (plies + 1) / 2 : plies / 2; }
inline void count(std::vector<std::uint64_t>& h, int moves) {
    if (h.size() <= std::size_t(moves)) h.resize(std::size_t(moves) + 1, 0);
    ++h[std::size_t(moves)];
}

}  // namespace rules_report_detail

// The report of material m with `side` to move. Fails as a probe does (a missing table).
template <class V, class S>
Status rules_report(const Prober<V, S>& pure, const RulesProber<V, S>& rules, const Material& m,
                    Color side, RulesReportRow& row, std::string* message = nullptr) {
    using namespace rules_report_detail;
    row = {};
    row.material = m;
    row.side_to_move = side;
    const Index<V> index(m);
    const auto n = std::int64_t(index.size());
    constexpr std::int64_t kChunk = 1 << 12;
    Status failure = Status::ok;
    std::string failure_message;
    std::mutex merge;
    std::uint64_t row_hardest_pure = UINT64_MAX, row_hardest_rules = UINT64_MAX;
#pragma omp parallel
    {
        RulesReportRow mine;
        // The hardest positions by index: the first of the most moves, whatever the threads.
        std::uint64_t hardest_pure = UINT64_MAX, hardest_rules = UINT64_MAX;
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
                RulesAnswer a;
                Status st = pure.value(p, want_dtw, v, &mine_message);
                if (st == Status::ok)
                    st = rules.value(p, fresh_state(rules.rule_set(), p), a, &mine_message);
                if (st != Status::ok) {
                    mine_failure = st;
                    break;
                }
                ++mine.pure[slot(v.wdl)];
                ++mine.rules[slot(a.wdl)];
                if (v.wdl != Wdl::draw) {
                    const int k = winner_moves(v.wdl, v.dtw);
                    count(mine.histogram_pure, k);
                    if (hardest_pure == UINT64_MAX || k > mine.max_winner_moves_pure ||
                        (k == mine.max_winner_moves_pure && std::uint64_t(i) < hardest_pure)) {
                        mine.max_winner_moves_pure = k;
                        hardest_pure = std::uint64_t(i);
                    }
                    if (a.wdl == Wdl::draw)
                        ++(v.wdl == Wdl::win ? mine.wins_drawn_by_rules
                                             : mine.losses_drawn_by_rules);
                }
                if (a.wdl != Wdl::draw) {
                    const int k = winner_moves(a.wdl, a.budget);
                    count(mine.histogram_rules, k);
                    if (hardest_rules == UINT64_MAX || k > mine.max_winner_moves_rules ||
                        (k == mine.max_winner_moves_rules && std::uint64_t(i) < hardest_rules)) {
                        mine.max_winner_moves_rules = k;
                        hardest_rules = std::uint64_t(i);
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
            row.rules[k] += mine.rules[k];
        }
        row.wins_drawn_by_rules += mine.wins_drawn_by_rules;
        row.losses_drawn_by_rules += mine.losses_drawn_by_rules;
        auto take = [](int k, std::uint64_t i, int& row_k, std::uint64_t& row_i) {
            if (i != UINT64_MAX &&
                (row_i == UINT64_MAX || k > row_k || (k == row_k && i < row_i))) {
                row_k = k;
                row_i = i;
            }
        };
        take(mine.max_winner_moves_pure, hardest_pure, row.max_winner_moves_pure, row_hardest_pure);
        take(mine.max_winner_moves_rules, hardest_rules, row.max_winner_moves_rules,
             row_hardest_rules);
        auto add = [](std::vector<std::uint64_t>& into, const std::vector<std::uint64_t>& from) {
            if (into.size() < from.size()) into.resize(from.size(), 0);
            for (std::size_t k = 0; k < from.size(); ++k) into[k] += from[k];
        };
        add(row.histogram_pure, mine.histogram_pure);
        add(row.histogram_rules, mine.histogram_rules);
    }
    if (failure != Status::ok) {
        if (message) *message = failure_message;
        return failure;
    }
    Position<V> p;
    if (row_hardest_pure != UINT64_MAX && index.unrank(row_hardest_pure, side, p))
        row.hardest_fen_pure = write_fen(p);
    if (row_hardest_rules != UINT64_MAX && index.unrank(row_hardest_rules, side, p))
        row.hardest_fen_rules = write_fen(p);
    return Status::ok;
}

}  // namespace dtb::probe
