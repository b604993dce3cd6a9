#include "dtb/gen/verify.hpp"

#include <algorithm>
#include <memory>

#include "dtb/compress/table_dir.hpp"
#include "dtb/compress/table_reader.hpp"
#include "verify_samples.hpp"

namespace dtb::gen {

namespace {

namespace fs = std::filesystem;
using compress::ErrorCode;

// Every table file of dir: header, index, every block and the whole-file checksum.
std::vector<TableCheck> check_files(const fs::path& dir, VariantId variant, CheckedTables& held) {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().extension() == ".dtb") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    std::vector<TableCheck> checks;
    compress::DecodeContext ctx;
    for (const auto& path : files) {
        TableCheck r{path.filename().string(), "", ""};
        if (const auto t = compress::parse_table_file_name(r.file)) {
            std::unique_ptr<compress::TableReader> reader;
            ErrorCode code = compress::TableReader::open(path, {variant, t->material, t->kind},
                                                         reader, r.message);
            if (code == ErrorCode::ok) code = reader->verify(ctx, r.message);
            const bool distance = t->kind == ValueKind::counters_distance ||
                                  t->kind == ValueKind::counters_idle_distance;
            if (code == ErrorCode::ok && is_counters_kind(t->kind))
                held.counters.push_back({t->material, t->kind});
            else if (code == ErrorCode::ok && distance)
                held.distances.push_back({t->material, t->kind});
            else if (code == ErrorCode::ok && !is_record_kind(t->kind))
                held.pure[t->material] |= 1 << kind_index(t->kind);
            if (code != ErrorCode::ok) r.error = compress::to_string(code);
        } else {
            r.error = compress::to_string(ErrorCode::mismatch);
            r.message = r.file + ": not a table name (MATERIAL.KIND.dtb, e.g. KKMvK.wdl.dtb)";
        }
        checks.push_back(std::move(r));
    }
    return checks;
}

}  // namespace

VerifyReport verify_tables(const fs::path& dir, VariantId variant,
                           const compress::Manifest* manifest, const VerifyOptions& o) {
    VerifyReport r;
    r.variant = variant_name(variant);
    CheckedTables held;
    r.tables = check_files(dir, variant, held);
    r.tables_checked = r.tables.size();
    for (const auto& t : r.tables) r.tables_failed += !t.error.empty();
    // The tables the manifest lists against those the directory holds (none without one).
    if (manifest)
        for (const auto& p : compress::compare_listing(dir, *manifest)) {
            ++r.listing_problems;
            r.tables.push_back({p.file, compress::to_string(p.kind), p.message});
        }
    std::stable_sort(r.tables.begin(), r.tables.end(),
                     [](const TableCheck& a, const TableCheck& b) { return a.file < b.file; });
    dispatch(variant,
             [&](auto v) { verify_samples<decltype(v)>(dir, variant, manifest, held, o, r); });
    return r;
}

}  // namespace dtb::gen
