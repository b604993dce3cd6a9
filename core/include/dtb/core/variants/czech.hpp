// Czech draughts (also 8-man Czech): spanish movement on the russian board orientation,
// free choice of capture except that a king must capture if one can.
// Source: seed 003 ("Rules of Czech Draughts"), RULES.md §1.
#pragma once

#include "dtb/core/variants/spanish.hpp"

namespace dtb {

struct Czech : Spanish {
    static constexpr std::string_view name = "czech";
    static constexpr int pdn_gametype = 29;
    static constexpr bool mirrored = false;  // (1) single corner lower left
    static constexpr std::string_view start = "W:W21-32:B1-12";
    static constexpr Precedence precedence = Precedence::king_first;  // (13-14), (15)
    static constexpr Numbering numbering = Numbering::top_left;
    static constexpr bool algebraic_output = true;  // RULES.md §3
    static constexpr char capture_mark = ':';
};

}  // namespace dtb
