// Frisian draughts (docs/variants.md#frisian). Sources: the Frisian rules; Roberto's Rules of
// Draughts, "Rules of Frisian Draughts" (RR), whose summary of the capture precedence dtb does
// not follow (the official value rule instead).
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include <cstdint>

#include "dtb/core/variants/international.hpp"

namespace dtb {

inline constexpr CounterSet kFrisianCounters =
    counter_set("standard", "two kings against one: 7 moves each; king against king: 2 moves each",
                CounterRule{.name = "two-kings",
                            .article = "Frisian rules",
                            .kind = CounterKind::force,
                            .scope = {ScopeKind::against_lone_king, 2, 2, true},
                            .moves = 7},
                CounterRule{.name = "king-v-king",
                            .article = "Frisian rules",
                            .kind = CounterKind::force,
                            .scope = {ScopeKind::against_lone_king, 1, 1, true},
                            .moves = 2});

// The king-move restriction needs state: for each side, the square of the king that made
// the last run of non-capturing moves and how long that run is. kNone when there is none.
struct KingStreak {
    static constexpr std::uint8_t kNone = 0xff;
    std::uint8_t square[2] = {kNone, kNone};  // bit index, indexed by Color
    std::uint8_t count[2] = {0, 0};
    friend constexpr bool operator==(const KingStreak&, const KingStreak&) = default;
};

struct Frisian : International {
    static constexpr std::string_view name = "frisian";
    static constexpr std::string_view summary = "10x10, captures in 8 directions, value rule";
    static constexpr int pdn_gametype = 40;
    static constexpr DirSet man_captures = kAllDirs;   // (5) eight directions
    static constexpr DirSet king_captures = kAllDirs;  // kings capture in eight directions
    static constexpr DirSet king_moves = kDiagonal;    // non-capturing moves diagonal only
    // Highest value, a king worth more than one man and less than two; on equal value a
    // king must capture (the official rule, docs/variants.md#frisian; RR (13), (14) differ).
    static constexpr Precedence precedence = Precedence::frisian_value;
    // A side that still has men may not make more than 3 consecutive non-capturing moves
    // with the same king (RR Frisian, last two rules).
    static constexpr int king_streak_limit = 3;
    using extra_state = KingStreak;
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kFrisianCounters};
};

}  // namespace dtb
