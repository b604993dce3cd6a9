// The answers the Python package gives: plain values (strings, ints, None), the same fields
// as `dtb probe --json` writes, converted from the probing library's report with the GIL
// released.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "dtb/probe/counted_position.hpp"
#include "dtb/probe/position_report.hpp"

namespace dtb::python {

// Per counter in scope: {"plies": n, "left": m}, or {"plies": None} for a rule that waits.
using StateDict = std::map<std::string, std::map<std::string, std::optional<int>>>;

// The value under the draw counters, or why it is not given (error; then wdl is None).
struct CountersResult {
    std::string counter_set;
    StateDict state;
    std::optional<std::string> wdl;
    std::optional<std::string> klass;  // win, cursed-win, draw, blessed-loss, loss
    std::optional<int> plies;          // the distance to the end of the game under the counters
    std::optional<int> budget;         // the plies the counter budget_of must leave
    std::optional<std::string> budget_of;
    std::optional<std::string> error;
};

struct ProbeResult {
    std::string variant, fen;
    std::string wdl;
    std::optional<int> dtw, dtc;  // 0 for a draw; None from tables of WDL alone
    CountersResult counters;
};

// A move, the position after it, and the values there (for the side to move then).
struct MoveResult {
    std::string move, fen;
    std::string wdl;
    std::optional<int> dtw, dtc;
    std::optional<CountersResult> counters;
};

inline StateDict state_dict(const CounterSet& set, const dtb::CounterState& s, auto const& p) {
    StateDict out;
    for (const probe::CounterReading& r : probe::read_counters(set, s, p)) {
        auto& c = out[std::string(r.name)];
        c["plies"] = r.counting ? std::optional<int>(r.plies) : std::nullopt;
        if (r.counting) c["left"] = r.left;
    }
    return out;
}

inline void put_value(const Value& v, int want, std::string& wdl, std::optional<int>& dtw,
                      std::optional<int>& dtc) {
    wdl = to_string(v.wdl);
    if (want == probe::want_wdl) return;
    dtw = v.dtw;
    dtc = v.dtc;
}

// The value under the counters of p at counters s; `plies` its distance under them.
template <class V>
CountersResult counters_result(const CounterSet& set, const Position<V>& p, const CounterState& s,
                               Wdl pure, const probe::CountersAnswer& a, std::optional<int> plies) {
    CountersResult r;
    r.counter_set = set.name;
    r.state = state_dict(set, s, p);
    r.wdl = to_string(a.wdl);
    r.klass = to_string(probe::classify(pure, a.wdl));
    if (a.wdl != Wdl::draw) r.plies = plies;
    if (a.table_wdl != Wdl::draw) {
        r.budget = a.budget;
        if (const int rule = probe::binding_rule(set, s, p); rule >= 0)
            r.budget_of = std::string(set.rules[rule].name);
    }
    return r;
}

}  // namespace dtb::python
