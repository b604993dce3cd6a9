// Verification of a directory of tables, as `dtb verify` runs it: every table file's header,
// block index and checksums; the tables against manifest.json; and a random sample of stored
// values re-derived from the values their moves lead to, pure and under the counters, and
// sampled distances under the counters from their moves' distances.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "dtb/compress/manifest.hpp"
#include "dtb/core/variant.hpp"

namespace dtb::gen {

struct VerifyOptions {
    int samples = 200;  // positions re-derived per table
    std::uint64_t seed = 1;
};

// A table file checked, or a table the manifest lists that is missing (error "missing"), a
// file it does not list ("not in the manifest"), one of another size than it says ("size").
struct TableCheck {
    std::string file;
    std::string error;  // "" when the table holds
    std::string message;
};

// A sampled value that its moves do not give: where, what is stored, what the moves give
// (counters: the counters it was checked at, "" for a pure value).
struct SampleFailure {
    std::string fen, counters, stored, derived;
};

struct SampleCounts {
    std::uint64_t checked = 0, failed = 0, unavailable = 0;
    std::vector<SampleFailure> failures;  // the first 20
};

struct VerifyReport {
    std::string variant;
    std::uint64_t tables_checked = 0;    // table files in the directory
    std::uint64_t tables_failed = 0;     // of them damaged
    std::uint64_t listing_problems = 0;  // differences from manifest.json
    std::vector<TableCheck> tables;      // by file name
    SampleCounts samples;                // pure values
    SampleCounts counter_samples;        // values under the counters
    SampleCounts distance_samples;       // distances under the counters (dtb gen --distances)

    // Every table checked and holds, the listing agrees, and no sampled value is wrong.
    bool ok() const {
        return tables_checked > 0 && tables_failed == 0 && listing_problems == 0 &&
               samples.failed == 0 && counter_samples.failed == 0 && distance_samples.failed == 0;
    }
};

// Verifies dir, whose tables are of `variant`. manifest: its manifest.json, or null for a
// directory without one (then neither the listing nor the counters' tables are checked).
VerifyReport verify_tables(const std::filesystem::path& dir, VariantId variant,
                           const compress::Manifest* manifest, const VerifyOptions& o);

}  // namespace dtb::gen
