// How much a report of a position says of its legal moves.
#pragma once

namespace dtb::probe {

// Nothing, their values, or their values and the distance under the counters after each:
// a search a move, the costly part, which a page shows and a game's annotation does not need.
enum class ReportMoves { none, values, values_and_distances };

}  // namespace dtb::probe
