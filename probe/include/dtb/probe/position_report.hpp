// Everything dtb says of one position, for `dtb probe` and the Python package alike: the pure
// value (WDL, DTW, DTC; WDL alone from a directory of WDL tables) and every legal move's, best
// first; then the value under the draw counters at the given counters, with the distance to the
// end of the game under them (counters_distance.hpp), and every move's.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/probe/counted_position.hpp"
#include "dtb/probe/counters_distance.hpp"
#include "dtb/probe/counters_prober.hpp"
#include "dtb/probe/prober.hpp"
#include "dtb/probe/report_moves.hpp"

namespace dtb::probe {

// The value under the counters at the position, and its distance under them.
struct UnderCounters {
    CountersAnswer value;
    // The plies to the end of the game under the counters (0 for a draw); absent where the
    // tables have no DTW to derive it from (distance_error says why).
    std::optional<int> plies;
    std::string distance_error;
    // Why the values under the counters are not given (their tables are missing or damaged),
    // "" when they are; the pure values stand either way.
    std::string error;
};

// One legal move: its pure value after it and, where the counters' tables are, its value
// under them with the counters after it.
template <class V>
struct MoveReport {
    RatedMove<V> pure;
    std::optional<CountersRatedMove<V>> counted;
    std::optional<int> counted_plies;  // the distance under the counters after it, if asked
    int counted_rank = 0;              // its place, best first, under the counters
};

template <class V>
struct PositionReport {
    Value value;
    int want = want_all;  // want_wdl where only WDL tables are installed
    UnderCounters counters;
    std::vector<MoveReport<V>> moves;  // best first by the pure values
};

namespace position_report_detail {

// The distance of p at s, or nothing where it cannot be derived (no DTW tables, say: `why` says
// so); any other failure is returned.
template <class V, class S>
Status distance_of(CountersDistance<V, S>& distance, const Position<V>& p, const CounterState& s,
                   std::optional<int>& out, std::string& why) {
    int d = 0;
    std::string message;
    const Status st = distance.distance(p, s, d, &message);
    if (st == Status::not_available) {
        why = "the distance under the counters is not available: " + message;
        return Status::ok;
    }
    if (st == Status::ok)
        out = d;
    else
        why = message;
    return st;
}

// The pure part, with `want`: the position's value and, as `moves` asks, every move's.
template <class V, class S>
Status pure_values(const Prober<V, S>& prober, const Position<V>& p, int want, ReportMoves moves,
                   PositionReport<V>& out, std::string* message) {
    out.want = want;
    out.moves.clear();
    if (const Status st = prober.probe(p, want, out.value, message); st != Status::ok) return st;
    if (moves == ReportMoves::none) return Status::ok;
    std::vector<RatedMove<V>> rated;
    if (const Status st = prober.rate_moves(p, rated, message, want); st != Status::ok) return st;
    for (auto& m : rated) out.moves.push_back({std::move(m), std::nullopt, 0, 0});
    return Status::ok;
}

// The counters part: Status::counters when the counters cannot stand, ok otherwise (failures
// of the counters' tables go into out.counters.error, and no move gets a value under them).
template <class V, class S>
Status under_counters(const Prober<V, S>& prober, const CountersProber<V, S>& rp,
                      const CountedPosition<V>& c, ReportMoves moves, PositionReport<V>& out,
                      std::string* message) {
    UnderCounters& r = out.counters;
    std::string why;
    std::vector<CountersRatedMove<V>> rated;
    CountersDistance<V, S> distance(rp, prober);
    Status st = rp.probe(c.position, c.state, r.value, &why);
    if (st == Status::ok && moves != ReportMoves::none)
        st = rp.rate_moves(c.position, c.state, rated, &why);
    if (st == Status::ok) st = distance_of(distance, c.position, c.state, r.plies, why);
    if (st == Status::ok && !r.plies) std::swap(r.distance_error, why);
    // Each rated move joins the record of the same move: both lists are the legal moves.
    for (std::size_t i = 0; st == Status::ok && i < rated.size(); ++i) {
        const auto& m = rated[i];
        std::optional<int> plies;
        if (r.plies && moves == ReportMoves::values_and_distances)
            st = distance_of(distance, apply(c.position, m.move.move), m.state, plies, why);
        for (MoveReport<V>& record : out.moves) {
            if (!(record.pure.move.move == m.move.move)) continue;
            record.counted = m;
            record.counted_plies = plies;
            record.counted_rank = int(i);
        }
    }
    if (st == Status::counters) {
        if (message) *message = why;
        return st;
    }
    if (st != Status::ok) {
        r = {};
        r.error = std::string(to_string(st)) + ": " + why;
        for (MoveReport<V>& record : out.moves) record.counted.reset();
    }
    return Status::ok;
}

}  // namespace position_report_detail

// The report of c and, as `moves` asks, of its legal moves. A failed pure probe, or counters
// that cannot stand, return their status with *message.
template <class V, class S>
Status report_position(const Prober<V, S>& prober, const CountersProber<V, S>& counted,
                       const CountedPosition<V>& c, ReportMoves moves, PositionReport<V>& out,
                       std::string* message = nullptr) {
    out = {};
    Status st =
        position_report_detail::pure_values(prober, c.position, want_all, moves, out, message);
    // A directory of WDL tables alone: a draw is answered even when DTW is asked (it has
    // none), so the position or any of its moves may be the first to miss a DTW.
    if (st == Status::not_available)
        st = position_report_detail::pure_values(prober, c.position, want_wdl, moves, out, message);
    if (st != Status::ok) return st;
    return position_report_detail::under_counters(prober, counted, c, moves, out, message);
}

}  // namespace dtb::probe
