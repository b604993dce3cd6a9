// Shared by dtb probe and dtb best: the draw counters of the position asked about, from
// `--moves` (played from the FEN with fresh counters) and `--counters NAME=PLIES,...`, and
// how the counters and the value under them are written.
#pragma once

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "probe_cli.hpp"

namespace dtb::cli {

// What the user said about the counters.
struct CounterOptions {
    std::string counters;  // NAME=PLIES,... (or NAME=idle)
    std::string moves;     // moves played from the FEN first
    bool pure = false;     // ignore the counters
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
struct CountedPosition {
    Position<V> position;
    RuleState state;
};

template <class V>
CountedPosition<V> counted_position(const RuleSet& set, const Position<V>& start,
                                    const CounterOptions& o) {
    CountedPosition<V> c{start, fresh_state(set, start)};
    std::istringstream moves(o.moves);
    for (std::string text; moves >> text;) {
        Move<typename V::board> m;
        try {
            m = parse_move(c.position, text);
        } catch (const NotationError& e) {
            throw UsageError("fen", std::string("--moves: ") + e.what());
        }
        const Position<V> next = apply(c.position, m);
        c.state = after_move(set, c.state, c.position, m, next);
        c.position = next;
    }
    if (o.counters.empty()) return c;
    for (const std::string& item : detail::split(o.counters, ',')) {
        const auto eq = item.find('=');
        const std::string name = detail::trim(item.substr(0, eq));
        int rule = -1;
        for (int i = 0; i < set.count; ++i)
            if (set.rules[i].name == name) rule = i;
        if (eq == std::string::npos || rule < 0) {
            std::string names;
            for (const CounterRule& r : set.list()) names += " " + std::string(r.name);
            throw UsageError("counters",
                             "--counters: '" + item + "' is not NAME=PLIES; the counters of " +
                                 std::string(set.name) +
                                 " are:" + (names.empty() ? std::string(" none") : names));
        }
        const std::string value = detail::trim(item.substr(eq + 1));
        if (value == "idle") {
            c.state.plies[rule] = RuleState::kIdle;
            continue;
        }
        const auto plies = detail::parse_number(value);
        if (!plies || *plies < 0 || *plies >= RuleState::kIdle)
            throw UsageError("counters", "--counters: '" + value + "' is not a number of plies");
        c.state.plies[rule] = std::uint16_t(*plies);
    }
    if (const std::string why = invalid_state(set, c.state, c.position); !why.empty())
        throw UsageError("counters", "--counters: " + why);
    return c;
}

// The counters as JSON: per rule, its plies (null where it is not counting) and what is left.
template <class V>
nlohmann::ordered_json state_json(const RuleSet& set, const RuleState& s, const Position<V>& p) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    for (int i = 0; i < set.count; ++i) {
        if (!in_scope(set.rules[i].scope, material_of(p))) continue;
        const std::string name(set.rules[i].name);
        if (!s.counting(i)) {
            j[name] = {{"plies", nullptr}};
            continue;
        }
        j[name] = {{"plies", s.plies[i]}, {"left", plies_left(set, s, i, p)}};
    }
    return j;
}

// The counters in words: "kings-only 12 of 30, three-kings 12 of 30".
template <class V>
std::string state_text(const RuleSet& set, const RuleState& s, const Position<V>& p) {
    std::string out;
    for (int i = 0; i < set.count; ++i) {
        if (!in_scope(set.rules[i].scope, material_of(p))) continue;
        out += out.empty() ? "" : ", ";
        out += std::string(set.rules[i].name) + " ";
        out += s.counting(i) ? plies_text(s.plies[i]) + " (" +
                                   std::to_string(plies_left(set, s, i, p)) + " left)"
                             : "waiting";
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
