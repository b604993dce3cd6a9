// dtb verify: checks a directory of compressed tables: every header and checksum, and a
// random sample of stored values re-derived from the values their moves lead to.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "cli.hpp"
#include "dtb/compress/table_dir.hpp"
#include "dtb/compress/table_reader.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/recompute.hpp"
#include "dtb/core/successor_values.hpp"
#include "dtb/probe/prober.hpp"
#include "dtb/probe/store.hpp"
#include "verify_rules.hpp"

namespace dtb::cli {

namespace {

namespace fs = std::filesystem;
using compress::ErrorCode;
using compress::TableReader;

// Enough for the blocks a sample's successors touch again and again.
constexpr std::size_t kVerifyCacheBytes = 64 << 20;

struct VerifyOptions {
    std::string dir;
    std::string variant;  // for a directory without a manifest
    int samples = 200;
    std::uint64_t seed = 1;
    bool json = false;
};

// A table file checked, or a table the manifest lists that is missing (error "missing"), a
// file it does not list ("not in the manifest"), one of another size than it says ("size").
struct TableResult {
    std::string file;
    std::string error;  // "" when the table holds
    std::string message;
};

struct SampleFailure {
    std::string fen, stored, derived;
};

std::string value_text(const Value& v, bool distances = true) {
    std::string s = to_string(v.wdl);
    if (distances && (v.wdl == Wdl::win || v.wdl == Wdl::loss))
        s += " dtw " + std::to_string(v.dtw) + " dtc " + std::to_string(v.dtc);
    return s;
}

// The value stored for White-to-move entry i of m (nullopt: a table is missing or damaged),
// with its distances or (tables of WDL alone) without. Don't-care entries come back as
// stored. An entry 0 of a WDL table in one-ply form is no WDL: it comes back unknown, with
// the distances.
std::optional<Value> stored(const probe::Store& store, const Material& m, std::uint64_t i,
                            bool distances) {
    std::uint16_t x = 0;
    if (store.lookup(m, ValueKind::wdl, i, x) != probe::Status::ok) return std::nullopt;
    Value v{x == probe::Store::kOnePly ? Wdl::unknown : Wdl(x), 0, 0};
    if (!distances || v.wdl == Wdl::draw) return v;
    if (store.lookup(m, ValueKind::dtw, i, v.dtw) != probe::Status::ok ||
        store.lookup(m, ValueKind::dtc, i, v.dtc) != probe::Status::ok)
        return std::nullopt;
    return v;
}

template <class V>
nlohmann::ordered_json run(const VerifyOptions& o, VariantId variant,
                           const nlohmann::ordered_json& manifest, bool& ok) {
    const fs::path dir(o.dir);
    // 1. Every table file: header, index, every block and the whole-file checksum.
    std::vector<TableResult> tables;
    // The pure tables of each material that check: bit kind_index(k) for kind k.
    std::map<Material, int> complete;
    std::vector<std::pair<Material, ValueKind>> rules_tables;  // the rules tables that check
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().extension() == ".dtb") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    compress::DecodeContext ctx;
    for (const auto& path : files) {
        TableResult r{path.filename().string(), "", ""};
        if (const auto t = compress::parse_table_file_name(r.file)) {
            std::unique_ptr<TableReader> reader;
            ErrorCode code =
                TableReader::open(path, {variant, t->material, t->kind}, reader, r.message);
            if (code == ErrorCode::ok) code = reader->verify(ctx, r.message);
            if (code == ErrorCode::ok && is_rules_kind(t->kind))
                rules_tables.push_back({t->material, t->kind});
            else if (code == ErrorCode::ok && !is_steps_kind(t->kind))
                complete[t->material] |= 1 << kind_index(t->kind);
            if (code != ErrorCode::ok) r.error = compress::to_string(code);
        } else {
            r.error = compress::to_string(ErrorCode::mismatch);
            r.message = r.file + ": not a table name (MATERIAL.KIND.dtb, e.g. KKMvK.wdl.dtb)";
        }
        tables.push_back(std::move(r));
    }
    // 2. The tables the manifest lists against those the directory holds (none without one).
    std::uint64_t listing_problems = 0;
    const auto listing = manifest.is_null() ? std::vector<compress::ListingProblem>{}
                                            : compress::compare_listing(dir, manifest);
    for (const auto& p : listing) {
        ++listing_problems;
        tables.push_back({p.file, compress::to_string(p.kind), p.message});
    }
    std::stable_sort(tables.begin(), tables.end(),
                     [](const TableResult& a, const TableResult& b) { return a.file < b.file; });
    for (const auto& t : tables)
        if (!t.error.empty()) ok = false;
    // 3. Values re-derived from their successors, on random White-to-move positions the
    //    tables store (the others are don't-care in them).
    const probe::Store store(dir, variant, kVerifyCacheBytes);
    const probe::Prober<V> prober(store);
    int want = probe::want_all;
    auto probe_value = [&](const Position<V>& q) -> std::optional<Value> {
        Value v;
        if (prober.value(q, want, v) != probe::Status::ok) return std::nullopt;
        return v;
    };
    constexpr int kAllThree = 7;  // WDL, DTW and DTC
    auto wdl_alone = [&](const Material& m, int kinds) {
        std::error_code ec;
        return kinds == 1 && !fs::exists(dir / compress::table_file_name(m, ValueKind::dtw), ec) &&
               !fs::exists(dir / compress::table_file_name(m, ValueKind::dtc), ec);
    };
    std::mt19937_64 rng(o.seed);
    std::uint64_t checked = 0, unavailable = 0;
    std::vector<SampleFailure> failures;
    std::uint64_t failed = 0;
    for (const auto& [m, kinds] : complete) {
        // All three values re-derived, or WDL alone from a table written by gen --values wdl
        // (its successors probed for WDL alone too).
        const bool distances = kinds == kAllThree;
        if (!distances && !wdl_alone(m, kinds)) continue;
        want = distances ? probe::want_all : probe::want_wdl;
        const Index<V> idx(m);
        std::uniform_int_distribution<std::uint64_t> pick(0, idx.size() - 1);
        for (int s = 0, tries = 0; s < o.samples && tries < 20 * o.samples; ++tries) {
            const std::uint64_t i = pick(rng);
            Position<V> p;
            if (!idx.unrank(i, Color::white, p) || recompute_kind(p) != Recompute::no) continue;
            ++s;
            auto stored_value = stored(store, m, i, distances);
            const auto derived = value_from_successors(p, probe_value);
            if (!stored_value || !derived) {
                ++unavailable;  // a successor's material is missing or damaged (reported above)
                continue;
            }
            // One-ply form: the WDL is the successors' by definition; the distances are checked.
            if (stored_value->wdl == Wdl::unknown) {
                if (!distances) continue;
                stored_value->wdl = derived->wdl;
            }
            ++checked;
            const bool same =
                stored_value->wdl == derived->wdl &&
                (stored_value->wdl == Wdl::draw || !distances ||
                 (stored_value->dtw == derived->dtw && stored_value->dtc == derived->dtc));
            if (!same) {
                ++failed;
                ok = false;
                if (failures.size() < 20)
                    failures.push_back({write_fen(p), value_text(*stored_value, distances),
                                        value_text(*derived, distances)});
            }
        }
    }
    // 4. The rules tables' sampled entries, from the values under the rules of their moves.
    // (Without a manifest the rule set of the rules tables is unknown: they are not sampled.)
    RulesSamples rules_samples;
    const RuleSet* set =
        manifest.is_null() ? nullptr : find_rule_set<V>(compress::manifest_rule_set(manifest));
    if (set) rules_samples = verify_rules_samples<V>(store, *set, rules_tables, o.samples, rng);
    if (rules_samples.failed) ok = false;
    nlohmann::ordered_json j = {{"variant", std::string(V::name)}, {"dir", o.dir}};
    std::uint64_t bad_tables = 0;
    nlohmann::ordered_json tj = nlohmann::ordered_json::array();
    for (const auto& t : tables) {
        bad_tables += !t.error.empty();
        nlohmann::ordered_json e = {{"file", t.file}, {"ok", t.error.empty()}};
        if (!t.error.empty()) {
            e["error"] = t.error;
            e["message"] = t.message;
        }
        tj.push_back(e);
    }
    if (files.empty()) ok = false;
    j["tables_checked"] = files.size();
    j["tables_failed"] = bad_tables - listing_problems;
    j["listing_problems"] = listing_problems;
    j["tables"] = tj;
    nlohmann::ordered_json fj = nlohmann::ordered_json::array();
    for (const auto& f : failures)
        fj.push_back({{"fen", f.fen}, {"stored", f.stored}, {"derived", f.derived}});
    j["samples"] = {
        {"checked", checked}, {"failed", failed}, {"unavailable", unavailable}, {"failures", fj}};
    j["rules_samples"] = rules_samples_json(rules_samples);
    j["ok"] = ok;
    return j;
}

// The manifest of a directory written by dtb gen (null when it has none and the variant is
// named) and the variant of its tables.
std::pair<nlohmann::ordered_json, VariantId> directory_manifest(const VerifyOptions& o) {
    const fs::path dir(o.dir);
    if (!fs::is_directory(dir)) throw UsageError("directory", o.dir + ": no such directory");
    try {
        if (!o.variant.empty() && !fs::exists(compress::manifest_path(dir)))
            return {nullptr, variant_from_name(o.variant).id};
        auto manifest = compress::read_manifest(dir);
        const VariantId held = compress::manifest_variant(manifest, dir);
        if (!o.variant.empty() && variant_from_name(o.variant).id != held)
            throw UsageError("variant", o.dir + " holds " + std::string(variant_name(held)) +
                                            " tables (manifest.json), not " + o.variant);
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
        "lost one with DTW one less, ...), and a sample of each rules table's entries from the\n"
        "values under the counters their moves lead to, at counters that leave exactly the\n"
        "entry's budget and one ply less. Exit code 0 only if everything holds, 1 otherwise.\n"
        "Examples:\n"
        "  dtb verify tables/russian\n"
        "  dtb verify tables/russian --samples 1000 --json");
    cmd->add_option("dir", o->dir, "Directory written by dtb gen")->required();
    cmd->add_option("--samples", o->samples, "Positions re-derived per material (default 200)")
        ->check(CLI::Range(0, 100000000));
    cmd->add_option("--seed", o->seed, "Seed of the random sample (default 1)");
    cmd->add_option("--variant", o->variant,
                    "The tables' variant, for a directory without manifest.json (then the "
                    "list of tables and the rules tables' values are not checked)");
    cmd->add_flag(
        "--json", o->json,
        "Print JSON: {variant, dir, tables_checked, tables_failed, tables: [{file, ok, "
        "error, message}], samples: {checked, failed, unavailable, failures}, rules_samples: "
        "{checked, failed, unavailable, failures}, ok}");
    cmd->callback([o] {
        const auto held = directory_manifest(*o);
        const nlohmann::ordered_json& manifest = held.first;
        const VariantId variant = held.second;
        bool ok = true;
        const auto j =
            dispatch(variant, [&](auto v) { return run<decltype(v)>(*o, variant, manifest, ok); });
        if (o->json) {
            std::cout << j.dump(2) << "\n";
        } else {
            for (const auto& t : j["tables"])
                if (!t["ok"].get<bool>())
                    std::cout << "FAILED " << t["message"].get<std::string>() << " ("
                              << t["error"].get<std::string>() << ")\n";
            const auto& s = j["samples"];
            for (const auto& f : s["failures"])
                std::cout << "WRONG " << f["fen"].get<std::string>() << ": stored "
                          << f["stored"].get<std::string>() << ", by its moves "
                          << f["derived"].get<std::string>() << "\n";
            const auto& r = j["rules_samples"];
            for (const auto& f : r["failures"])
                std::cout << "WRONG under the counters " << f["fen"].get<std::string>() << " at "
                          << f["counters"].get<std::string>() << ": stored "
                          << f["stored"].get<std::string>() << ", by its moves "
                          << f["derived"].get<std::string>() << "\n";
            std::cout << j["variant"].get<std::string>() << " " << o->dir << ": "
                      << j["tables_checked"] << " tables, " << j["tables_failed"] << " damaged";
            if (const auto n = j["listing_problems"].get<std::uint64_t>())
                std::cout << ", " << n << " differing from manifest.json (missing, not listed "
                          << "or of another size)";
            std::cout << "; " << s["checked"] << " sampled values re-derived, " << s["failed"]
                      << " wrong; " << r["checked"] << " under the counters, " << r["failed"]
                      << " wrong";
            if (s["unavailable"].get<std::uint64_t>())
                std::cout << ", " << s["unavailable"]
                          << " not checkable (a table they need is missing or damaged)";
            std::cout << (ok ? "; OK\n" : "; FAILED\n");
        }
        if (!ok) throw ReportedFailure("verify: " + o->dir + " does not hold (see above)");
    });
}

}  // namespace dtb::cli
