// The value of a position for the side to move, as the generator computes it.
//
// WDL is the game-theoretic value (a cycle is a draw; no draw counters). For won and lost
// positions two distances, in plies:
//   DTW  to the end of the game, the winner hurrying and the loser delaying;
//   DTC  to the next capture or man move (promotion included) by either side after which
//        the win still holds, the winner hurrying and the loser delaying.
// A side to move with no legal move has DTW = DTC = 0 (lost, or won in giveaway).
#pragma once

#include <array>
#include <cstdint>

namespace dtb {

enum class Wdl : std::uint8_t { unknown = 0, win = 1, draw = 2, loss = 3 };

struct Value {
    Wdl wdl = Wdl::unknown;
    std::uint16_t dtw = 0;  // meaningful for win and loss
    std::uint16_t dtc = 0;  // meaningful for win and loss
    friend constexpr bool operator==(const Value&, const Value&) = default;
};

// The kinds of values a material's tables hold, one table each. The numbers are those of the
// table file format (compress/table_format.hpp). The pure kinds (kValueKinds) ignore the draw
// counters; the rules kinds (kRulesKinds, rules_value.hpp) hold the values under them: `rules`
// with every counter of the material's rules counting, `rules_idle` with the one a rule fixes
// or starts late not counting (russian 7.2.7 off the long diagonal, portuguese before the river).
// Where two counts bind at once, `rules_steps` and `rules_idle_steps` hold the staircases of
// budgets (rules_value.hpp TwoCountStep) of the positions that have more than one step.
enum class ValueKind : std::uint8_t {
    wdl = 1,
    dtw = 2,
    dtc = 3,
    rules = 4,
    rules_idle = 5,
    rules_steps = 6,
    rules_idle_steps = 7
};
inline constexpr std::array<ValueKind, 3> kValueKinds = {ValueKind::wdl, ValueKind::dtw,
                                                         ValueKind::dtc};
inline constexpr std::array<ValueKind, 2> kRulesKinds = {ValueKind::rules, ValueKind::rules_idle};
// Every file the rules values of a material may have.
inline constexpr std::array<ValueKind, 4> kRulesFileKinds = {
    ValueKind::rules, ValueKind::rules_idle, ValueKind::rules_steps, ValueKind::rules_idle_steps};
inline constexpr std::array<ValueKind, 7> kEveryKind = {ValueKind::wdl,
                                                        ValueKind::dtw,
                                                        ValueKind::dtc,
                                                        ValueKind::rules,
                                                        ValueKind::rules_idle,
                                                        ValueKind::rules_steps,
                                                        ValueKind::rules_idle_steps};
// k's place among all kinds, pure first.
constexpr int kind_index(ValueKind k) { return int(k) - int(ValueKind::wdl); }
constexpr bool is_rules_kind(ValueKind k) {
    return k == ValueKind::rules || k == ValueKind::rules_idle;
}
// The steps table beside a rules table, and whether a table is one (not one entry a position).
constexpr ValueKind steps_kind(ValueKind rules) {
    return rules == ValueKind::rules ? ValueKind::rules_steps : ValueKind::rules_idle_steps;
}
constexpr bool is_steps_kind(ValueKind k) {
    return k == ValueKind::rules_steps || k == ValueKind::rules_idle_steps;
}

constexpr const char* to_string(ValueKind k) {
    switch (k) {
        case ValueKind::wdl:
            return "wdl";
        case ValueKind::dtw:
            return "dtw";
        case ValueKind::dtc:
            return "dtc";
        case ValueKind::rules:
            return "rules";
        case ValueKind::rules_idle:
            return "rules-idle";
        case ValueKind::rules_steps:
            return "rules-steps";
        case ValueKind::rules_idle_steps:
            return "rules-idle-steps";
    }
    return "?";
}

constexpr Wdl opposite(Wdl w) { return w == Wdl::win ? Wdl::loss : w == Wdl::loss ? Wdl::win : w; }

constexpr const char* to_string(Wdl w) {
    switch (w) {
        case Wdl::win:
            return "win";
        case Wdl::draw:
            return "draw";
        case Wdl::loss:
            return "loss";
        default:
            return "unknown";
    }
}

}  // namespace dtb
