// manifest.json, what a table directory (table_dir.hpp) holds, typed: every reader and
// writer goes through Manifest and ManifestEntry, which parse and write the one schema:
//
//   format "dtb-tables", format_version (kDirectoryFormatVersion), variant (its name), variant_id,
//   pdn_gametype, rules {board, squares, goal, values}, counters (null, or the counter set of the
//   rules tables: {counter_set, revision, summary, rules [{name, article}], values}), max_pieces,
//   slice_count, and slices: per material (in solving order) an entry
//     {material, tables [file names], white_men, white_kings, black_men, black_kings,
//      sides [per side to move {side_to_move, positions, wins, draws, losses, max_dtw,
//      max_dtw_fen, max_dtc, max_dtc_fen}], table_bytes {wdl, dtw, dtc}, compression,
//      counters_table_bytes {per counters' kind} (absent without counters' tables), wdl_one_ply
//      (true when the WDL table is in one-ply form, table_format.hpp; absent otherwise)}.
//
// The variant's name, id, PDN game type and rules, and each entry's piece counts, follow
// from the variant and the material: written from them, checked against them when read.
// The manifest is written after every material, through a temporary file put in place
// durably (durable_file.hpp): a killed run leaves the last complete one. The JSON machinery is
// compiled here alone.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dtb/core/counter_rules.hpp"
#include "dtb/core/direction.hpp"
#include "dtb/core/material.hpp"
#include "dtb/core/value.hpp"
#include "dtb/core/variant.hpp"

namespace dtb::compress {

// A directory's format_version, and the name rule it fixes: from 3 on, the tables of the
// values under the draw counters are named `counters` (KKKvK.counters.dtb, the manifest's
// counters_table_bytes and counters.counter_set); before, `rules` (KKKvK.rules.dtb,
// rules_table_bytes, counters.rule_set). Readers take both; writers write the current one and
// do not add to a directory of the old names (directory_conflict).
inline constexpr int kDirectoryFormatVersion = 3;
inline constexpr int kCountersNamedFrom = 3;

// dir's manifest.json.
std::filesystem::path manifest_path(const std::filesystem::path& dir);

// The statistics of one side to move of a material, as the manifest gives them.
struct SideSummary {
    Color side = Color::white;
    std::uint64_t positions = 0, wins = 0, draws = 0, losses = 0;
    int max_dtw = -1, max_dtc = -1;        // -1: no decided position
    std::string max_dtw_fen, max_dtc_fen;  // a position realising each ("" when none)
    bool operator==(const SideSummary&) const = default;
};

// The sizes of a material's table files, by kind, in the order of the kinds.
using KindBytes = std::vector<std::pair<ValueKind, std::uint64_t>>;

// One material's entry: its table files and both sides' statistics (White to move first).
struct ManifestEntry {
    Material material;
    std::vector<std::string> tables;  // file names
    std::array<SideSummary, 2> sides;
    KindBytes table_bytes;    // empty until describe_tables
    std::string compression;  // "" until describe_tables
    bool wdl_one_ply = false;
    KindBytes counters_table_bytes;  // empty: no counters' tables

    // A solved material's entry, naming its three tables, not yet described.
    ManifestEntry(const Material& m, const std::array<SideSummary, 2>& sides);
    ManifestEntry() = default;

    // Whether it can describe a slice of index_size entries per side: no side counts more
    // positions than that, and each splits them into wins, draws and losses (a resumed run
    // keeps such an entry instead of recomputing the statistics).
    bool describes(std::uint64_t index_size) const;

    // Sets tables, table_bytes and compression from the material's tables in dir (the
    // three, or WDL alone as dtb gen --values wdl writes it): the preset whose zstd levels
    // they record ("small" or "fast"), else "mixed" (two presets), "custom" (a level no
    // preset uses) or "unknown" (a table that does not record its level); and wdl_one_ply.
    // Throws TableError.
    void describe_tables(const std::filesystem::path& dir, VariantId variant);
    bool tables_described() const { return !table_bytes.empty(); }

    // Sets counters_table_bytes from the material's counters' tables in dir (empty when none).
    void describe_counters_tables(const std::filesystem::path& dir);

    // As one line of JSON (what the ranks of a distributed run send each other), and back.
    // Throws TableError naming what is missing or of the wrong type.
    std::string text() const;
    static ManifestEntry of_text(std::string_view text);

    bool operator==(const ManifestEntry&) const = default;
};

// The counter set of a directory's counters' tables, as its manifest records it.
struct ManifestCounters {
    struct Rule {
        std::string name, article;
        bool operator==(const Rule&) const = default;
    };
    std::string counter_set;
    std::optional<int> revision;  // none: written before revisions were (revision 1)
    std::string summary;
    std::vector<Rule> rules;
    std::string values;

    explicit ManifestCounters(const CounterSet& set);
    ManifestCounters() = default;
    bool operator==(const ManifestCounters&) const = default;
};

struct Manifest {
    int format_version = 0;
    VariantId variant{};
    std::optional<ManifestCounters> counters;
    int max_pieces = 0;
    std::vector<ManifestEntry> slices;  // in solving order

    // A run's manifest: the entries of `by_name` (material name -> entry) in solving order,
    // the counters' tables following `counters` (none: null).
    Manifest(VariantId variant, int max_pieces, const std::map<std::string, ManifestEntry>& by_name,
             const CounterSet* counters = nullptr);

    // dir's manifest. Throws TableError naming the file when there is none ("is this a
    // directory written by dtb gen?"), it is not JSON, or not as dtb gen writes it.
    static Manifest read(const std::filesystem::path& dir);
    // Throws TableError.
    void write(const std::filesystem::path& dir) const;

    // The entry of m, or null.
    const ManifestEntry* find(const Material& m) const;

    // The name of the counter set of its counters' tables, or "" when it has none.
    std::string counter_set() const;
    // The revision of that counter set (CounterSet::revision) they were written under.
    int counter_set_revision() const;
    // Why this dtb must not read its counters' tables: they follow an earlier revision of their
    // counter set (another reading of its rules). "" when they may be read.
    std::string stale_counters_reason() const;

  private:
    Manifest() = default;
};

// Why dir cannot take `variant`'s tables with counters' tables of counter set `counter_set` ("":
// none written): a directory belongs to one variant and one counter set, and it holds another
// variant's tables (its manifest says so, or without one a table file's header), the rules
// tables of another counter set, or those of an earlier revision of this one. The message says
// how to proceed. nullopt when dir does not exist, holds no tables or holds this variant's
// under this counter set.
std::optional<std::string> directory_conflict(const std::filesystem::path& dir, VariantId variant,
                                              std::string_view counter_set);

// The entries of dir's manifest by material name: empty when it has none or it cannot be
// read (a resumed run then rebuilds them from the tables); an entry not as dtb gen writes it
// is left out.
std::map<std::string, ManifestEntry> read_manifest_entries(const std::filesystem::path& dir);

}  // namespace dtb::compress
