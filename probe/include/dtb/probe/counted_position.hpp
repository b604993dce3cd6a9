// A position and the draw counters a user describes: fresh at the position given, run up by
// moves played from it, then set by name ("NAME=PLIES,..."). What `dtb probe --moves
// --counters`, the C API's dtb_counters_after and the Python package's `moves=` and
// `counters=` take.
#pragma once

#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/counter_state.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/notation.hpp"

namespace dtb::probe {

template <class V>
struct CountedPosition {
    Position<V> position;
    CounterState state;
};

// Counters that are not NAME=PLIES of the counter set, or that cannot stand at the position.
class CountersError : public std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// c after `moves`, written as dtb moves writes them and separated by spaces ("c3-d4 f6-e5").
// Throws NotationError for a move that is not legal there.
template <class V>
void play_moves(const CounterSet& set, CountedPosition<V>& c, std::string_view moves) {
    std::istringstream in{std::string(moves)};
    for (std::string text; in >> text;) {
        const auto m = parse_move(c.position, text);
        const Position<V> next = apply(c.position, m);
        c.state = after_move(set, c.state, c.position, m, next);
        c.position = next;
    }
}

// The names of the set's counters, for messages: " kings-only three-kings" or " none".
inline std::string counter_names(const CounterSet& set) {
    std::string names;
    for (const CounterRule& r : set.list()) names.append(" ").append(r.name);
    return names.empty() ? " none" : names;
}

// Counter `name` at `plies`, or waiting (a rule that may wait) when plies is nullopt. Throws
// CountersError for a name the set does not have or plies out of range.
template <class V>
void set_counter(const CounterSet& set, CountedPosition<V>& c, std::string_view name,
                 std::optional<int> plies) {
    int rule = -1;
    for (int i = 0; i < set.count; ++i)
        if (set.rules[i].name == name) rule = i;
    if (rule < 0)
        throw CountersError("'" + std::string(name) + "' is not a counter; the counters of " +
                            std::string(set.name) + " are:" + counter_names(set));
    if (!plies) {
        c.state.plies[rule] = CounterState::kIdle;
        return;
    }
    if (*plies < 0 || *plies >= CounterState::kIdle)
        throw CountersError(std::string(name) + "=" + std::to_string(*plies) +
                            ": not a number of plies (0 to " +
                            std::to_string(CounterState::kIdle - 1) + ")");
    c.state.plies[rule] = std::uint16_t(*plies);
}

// The counters of "NAME=PLIES,NAME=idle,...". Throws CountersError.
template <class V>
void set_counters(const CounterSet& set, CountedPosition<V>& c, std::string_view text) {
    for (const std::string& item : detail::split(text, ',')) {
        const auto eq = item.find('=');
        if (eq == std::string::npos)
            throw CountersError("'" + item + "' is not NAME=PLIES; the counters of " +
                                std::string(set.name) + " are:" + counter_names(set));
        const std::string name = detail::trim(item.substr(0, eq));
        const std::string value = detail::trim(item.substr(eq + 1));
        if (value == "idle") {
            set_counter(set, c, name, std::nullopt);
            continue;
        }
        const auto plies = detail::parse_number(value);
        if (!plies) throw CountersError("'" + value + "' is not a number of plies");
        set_counter(set, c, name, *plies);
    }
}

// Throws CountersError when c's counters cannot stand at its position.
template <class V>
void check_counters(const CounterSet& set, const CountedPosition<V>& c) {
    if (const std::string why = invalid_state(set, c.state, c.position); !why.empty())
        throw CountersError(why);
}

// One counter of a position's material, as the user reads it.
struct CounterReading {
    std::string_view name;
    bool counting = false;  // false: a rule that waits (russian 7.2.7 off the diagonal)
    int plies = 0;          // since its start
    int left = 0;           // before it draws
};

// The counters whose scope holds at p, in the set's order.
template <class V>
std::vector<CounterReading> read_counters(const CounterSet& set, const CounterState& s,
                                          const Position<V>& p) {
    std::vector<CounterReading> out;
    for (int i = 0; i < set.count; ++i) {
        if (!in_scope(set.rules[i].scope, material_of(p))) continue;
        CounterReading r{set.rules[i].name, s.counting(i)};
        if (r.counting) {
            r.plies = s.plies[i];
            r.left = plies_left(set, s, i, p);
        }
        out.push_back(r);
    }
    return out;
}

// `start` with fresh counters, after `moves`, with `counters` set ("" for none): checked.
// Throws NotationError for a move, CountersError for the counters.
template <class V>
CountedPosition<V> counted_position(const CounterSet& set, const Position<V>& start,
                                    std::string_view moves, std::string_view counters) {
    CountedPosition<V> c{start, fresh_state(set, start)};
    play_moves(set, c, moves);
    if (counters.empty()) return c;
    set_counters(set, c, counters);
    check_counters(set, c);
    return c;
}

}  // namespace dtb::probe
