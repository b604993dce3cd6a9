// The researchers' report under the draw counters (dtb/probe/counters_report.hpp) for the
// variant of a table directory: compiled once per variant in gen, where OpenMP runs it on
// every core.
#pragma once

#include <string>

#include "dtb/probe.hpp"
#include "dtb/probe/counters_report.hpp"

namespace dtb::gen {

// The report of material m with `side` to move, from tb. Status::argument for a variant
// without draw counters; otherwise fails as a probe does (a missing table).
probe::Status counters_report(const probe::Tablebase& tb, const Material& m, Color side,
                              probe::CountersReportRow& row, std::string* message,
                              const probe::CountersReportOptions& options);

}  // namespace dtb::gen
