// The researchers' report of one material and side to move under the draw counters: every
// position (as dtb stats counts them: every placement of the index, positions with a capture
// included) probed pure and under the counters at fresh counters — the counters a material has
// when it has just arisen by a capture.
//
// "Moves of the winner" are the winning side's moves: (plies + 1) / 2 of a win for the side
// to move, plies / 2 of a loss, counted three ways: pure, from DTW; the budget, the plies of
// the binding counter a win needs (what a force rule such as "three kings win within 15
// moves" asks of a position); and, when asked, under the counters, from the distance to the
// end of the game under them (counters_distance.hpp: a search a position, seconds for a
// material of kings, hours for some with men on both sides).
#pragma once

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "dtb/probe/counters_distance.hpp"
#include "dtb/probe/counters_prober.hpp"

namespace dtb::probe {

// The most moves of the winner over a set of positions, and the first position (by index)
// that needs them, whatever the threads' order.
struct HardestWin {
    int moves = 0;
    std::uint64_t index = UINT64_MAX;  // none yet
    std::string fen;

    void offer(int k, std::uint64_t i) {
        if (index == UINT64_MAX || k > moves || (k == moves && i < index)) {
            moves = k;
            index = i;
        }
    }
    void merge(const HardestWin& o) {
        if (o.index != UINT64_MAX) offer(o.moves, o.index);
    }
};

// What the report derives beyond what the tables store.
struct CountersReportOptions {
    bool distances = false;                 // the distance under the counters of every win and loss
    std::int64_t effort = kDistanceEffort;  // each distance's search bound
};

struct CountersReportRow {
    Material material;
    Color side_to_move = Color::white;
    std::uint64_t positions = 0;
    std::uint64_t pure[3] = {0, 0, 0};      // wins, draws, losses for the side to move
    std::uint64_t counters[3] = {0, 0, 0};  // the same under the counters, fresh counters
    std::uint64_t wins_drawn_by_counters = 0, losses_drawn_by_counters = 0;
    HardestWin hardest_pure, hardest_counters, hardest_budget;
    bool distances = false;  // hardest_counters, histogram_counters and the two counts below hold
    // Wins and losses under the counters whose distance the search left unfound (its bound):
    // counted in the budget's histogram, not in the distance's.
    std::uint64_t distances_unknown = 0;
    // Wins and losses the counters make longer than pure (a distance above the pure DTW).
    std::uint64_t lengthened_by_counters = 0;
    // Positions by the moves of the winner, won or lost for the side to move (index: moves).
    std::vector<std::uint64_t> histogram_pure, histogram_counters, histogram_budget;
};

namespace counters_report_detail {

inline int slot(Wdl w) { return w == Wdl::win ? 0 : w == Wdl::loss ? 2 : 1; }
inline int winner_moves(Wdl w, int plies) { return w == Wdl::win ? (plies + 1) / 2 : plies / 2; }
inline void count(std::vector<std::uint64_t>& h, int moves) {
    if (h.size() <= std::size_t(moves)) h.resize(std::size_t(moves) + 1, 0);
    ++h[std::size_t(moves)];
}
inline void add(std::vector<std::uint64_t>& into, const std::vector<std::uint64_t>& from) {
    if (into.size() < from.size()) into.resize(from.size(), 0);
    for (std::size_t k = 0; k < from.size(); ++k) into[k] += from[k];
}
// A distance search remembers what it proved; past this many states a thread starts afresh.
constexpr std::size_t kDistanceMemory = 1 << 21;

}  // namespace counters_report_detail

// The report of material m with `side` to move. Fails as a probe does (a missing table).
template <class V, class S>
Status counters_report(const Prober<V, S>& pure, const CountersProber<V, S>& counted,
                       const Material& m, Color side, CountersReportRow& row,
                       std::string* message = nullptr, const CountersReportOptions& options = {}) {
    using namespace counters_report_detail;
    row = {};
    row.material = m;
    row.side_to_move = side;
    row.distances = options.distances;
    const Index<V> index(m);
    const auto n = std::int64_t(index.size());
    constexpr std::int64_t kChunk = 1 << 12;
    Status failure = Status::ok;
    std::string failure_message;
    std::mutex merge;
#pragma omp parallel
    {
        CountersReportRow mine;
        CountersDistance<V, S> distance(counted, pure, options.effort);
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
                const CounterState fresh = fresh_state(counted.counter_set(), p);
                Status st = pure.value(p, want_dtw, v, &mine_message);
                if (st == Status::ok) st = counted.value(p, fresh, a, &mine_message);
                if (st != Status::ok) {
                    mine_failure = st;
                    break;
                }
                ++mine.pure[slot(v.wdl)];
                ++mine.counters[slot(a.wdl)];
                if (v.wdl != Wdl::draw) {
                    const int k = winner_moves(v.wdl, v.dtw);
                    count(mine.histogram_pure, k);
                    mine.hardest_pure.offer(k, std::uint64_t(i));
                    if (a.wdl == Wdl::draw)
                        ++(v.wdl == Wdl::win ? mine.wins_drawn_by_counters
                                             : mine.losses_drawn_by_counters);
                }
                if (a.wdl == Wdl::draw) continue;
                const int budget = winner_moves(a.wdl, a.budget);
                count(mine.histogram_budget, budget);
                mine.hardest_budget.offer(budget, std::uint64_t(i));
                if (!options.distances) continue;
                if (distance.states_known() > kDistanceMemory) distance.forget();
                int plies = 0;
                st = distance.distance(p, fresh, plies, &mine_message);
                if (st == Status::not_available) {
                    ++mine.distances_unknown;
                    continue;
                }
                if (st != Status::ok) {
                    mine_failure = st;
                    break;
                }
                mine.lengthened_by_counters += plies > v.dtw;
                const int k = winner_moves(a.wdl, plies);
                count(mine.histogram_counters, k);
                mine.hardest_counters.offer(k, std::uint64_t(i));
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
        row.distances_unknown += mine.distances_unknown;
        row.lengthened_by_counters += mine.lengthened_by_counters;
        row.hardest_pure.merge(mine.hardest_pure);
        row.hardest_counters.merge(mine.hardest_counters);
        row.hardest_budget.merge(mine.hardest_budget);
        add(row.histogram_pure, mine.histogram_pure);
        add(row.histogram_counters, mine.histogram_counters);
        add(row.histogram_budget, mine.histogram_budget);
    }
    if (failure != Status::ok) {
        if (message) *message = failure_message;
        return failure;
    }
    for (HardestWin* h : {&row.hardest_pure, &row.hardest_counters, &row.hardest_budget}) {
        Position<V> p;
        if (h->index != UINT64_MAX && index.unrank(h->index, side, p)) h->fen = write_fen(p);
    }
    return Status::ok;
}

}  // namespace dtb::probe
