#include "dtb/gen/pack.hpp"

#include <array>
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "dtb/compress/table_dir.hpp"
#include "dtb/compress/table_reader.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/gen/table_files.hpp"
#include "variant_entry_points.hpp"

namespace dtb::gen {

// m's rules tables (when the directory has them) recompressed at the target's level, as
// dtb gen would write them; the number rewritten.
int pack_rules_tables(const std::filesystem::path& dir, VariantId variant, const Material& m,
                      compress::Compression target, PackEvent& ev, int& tables) {
    int rewritten = 0;
    for (const ValueKind kind : kRulesFileKinds) {
        const auto path = dir / compress::table_file_name(m, kind);
        if (!std::filesystem::exists(path)) continue;
        ++tables;
        std::unique_ptr<compress::TableReader> t;
        std::string message;
        if (compress::TableReader::open(path, {variant, m, kind}, t, message) !=
            compress::ErrorCode::ok)
            throw compress::TableError(message);
        ev.bytes_before += t->file_size();
        if (t->zstd_level() != compress::zstd_level(target, kind)) {
            t.reset();
            compress::recompress_table(path, {variant, m, kind}, target);
            ++rewritten;
        }
        ev.bytes_after += std::filesystem::file_size(path);
    }
    return rewritten;
}

PackSummary pack_tables(const std::filesystem::path& dir, compress::Compression target,
                        const PackCallbacks& cb) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto manifest_path = compress::manifest_path(dir);
    auto manifest = compress::read_manifest(dir);
    const VariantId variant = compress::manifest_variant(manifest, dir);
    if (!manifest.contains("slices") || !manifest["slices"].is_array())
        throw compress::TableError(manifest_path.string() + ": not a dtb gen manifest (no slices)");
    auto& slices = manifest["slices"];
    PackSummary sum;
    int number = 0;
    for (auto& entry : slices) {
        const auto name = entry.value("material", std::string());
        const auto m = Material::parse(name);
        if (!m)
            throw compress::TableError(manifest_path.string() + ": '" + name +
                                       "' is not a material");
        PackEvent ev{*m, ++number, int(slices.size())};
        cb.started(ev);
        auto path_of = [&](std::size_t k) {
            return dir / compress::table_file_name(*m, kValueKinds[k]);
        };
        // Each table is checked first; those already at the target's level are kept. (A
        // material written by dtb gen --values wdl has its WDL table alone.)
        std::array<bool, 3> stale{}, present{};
        for (std::size_t k = 0; k < kValueKinds.size(); ++k) {
            std::error_code ec;
            present[k] = k == 0 || std::filesystem::exists(path_of(k), ec);
            if (!present[k]) continue;
            std::unique_ptr<compress::TableReader> t;
            std::string message;
            if (compress::TableReader::open(path_of(k), {variant, *m, kValueKinds[k]}, t,
                                            message) != compress::ErrorCode::ok)
                throw compress::TableError(message);
            stale[k] = t->zstd_level() != compress::zstd_level(target, kValueKinds[k]);
            ev.bytes_before += t->file_size();
        }
        if (target == compress::Compression::small) {
            // Written again from the values (a fast table keeps its threats' values, which
            // the small one leaves out), when any is stale.
            if (stale[0] || stale[1] || stale[2])
                dispatch(variant, [&](auto v) {
                    rewrite_variant_tables<decltype(v)>(dir, variant, *m, target, stale);
                });
        } else {
            for (std::size_t k = 0; k < kValueKinds.size(); ++k)
                if (stale[k])
                    compress::recompress_table(path_of(k), {variant, *m, kValueKinds[k]}, target);
        }
        int tables = 0;
        for (std::size_t k = 0; k < kValueKinds.size(); ++k) {
            if (!present[k]) continue;
            ++tables;
            ev.tables_rewritten += stale[k];
            ev.bytes_after += std::filesystem::file_size(path_of(k));
        }
        ev.tables_rewritten += pack_rules_tables(dir, variant, *m, target, ev, tables);
        sum.tables_rewritten += ev.tables_rewritten;
        sum.tables_kept += tables - ev.tables_rewritten;
        if (ev.tables_rewritten) {
            compress::describe_tables(entry, dir, variant, *m);
            compress::describe_rules_tables(entry, dir, *m);
            compress::write_json_file(manifest_path, manifest);
        }
        sum.bytes_before += ev.bytes_before;
        sum.bytes_after += ev.bytes_after;
        cb.finished(ev);
    }
    sum.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return sum;
}

}  // namespace dtb::gen
