// How dtb probe, dtb best and dtb serve write the library's answers (dtb/probe/answers.hpp):
// as JSON (docs/cli.md) and in words. Compiled once, for every variant.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "dtb/probe/answers.hpp"

namespace dtb::cli {

// A value as JSON, its members added to j; `want` says which values it holds (want_wdl:
// tables of WDL alone).
nlohmann::ordered_json value_json(nlohmann::ordered_json j, const Value& v, int want);
// A value under the counters as JSON, its members added to j: wdl, class, plies, budget,
// budget_of.
nlohmann::ordered_json counted_json(nlohmann::ordered_json j, const probe::CountedValue& c);
// Its budget in words: " (needs 22 plies of kings-only; 30 left)", "" where no win or loss
// is at stake.
std::string budget_text(const probe::CountedValue& c);

// The counters as JSON: per rule, its plies (null where it is not counting) and what is left.
nlohmann::ordered_json counters_json(const std::vector<probe::CounterReading>& counters);
// The counters in words: "kings-only 12 plies (18 left), three-kings waiting".
std::string counters_text(const std::vector<probe::CounterReading>& counters);

// {"limit": 3, "white": {"king": "28", "moves": 2}, "black": null}
nlohmann::ordered_json king_streaks_json(const probe::KingStreaks& k);
// "White's king on 28 has made 2 of its 3 moves in a row; Black: none"
std::string king_streaks_text(const probe::KingStreaks& k);

// One legal move's record in dtb probe --json and GET /api/probe: the move, its pure value
// after it and, where the counters' tables are, "counters": its value under them, its rank
// under them (0: best) and the counters after it.
nlohmann::ordered_json move_json(const probe::MoveRecord& m, int want);
// The JSON of dtb probe --json and GET /api/probe.
nlohmann::ordered_json probe_json(const probe::PositionAnswer& a);
// The JSON of dtb best --json and GET /api/line.
nlohmann::ordered_json line_json(const probe::LineAnswer& a);

}  // namespace dtb::cli
