// A table directory: one variant's tables as dtb gen writes them and every reader finds them.
//
//   MATERIAL.KIND.dtb  one table per material and value kind, of White to move (Black to
//                      move is the colour-flipped material's), e.g. KKMvK.wdl.dtb
//   manifest.json      what the directory holds (manifest.hpp)
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dtb/compress/manifest.hpp"
#include "dtb/compress/table_format.hpp"
#include "dtb/core/material.hpp"
#include "dtb/core/value.hpp"
#include "dtb/core/variant.hpp"

namespace dtb::compress {

// "<material name>.<kind>.dtb", e.g. "KKMvK.wdl.dtb", as a directory of format_version names
// it (kCountersNamedFrom).
std::string table_file_name(const Material& m, ValueKind k,
                            int format_version = kDirectoryFormatVersion);

// The name of kind k in directories before kCountersNamedFrom ("rules" for "counters").
const char* old_kind_name(ValueKind k);

// The table a file name names, in either naming, or nullopt when it names none.
struct TableName {
    Material material;
    ValueKind kind;
};
std::optional<TableName> parse_table_file_name(std::string_view file_name);

// The variant a table file's header names, or nullopt when it has no readable header.
std::optional<VariantId> table_file_variant(const std::filesystem::path& path);

// A difference between a manifest's list of tables and the directory: a table it lists that
// is not there, a table file it does not list, or a file of another size than it records.
struct ListingProblem {
    enum class Kind { missing, unlisted, size };
    Kind kind;
    std::string file;     // the file name
    std::string message;  // the path and what is wrong
};
const char* to_string(ListingProblem::Kind k);  // "missing", "not in the manifest", "size"

// The tables a manifest lists (each entry's tables, and the kinds of its table_bytes and
// counters_table_bytes) against the table files of dir (names MATERIAL.KIND.dtb) and the
// sizes the manifest records, sorted by file name. Throws TableError for a manifest without
// a list of slices.
// Sizes and names are those of the manifest's format_version.
std::vector<ListingProblem> compare_listing(const std::filesystem::path& dir,
                                            const Manifest& manifest);

}  // namespace dtb::compress
