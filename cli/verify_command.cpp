// dtb verify: checks a directory of compressed tables: every header and checksum, and a
// random sample of stored values re-derived from the values their moves lead to.
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

#include "cli.hpp"
#include "dtb/compress/table_dir.hpp"
#include "dtb/gen/verify.hpp"

namespace dtb::cli {

namespace {

namespace fs = std::filesystem;

struct VerifyOptions {
    std::string dir;
    std::string variant;  // for a directory without a manifest
    gen::VerifyOptions check;
    bool json = false;
};

nlohmann::ordered_json samples_json(const gen::SampleCounts& s, bool with_counters) {
    auto fj = nlohmann::ordered_json::array();
    for (const auto& f : s.failures) {
        nlohmann::ordered_json j = {{"fen", f.fen}};
        if (with_counters) j["counters"] = f.counters;
        j["stored"] = f.stored;
        j["derived"] = f.derived;
        fj.push_back(j);
    }
    return {{"checked", s.checked},
            {"failed", s.failed},
            {"unavailable", s.unavailable},
            {"failures", fj}};
}

// The JSON of dtb verify --json (docs/cli.md).
nlohmann::ordered_json report_json(const gen::VerifyReport& r, const std::string& dir) {
    nlohmann::ordered_json tables = nlohmann::ordered_json::array();
    for (const auto& t : r.tables) {
        nlohmann::ordered_json e = {{"file", t.file}, {"ok", t.error.empty()}};
        if (!t.error.empty()) {
            e["error"] = t.error;
            e["message"] = t.message;
        }
        tables.push_back(e);
    }
    return {{"variant", r.variant},
            {"dir", dir},
            {"tables_checked", r.tables_checked},
            {"tables_failed", r.tables_failed},
            {"listing_problems", r.listing_problems},
            {"tables", tables},
            {"samples", samples_json(r.samples, false)},
            {"counters_samples", samples_json(r.counter_samples, true)},
            {"distance_samples", samples_json(r.distance_samples, true)},
            {"ok", r.ok()}};
}

void print_report(const gen::VerifyReport& r, const std::string& dir) {
    for (const auto& t : r.tables)
        if (!t.error.empty()) std::cout << "FAILED " << t.message << " (" << t.error << ")\n";
    for (const auto& f : r.samples.failures)
        std::cout << "WRONG " << f.fen << ": stored " << f.stored << ", by its moves " << f.derived
                  << "\n";
    for (const auto& f : r.counter_samples.failures)
        std::cout << "WRONG under the counters " << f.fen << " at " << f.counters << ": stored "
                  << f.stored << ", by its moves " << f.derived << "\n";
    for (const auto& f : r.distance_samples.failures)
        std::cout << "WRONG distance under the counters " << f.fen << " at " << f.counters
                  << ": stored " << f.stored << ", by its moves " << f.derived << "\n";
    std::cout << r.variant << " " << dir << ": " << r.tables_checked << " tables, "
              << r.tables_failed << " damaged";
    if (r.listing_problems)
        std::cout << ", " << r.listing_problems << " differing from manifest.json (missing, not "
                  << "listed or of another size)";
    std::cout << "; " << r.samples.checked << " sampled values re-derived, " << r.samples.failed
              << " wrong; " << r.counter_samples.checked << " under the counters, "
              << r.counter_samples.failed << " wrong";
    if (r.distance_samples.checked || r.distance_samples.failed)
        std::cout << "; " << r.distance_samples.checked << " distances under the counters, "
                  << r.distance_samples.failed << " wrong";
    if (r.samples.unavailable)
        std::cout << ", " << r.samples.unavailable
                  << " not checkable (a table they need is missing or damaged)";
    std::cout << (r.ok() ? "; OK\n" : "; FAILED\n");
}

// The manifest of a directory written by dtb gen (none when it has none and the variant is
// named) and the variant of its tables.
std::pair<std::optional<compress::Manifest>, VariantId> directory_manifest(const VerifyOptions& o) {
    const fs::path dir(o.dir);
    if (!fs::is_directory(dir)) throw UsageError("directory", o.dir + ": no such directory");
    try {
        if (!o.variant.empty() && !fs::exists(compress::manifest_path(dir)))
            return {std::nullopt, variant_from_name(o.variant).id};
        auto manifest = compress::Manifest::read(dir);
        const VariantId held = manifest.variant;
        if (!o.variant.empty() && variant_from_name(o.variant).id != held)
            throw UsageError("variant", o.dir + " holds " + std::string(variant_name(held)) +
                                            " tables (manifest.json), not " + o.variant);
        // Counters' tables of an earlier reading would be checked against rules they do not follow.
        if (const std::string stale = manifest.stale_counters_reason(); !stale.empty())
            throw UsageError("directory", o.dir + ": " + stale);
        return {std::move(manifest), held};
    } catch (const compress::TableError& e) {
        throw UsageError(
            "directory",
            std::string(e.what()) + (o.variant.empty() ? "; or name the variant (--variant)" : ""));
    }
}

}  // namespace

void add_verify_command(CLI::App& app) {
    auto o = std::make_shared<VerifyOptions>();
    auto* cmd = app.add_subcommand("verify", "Check a directory of tables: checksums and values");
    cmd->footer(
        "Checks every table file (*.dtb) of the directory: header, block index, every block's\n"
        "checksum and the whole file's; then, for each material, re-derives a random sample of\n"
        "stored values from the values their moves lead to (a won position has a move to a\n"
        "lost one with DTW one less, ...), and a sample of each counters' table's entries from "
        "the\n"
        "values under the counters their moves lead to, at counters that leave exactly the\n"
        "entry's budget and one ply less; and of each distance table (dtb gen --distances) the\n"
        "distance under the counters from those of the moves. Exit code 0 only if everything\n"
        "holds, 1 otherwise.\n"
        "Examples:\n"
        "  dtb verify tables/russian\n"
        "  dtb verify tables/russian --samples 1000 --json");
    cmd->add_option("dir", o->dir, "Directory written by dtb gen")->required();
    cmd->add_option("--samples", o->check.samples,
                    "Positions re-derived per material (default 200)")
        ->check(CLI::Range(0, 100000000));
    cmd->add_option("--seed", o->check.seed, "Seed of the random sample (default 1)");
    cmd->add_option("--variant", o->variant,
                    "The tables' variant, for a directory without manifest.json (then the "
                    "list of tables and the counters' tables' values are not checked)");
    cmd->add_flag(
        "--json", o->json,
        "Print JSON: {variant, dir, tables_checked, tables_failed, tables: [{file, ok, "
        "error, message}], samples: {checked, failed, unavailable, failures}, counters_samples: "
        "{checked, failed, unavailable, failures}, distance_samples: (the same), ok}");
    cmd->callback([o] {
        const auto [manifest, variant] = directory_manifest(*o);
        const gen::VerifyReport r =
            gen::verify_tables(o->dir, variant, manifest ? &*manifest : nullptr, o->check);
        if (o->json)
            std::cout << report_json(r, o->dir).dump(2) << "\n";
        else
            print_report(r, o->dir);
        if (!r.ok()) throw ReportedFailure("verify: " + o->dir + " does not hold (see above)");
    });
}

}  // namespace dtb::cli
