#include "dtb/pdn/summary.hpp"

namespace dtb::pdn {

void Summary::add(const Game& g, const GameAnnotation& a) {
    ++games;
    if (g.main.moves.empty())
        ++without_moves;
    else if (a.replay && a.replay->complete())
        ++replayed;
    else
        ++refused;
    if (!a.positions.empty()) {
        ++reached;
        if (a.recorded == Outcome::unknown)
            ++result_unknown;
        else if (a.first_value() == a.recorded)
            ++agree;
        else
            ++differ;
    }
    thrown += int(a.thrown.size());
    for (const ThrownMove& t : a.thrown) ++thrown_by_player[t.player];
}

}  // namespace dtb::pdn
