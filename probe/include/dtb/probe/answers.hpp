// What dtb answers of a position, for every variant through one set of types: its values
// with one record per legal move, and its best line.
// Built once per variant inside the library (src/answers.cpp.in), so the command line,
// the server and the bindings format answers without instantiating a prober themselves.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dtb/core/any_move.hpp"
#include "dtb/probe.hpp"
#include "dtb/probe/counted_position.hpp"
#include "dtb/probe/report_moves.hpp"

namespace dtb::probe {

// The counters a user describes: moves played from the FEN with fresh counters, then
// counters set by name ("NAME=PLIES,..."); both may be empty.
struct CounterInput {
    std::string moves;
    std::string counters;
};

// Frisian's king-move restriction at a position, per side (white, black): the king of the
// side's run of non-capturing king moves and its length, and whether the side has men.
struct KingRun {
    std::string king;
    int moves = 0;
};
struct KingStreaks {
    int limit = 0;
    std::optional<KingRun> run[2];
    bool has_men[2] = {false, false};
};

// A value under the counters and the distance to the end of the game under them
// (counters_distance.hpp).
struct CountedValue {
    CountersAnswer value;
    CountersClassOf cls = CountersClassOf::draw;
    std::optional<int> plies;    // 0 for a draw; absent where it cannot be derived
    std::string_view budget_of;  // the counter the budget is counted on ("" where none runs)
    int left = 0;                // the plies that counter leaves
};

// One legal move and everything known after it (for the side to move then).
struct MoveRecord {
    AnyMove id;  // what pairs it with the same move elsewhere (never its text)
    std::string move;
    Value pure;
    std::optional<CountedValue> counted;         // absent where the counters' tables are not
    std::vector<CounterReading> counters_after;  // the counters after the move
    int counted_rank = 0;                        // its place, best first, under the counters
};

struct PositionAnswer {
    std::string variant;
    std::string fen;
    Color side = Color::white;
    Value value;
    int want = want_all;  // want_wdl where only WDL tables are installed
    std::optional<KingStreaks> king_streaks;
    std::string counter_set;
    std::vector<CounterReading> counters;  // at the position
    std::optional<CountedValue> counted;   // absent: counters_error says why
    std::string counters_error;
    std::string distance_error;     // why counted->plies is absent, where it is
    std::string deciding_rule;      // "NAME (ARTICLE)" where the counters change the value
    std::vector<MoveRecord> moves;  // best first by the pure values
};

// One ply of a best line, and the position it leads to.
struct LineStep {
    std::string move;
    Value pure;                            // the pure value after it (a pure line)
    int budget = 0;                        // the budget left after it (a line under the counters)
    std::vector<CounterReading> counters;  // after it (a pure line too: where it leaves them)
    std::optional<KingStreaks> king_streaks;
};

struct LineAnswer {
    bool pure = false;  // the line by DTW, counters ignored
    std::string variant;
    std::string fen;
    Color side = Color::white;
    bool no_move_wins = false;  // giveaway: the side that cannot move wins
    std::optional<KingStreaks> king_streaks;
    Value value;                          // pure: WDL, DTW, DTC; under the counters: WDL
    std::optional<CountedValue> counted;  // under the counters: its plies are the line's
    std::string counter_set;
    std::vector<CounterReading> counters;
    std::vector<LineStep> line;
    std::vector<std::string> drawing_moves;  // for a draw: the moves that keep it
};

// The answers, for the variant of tb. Throw NotationError for a malformed FEN and Error
// for anything else (Status::position, fen for --moves, counters, not_available, ...).
// `moves`: every legal move's record, with or without its distance under the counters.
PositionAnswer answer_position(const Tablebase& tb, std::string_view fen,
                               const CounterInput& counters,
                               ReportMoves moves = ReportMoves::values_and_distances);
// pure: the line by the pure values (always so for a variant without draw counters), which
// still says where it leaves the counters.
LineAnswer answer_line(const Tablebase& tb, std::string_view fen, const CounterInput& counters,
                       bool pure);

}  // namespace dtb::probe
