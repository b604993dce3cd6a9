// dtb gen: generate the tablebase of a variant up to N pieces.
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "cli.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/run/allocator.hpp"
#include "dtb/gen/run/machine_limits.hpp"
#include "dtb/gen/run/memory_floor.hpp"
#include "dtb/gen/run/ranks.hpp"
#include "gen_estimate_report.hpp"
#ifdef DTB_HAVE_MPI
#include "dtb/gen/mpi_ranks.hpp"
#endif

namespace dtb::cli {

namespace {

struct GenCliOptions {
    std::string variant;
    int pieces = 0;
    std::string out;
    int threads = 0;
    std::string only;
    compress::Compression compression = compress::Compression::small;
    bool no_counters = false;
    bool distances = false;
    std::string counter_set;
    std::string values = "all";
    bool estimate = false;   // print what the run needs, and stop
    bool force = false;      // run even when the machine has less
    std::string memory;      // --memory: "20G", "512M", bytes; "" for the default share
    bool mpi = false;        // --mpi: spread over the ranks of an MPI launcher
    std::vector<int> ranks;  // --ranks: with --estimate, the rank counts to plan for
    bool json = false;       // --json: with --estimate, print it as JSON
};

// How many processes an MPI launcher started this one among (mpirun: OpenMPI's variable,
// MPICH's and Slurm's PMI one); 1 when none did.
int launched_ranks() {
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"})
        if (const char* v = std::getenv(name)) return std::max(1, std::atoi(v));
    return 1;
}

// The ranks of a distributed run when an MPI launcher started this process (or --mpi);
// null when it runs alone.
std::unique_ptr<gen::Ranks> start_ranks(const GenCliOptions& o) {
    const int launched = launched_ranks();
    if (!o.mpi && launched == 1) return nullptr;
#ifdef DTB_HAVE_MPI
    return std::make_unique<gen::MpiRanks>();
#else
    throw CommandError(kExitFailure, "mpi",
                       (launched > 1 ? "started by an MPI launcher as one of " +
                                           std::to_string(launched) + " processes, but this"
                                     : std::string("--mpi: this")) +
                           " dtb was built without MPI (install libopenmpi-dev and build again)");
#endif
}

// "rank 1 of 2: " before what a rank of several prints; "" alone.
std::string rank_prefix(const gen::Ranks* r) {
    return r && r->size() > 1
               ? "rank " + std::to_string(r->rank()) + " of " + std::to_string(r->size()) + ": "
               : "";
}

// An error on one rank of several: its message, then every rank ended (they would wait for
// this one forever).
void end_ranks_on(const std::exception& e, gen::Ranks* r, int exit_code) {
    if (!r || r->size() == 1) return;
    std::fprintf(stderr, "dtb: %s%s\n", rank_prefix(r).c_str(), e.what());
    r->abort(exit_code);
}

// --memory's text as bytes: a number with an optional K, M, G or T (powers of 1024; "GiB"
// and "GB" read alike), e.g. "20G", "1.5G", "512M".
std::uint64_t parse_memory(const std::string& text) {
    std::size_t end = 0;
    double n = 0;
    try {
        n = std::stod(text, &end);
    } catch (const std::exception&) {
        end = 0;
    }
    std::string unit = text.substr(end);
    for (const char* tail : {"iB", "B"})
        if (unit.size() > 1 && unit.ends_with(tail)) unit.resize(unit.size() - std::strlen(tail));
    static const std::string units = "KMGT";
    const auto u = unit.size() == 1 ? units.find(char(std::toupper(unit[0]))) : std::string::npos;
    if (end == 0 || !(n > 0) || (!unit.empty() && u == std::string::npos))
        throw UsageError("--memory '" + text + "': a size such as 20G, 1.5G or 512M");
    return std::uint64_t(n * double(unit.empty() ? 1ull : 1ull << (10 * (u + 1))));
}

// The share of the memory limit a run takes by default: the rest is the system's, the page
// cache's and, under a cgroup, what its other processes grow to.
constexpr double kDefaultShare = 0.85;

// The memory budget of the run: --memory, or 85 % of the memory limit (the machine's
// MemAvailable, or the cgroup's limit when it leaves less), shared by the ranks on it.
std::uint64_t memory_budget(const GenCliOptions& o, const gen::MemoryLimit& limit, int ranks_here) {
    if (!o.memory.empty()) return parse_memory(o.memory);
    return std::uint64_t(kDefaultShare * double(limit.bytes) / ranks_here);
}

// mpirun binds each of a few ranks to one core by default: its OpenMP threads would share it.
void warn_if_bound(const gen::Ranks* r) {
    cpu_set_t set;
    if (!r || r->size() == 1 || sched_getaffinity(0, sizeof set, &set) != 0) return;
    const int usable = CPU_COUNT(&set);
    const unsigned cores = std::thread::hardware_concurrency();
    const int share = std::max(1, int(cores) / r->local_size());
    if (usable < share)
        std::fprintf(stderr,
                     "dtb gen: %sbound to %d of this machine's %u cores, %d of them its share: "
                     "mpirun --bind-to none lets its threads use them\n",
                     rank_prefix(r).c_str(), usable, cores, share);
}

// The space free for `dir` (or, before it exists, for the nearest folder above it that does).
double free_disk(std::filesystem::path dir) {
    std::error_code ec;
    dir = std::filesystem::absolute(dir, ec);
    while (!dir.empty() && !std::filesystem::exists(dir, ec) && dir != dir.parent_path())
        dir = dir.parent_path();
    const auto s = std::filesystem::space(dir, ec);
    return ec ? 0 : double(s.available);
}

// The bytes a resumed run's directory holds of what the estimate counts as the run's: its
// table files and scratch files (none when it does not exist). Links and files that cannot
// be read count nothing.
double held_by(const std::filesystem::path& dir) {
    namespace fs = std::filesystem;
    std::error_code ec;
    double bytes = 0;
    auto add = [&](const fs::directory_entry& e) {
        std::error_code fe;
        if (!e.is_regular_file(fe) || e.is_symlink(fe)) return;
        const auto n = e.file_size(fe);
        if (!fe) bytes += double(n);
    };
    for (auto top = fs::directory_iterator(dir, ec); !ec && top != fs::directory_iterator();
         top.increment(ec)) {
        const std::string name = top->path().filename().string();
        std::error_code se;
        if (name.ends_with(".dtb")) add(*top);
        if (!name.starts_with(".dtb-scratch") || top->is_symlink(se)) continue;
        for (auto it = fs::recursive_directory_iterator(top->path(), se);
             !se && it != fs::recursive_directory_iterator(); it.increment(se))
            add(*it);
    }
    return bytes;
}

// The limits a run takes, in words: "memory: 3.4 GiB available (cgroup v2 memory.max of
// /job: limit 4.0 GiB, 612 MiB in use), --memory 2.9 GiB (85 % of it), at least 150 MiB;
// threads: 2 (the machine's cores)".
std::string limits_text(const GenCliOptions& o, const gen::GenOptions& g,
                        const gen::MemoryLimit& memory, const gen::CpuLimit& cpus,
                        std::uint64_t floor) {
    std::string t = "memory: " + bytes_text(double(memory.bytes)) + " available (" + memory.source;
    if (memory.cgroup_limit && memory.source.starts_with("cgroup"))
        t += ": limit " + bytes_text(double(memory.cgroup_limit)) + ", " +
             bytes_text(double(memory.cgroup_used)) + " in use";
    t += "), --memory " + bytes_text(double(g.memory)) +
         (o.memory.empty() ? " (85 % of it" + std::string(g.ranks && g.ranks->local_size() > 1
                                                              ? ", shared by the ranks here)"
                                                              : ")")
                           : "") +
         ", at least " + bytes_text(double(floor)) + "; threads: ";
    t += o.threads ? std::to_string(o.threads) + " (--threads)"
                   : std::to_string(cpus.threads) + " (" + cpus.source + ")";
    return t;
}

// Where the estimated memory is the most: "the most while it solves KMvKKM; ", or that it
// is held to --memory.
std::string peak_text(const gen::GenEstimate& need, const gen::GenOptions& g) {
    if (g.memory && need.memory >= g.memory) return "held to --memory; ";
    return need.memory_peak ? "the most while it solves " + need.memory_peak->name() + "; " : "";
}

// The distance solver's memory follows each material's records, which no model of the index
// sizes knows (docs/performance.md, "What a run needs").
constexpr const char* kDistancesNotCounted =
    "; the distance tables' work is not counted (russian up to 5 pieces took 1.9 times the "
    "memory with --distances)";

// What the run will need, said before it starts: refused (exit code 1) when the machine or
// its cgroup has less memory, or the disk less space, or the memory is below the run's floor,
// unless --force; with --estimate, printed and nothing run. Returns false to stop.
bool check_needs(const GenCliOptions& o, const VariantName& name, const gen::GenOptions& g,
                 const gen::MemoryLimit& limit, const gen::CpuLimit& cpus) {
    const std::string rank = rank_prefix(g.ranks);
    // The time is estimated for the threads the run will have.
    gen::GenOptions timed = g;
    timed.threads = g.threads ? g.threads : cpus.threads;
    const auto need = gen::estimate(name.id, timed);
    const std::uint64_t floor = gen::memory_floor(name.id, g);
    const double memory = double(limit.bytes), free = free_disk(g.out), held = held_by(g.out);
    const double disk = free > 0 ? free + held : 0;
    const std::string what =
        std::string(name.name) + " up to " + std::to_string(o.pieces) + " pieces (" +
        std::to_string(need.positions) + " positions of White to move) needs about " +
        bytes_text(double(need.memory)) + " of memory (" + peak_text(need, g) + bytes_text(memory) +
        " available) and " + bytes_text(double(need.disk)) + " of disk (" + bytes_text(free) +
        " free" + (held > 0 ? ", " + bytes_text(held) + " in " + g.out.string() + " already" : "") +
        "), about " + duration(need.seconds) + " on " + std::to_string(timed.threads) + " threads" +
        (g.distances ? kDistancesNotCounted : "");
    const std::string limits = limits_text(o, g, limit, cpus, floor);
    if (o.estimate) {
        if (g.ranks && g.ranks->rank() != 0) return false;
        // Under mpirun, the plan of the job it is part of.
        std::vector<int> counts = o.ranks;
        if (counts.empty() && g.ranks && g.ranks->size() > 1) counts = {g.ranks->size()};
        std::vector<gen::RanksEstimate> plans;
        for (const int n : counts) plans.push_back(gen::estimate_ranks(name.id, timed, n));
        if (o.json)
            std::cout << estimate_json(std::string(name.name), o.pieces, need, timed.threads,
                                       g.memory, plans)
                             .dump()
                      << "\n";
        else
            std::cout << what << "\n"
                      << limits << "\n"
                      << (plans.empty() ? "" : ranks_text(plans, timed.threads, g.memory) + "\n");
        return false;
    }
    const bool short_of_memory = memory > 0 && double(need.memory) > memory;
    const bool short_of_disk = disk > 0 && double(need.disk) > disk;
    const std::string lack = short_of_memory && short_of_disk ? "memory and disk"
                             : short_of_memory                ? "memory"
                                                              : "disk";
    const std::string where =
        short_of_memory && limit.source.starts_with("cgroup") ? " (" + limit.source + ")" : "";
    if ((short_of_memory || short_of_disk) && !o.force)
        throw CommandError(kExitFailure, "resources",
                           what + ": more " + lack + " than this machine has" + where +
                               "; fewer --pieces, or --force to run it all the same");
    if (short_of_memory || short_of_disk)
        std::fprintf(stderr, "dtb gen: warning: %s%s: more %s than this machine has%s (--force)\n",
                     rank.c_str(), what.c_str(), lack.c_str(), where.c_str());
    // Below its floor a run is killed by the kernel, or fails, however much it lets go.
    // Held to --memory when given and lower than the limit, else to the limit (of which the
    // default --memory is a share); a limit of 0 is unknown.
    const bool by_option = !o.memory.empty() && (!limit.bytes || g.memory <= limit.bytes);
    const std::uint64_t least = by_option ? g.memory : limit.bytes ? limit.bytes : floor;
    if (least < floor) {
        const std::string low =
            std::string(name.name) + " up to " + std::to_string(o.pieces) +
            " pieces needs at least " + bytes_text(double(floor)) + " of memory, and " +
            (by_option ? "--memory is " + bytes_text(double(g.memory))
                       : "only " + bytes_text(memory) + " is available (" + limit.source + ")");
        if (!o.force)
            throw CommandError(kExitFailure, "resources",
                               low +
                                   "; more memory, fewer --pieces, or --force to run it all "
                                   "the same");
        std::fprintf(stderr, "dtb gen: warning: %s%s (--force)\n", rank.c_str(), low.c_str());
    }
    if (!short_of_memory && !short_of_disk)
        std::fprintf(stderr, "dtb gen: %s%s\n", rank.c_str(), what.c_str());
    std::fprintf(stderr, "dtb gen: %s%s\n", rank.c_str(), limits.c_str());
    return true;
}

double peak_memory_mib() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

void run(const GenCliOptions& o, const VariantName& name, gen::Ranks* ranks) {
    gen::GenOptions g;
    g.ranks = ranks;
    g.pieces = o.pieces;
    g.out = o.out.empty() ? std::filesystem::path("tables") / std::string(variant_name(name.id))
                          : std::filesystem::path(o.out);
    const gen::MemoryLimit limit = gen::memory_limit();
    const gen::CpuLimit cpus = gen::cpu_limit();
    // Not more threads than the affinity or the cgroup's CPU quota lets run at once.
    g.threads = o.threads ? o.threads : cpus.threads < cpus.machine ? cpus.threads : 0;
    g.compression = o.compression;
    g.counters = !o.no_counters;
    g.distances = o.distances;
    g.counter_set = o.counter_set;
    g.wdl_only = o.values == "wdl";
    g.memory = memory_budget(o, limit, ranks ? ranks->local_size() : 1);
    if (!o.only.empty()) {
        g.only = Material::parse(o.only);
        if (!g.only)
            throw UsageError(
                "--only '" + o.only +
                "': a material is written like KKMvK (White's kings K and men M, 'v', Black's)");
    }
    if (!check_needs(o, name, g, limit, cpus)) return;
    warn_if_bound(ranks);
    const std::string rank = rank_prefix(ranks);
    // Several ranks write to one terminal: a line per material, not a redrawn status line.
    const bool tty = isatty(STDERR_FILENO) && rank.empty();
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t done_positions = 0;
    double solve_seconds = 0;
    gen::GenCallbacks cb;
    cb.started = [&](const gen::SliceEvent& e) {
        if (!tty) return;
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double rate = solve_seconds > 0 ? double(done_positions) / solve_seconds : 0;
        std::fprintf(stderr, "\r\033[K[%d/%d] %s  %.3g positions  %.3g M positions/s  elapsed %s",
                     e.number, e.total, e.material.name().c_str(), double(e.positions), rate / 1e6,
                     duration(elapsed).c_str());
        if (rate > 0)
            std::fprintf(stderr, "  left ~%s", duration(double(e.remaining) / rate).c_str());
        std::fflush(stderr);
    };
    cb.finished = [&](const gen::SliceEvent& e) {
        if (!e.kept) {
            done_positions += e.positions;
            solve_seconds += e.seconds;
        }
        if (e.spilled > 0)
            std::fprintf(stderr,
                         "%s[%d/%d] %s: %d slice%s spilled for --memory (to scratch files)\n",
                         tty ? "\r\033[K" : "", e.number, e.total, e.material.name().c_str(),
                         e.spilled, e.spilled == 1 ? "" : "s");
        if (!e.read_back_for_it.empty()) {
            std::string names;
            for (const Material& m : e.read_back_for_it) names += " " + m.name();
            std::fprintf(stderr, "%s%s[%d/%d] %s: read back from the shared tables:%s\n",
                         tty ? "\r\033[K" : "", rank.c_str(), e.number, e.total,
                         e.material.name().c_str(), names.c_str());
        }
        if (e.in_files)
            std::fprintf(stderr, "%s[%d/%d] %s: solved in scratch files, larger than --memory\n",
                         tty ? "\r\033[K" : "", e.number, e.total, e.material.name().c_str());
        if (!tty)
            std::fprintf(stderr, "%s[%d/%d] %s %s (%.3g positions, %.2f s)\n", rank.c_str(),
                         e.number, e.total, e.material.name().c_str(),
                         e.read_back      ? "checked, read back"
                         : e.solved_again ? "checked, solved again"
                         : e.from_scratch ? "checked, kept, its values in scratch"
                         : e.kept         ? "checked, kept"
                                          : "solved",
                         double(e.positions), e.seconds);
    };
    cb.warning = [&](const std::string& w) {
        std::fprintf(stderr, "%sdtb: %s%s\n", tty ? "\r\033[K" : "", rank.c_str(), w.c_str());
    };
    gen::tune_allocator_for_generation();
    const auto sum = gen::generate(name.id, g, cb);
    if (tty) std::fprintf(stderr, "\r\033[K");
    std::cout << rank << name.name << " up to " << o.pieces << " pieces in " << g.out.string()
              << ": " << sum.slices_solved << " slices solved, " << sum.slices_kept
              << " found complete";
    if (sum.slices_kept > 0) {
        std::cout << " (" << sum.slices_read_back << " of them read back into memory";
        if (sum.slices_solved_again > 0)
            std::cout << ", " << sum.slices_solved_again << " solved again";
        if (sum.slices_from_scratch > 0)
            std::cout << ", " << sum.slices_from_scratch
                      << " read from the scratch files of the stopped run";
        std::cout << ")";
    }
    if (sum.slices_spilled > 0)
        std::cout << "; " << sum.slices_spilled << " slices spilled for --memory "
                  << bytes_text(double(g.memory));
    if (sum.slices_in_files > 0)
        std::cout << "; " << sum.slices_in_files << " solved in scratch files";
    std::cout << "; " << sum.positions_solved << " positions solved in " << duration(sum.seconds);
    if (sum.seconds > 0 && sum.positions_solved)
        std::cout << " (" << double(sum.positions_solved) / sum.seconds / 1e6 << " M positions/s)";
    if (sum.table_bytes)
        std::cout << "; tables " << sum.table_bytes << " bytes, written in "
                  << duration(sum.table_seconds);
    if (sum.counters_seconds > 0) {
        std::cout << "; values under the counters in " << duration(sum.counters_seconds);
        if (sum.distance_bytes > 0)
            std::cout << " (their distance tables " << duration(sum.distance_seconds) << ", "
                      << sum.distance_bytes << " bytes)";
    }
    if (sum.counters_kept > 0)
        std::cout << " (" << sum.counters_kept << " materials' counters' tables found and kept)";
    if (!rank.empty())
        std::cout << "; " << sum.ranks_read_back
                  << " materials read back from the shared tables in "
                  << duration(sum.ranks_read_back_seconds) << "; waited "
                  << duration(sum.waiting_seconds) << " for other ranks";
    std::cout << "; peak memory " << int(peak_memory_mib()) << " MiB\n";
    if (sum.counters_skipped > 0)
        std::cerr << "dtb gen: no tables under the counters for " << sum.counters_skipped
                  << " materials: " << sum.counters_skipped_reason << "\n";
    if (sum.distances_unfound > 0)
        std::cerr << "dtb gen: no distance table for " << sum.distances_unfound
                  << " classes (probes search their distance, bounded): "
                  << sum.distances_unfound_reason << "\n";
}

}  // namespace

void add_gen_command(CLI::App& app) {
    auto o = std::make_shared<GenCliOptions>();
    auto* cmd = app.add_subcommand("gen", "Generate a variant's tablebase up to N pieces");
    cmd->footer(
        "Solves every material with 2..N pieces (each side at least one) by retrograde\n"
        "analysis: WDL, DTW (plies to the end) and DTC (plies to the next capture or man\n"
        "move), written as three compressed tables per material (KKMvK.wdl.dtb, .dtw.dtb,\n"
        ".dtc.dtb: White to move; Black to move is the colour-flipped material's table)\n"
        "plus manifest.json. A killed run resumes: finished tables are checked and kept,\n"
        "and read back into memory only where a material still to solve needs them and\n"
        "the killed run did not leave their values in its scratch files.\n"
        "--compression fast writes larger tables in much less time (fast tables also keep\n"
        "the values of threatened positions, which small ones leave out); 'dtb pack DIR'\n"
        "later makes them exactly what 'small' would have written. Check a directory with\n"
        "'dtb verify DIR'.\n"
        "Beside them it writes the values under the variant's draw counters (KKMvK.counters.dtb:\n"
        "per position the value and the plies of counter it needs; the counters are in\n"
        "docs/variants.md, the tables in docs/counters.md), under the default counter set or the\n"
        "one --counters names (see 'dtb variants --json'), at more time and memory than the\n"
        "pure tables; --no-counters writes the pure tables only, --values wdl the WDL tables\n"
        "alone. --distances adds distance tables (KKMvK.counters-distance.dtb): the distance\n"
        "under the counters stored wherever it is not the pure DTW, a lookup instead of a\n"
        "search at probe time (docs/counters.md). docs/performance.md has what each option costs.\n"
        "A directory holds one variant's tables and one counter set's: another's is refused.\n"
        "Before it starts, gen says the memory, disk and time the run needs (a model of\n"
        "measured runs) and the limits it takes, and refuses a run that needs more than the\n"
        "machine (or its cgroup) has, or less memory than the run's floor, unless --force;\n"
        "--estimate --ranks 2,4 says it for the run spread over 2 and 4 ranks of mpirun.\n"
        "It holds at most --memory (default 85 % of the memory available: MemAvailable, or\n"
        "what the cgroup's limit leaves when lower, as under SLURM or in a container);\n"
        "--threads defaults to the cores the CPU affinity and the cgroup's quota allow.\n"
        "Past --memory, the slices later materials still look into are spilled, largest\n"
        "first, to mapped scratch files in DIR/.dtb-scratch (removed at the end, left to\n"
        "the next run when stopped; the same tables), and a material whose own work does\n"
        "not fit is solved in scratch files there, of which memory holds the blocks being\n"
        "solved (slower: its pages go to the disk and come back).\n"
        "Under mpirun (or with --mpi) the run is spread over the ranks: each solves its share\n"
        "of the materials (a material starts when those it captures or promotes into are\n"
        "written, by whichever rank), reads the others' from their tables, and rank 0 writes\n"
        "the manifest: DIR must be one directory every rank sees. The same tables; a killed\n"
        "job resumes when started again. Give each rank its machine's cores (mpirun\n"
        "--bind-to none); ranks sharing a machine share its default --memory.\n"
        "Examples:\n"
        "  dtb gen russian --pieces 4                 (into tables/russian)\n"
        "  dtb gen english --pieces 3 --out tables/english --threads 2\n"
        "  dtb gen russian --pieces 5 --only KKKvKK   (one material; needs the smaller ones)\n"
        "  dtb gen russian --pieces 4 --compression fast --out tables/fast && dtb pack "
        "tables/fast\n"
        "  dtb gen russian --pieces 4 --values wdl --out tables/wdl\n"
        "  dtb gen english --pieces 4 --distances      (exact distances under the counters)\n"
        "  dtb gen russian --pieces 7 --estimate      (what it needs; runs nothing)\n"
        "  dtb gen international --pieces 7 --estimate --ranks 2,4,8   (across machines)\n"
        "  mpirun -np 4 --map-by node --bind-to none dtb gen russian --pieces 6 --out /nfs/ru");
    cmd->add_option("variant", o->variant, "Variant (see 'dtb variants')")->required();
    cmd->add_option("--pieces", o->pieces, "Largest number of pieces")
        ->required()
        ->check(CLI::Range(2, 8));
    cmd->add_option("--out", o->out, "Output directory (default: tables/VARIANT)");
    cmd->add_option("--threads", o->threads,
                    "Threads (default: the cores the CPU affinity and the cgroup's CPU quota "
                    "let run at once)")
        ->check(CLI::Range(1, 1024));
    cmd->add_option("--only", o->only, "Solve just this material, e.g. KKMvK");
    cmd->add_flag("--no-counters", o->no_counters, "Write the pure tables only");
    cmd->add_flag("--no-rules", o->no_counters)->group("");  // the old spelling, kept for scripts
    cmd->add_flag("--distances", o->distances,
                  "Also write the counters' distance tables: the distance under the counters "
                  "stored wherever it is not the pure DTW (slower, larger; docs/counters.md)");
    auto* estimate = cmd->add_flag(
        "--estimate", o->estimate,
        "Print the memory, disk and time the run needs (and what this machine has), run nothing");
    cmd->add_option("--ranks", o->ranks,
                    "With --estimate: the plan of the run spread over these counts of ranks "
                    "(mpirun), e.g. 2,4,8: wall time, and each rank's memory, scratch, reads and "
                    "writes")
        ->delimiter(',')
        ->check(CLI::Range(1, 4096))
        ->needs(estimate);
    cmd->add_flag("--json", o->json, "With --estimate: print it as JSON")->needs(estimate);
    cmd->add_option("--memory", o->memory,
                    "Memory the run may hold, e.g. 20G or 512M (default: 85 % of what is "
                    "available, MemAvailable or what the cgroup's memory limit leaves). Above it, "
                    "slices later materials need are spilled to mapped "
                    "scratch files, and a material that does not fit is solved in scratch "
                    "files; the tables are the same bytes");
    cmd->add_flag("--mpi", o->mpi,
                  "Spread the run over the processes of an MPI launcher (found by itself under "
                  "mpirun); see the README");
    cmd->add_flag("--force", o->force,
                  "Run even when the estimate exceeds the memory or disk this machine has");
    cmd->add_option("--values", o->values,
                    "all (default): WDL, DTW, DTC and the counters' tables; wdl: the WDL tables "
                    "alone (no distances, no counters' tables)")
        ->check(CLI::IsMember({"all", "wdl"}))
        ->option_text("all|wdl");
    cmd->add_option("--counters", o->counter_set,
                    "The counter set of the draw counters (default: the variant's first), e.g. "
                    "fmjd64");
    cmd->add_option("--rules", o->counter_set)->group("");  // the old spelling, kept for scripts
    add_compression_option(*cmd, o->compression,
                           "Table compression: small (smallest files, default) or fast");
    cmd->callback([o] {
        const auto name = variant_from_name(o->variant);
        const auto ranks = start_ranks(*o);
        try {
            run(*o, name, ranks.get());
        } catch (const std::invalid_argument& e) {
            // Options that contradict each other or the directory: nothing was written.
            end_ranks_on(e, ranks.get(), kExitBadInput);
            throw UsageError(e.what());
        } catch (const std::exception& e) {
            end_ranks_on(e, ranks.get(), kExitFailure);
            throw;
        }
    });
}

}  // namespace dtb::cli
