// A position's value under the draw counters, as the rules tables hold it (RULES.md §2).
//
// The counters only ever turn a win into a draw (and the loss into a draw), so a position's
// value under them is its value with counters ignored inside the material where the next
// capture or reset happens, kept while the counters leave enough plies: `plies` is the budget
// its win (or its loss) needs, the fewest plies that the binding counter must have left. At
// counters that leave `left` plies the value is `wdl` if plies <= left, else a draw. In a
// material where no counter runs the budget is unlimited and `plies` is its distance to the
// end under the rules.
#pragma once

#include <cstdint>

#include "dtb/core/value.hpp"

namespace dtb {

struct RulesValue {
    Wdl wdl = Wdl::draw;
    std::uint16_t plies = 0;  // meaningful for win and loss
    friend constexpr bool operator==(const RulesValue&, const RulesValue&) = default;

    // The value when the counters leave `left` plies.
    constexpr Wdl at(int left) const { return wdl != Wdl::draw && plies <= left ? wdl : Wdl::draw; }
};

// One 16-bit table entry: 0 a draw, 2T a win needing T plies, 2T+1 a loss holding from T.
constexpr std::uint16_t encode(const RulesValue& v) {
    return v.wdl == Wdl::win    ? std::uint16_t(2 * v.plies)
           : v.wdl == Wdl::loss ? std::uint16_t(2 * v.plies + 1)
                                : std::uint16_t(0);
}
constexpr RulesValue decode_rules(std::uint16_t e) {
    if (e == 0) return {Wdl::draw, 0};
    return e % 2 == 0 ? RulesValue{Wdl::win, std::uint16_t(e / 2)}
                      : RulesValue{Wdl::loss, std::uint16_t(e / 2)};
}
// The largest budget an entry can carry.
inline constexpr int kMaxRulesPlies = 0x7ffe;

static_assert(decode_rules(encode({Wdl::win, 7})) == RulesValue{Wdl::win, 7});
static_assert(decode_rules(encode({Wdl::loss, 0})) == RulesValue{Wdl::loss, 0});
static_assert(decode_rules(encode({Wdl::draw, 0})) == RulesValue{Wdl::draw, 0});

}  // namespace dtb
