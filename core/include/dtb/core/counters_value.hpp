// A position's value under the draw counters, as the counters' tables hold it
// (docs/variants.md#how-the-counters-combine, docs/counters.md).
//
// The counters only ever turn a win into a draw (and the loss into a draw), so a position's
// value under them is its value with counters ignored inside the material where the next
// capture or reset happens, kept while the counters leave enough plies: `plies` is the budget
// its win (or its loss) needs, the fewest plies that the binding counter must have left. At
// counters that leave `left` plies the value is `wdl` if plies <= left, else a draw. In a
// material where no counter runs any budget fits and `plies` is the distance to the next
// capture or promotion, where the values of the material reached take over.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "dtb/core/value.hpp"

namespace dtb {

struct CountersValue {
    Wdl wdl = Wdl::draw;
    std::uint16_t plies = 0;  // meaningful for win and loss
    friend constexpr bool operator==(const CountersValue&, const CountersValue&) = default;

    // The value when the counters leave `left` plies.
    constexpr Wdl at(int left) const { return wdl != Wdl::draw && plies <= left ? wdl : Wdl::draw; }
};

// One 16-bit table entry: 0 a draw, 2T a win needing T plies, 2T+1 a loss holding from T.
constexpr std::uint16_t encode(const CountersValue& v) {
    return v.wdl == Wdl::win    ? std::uint16_t(2 * v.plies)
           : v.wdl == Wdl::loss ? std::uint16_t(2 * v.plies + 1)
                                : std::uint16_t(0);
}
constexpr CountersValue decode_counters(std::uint16_t e) {
    if (e == 0) return {Wdl::draw, 0};
    return e % 2 == 0 ? CountersValue{Wdl::win, std::uint16_t(e / 2)}
                      : CountersValue{Wdl::loss, std::uint16_t(e / 2)};
}
// The largest budget an entry can carry.
inline constexpr int kMaxCountersPlies = 0x7ffe;

static_assert(decode_counters(encode({Wdl::win, 7})) == CountersValue{Wdl::win, 7});
static_assert(decode_counters(encode({Wdl::loss, 0})) == CountersValue{Wdl::loss, 0});
static_assert(decode_counters(encode({Wdl::draw, 0})) == CountersValue{Wdl::draw, 0});

// Two counts at once (core/counters_classes.hpp Binding::two_counts: russian 7.2.5 kings-only
// beside 7.2.6 balance, men on the board). The budget of the count man moves restart (`kings`)
// that a win or a loss needs depends on the plies the other count (`balance`) leaves: the more
// balance, the more man moves fit and the fewer kings-only plies are needed. The position's
// value holds at (kings, balance) left iff some step has kings <= kings left and balance <=
// balance left: a staircase of steps, balance rising and kings falling.
struct TwoCountStep {
    int balance = 0;
    int kings = 0;
    friend constexpr bool operator==(const TwoCountStep&, const TwoCountStep&) = default;
};

// A step in 12 bits: kings-only plies (at most 31) low, balance plies (at most 127) above.
inline constexpr int kTwoCountKingsBits = 5;
inline constexpr int kMostTwoCountKings = (1 << kTwoCountKingsBits) - 1;
inline constexpr int kMostTwoCountBalance = 127;
constexpr std::uint16_t encode(TwoCountStep s) {
    return std::uint16_t(s.balance << kTwoCountKingsBits | s.kings);
}
constexpr TwoCountStep decode_step(std::uint16_t w) {
    return {w >> kTwoCountKingsBits, w & kMostTwoCountKings};
}
// A two-count counters' entry's `plies`: its last step (the least kings-only budget, at the
// least balance that allows it), with kMoreSteps set when earlier steps exist: then the
// whole staircase is in the material's steps table (ValueKind::counters_steps).
inline constexpr std::uint16_t kMoreSteps = 0x1000;

// The steps table of a class (a flat array of 16-bit words): word 0 the words per record,
// then one record per position with more than one step, by rising index: the index in three
// words (low first), then its steps by rising balance, unused slots 0xFFFF.
inline constexpr int kStepsKeyWords = 3;
inline constexpr std::uint16_t kNoStep = 0xFFFF;

// The kings-only budget needed with `balance_left` plies of balance left, or -1 when no
// budget suffices. `steps` by rising balance.
template <class Steps>
constexpr int kings_needed(const Steps& steps, int balance_left) {
    int need = -1;
    for (const TwoCountStep& s : steps)
        if (s.balance <= balance_left && (need < 0 || s.kings < need)) need = s.kings;
    return need;
}

static_assert(decode_step(encode(TwoCountStep{120, 30})) == TwoCountStep{120, 30});
static_assert(encode(TwoCountStep{kMostTwoCountBalance, kMostTwoCountKings}) < kMoreSteps);
static_assert(kings_needed(std::array{TwoCountStep{4, 9}, TwoCountStep{8, 3}}, 6) == 9);
static_assert(kings_needed(std::array{TwoCountStep{4, 9}, TwoCountStep{8, 3}}, 3) == -1);

// The distance under the counters (docs/counters.md "The distance under the counters"): the plies
// to the end of the game with the winner hurrying and the loser delaying, as the binding counter
// leaves `left` plies or more (up to the next step). It falls as `left` rises. The distance table
// of a class (ValueKind::counters_distance) holds the positions whose steps are not one step at
// the pure DTW: the steps table's layout, each step in two words (left, then the distance).
struct DistanceStep {
    int left = 0;
    int plies = 0;
    friend constexpr bool operator==(const DistanceStep&, const DistanceStep&) = default;
};
inline constexpr int kWordsPerDistanceStep = 2;

// The distance at `left` plies from steps by rising `left`, or -1 where none holds (a draw).
template <class Steps>
constexpr int distance_at(const Steps& steps, int left) {
    int d = -1;
    for (const DistanceStep& s : steps)
        if (s.left <= left) d = s.plies;
    return d;
}

static_assert(distance_at(std::array{DistanceStep{4, 9}, DistanceStep{8, 7}}, 8) == 7);
static_assert(distance_at(std::array{DistanceStep{4, 9}, DistanceStep{8, 7}}, 5) == 9);
static_assert(distance_at(std::array{DistanceStep{4, 9}, DistanceStep{8, 7}}, 3) == -1);

// Where two counts bind, a step's `left` is the encoded TwoCountStep{balance, kings} from which
// its distance holds: the distance is the least of the steps whose counts are left, or -1 where
// none holds (a draw).
template <class Steps>
constexpr int two_count_distance_at(const Steps& steps, int balance, int kings) {
    int d = -1;
    for (const DistanceStep& s : steps) {
        const TwoCountStep at = decode_step(std::uint16_t(s.left));
        if (at.balance <= balance && at.kings <= kings && (d < 0 || s.plies < d)) d = s.plies;
    }
    return d;
}

namespace corners_example {
inline constexpr auto kCorners = std::array{DistanceStep{encode(TwoCountStep{4, 9}), 31},
                                            DistanceStep{encode(TwoCountStep{8, 3}), 29},
                                            DistanceStep{encode(TwoCountStep{10, 9}), 25}};
static_assert(two_count_distance_at(kCorners, 5, 9) == 31);
static_assert(two_count_distance_at(kCorners, 9, 9) == 29);
static_assert(two_count_distance_at(kCorners, 12, 30) == 25);
static_assert(two_count_distance_at(kCorners, 8, 2) == -1);
static_assert(two_count_distance_at(kCorners, 3, 30) == -1);
}  // namespace corners_example

// The steps of a distance record from its words.
inline std::vector<DistanceStep> distance_steps(const std::vector<std::uint16_t>& words) {
    std::vector<DistanceStep> steps;
    for (std::size_t i = 0; i + 1 < words.size(); i += kWordsPerDistanceStep)
        steps.push_back({words[i], words[i + 1]});
    return steps;
}

}  // namespace dtb
