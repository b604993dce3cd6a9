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
#include <regex>
#include <string>
#include <vector>

#include "cli.hpp"
#include "dtb/compress/table_reader.hpp"
#include "dtb/core/flip.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/recompute.hpp"
#include "dtb/gen/manifest.hpp"
#include "dtb/gen/successor_value.hpp"

namespace dtb::cli {

namespace {

namespace fs = std::filesystem;
using compress::ErrorCode;
using compress::TableReader;
using compress::ValueKind;

struct VerifyOptions {
    std::string dir;
    int samples = 200;
    std::uint64_t seed = 1;
    bool json = false;
};

struct TableResult {
    std::string file;
    ErrorCode code = ErrorCode::ok;
    std::string message;
};

struct SampleFailure {
    std::string fen, stored, derived;
};

std::string value_text(const Value& v) {
    std::string s = to_string(v.wdl);
    if (v.wdl == Wdl::win || v.wdl == Wdl::loss)
        s += " dtw " + std::to_string(v.dtw) + " dtc " + std::to_string(v.dtc);
    return s;
}

// The tables of the directory, opened on first use, with the last few decoded blocks kept
// (a successor is usually near its predecessor's block mates in the index, and the same
// tables are hit again and again).
template <class V>
class TableSet {
  public:
    TableSet(fs::path dir, std::uint8_t variant) : dir_(std::move(dir)), variant_(variant) {}

    // The stored value of White-to-move index entry i of m (nullopt: a table is missing or
    // damaged). Don't-care entries come back as stored.
    std::optional<Value> stored(const Material& m, std::uint64_t i) {
        Value v;
        for (const ValueKind k : {ValueKind::wdl, ValueKind::dtw, ValueKind::dtc}) {
            const TableReader* r = reader(m, k);
            if (!r) return std::nullopt;
            const std::uint64_t b = i / r->block_positions();
            auto& block = cache_[{r, b}];
            if (block.empty()) {
                if (cache_.size() > 512) {
                    cache_.clear();
                    return stored(m, i);
                }
                block.resize(r->block_entries(b));
                std::string message;
                if (r->decode_block(b, ctx_, block.data(), message) != ErrorCode::ok) {
                    cache_.erase({r, b});
                    return std::nullopt;
                }
            }
            const std::uint16_t x = block[i - b * r->block_positions()];
            if (k == ValueKind::wdl) {
                v.wdl = Wdl(x);
            } else if (v.wdl == Wdl::win || v.wdl == Wdl::loss) {
                (k == ValueKind::dtw ? v.dtw : v.dtc) = x;
            }
        }
        return v;
    }

    // The value of any position, from the tables: Black to move through the flipped
    // material, a position the tables do not store (core/recompute.hpp) from its successors.
    std::optional<Value> probe(const Position<V>& p) {
        if (p.side == Color::black) return probe(Flip<V>::apply(p));
        if (const Recompute r = recompute_kind(p); r != Recompute::no)
            return gen::value_from_successors(
                p, [&](const Position<V>& q) { return probe(q); }, r == Recompute::captures);
        const Material m = material_of(p);
        const auto v = stored(m, Index<V>(m).rank(p));
        if (v && v->wdl == Wdl::unknown) return std::nullopt;
        return v;
    }

  private:
    const TableReader* reader(const Material& m, ValueKind k) {
        const auto key = std::make_pair(m, k);
        if (const auto it = readers_.find(key); it != readers_.end()) return it->second.get();
        std::unique_ptr<TableReader> r;
        std::string message;
        TableReader::open(dir_ / compress::table_file_name(m, k), {variant_, m, k}, r, message);
        return (readers_[key] = std::move(r)).get();
    }

