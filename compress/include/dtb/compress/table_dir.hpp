// A table directory: one variant's tables as dtb gen writes them and every reader finds them.
//
//   MATERIAL.KIND.dtb  one table per material and value kind, of White to move (Black to
//                      move is the colour-flipped material's), e.g. KKMvK.wdl.dtb
//   manifest.json      what the directory holds:
//     format "dtb-tables", format_version, variant (its name), variant_id, pdn_gametype,
//     rules {board, squares, goal, values}, max_pieces, slice_count, and slices: per
//     material (in solving order) {material, tables [file names], white_men, white_kings,
//     black_men, black_kings, sides [per side to move {side_to_move, positions, wins, draws,
//     losses, max_dtw, max_dtw_fen, max_dtc, max_dtc_fen}], table_bytes {wdl, dtw, dtc},
//     compression, wdl_one_ply (true when the WDL table is
//     in one-ply form, table_format.hpp; absent otherwise)}.
// The manifest is written after every material, through a temporary file and a rename: a
// killed run leaves the last complete one.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dtb/compress/table_format.hpp"
#include "dtb/core/counter_rules.hpp"
#include "dtb/core/direction.hpp"
#include "dtb/core/material.hpp"
#include "dtb/core/value.hpp"
#include "dtb/core/variant.hpp"

namespace dtb::compress {

// "<material name>.<kind>.dtb", e.g. "KKMvK.wdl.dtb".
std::string table_file_name(const Material& m, ValueKind k);

// The table a file name names, or nullopt when it names none.
struct TableName {
    Material material;
    ValueKind kind;
};
std::optional<TableName> parse_table_file_name(std::string_view file_name);

// dir's manifest.json.
std::filesystem::path manifest_path(const std::filesystem::path& dir);

// The statistics of one side to move of a material, as the manifest gives them.
struct SideSummary {
    Color side = Color::white;
    std::uint64_t positions = 0, wins = 0, draws = 0, losses = 0;
    int max_dtw = -1, max_dtc = -1;        // -1: no decided position
    std::string max_dtw_fen, max_dtc_fen;  // a position realising each ("" when none)
};

// A material's entry: its table files and both sides' statistics (White to move first).
nlohmann::ordered_json slice_entry(const Material& m, const std::array<SideSummary, 2>& sides);

// Whether an entry can describe a slice of index_size entries per side: both sides'
// statistics are there, count no more positions than that, and split them into wins, draws
// and losses (a resumed run keeps such an entry instead of recomputing the statistics).
bool entry_describes(const nlohmann::ordered_json& entry, std::uint64_t index_size);

// Sets entry's "tables" (file names), "table_bytes" (per kind) and "compression" from m's
// tables in dir (the three, or WDL alone as dtb gen --values wdl writes it): the
// preset whose zstd levels they record ("small" or "fast"), else "mixed" (two presets),
// "custom" (a level no preset uses) or "unknown" (a table that does not record its level).
// Throws TableError.
void describe_tables(nlohmann::ordered_json& entry, const std::filesystem::path& dir,
                     VariantId variant, const Material& m);

// Sets entry's "rules_table_bytes" (per rules kind) from m's rules tables in dir, or removes
// it when there are none.
void describe_rules_tables(nlohmann::ordered_json& entry, const std::filesystem::path& dir,
                           const Material& m);

// dir's manifest: the variant's rules, the counter rules its rules tables follow (none:
// `counters` null), and the entries of `by_name` (material name -> entry) in solving order.
// Throws TableError.
void write_manifest(const std::filesystem::path& dir, VariantId variant, int max_pieces,
                    const std::map<std::string, nlohmann::ordered_json>& by_name,
                    const RuleSet* counters = nullptr);

// The name of the rule set a manifest's rules tables follow, or "" when it has none.
std::string manifest_rule_set(const nlohmann::ordered_json& manifest);

// The revision of that rule set (RuleSet::revision) the tables were written under; 1 for a
// manifest that records none (written before revisions were).
int manifest_rule_set_revision(const nlohmann::ordered_json& manifest);

// Why this dtb must not read a manifest's rules tables of `variant`: they follow an earlier
// revision of their rule set (another reading of its rules). "" when they may be read.
std::string stale_rules_reason(const nlohmann::ordered_json& manifest, VariantId variant);

// dir's manifest, parsed. Throws TableError naming the file when there is none ("is this a
// directory written by dtb gen?") or it is not JSON.
nlohmann::ordered_json read_manifest(const std::filesystem::path& dir);

// The variant a manifest names (its "variant"). Throws TableError naming the file.
VariantId manifest_variant(const nlohmann::ordered_json& manifest,
                           const std::filesystem::path& dir);

// The variant a table file's header names, or nullopt when it has no readable header.
std::optional<VariantId> table_file_variant(const std::filesystem::path& path);

// Why dir cannot take `variant`'s tables with rules tables of rule set `rule_set` ("": none
// written): a directory belongs to one variant and one rule set, and it holds another
// variant's tables (its manifest says so, or without one a table file's header), the rules
// tables of another rule set, or those of an earlier revision of this one. The message says how to
// proceed. nullopt when dir does not exist, holds no tables or holds this variant's under this rule
// set.
std::optional<std::string> directory_conflict(const std::filesystem::path& dir, VariantId variant,
                                              std::string_view rule_set);

// The entries of dir's manifest by material name (empty when there is none or it cannot be
// read: a resumed run then rebuilds them from the tables).
std::map<std::string, nlohmann::ordered_json> read_manifest_slices(
    const std::filesystem::path& dir);

// One material's entry as text (what the ranks of a distributed run send each other), and
// back; the JSON text machinery compiled here once, not in each variant's generator.
std::string entry_text(const nlohmann::ordered_json& entry);
nlohmann::ordered_json entry_of_text(std::string_view text);

// A difference between a manifest's list of tables and the directory: a table it lists that
// is not there, a table file it does not list, or a file of another size than it records.
struct ListingProblem {
    enum class Kind { missing, unlisted, size };
    Kind kind;
    std::string file;     // the file name
    std::string message;  // the path and what is wrong
};
const char* to_string(ListingProblem::Kind k);  // "missing", "not in the manifest", "size"

// The tables a manifest lists (each slice's "tables", and the kinds of its "table_bytes" and
// "rules_table_bytes") against the table files of dir (names MATERIAL.KIND.dtb) and the
// sizes the manifest records, sorted by file name. Throws TableError for a manifest without
// a list of slices.
std::vector<ListingProblem> compare_listing(const std::filesystem::path& dir,
                                            const nlohmann::ordered_json& manifest);

// Writes j to path through a temporary file and a rename: a reader sees the old file or the
// new one, never a part. Throws TableError.
void write_json_file(const std::filesystem::path& path, const nlohmann::ordered_json& j);

}  // namespace dtb::compress
