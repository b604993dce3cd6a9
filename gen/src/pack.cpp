#include "dtb/gen/pack.hpp"

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "dtb/compress/table_reader.hpp"
#include "dtb/gen/manifest.hpp"
#include "dtb/gen/table_files.hpp"

namespace dtb::gen {

PackSummary pack_tables(const std::filesystem::path& dir, compress::Compression target,
                        const PackCallbacks& cb) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto manifest_path = dir / "manifest.json";
    auto manifest = read_manifest(dir);
    if (!manifest.contains("variant_id") || !manifest["variant_id"].is_number_unsigned() ||
        !manifest.contains("slices") || !manifest["slices"].is_array())
        throw compress::TableError(manifest_path.string() +
                                   ": not a dtb gen manifest (no variant_id or slices)");
    const auto variant = std::uint8_t(manifest["variant_id"].get<int>());
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
        for (const auto k : kValueKinds) {
            const auto path = dir / compress::table_file_name(*m, k);
            const compress::TableSpec spec{variant, *m, k};
            std::unique_ptr<compress::TableReader> t;
            std::string message;
            if (compress::TableReader::open(path, spec, t, message) != compress::ErrorCode::ok)
                throw compress::TableError(message);
            const int level = t->zstd_level();
            ev.bytes_before += t->file_size();
            t.reset();
            if (level == compress::zstd_level(target, k)) {
                ++sum.tables_kept;
                ev.bytes_after += std::filesystem::file_size(path);
                continue;
            }
            compress::recompress_table(path, spec, target);
            ++ev.tables_rewritten;
            ++sum.tables_rewritten;
            ev.bytes_after += std::filesystem::file_size(path);
        }
        if (ev.tables_rewritten) {
            describe_tables(entry, dir, variant, *m);
            write_json_file(manifest_path, manifest);
        }
        sum.bytes_before += ev.bytes_before;
        sum.bytes_after += ev.bytes_after;
        cb.finished(ev);
    }
    sum.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return sum;
}

}  // namespace dtb::gen
