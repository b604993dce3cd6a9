#include "dtb/compress/table_dir.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <memory>
#include <set>
#include <vector>

#include "dtb/compress/table_reader.hpp"
#include "dtb/compress/table_writer.hpp"

namespace dtb::compress {

std::string table_file_name(const Material& m, ValueKind k) {
    return m.name() + "." + to_string(k) + ".dtb";
}

std::optional<TableName> parse_table_file_name(std::string_view file_name) {
    constexpr std::string_view suffix = ".dtb";
    if (file_name.size() <= suffix.size() || !file_name.ends_with(suffix)) return std::nullopt;
    file_name.remove_suffix(suffix.size());
    const auto dot = file_name.rfind('.');
    if (dot == std::string_view::npos) return std::nullopt;
    const auto m = Material::parse(file_name.substr(0, dot));
    if (!m) return std::nullopt;
    for (const ValueKind k : kEveryKind)
        if (file_name.substr(dot + 1) == to_string(k)) return TableName{*m, k};
    return std::nullopt;
}

namespace {

nlohmann::ordered_json side_json(const SideSummary& s) {
    return {{"side_to_move", s.side == Color::white ? "white" : "black"},
            {"positions", s.positions},
            {"wins", s.wins},
            {"draws", s.draws},
            {"losses", s.losses},
            {"max_dtw", s.max_dtw},
            {"max_dtw_fen", s.max_dtw_fen},
            {"max_dtc", s.max_dtc},
            {"max_dtc_fen", s.max_dtc_fen}};
}

}  // namespace

std::filesystem::path manifest_path(const std::filesystem::path& dir) {
    return dir / "manifest.json";
}

nlohmann::ordered_json slice_entry(const Material& m, const std::array<SideSummary, 2>& sides) {
    nlohmann::ordered_json tables = nlohmann::ordered_json::array();
    for (const auto k : kValueKinds) tables.push_back(table_file_name(m, k));
    return {{"material", m.name()},
            {"tables", tables},
            {"white_men", m.white_men},
            {"white_kings", m.white_kings},
            {"black_men", m.black_men},
            {"black_kings", m.black_kings},
            {"sides", {side_json(sides[0]), side_json(sides[1])}}};
}

bool entry_describes(const nlohmann::ordered_json& entry, std::uint64_t index_size) {
    static const char* const kStats[] = {"positions", "wins",    "draws",       "losses",
                                         "max_dtw",   "max_dtc", "max_dtw_fen", "max_dtc_fen"};
    try {
        const auto& sides = entry.at("sides");
        if (!sides.is_array() || sides.size() != 2) return false;
        for (const auto& side : sides) {
            for (const char* key : kStats)
                if (!side.contains(key)) return false;
            const auto wins = side.at("wins").get<std::uint64_t>();
            const auto draws = side.at("draws").get<std::uint64_t>();
            const auto losses = side.at("losses").get<std::uint64_t>();
            const auto positions = side.at("positions").get<std::uint64_t>();
            if (positions > index_size || wins + draws + losses != positions) return false;
        }
        return entry.at("tables").is_array();
    } catch (const nlohmann::json::exception&) {
        return false;
    }
}

void describe_tables(nlohmann::ordered_json& entry, const std::filesystem::path& dir,
                     VariantId variant, const Material& m) {
    nlohmann::ordered_json bytes;
    nlohmann::ordered_json tables = nlohmann::ordered_json::array();
    std::optional<Compression> common;
    bool unknown = false, custom = false, mixed = false, one_ply = false;
    for (const auto k : kValueKinds) {
        const auto path = dir / table_file_name(m, k);
        std::error_code ec;
        if (k != ValueKind::wdl && !std::filesystem::exists(path, ec)) continue;  // WDL alone
        std::unique_ptr<TableReader> t;
        std::string message;
        if (TableReader::open(path, {variant, m, k}, t, message) != ErrorCode::ok)
            throw TableError(message);
        tables.push_back(table_file_name(m, k));
        bytes[to_string(k)] = t->file_size();
        one_ply |= t->form() == TableForm::one_ply;
        const auto c = compression_of(k, t->zstd_level());
        unknown |= t->zstd_level() == 0;
        custom |= !c;
        mixed |= common && c && *c != *common;
        if (c) common = c;
    }
    entry["tables"] = tables;
    entry["table_bytes"] = bytes;
    entry["compression"] = unknown  ? "unknown"
                           : custom ? "custom"
                           : mixed  ? "mixed"
                                    : to_string(*common);
    if (one_ply)
        entry["wdl_one_ply"] = true;
    else
        entry.erase("wdl_one_ply");
}

void describe_rules_tables(nlohmann::ordered_json& entry, const std::filesystem::path& dir,
                           const Material& m) {
    nlohmann::ordered_json bytes;
    for (const ValueKind k : kRulesFileKinds) {
        const auto path = dir / table_file_name(m, k);
        std::error_code ec;
        const auto size = std::filesystem::file_size(path, ec);
        if (!ec) bytes[to_string(k)] = size;
    }
    if (bytes.empty())
        entry.erase("rules_table_bytes");
    else
        entry["rules_table_bytes"] = bytes;
}

// The counter rules of the rules tables: the rule set's name and each rule's name and
// article, or null.
static nlohmann::ordered_json counters_json(const RuleSet* set) {
    if (!set) return nullptr;
    auto rules = nlohmann::ordered_json::array();
    for (const CounterRule& r : set->list())
        rules.push_back({{"name", std::string(r.name)}, {"article", std::string(r.article)}});
    return {{"rule_set", std::string(set->name)},
            {"revision", set->revision},
            {"summary", std::string(set->summary)},
            {"rules", rules},
            {"values", "rules tables: WDL and the plies the binding counter must leave"}};
}

std::string manifest_rule_set(const nlohmann::ordered_json& manifest) {
    const auto it = manifest.find("counters");
    if (it == manifest.end() || !it->is_object()) return "";
    const auto name = it->find("rule_set");
    return name != it->end() && name->is_string() ? name->get<std::string>() : "";
}

int manifest_rule_set_revision(const nlohmann::ordered_json& manifest) {
    const auto it = manifest.find("counters");
    if (it == manifest.end() || !it->is_object()) return 1;
    const auto r = it->find("revision");
    return r != it->end() && r->is_number_integer() ? r->get<int>() : 1;  // before revisions
}

std::string stale_rules_reason(const nlohmann::ordered_json& manifest, VariantId variant) {
    const std::string name = manifest_rule_set(manifest);
    if (name.empty()) return "";
    return dispatch(variant, [&](auto v) -> std::string {
        using V = decltype(v);
        const RuleSet* set = find_rule_set<V>(name);
        const int held = manifest_rule_set_revision(manifest);
        if (!set || held == set->revision) return "";
        return "its rules tables follow revision " + std::to_string(held) + " of " +
               std::string(V::name) + " rule set " + name + ", and this dtb reads revision " +
               std::to_string(set->revision) +
               " (docs/variants.md#how-the-counters-combine): generate them again (dtb gen " +
               std::string(V::name) + " --out ANOTHER_DIR, or remove the directory first)";
    });
}

void write_manifest(const std::filesystem::path& dir, VariantId variant, int max_pieces,
                    const std::map<std::string, nlohmann::ordered_json>& by_name,
                    const RuleSet* counters) {
    std::vector<nlohmann::ordered_json> slices;
    for (const auto& m : materials_up_to(8))
        if (const auto it = by_name.find(m.name()); it != by_name.end())
            slices.push_back(it->second);
    const nlohmann::ordered_json j = dispatch(variant, [&](auto v) -> nlohmann::ordered_json {
        using V = decltype(v);
        using G = typename V::board;
        return {{"format", "dtb-tables"},
                {"format_version", kTableFormatVersion},
                {"variant", std::string(V::name)},
                {"variant_id", static_cast<int>(variant)},
                {"pdn_gametype", V::pdn_gametype},
                {"rules",
                 {{"board", std::to_string(G::files) + "x" + std::to_string(G::ranks)},
                  {"squares", G::squares},
                  {"goal", V::goal == Goal::giveaway ? "giveaway" : "normal"},
                  {"values",
                   "WDL (pure game value), DTW and DTC in plies, no draw counters; the values "
                   "under them in the rules tables (see counters)"}}},
                {"counters", counters_json(counters)},
                {"max_pieces", max_pieces},
                {"slice_count", slices.size()},
                {"slices", slices}};
    });
    write_json_file(manifest_path(dir), j);
}

nlohmann::ordered_json read_manifest(const std::filesystem::path& dir) {
    const auto path = manifest_path(dir);
    std::ifstream in(path);
    if (!in)
        throw TableError(path.string() + ": no manifest (is this a directory written by dtb gen?)");
    try {
        return nlohmann::ordered_json::parse(in);
    } catch (const nlohmann::json::exception& e) {
        throw TableError(path.string() + ": not valid JSON: " + e.what());
    }
}

VariantId manifest_variant(const nlohmann::ordered_json& manifest,
                           const std::filesystem::path& dir) {
    const auto path = manifest_path(dir).string();
    const auto it = manifest.find("variant");
    if (it == manifest.end() || !it->is_string())
        throw TableError(path + " has no \"variant\" string");
    const auto name = it->get<std::string>();
    const auto v = find_variant(name);
    if (!v) throw TableError(path + ": unknown variant '" + name + "'");
    return v->id;
}

std::optional<VariantId> table_file_variant(const std::filesystem::path& path) {
    unsigned char bytes[sizeof(TableHeader)];
    std::ifstream in(path, std::ios::binary);
    if (!in.read(reinterpret_cast<char*>(bytes), sizeof bytes)) return std::nullopt;
    TableHeader h;
    decode_header(bytes, h);
    if (std::memcmp(h.magic, kTableMagic, sizeof kTableMagic) != 0 || h.variant >= kVariantCount)
        return std::nullopt;
    return VariantId(h.variant);
}

std::optional<std::string> directory_conflict(const std::filesystem::path& dir, VariantId variant,
                                              std::string_view rule_set) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return std::nullopt;
    const std::string wanted(variant_name(variant));
    const std::string d = dir.string();
    auto another_variant = [&](VariantId held, const std::string& source) {
        return d + " holds " + std::string(variant_name(held)) + " tables (" + source + "), not " +
               wanted + " ones: a directory holds one variant's tables. Give " +
               "dtb gen another --out, or remove " + d + " first";
    };
    if (fs::exists(manifest_path(dir), ec)) {
        nlohmann::ordered_json m;
        try {
            m = read_manifest(dir);
        } catch (const TableError&) {
            return std::nullopt;  // unreadable: the run rebuilds it from the tables
        }
        const auto it = m.find("variant");
        if (it != m.end() && it->is_string()) {
            const auto held = find_variant(it->get<std::string>());
            if (!held)
                return d + ": its manifest names the unknown variant '" + it->get<std::string>() +
                       "'. Give dtb gen another --out, or remove " + d + " first";
            if (held->id != variant) return another_variant(held->id, "its manifest.json");
        }
        if (const std::string stale = stale_rules_reason(m, variant); !stale.empty())
            return d + ": " + stale;
        const std::string held_rules = manifest_rule_set(m);
        if (!held_rules.empty() && !rule_set.empty() && held_rules != rule_set)
            return d + " holds the rules tables of rule set " + held_rules + ", not " +
                   std::string(rule_set) + ": a directory holds one rule set's. Give --rules " +
                   held_rules + " (or --no-rules) to complete it, or another --out";
        return std::nullopt;
    }
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        if (!compress::parse_table_file_name(e.path().filename().string())) continue;
        if (const auto held = table_file_variant(e.path()); held && *held != variant)
            return another_variant(*held, e.path().filename().string() + " says so");
    }
    return std::nullopt;
}

