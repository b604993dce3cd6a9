// dtb gen: every material up to N pieces solved in dependency order and written to one
// directory per variant: three compressed tables per material (WDL, DTW, DTC of White to
// move, table_files.hpp) and manifest.json naming the variant, its rules and the contents
// (with per-slice statistics and the table files). A killed run resumes where it stopped:
// materials whose tables exist and pass their checks are kept, and solved again in memory
// only when a material still to solve needs them (resume_plan.hpp). The solved values later
// materials look into are held in memory, or under --memory moved to scratch files in the
// directory, removed when the run ends (gen/src/run/residency.hpp). The run itself is
// gen/src/run/generation.hpp, compiled once per variant.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "dtb/compress/table_writer.hpp"
#include "dtb/core/material.hpp"
#include "dtb/core/variant.hpp"

namespace dtb::gen {

class Ranks;

struct GenOptions {
    int pieces = 0;
    std::filesystem::path out;
    int threads = 0;               // 0: all cores
    std::optional<Material> only;  // solve just this material (its dependencies must exist)
    compress::Compression compression = compress::Compression::small;
    // The values under the draw counters (tables of kind counters and counters_idle), under the
    // variant's counter set of this name ("" its default); false: pure tables only.
    bool counters = true;
    std::string counter_set;
    // Beside the counters' tables, their distance tables (dtb gen --distances): the distance under
    // the counters of the positions where it is not the pure DTW, in the classes one count binds.
    bool distances = false;
    // The WDL tables alone (dtb gen --values wdl): no DTW, DTC or counters' tables. The solver
    // works as for all values (it needs the distances in memory); a material already written
    // with all values is kept, and one that a later material needs in memory and has only
    // its WDL table is solved again.
    bool wdl_only = false;
    // The memory the run may hold (dtb gen --memory), 0 for no bound. Above it, the slices a
    // later material still looks into, and the fresh views of the values under the counters,
    // are spilled, largest first, to scratch files mapped where a lookup reads them
    // (scratch_values.hpp). A material whose own work does not fit even then is solved in
    // files (its arrays mapped from scratch files, in memory the two waves of blocks being
    // solved: solver.hpp).
    std::uint64_t memory = 0;
    // The processes the run is spread over (ranks.hpp; dtb gen under mpirun), each taking its
    // share of the materials into the one directory; null, or a single rank, for this one alone.
    Ranks* ranks = nullptr;
};

struct SliceEvent {
    Material material;
    int number = 0, total = 0;    // this slice's place in the run
    std::uint64_t positions = 0;  // index entries, both sides to move
    std::uint64_t remaining = 0;  // index entries of this and the following slices
    double seconds = 0;           // time this slice took (when done)
    bool kept = false;            // found written and checked, not solved
    bool read_back = false;       // kept, and read back: a slice still to solve needs it
    bool solved_again = false;    // the same, but solved again (its tables hold too little)
    bool from_scratch = false;    // kept, its values in the scratch files a stopped run left
    int spilled = 0;              // slices spilled before this one for --memory (read from tables)
    bool in_files = false;        // solved in scratch files: its work did not fit --memory
    // Distributed: what it looks into that this rank did not hold, read back into memory first.
    std::vector<Material> read_back_for_it{};
};

struct GenSummary {
    int slices_solved = 0, slices_kept = 0;  // kept: found written, checked, not solved
    int slices_read_back = 0;     // of those, read back into memory (a solved slice needed them)
    int slices_solved_again = 0;  // of those, solved again instead (their tables hold too little)
    int slices_from_scratch = 0;  // of those, read from the scratch files a stopped run left
    int slices_spilled = 0;       // spilled under --memory while needed: read from their tables
    int slices_in_files = 0;      // solved in scratch files under --memory
    std::uint64_t positions_solved = 0;  // index entries of solved slices, both sides
    double seconds = 0;
    double table_seconds = 0;          // of which compressing and writing tables
    std::uint64_t table_bytes = 0;     // written
    double counters_seconds = 0;       // solving and writing the values under the counters
    double distance_seconds = 0;       // of which sweeping and writing their distance tables
    std::uint64_t distance_bytes = 0;  // the distance tables written
    // Classes left without a distance table (the prober searches them), and why (the first).
    int distances_unfound = 0;
    std::string distances_unfound_reason;
    double waiting_seconds = 0;  // distributed: for other ranks' materials, and at the end
    int counters_kept = 0;       // materials found with their counters' tables, not solved again
    // Materials whose values under the counters are not generated, and why (the first reason).
    int counters_skipped = 0;
    std::string counters_skipped_reason;
    // Distributed: materials this rank did not solve (another's, or found written) read back
    // into memory for its own, and the time that took.
    int ranks_read_back = 0;
    double ranks_read_back_seconds = 0;
};

struct GenCallbacks {
    std::function<void(const SliceEvent&)> started = [](const SliceEvent&) {};
    std::function<void(const SliceEvent&)> finished = [](const SliceEvent&) {};
    std::function<void(const std::string&)> warning = [](const std::string&) {};
};

// What a run as `o` says will need, before it starts (estimate.hpp: a model fitted to
// measured runs), and the index entries of White to move it solves. Under o.memory what
// does not fit is counted on the disk (the scratch files).
struct GenEstimate {
    std::uint64_t positions = 0;  // White-to-move index entries of the run's materials
    std::uint64_t memory = 0;     // bytes at the peak
    // The material solved at the memory's peak (nullopt for an empty run), and its place in
    // the run's order.
    std::optional<Material> memory_peak;
    std::size_t memory_peak_step = 0;
    // Bytes at the peak: the tables, and under --memory the scratch files of the slices still
    // needed and of a material solved in files.
    std::uint64_t disk = 0;
    double seconds = 0;  // the wall time, on o.threads threads of a machine like the one measured
};
GenEstimate estimate(VariantId id, const GenOptions& o);

// One rank's part of a distributed run (mpirun), from empty: rank_estimate.hpp.
struct RankShare {
    std::uint64_t positions = 0;  // White-to-move index entries of the materials it solves
    std::uint64_t memory = 0;     // bytes at its peak
    std::uint64_t scratch = 0;    // its scratch files at their peak (under o.memory)
    std::uint64_t written = 0;    // its tables, into the shared directory
    std::uint64_t read = 0;       // the tables of other ranks' materials it reads, each once
    int read_back = 0;            // other ranks' materials read back into memory (twins with them)
    double busy_seconds = 0;      // solving and writing
    double seconds = 0;           // when it finishes (busy, or waiting for other ranks)
};
struct RanksEstimate {
    int ranks = 1;
    std::vector<RankShare> shares;
    std::uint64_t tables = 0;  // the shared directory at the end
    double seconds = 0;        // the run's wall time: its last rank's
};
// The run as `o` says (each rank with o.memory and o.threads) spread over `ranks` ranks.
RanksEstimate estimate_ranks(VariantId id, const GenOptions& o, int ranks);

// Generates variant `id`'s tables as `o` says. Throws std::invalid_argument for options that
// contradict each other,
// compress::TableError for a directory that cannot be written or completed.
GenSummary generate(VariantId id, const GenOptions& o, const GenCallbacks& cb = {});

}  // namespace dtb::gen
