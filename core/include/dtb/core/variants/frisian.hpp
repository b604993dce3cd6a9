// Frisian draughts. Source: seed 003 ("Rules of Frisian Draughts"), RULES.md §1 (which
// takes the official value rule over the seed's summary).
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include <cstdint>

#include "dtb/core/variants/international.hpp"

namespace dtb {

inline constexpr RuleSet kFrisianCounters =
    rule_set("standard", "two kings against one: 7 moves each; king against king: 2 moves each",
             CounterRule{.name = "two-kings",
                         .article = "Frisian rules (RULES.md §2)",
                         .kind = CounterKind::force,
                         .scope = {ScopeKind::against_lone_king, 2, 2, true},
                         .moves = 7},
             CounterRule{.name = "king-v-king",
                         .article = "Frisian rules (RULES.md §2)",
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
    static constexpr int pdn_gametype = 40;
    static constexpr DirSet man_captures = kAllDirs;   // (5) eight directions
    static constexpr DirSet king_captures = kAllDirs;  // kings capture in eight directions
    static constexpr DirSet king_moves = kDiagonal;    // non-capturing moves diagonal only
    // Highest value, a king worth more than one man and less than two; on equal value a
    // king must capture (RULES.md §1, official rule; seed 003 (13), (14) differ).
    static constexpr Precedence precedence = Precedence::frisian_value;
    // A side that still has men may not make more than 3 consecutive non-capturing moves
    // with the same king (seed 003, last two rules).
    static constexpr int king_streak_limit = 3;
    using extra_state = KingStreak;
    // RULES.md §2: the counter rules, the default first, then the named options.
    static constexpr std::array rule_sets = {kFrisianCounters};
};

}  // namespace dtb
