// dtb pack: rewrites the tables of a directory written by dtb gen at another preset —
// typically generated with --compression fast (quick to write) and packed to small (the
// smallest files) afterwards. To small, each material's tables are written again from their
// values, what they leave out found again from the positions (a fast table keeps its
// threats' values, a small one leaves them out: table_files.hpp, rewrite_tables), so a
// table packed to small is the same, byte for byte, as one generated with --compression
// small. To fast, only the zstd level changes. Tables are rewritten one by one (temporary
// file, then rename) and the manifest after each material, so a killed pack leaves every
// table whole and is simply run again.
//
// WDL sides: of each pair of colour-flipped materials (KKMvK and KvKKM: one's White to move
// is the other's Black to move), WdlSides::one keeps the smaller WDL table whole and writes
// the other in one-ply form (compress/table_format.hpp, table_files.hpp write_one_ply_wdl)
// when that is smaller: many of its positions the prober values from their moves, and a
// probe of such a position is a search one move deep. WdlSides::both writes
// those tables out whole again from the values the prober finds: the same bytes as before.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>

#include "dtb/compress/table_writer.hpp"
#include "dtb/core/material.hpp"

namespace dtb::gen {

enum class WdlSides : std::uint8_t { keep, one, both };

struct PackOptions {
    compress::Compression compression = compress::Compression::small;
    WdlSides wdl_sides = WdlSides::keep;
};

struct PackEvent {
    Material material;
    int number = 0, total = 0;  // this material's place in the manifest
    int tables_rewritten = 0;   // of its three (when done)
    std::uint64_t bytes_before = 0, bytes_after = 0;
};

struct PackSummary {
    int tables_rewritten = 0, tables_kept = 0;
    int wdl_one_ply = 0;  // WDL tables in one-ply form after the pack
    std::uint64_t bytes_before = 0, bytes_after = 0;
    double seconds = 0;
};

struct PackCallbacks {
    std::function<void(const PackEvent&)> started = [](const PackEvent&) {};
    std::function<void(const PackEvent&)> finished = [](const PackEvent&) {};
};

// Rewrites every table listed in dir/manifest.json whose recorded zstd level is not
// `o.compression`'s, checking each first, then sets the WDL sides, and updates the manifest.
// Throws compress::TableError (no manifest, a table missing or damaged: the tables before it
// are done and recorded).
PackSummary pack_tables(const std::filesystem::path& dir, const PackOptions& o,
                        const PackCallbacks& cb = {});

}  // namespace dtb::gen