    fs::path dir_;
    std::uint8_t variant_;
    compress::DecodeContext ctx_;
    std::map<std::pair<Material, ValueKind>, std::unique_ptr<TableReader>> readers_;
    std::map<std::pair<const TableReader*, std::uint64_t>, std::vector<std::uint16_t>> cache_;
};

template <class V>
nlohmann::ordered_json run(const VerifyOptions& o, const VariantName& name, bool& ok) {
    const fs::path dir(o.dir);
    const auto variant = std::uint8_t(name.id);
    // 1. Every table file: header, index, every block and the whole-file checksum.
    static const std::regex file_re(R"(([KM]+v[KM]+)\.(wdl|dtw|dtc)\.dtb)");
    std::vector<TableResult> tables;
    std::map<Material, int> complete;  // materials whose three tables all check
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().extension() == ".dtb") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    compress::DecodeContext ctx;
    for (const auto& path : files) {
        TableResult r{path.filename().string(), ErrorCode::ok, ""};
        std::smatch match;
        const std::string fname = r.file;
        const auto m = std::regex_match(fname, match, file_re) ? Material::parse(match[1].str())
                                                               : std::nullopt;
        if (!m) {
            r.code = ErrorCode::mismatch;
            r.message = r.file + ": not a table name (MATERIAL.KIND.dtb, e.g. KKMvK.wdl.dtb)";
        } else {
            const std::string kind = match[2].str();
            const ValueKind k = kind == "wdl"   ? ValueKind::wdl
                                : kind == "dtw" ? ValueKind::dtw
                                                : ValueKind::dtc;
            std::unique_ptr<TableReader> reader;
            r.code = TableReader::open(path, {variant, *m, k}, reader, r.message);
            if (r.code == ErrorCode::ok) r.code = reader->verify(ctx, r.message);
            if (r.code == ErrorCode::ok) ++complete[*m];
        }
        if (r.code != ErrorCode::ok) ok = false;
        tables.push_back(std::move(r));
    }
    // 2. Values re-derived from their successors, on random White-to-move positions the
    //    tables store (the others are don't-care in them).
    TableSet<V> set(dir, variant);
    std::mt19937_64 rng(o.seed);
    std::uint64_t checked = 0, unavailable = 0;
    std::vector<SampleFailure> failures;
    std::uint64_t failed = 0;
    for (const auto& [m, count] : complete) {
        if (count != 3) continue;
        const Index<V> idx(m);
        std::uniform_int_distribution<std::uint64_t> pick(0, idx.size() - 1);
        for (int s = 0, tries = 0; s < o.samples && tries < 20 * o.samples; ++tries) {
            const std::uint64_t i = pick(rng);
            Position<V> p;
            if (!idx.unrank(i, Color::white, p) || recompute_kind(p) != Recompute::no) continue;
            ++s;
            const auto stored = set.stored(m, i);
            const auto derived =
                gen::value_from_successors(p, [&](const Position<V>& q) { return set.probe(q); });
            if (!stored || !derived) {
                ++unavailable;  // a successor's material is missing or damaged (reported above)
                continue;
            }
            ++checked;
            const bool same = stored->wdl == derived->wdl &&
                              (stored->wdl == Wdl::draw ||
                               (stored->dtw == derived->dtw && stored->dtc == derived->dtc));
            if (!same) {
                ++failed;
                ok = false;
                if (failures.size() < 20)
                    failures.push_back({write_fen(p), value_text(*stored), value_text(*derived)});
            }
        }
    }
    nlohmann::ordered_json j = {{"variant", std::string(name.name)}, {"dir", o.dir}};
    std::uint64_t bad_tables = 0;
    nlohmann::ordered_json tj = nlohmann::ordered_json::array();
    for (const auto& t : tables) {
        bad_tables += t.code != ErrorCode::ok;
        nlohmann::ordered_json e = {{"file", t.file}, {"ok", t.code == ErrorCode::ok}};
        if (t.code != ErrorCode::ok) {
            e["error"] = compress::to_string(t.code);
            e["message"] = t.message;
        }
        tj.push_back(e);
    }
    if (tables.empty()) ok = false;
    j["tables_checked"] = tables.size();
    j["tables_failed"] = bad_tables;
    j["tables"] = tj;
    nlohmann::ordered_json fj = nlohmann::ordered_json::array();
    for (const auto& f : failures)
        fj.push_back({{"fen", f.fen}, {"stored", f.stored}, {"derived", f.derived}});
    j["samples"] = {
        {"checked", checked}, {"failed", failed}, {"unavailable", unavailable}, {"failures", fj}};
    j["ok"] = ok;
    return j;
}

// The variant of a directory written by dtb gen, from its manifest.
VariantName directory_variant(const fs::path& dir) {
    if (!fs::is_directory(dir)) throw UsageError(dir.string() + ": no such directory");
    nlohmann::ordered_json m;
    try {
        m = gen::read_manifest(dir);
    } catch (const compress::TableError& e) {
        throw UsageError(e.what());
    }
    try {
        return variant_from_name(m.at("variant").get<std::string>());
    } catch (const nlohmann::json::exception& e) {
        throw UsageError((dir / "manifest.json").string() +
                         ": cannot read the variant: " + e.what());
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
        "lost one with DTW one less, ...). Exit code 0 only if everything holds, 1 otherwise.\n"
        "Examples:\n"
        "  dtb verify tables/russian\n"
        "  dtb verify tables/russian --samples 1000 --json");
    cmd->add_option("dir", o->dir, "Directory written by dtb gen")->required();
    cmd->add_option("--samples", o->samples, "Positions re-derived per material (default 200)")
        ->check(CLI::Range(0, 100000000));
    cmd->add_option("--seed", o->seed, "Seed of the random sample (default 1)");
    cmd->add_flag("--json", o->json,
                  "Print JSON: {variant, dir, tables_checked, tables_failed, tables: [{file, ok, "
                  "error, message}], samples: {checked, failed, unavailable, failures}, ok}");
    cmd->callback([o] {
        const auto name = directory_variant(o->dir);
        bool ok = true;
        const auto j = dispatch(name.id, [&](auto v) { return run<decltype(v)>(*o, name, ok); });
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
            std::cout << j["variant"].get<std::string>() << " " << o->dir << ": "
                      << j["tables_checked"] << " tables, " << j["tables_failed"] << " damaged; "
                      << s["checked"] << " sampled values re-derived, " << s["failed"] << " wrong";
            if (s["unavailable"].get<std::uint64_t>())
                std::cout << ", " << s["unavailable"]
                          << " not checkable (a table they need is missing or damaged)";
            std::cout << (ok ? "; OK\n" : "; FAILED\n");
        }
        if (!ok) throw std::runtime_error("verify: " + o->dir + " does not hold (see above)");
    });
}

}  // namespace dtb::cli
