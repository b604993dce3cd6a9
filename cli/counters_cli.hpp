// Shared by dtb probe and dtb best: the draw counters of the position asked about, from
// `--moves` (played from the FEN with fresh counters) and `--counters NAME=PLIES,...`.
#pragma once

#include <CLI/CLI.hpp>

#include "dtb/probe/answers.hpp"

namespace dtb::cli {

inline void add_counter_options(CLI::App* cmd, probe::CounterInput& o) {
    cmd->add_option("--moves", o.moves,
                    "Moves played from FEN first, as dtb moves writes them (\"c3-d4 f6-e5\"); "
                    "the position reached is probed with the counters they ran up");
    cmd->add_option("--counters", o.counters,
                    "Counters in plies, NAME=PLIES,... (names: dtb variants --json, "
                    "\"counters\"); NAME=idle for a rule that waits. Default: fresh at FEN");
}

}  // namespace dtb::cli
