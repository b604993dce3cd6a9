// manifest.json, the description dtb gen writes next to a variant's tables: the variant, its
// rules, and per material the table files, their sizes and compression, and per side to move
// the statistics of the values (generate.hpp builds the entries).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "dtb/core/material.hpp"

namespace dtb::gen {

// dir's manifest.json, parsed. Throws compress::TableError naming the file when there is
// none ("is this a directory written by dtb gen?") or it is not JSON.
nlohmann::ordered_json read_manifest(const std::filesystem::path& dir);

// The slice entries of dir's manifest, by material name (empty when there is none or it
// cannot be read: the entries are then rebuilt from the tables).
std::map<std::string, nlohmann::ordered_json> read_manifest_slices(
    const std::filesystem::path& dir);

// Whether a manifest entry can describe a slice of index_size entries per side: both sides'
// statistics are there, count no more positions than that, and split them into wins, draws
// and losses (a resumed run keeps such an entry for a slice it does not read back, instead of
// recomputing the statistics from the values).
bool entry_describes(const nlohmann::ordered_json& entry, std::uint64_t index_size);

// Writes j to path through a temporary file and a rename: a reader sees the old manifest or
// the new one, never a part. Throws compress::TableError.
void write_json_file(const std::filesystem::path& path, const nlohmann::ordered_json& j);

// Sets entry's "table_bytes" (per kind) and "compression" from m's three tables in dir: the
// preset whose zstd levels they record ("small" or "fast"), else "mixed" (two presets),
// "custom" (a level no preset uses) or "unknown" (a table that does not record its level).
// Throws compress::TableError.
void describe_tables(nlohmann::ordered_json& entry, const std::filesystem::path& dir,
                     std::uint8_t variant, const Material& m);

}  // namespace dtb::gen
