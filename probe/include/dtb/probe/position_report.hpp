// Everything dtb says of one position, for `dtb probe` and the Python package alike: the pure
// value (WDL, DTW, DTC; WDL alone from a directory of WDL tables) and every legal move's, best
// first; then the value under the draw counters at the given counters, with the length of the
// line under the rules, and every move's.
#pragma once

#include <string>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/probe/counted_position.hpp"
#include "dtb/probe/prober.hpp"
#include "dtb/probe/rules_prober.hpp"

namespace dtb::probe {

template <class V>
struct UnderRules {
    RulesAnswer value;
    int plies = 0;  // the length of the line under the rules (0 for a draw)
    std::vector<RulesRatedMove<V>> moves;
    std::vector<int> move_plies;  // per move: the length of the line after it
    // Why the values under the rules are not given (their tables are missing or damaged),
    // "" when they are; the pure values stand either way.
    std::string error;
};

template <class V>
struct PositionReport {
    Value value;
    int want = want_all;  // want_wdl where only WDL tables are installed
    std::vector<RatedMove<V>> moves;
    UnderRules<V> rules;
};

namespace position_report_detail {

template <class V>
Status line_plies(const RulesProber<V>& rp, const Position<V>& p, const RuleState& s, int& plies,
                  std::string* message) {
    std::vector<RulesRatedMove<V>> line;
    const Status st = rp.line(p, s, line, message);
    plies = int(line.size());
    return st;
}

// The rules part: Status::counters when the counters cannot stand, ok otherwise (failures
// of the rules tables go into r.error).
template <class V>
Status under_rules(const RulesProber<V>& rp, const CountedPosition<V>& c, bool with_moves,
                   UnderRules<V>& r, std::string* message) {
    std::string why;
    Status st = rp.probe(c.position, c.state, r.value, &why);
    if (st == Status::ok && with_moves) st = rp.rate_moves(c.position, c.state, r.moves, &why);
    if (st == Status::ok && r.value.wdl != Wdl::draw)
        st = line_plies(rp, c.position, c.state, r.plies, &why);
    for (std::size_t i = 0; st == Status::ok && i < r.moves.size(); ++i) {
        const auto& m = r.moves[i];
        int plies = 0;
        if (m.after.wdl != Wdl::draw)
            st = line_plies(rp, apply(c.position, m.move.move), m.state, plies, &why);
        r.move_plies.push_back(plies);
    }
    if (st == Status::counters) {
        if (message) *message = why;
        return st;
    }
    if (st != Status::ok) {
        r = {};
        r.error = std::string(to_string(st)) + ": " + why;
    }
    return Status::ok;
}

}  // namespace position_report_detail

// The report of c (moves: every legal move's values too). A failed pure probe, or counters
// that cannot stand, return their status with *message.
template <class V, class S>
Status report_position(const Prober<V, S>& prober, const RulesProber<V, S>& rules,
                       const CountedPosition<V>& c, bool with_moves, PositionReport<V>& out,
                       std::string* message = nullptr) {
    out = {};
    const Position<V>& p = c.position;
    Status st = prober.probe(p, want_all, out.value, message);
    if (st == Status::not_available && prober.probe(p, want_wdl, out.value) == Status::ok) {
        out.want = want_wdl;
        st = Status::ok;
    }
    if (st != Status::ok) return st;
    if (with_moves && (st = prober.rate_moves(p, out.moves, message, out.want)) != Status::ok)
        return st;
    return position_report_detail::under_rules(rules, c, with_moves, out.rules, message);
}

}  // namespace dtb::probe
