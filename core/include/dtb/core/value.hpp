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
// counters; the counters' kinds (kCountersKinds, counters_value.hpp) hold the values under them:
// `counters` with every counter of the material's rules counting, `counters_idle` with the one a
// rule fixes or starts late not counting (russian 7.2.7 off the long diagonal, portuguese before
// the river). Where two counts bind at once, `counters_steps` and `counters_idle_steps` hold the
// staircases of budgets (counters_value.hpp TwoCountStep) of the positions that have more than one
// step; `counters_distance` and `counters_idle_distance` the staircases of the distance under the
// counters (counters_value.hpp DistanceStep) of the positions where it is not the pure DTW.
enum class ValueKind : std::uint8_t {
    wdl = 1,
    dtw = 2,
    dtc = 3,
    counters = 4,
    counters_idle = 5,
    counters_steps = 6,
    counters_idle_steps = 7,
    counters_distance = 8,
    counters_idle_distance = 9
};
inline constexpr std::array<ValueKind, 3> kValueKinds = {ValueKind::wdl, ValueKind::dtw,
                                                         ValueKind::dtc};
inline constexpr std::array<ValueKind, 2> kCountersKinds = {ValueKind::counters,
                                                            ValueKind::counters_idle};
// Every file the counters' values of a material may have.
inline constexpr std::array<ValueKind, 6> kCountersFileKinds = {
    ValueKind::counters,          ValueKind::counters_idle,
    ValueKind::counters_steps,    ValueKind::counters_idle_steps,
    ValueKind::counters_distance, ValueKind::counters_idle_distance};
inline constexpr std::array<ValueKind, 9> kEveryKind = {ValueKind::wdl,
                                                        ValueKind::dtw,
                                                        ValueKind::dtc,
                                                        ValueKind::counters,
                                                        ValueKind::counters_idle,
                                                        ValueKind::counters_steps,
                                                        ValueKind::counters_idle_steps,
                                                        ValueKind::counters_distance,
                                                        ValueKind::counters_idle_distance};
// k's place among all kinds, pure first.
constexpr int kind_index(ValueKind k) { return int(k) - int(ValueKind::wdl); }
constexpr bool is_counters_kind(ValueKind k) {
    return k == ValueKind::counters || k == ValueKind::counters_idle;
}
// The steps table and the distance table beside a counters' table, and whether a table is one
// of records (not one entry a position).
constexpr ValueKind steps_kind(ValueKind k) {
    return k == ValueKind::counters ? ValueKind::counters_steps : ValueKind::counters_idle_steps;
}
constexpr ValueKind distance_kind(ValueKind k) {
    return k == ValueKind::counters ? ValueKind::counters_distance
                                    : ValueKind::counters_idle_distance;
}
constexpr bool is_record_kind(ValueKind k) {
    return k == ValueKind::counters_steps || k == ValueKind::counters_idle_steps ||
           k == ValueKind::counters_distance || k == ValueKind::counters_idle_distance;
}

constexpr const char* to_string(ValueKind k) {
    switch (k) {
        case ValueKind::wdl:
            return "wdl";
        case ValueKind::dtw:
            return "dtw";
        case ValueKind::dtc:
            return "dtc";
        case ValueKind::counters:
            return "counters";
        case ValueKind::counters_idle:
            return "counters-idle";
        case ValueKind::counters_steps:
            return "counters-steps";
        case ValueKind::counters_idle_steps:
            return "counters-idle-steps";
        case ValueKind::counters_distance:
            return "counters-distance";
        case ValueKind::counters_idle_distance:
            return "counters-idle-distance";
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
