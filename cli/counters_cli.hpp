// Shared by dtb probe and dtb best: the draw counters of the position asked about, from
// `--moves` (played from the FEN with fresh counters) and `--counters NAME=PLIES,...`, and
// how the counters and the value under them are written.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "dtb/probe/counted_position.hpp"
#include "probe_cli.hpp"

namespace dtb::cli {

// What the user said about the counters.
struct CounterOptions {
    std::string counters;  // NAME=PLIES,... (or NAME=idle)
    std::string moves;     // moves played from the FEN first
};

inline void add_counter_options(CLI::App* cmd, CounterOptions& o) {
    cmd->add_option("--moves", o.moves,
                    "Moves played from FEN first, as dtb moves writes them (\"c3-d4 f6-e5\"); "
                    "the position reached is probed with the counters they ran up");
    cmd->add_option("--counters", o.counters,
                    "Counters in plies, NAME=PLIES,... (names: dtb variants --json, "
                    "\"counters\"); NAME=idle for a rule that waits. Default: fresh at FEN");
}

// The position and counters the options describe.
template <class V>
using CountedPosition = probe::CountedPosition<V>;

template <class V>
CountedPosition<V> counted_position(const RuleSet& set, const Position<V>& start,
                                    const CounterOptions& o) {
    CountedPosition<V> c{start, fresh_state(set, start)};
    try {
        probe::play_moves(set, c, o.moves);
    } catch (const NotationError& e) {
        throw UsageError("fen", std::string("--moves: ") + e.what());
    }
    if (o.counters.empty()) return c;
    try {
        probe::set_counters(set, c, o.counters);
        probe::check_counters(set, c);
    } catch (const probe::CountersError& e) {
        throw UsageError("counters", std::string("--counters: ") + e.what());
    }
    return c;
}

// The counters as JSON: per rule, its plies (null where it is not counting) and what is left.
template <class V>
nlohmann::ordered_json state_json(const RuleSet& set, const RuleState& s, const Position<V>& p) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    for (const probe::CounterReading& r : probe::read_counters(set, s, p))
        j[std::string(r.name)] = r.counting
                                     ? nlohmann::ordered_json{{"plies", r.plies}, {"left", r.left}}
                                     : nlohmann::ordered_json{{"plies", nullptr}};
    return j;
}

// The counters in words: "kings-only 12 plies (18 left), three-kings waiting".
template <class V>
std::string state_text(const RuleSet& set, const RuleState& s, const Position<V>& p) {
    std::string out;
    for (const probe::CounterReading& r : probe::read_counters(set, s, p)) {
        out += out.empty() ? "" : ", ";
        out += std::string(r.name) + " ";
        out +=
            r.counting ? plies_text(r.plies) + " (" + std::to_string(r.left) + " left)" : "waiting";
    }
    return out.empty() ? "no counter applies" : out;
}

// The rule that decides where the counters turn a value into a draw: the one with least left.
template <class V>
std::string deciding_rule(const RuleSet& set, const RuleState& s, const Position<V>& p) {
    const int left = plies_left(set, s, p);
    for (int i = 0; i < set.count; ++i)
        if (s.counting(i) && plies_left(set, s, i, p) == left)
            return std::string(set.rules[i].name) + " (" + std::string(set.rules[i].article) + ")";
    return "";
}

}  // namespace dtb::cli
