#include "dtb/gen/pack.hpp"

#include <array>
#include <chrono>
#include <map>
#include <memory>
#include <string>

#include "dtb/compress/durable_file.hpp"
#include "dtb/compress/manifest.hpp"
#include "dtb/compress/table_dir.hpp"
#include "dtb/compress/table_reader.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/gen/tables/table_files.hpp"
#include "variant_entry_points.hpp"

namespace dtb::gen {

namespace {

// m's counters' tables (when the directory has them) recompressed at the target's level, as
// dtb gen would write them; the number rewritten.
int pack_counters_tables(const std::filesystem::path& dir, VariantId variant, const Material& m,
                         compress::Compression target, PackEvent& ev, int& tables) {
    int rewritten = 0;
    for (const ValueKind kind : kCountersFileKinds) {
        const auto path = dir / compress::table_file_name(m, kind);
        if (!std::filesystem::exists(path)) continue;
        ++tables;
        auto t = open_table(dir, variant, m, kind);
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

// Of each pair of colour-flipped materials in the manifest, the larger WDL table rewritten in
// one-ply form (the smaller kept whole; on a tie, the first listed), when that is smaller
// still. Pairs that have one already are left as they are.
void leave_out_larger_sides(const std::filesystem::path& dir, VariantId variant,
                            compress::Manifest& manifest, PackSummary& sum) {
    auto& slices = manifest.slices;
    std::map<Material, std::size_t> listed;
    for (std::size_t k = 0; k < slices.size(); ++k) listed[slices[k].material] = k;
    for (const auto& [m, k] : listed) {
        const Material twin = m.flipped();
        const auto other = listed.find(twin);
        if (twin == m || other == listed.end() || other->second < k) continue;
        const auto a = open_table(dir, variant, m, ValueKind::wdl);
        const auto b = open_table(dir, variant, twin, ValueKind::wdl);
        const bool a_out = a->form() == compress::TableForm::one_ply;
        const bool b_out = b->form() == compress::TableForm::one_ply;
        if (a_out && b_out)
            throw compress::TableError(m.name() + " and " + twin.name() +
                                       ": both WDL tables are in one-ply form");
        if (a_out || b_out) continue;
        const bool twin_out = b->file_size() >= a->file_size();
        const Material out = twin_out ? twin : m;
        const std::uint64_t before = (twin_out ? b : a)->file_size();
        const auto path = dir / compress::table_file_name(out, ValueKind::wdl);
        const auto trial = path.string() + ".one-ply";
        const std::uint64_t after = dispatch(variant, [&](auto v) {
            return write_variant_one_ply_wdl<decltype(v)>(dir, variant, out, trial);
        });
        if (after >= before) {  // where most positions keep their values
            std::filesystem::remove(trial);
            continue;
        }
        compress::durable_replace(trial, path, "pack.one_ply");
        sum.bytes_after = sum.bytes_after - before + after;
        slices[twin_out ? other->second : k].describe_tables(dir, variant);
        manifest.write(dir);
    }
}

}  // namespace

PackSummary pack_tables(const std::filesystem::path& dir, const PackOptions& o,
                        const PackCallbacks& cb) {
    const compress::Compression target = o.compression;
    const auto t0 = std::chrono::steady_clock::now();
    auto manifest = compress::Manifest::read(dir);
    const VariantId variant = manifest.variant;
    auto& slices = manifest.slices;
    PackSummary sum;
    int number = 0;
    for (auto& entry : slices) {
        const Material m = entry.material;
        PackEvent ev{m, ++number, int(slices.size())};
        cb.started(ev);
        auto path_of = [&](std::size_t k) {
            return dir / compress::table_file_name(m, kValueKinds[k]);
        };
        // Each table is checked first; those already at the target's level are kept. (A
        // material written by dtb gen --values wdl has its WDL table alone.)
        std::array<bool, 3> stale{}, present{};
        bool one_ply = false;
        for (std::size_t k = 0; k < kValueKinds.size(); ++k) {
            std::error_code ec;
            present[k] = k == 0 || std::filesystem::exists(path_of(k), ec);
            if (!present[k]) continue;
            const auto t = open_table(dir, variant, m, kValueKinds[k]);
            stale[k] = t->zstd_level() != compress::zstd_level(target, kValueKinds[k]);
            if (t->form() == compress::TableForm::one_ply) {
                one_ply = true;
                stale[k] = stale[k] || o.wdl_sides == WdlSides::both;
            }
            ev.bytes_before += t->file_size();
        }
        const auto rewrite = [&](std::array<bool, 3> which) {
            dispatch(variant, [&](auto v) {
                rewrite_variant_tables<decltype(v)>(dir, variant, m, target, which);
            });
        };
        // A WDL table in one-ply form is written out whole only when both sides are asked
        // for; else only its level changes.
        const bool restore = one_ply && o.wdl_sides == WdlSides::both;
        std::array<bool, 3> from_values = stale;
        if (one_ply && stale[0] && !restore) {
            compress::recompress_table(path_of(0), {variant, m, ValueKind::wdl}, target);
            from_values[0] = false;
        }
        if (target == compress::Compression::small) {
            // Written again from the values (a fast table keeps its threats' values, which
            // the small one leaves out), when any is stale.
            if (from_values[0] || from_values[1] || from_values[2]) rewrite(from_values);
        } else {
            if (restore) rewrite({true, false, false});
            for (std::size_t k = restore ? 1 : 0; k < kValueKinds.size(); ++k)
                if (from_values[k])
                    compress::recompress_table(path_of(k), {variant, m, kValueKinds[k]}, target);
        }
        int tables = 0;
        for (std::size_t k = 0; k < kValueKinds.size(); ++k) {
            if (!present[k]) continue;
            ++tables;
            ev.tables_rewritten += stale[k];
            ev.bytes_after += std::filesystem::file_size(path_of(k));
        }
        ev.tables_rewritten += pack_counters_tables(dir, variant, m, target, ev, tables);
        sum.tables_rewritten += ev.tables_rewritten;
        sum.tables_kept += tables - ev.tables_rewritten;
        // Described from the files even when none was rewritten: a pack killed between a
        // table and the manifest left the entry behind its tables.
        compress::ManifestEntry described = entry;
        described.describe_tables(dir, variant);
        described.describe_counters_tables(dir);
        if (ev.tables_rewritten || !(described == entry)) {
            entry = std::move(described);
            manifest.write(dir);
        }
        sum.bytes_before += ev.bytes_before;
        sum.bytes_after += ev.bytes_after;
        cb.finished(ev);
    }
    if (o.wdl_sides == WdlSides::one) leave_out_larger_sides(dir, variant, manifest, sum);
    for (const auto& entry : slices) sum.wdl_one_ply += entry.wdl_one_ply;
    sum.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return sum;
}

}  // namespace dtb::gen