std::string entry_text(const nlohmann::ordered_json& entry) { return entry.dump(); }

nlohmann::ordered_json entry_of_text(std::string_view text) {
    try {
        return nlohmann::ordered_json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw TableError(std::string("a manifest entry that is not JSON: ") + e.what());
    }
}

std::map<std::string, nlohmann::ordered_json> read_manifest_slices(
    const std::filesystem::path& dir) {
    std::map<std::string, nlohmann::ordered_json> out;
    std::ifstream in(manifest_path(dir));
    if (!in) return out;
    try {
        const auto j = nlohmann::ordered_json::parse(in);
        for (const auto& s : j.at("slices")) out[s.at("material").get<std::string>()] = s;
    } catch (const std::exception&) {
        out.clear();
    }
    return out;
}

const char* to_string(ListingProblem::Kind k) {
    switch (k) {
        case ListingProblem::Kind::missing:
            return "missing";
        case ListingProblem::Kind::unlisted:
            return "not in the manifest";
        case ListingProblem::Kind::size:
            return "size";
    }
    return "?";
}

std::vector<ListingProblem> compare_listing(const std::filesystem::path& dir,
                                            const nlohmann::ordered_json& manifest) {
    namespace fs = std::filesystem;
    const auto it = manifest.find("slices");
    if (it == manifest.end() || !it->is_array())
        throw TableError(manifest_path(dir).string() + ": no list of slices");
    // File name -> the size the manifest records (nullopt: listed without one).
    std::map<std::string, std::optional<std::uint64_t>> listed;
    for (const auto& slice : *it) {
        if (!slice.is_object()) continue;
        const auto m = Material::parse(slice.value("material", std::string()));
        if (const auto t = slice.find("tables"); t != slice.end() && t->is_array())
            for (const auto& f : *t)
                if (f.is_string()) listed.try_emplace(f.get<std::string>());
        for (const char* key : {"table_bytes", "rules_table_bytes"}) {
            const auto b = slice.find(key);
            if (!m || b == slice.end() || !b->is_object()) continue;
            for (const auto& [kind, bytes] : b->items())
                for (const ValueKind k : kEveryKind)
                    if (kind == to_string(k) && bytes.is_number_unsigned())
                        listed[table_file_name(*m, k)] = bytes.get<std::uint64_t>();
        }
    }
    std::vector<ListingProblem> out;
    std::set<std::string> present;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string name = e.path().filename().string();
        if (!parse_table_file_name(name)) continue;
        present.insert(name);
        const auto l = listed.find(name);
        if (l == listed.end()) {
            out.push_back({ListingProblem::Kind::unlisted, name,
                           e.path().string() + ": a table manifest.json does not list"});
            continue;
        }
        const auto size = fs::file_size(e.path(), ec);
        if (l->second && !ec && size != *l->second)
            out.push_back({ListingProblem::Kind::size, name,
                           e.path().string() + ": " + std::to_string(size) +
                               " bytes, manifest.json says " + std::to_string(*l->second)});
    }
    for (const auto& [name, size] : listed)
        if (!present.count(name))
            out.push_back(
                {ListingProblem::Kind::missing, name,
                 (dir / name).string() + ": listed in manifest.json, not in the directory"});
    std::sort(out.begin(), out.end(),
              [](const ListingProblem& a, const ListingProblem& b) { return a.file < b.file; });
    return out;
}

void write_json_file(const std::filesystem::path& path, const nlohmann::ordered_json& j) {
    const auto tmp = path.string() + ".tmp";
    {
        std::ofstream out(tmp);
        out << j.dump(2) << "\n";
        out.flush();
        if (!out) throw TableError("cannot write " + tmp);
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw TableError("cannot rename " + tmp + ": " + ec.message());
}

}  // namespace dtb::compress
