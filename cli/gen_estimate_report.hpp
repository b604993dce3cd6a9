// dtb gen --estimate's words and JSON: what a run needs on this machine, and spread over the
// ranks of an MPI job (gen/rank_estimate.hpp).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "dtb/gen/generate.hpp"

namespace dtb::cli {

// Bytes in words: "512 MiB", "7.2 GiB".
std::string bytes_text(double b);
// Seconds in words: "12.3 s", "5.3 min", "2.1 h".
std::string duration(double s);

// The table of a run spread over each count of ranks: the wall time, and the memory, disk
// and network of the rank that needs the most, the shared directory at the end.
std::string ranks_text(const std::vector<gen::RanksEstimate>& plans, int threads,
                       std::uint64_t memory);

// The estimate as JSON: the run on this machine, and over each count of ranks with each
// rank's share.
nlohmann::ordered_json estimate_json(const std::string& variant, int pieces,
                                     const gen::GenEstimate& need, int threads,
                                     std::uint64_t memory,
                                     const std::vector<gen::RanksEstimate>& plans);

}  // namespace dtb::cli
