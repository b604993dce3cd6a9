// Portuguese draughts: the same movement and capture as spanish; the two differ in their
// draw counters (docs/variants.md#portuguese). Source: FPD, Regras do Jogo de Damas
// Clássicas (Federação Portuguesa de Damas), article numbers.
#pragma once

#include <array>

#include "dtb/core/counter_rules.hpp"

#include "dtb/core/variants/spanish.hpp"

namespace dtb {

struct Portuguese : Spanish {
    static constexpr std::string_view name = "portuguese";
    static constexpr std::string_view summary =
        "8x8 mirrored, men capture forward, most pieces then kings";
    static constexpr int pdn_gametype = 28;
    // FPD 2.1.5: the lower right corner of each player is dark (board mirrored);
    // 2.1.3: houses numbered from White's lower right.  Inherited from Spanish.
    // FPD 2.2.7 ff.: men capture forward only, kings fly, the law of quantity and then
    // of quality (most pieces, then most kings) -- inherited from Spanish.
    // The counter rules (docs/variants.md#draw-counters), the default first, then the options.
    static constexpr std::array counter_sets = {kPortugueseCounters};
};

}  // namespace dtb
