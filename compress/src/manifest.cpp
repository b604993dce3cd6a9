#include "dtb/compress/manifest.hpp"

#include <climits>
#include <cstdint>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>

#include "dtb/compress/durable_file.hpp"
#include "dtb/compress/table_dir.hpp"
#include "dtb/compress/table_reader.hpp"
#include "dtb/compress/table_writer.hpp"

namespace dtb::compress {

namespace {

using Json = nlohmann::ordered_json;

// What a manifest says wrong, for the TableError of whoever reads it.
[[noreturn]] void refuse(const std::string& what) { throw TableError(what); }

const Json& member(const Json& j, const char* key, const std::string& where) {
    if (!j.is_object()) refuse(where + " is not an object");
    const auto it = j.find(key);
    if (it == j.end()) refuse(where + " has no \"" + key + "\"");
    return *it;
}
std::string string_at(const Json& j, const char* key, const std::string& where) {
    const Json& v = member(j, key, where);
    if (!v.is_string()) refuse(where + ": \"" + key + "\" is not a string");
    return v.get<std::string>();
}
std::uint64_t count_at(const Json& j, const char* key, const std::string& where) {
    const Json& v = member(j, key, where);
    if (!v.is_number_unsigned()) refuse(where + ": \"" + key + "\" is not a count");
    return v.get<std::uint64_t>();
}
int int_at(const Json& j, const char* key, const std::string& where) {
    const Json& v = member(j, key, where);
    if (!v.is_number_integer()) refuse(where + ": \"" + key + "\" is not an integer");
    // A number past int's range would be read as another: refused, not truncated.
    const auto x = v.get<std::int64_t>();
    if (v.is_number_unsigned() ? v.get<std::uint64_t>() > std::uint64_t(INT_MAX)
                               : x < INT_MIN || x > INT_MAX)
        refuse(where + ": \"" + key + "\" is out of range");
    return int(x);
}

Json side_json(const SideSummary& s) {
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

SideSummary side_of(const Json& j, const std::string& where) {
    SideSummary s;
    const std::string side = string_at(j, "side_to_move", where);
    if (side != "white" && side != "black") refuse(where + ": side_to_move '" + side + "'");
    s.side = side == "white" ? Color::white : Color::black;
    s.positions = count_at(j, "positions", where);
    s.wins = count_at(j, "wins", where);
    s.draws = count_at(j, "draws", where);
    s.losses = count_at(j, "losses", where);
    s.max_dtw = int_at(j, "max_dtw", where);
    s.max_dtw_fen = string_at(j, "max_dtw_fen", where);
    s.max_dtc = int_at(j, "max_dtc", where);
    s.max_dtc_fen = string_at(j, "max_dtc_fen", where);
    return s;
}

Json bytes_json(const KindBytes& bytes) {
    Json j = Json::object();
    for (const auto& [k, n] : bytes) j[to_string(k)] = n;
    return j;
}

// Of `kinds` only, in their order.
template <std::size_t N>
KindBytes bytes_of(const Json& j, const std::array<ValueKind, N>& kinds, const std::string& where) {
    if (!j.is_object()) refuse(where + " is not an object");
    KindBytes out;
    for (const ValueKind k : kinds)
        if (j.contains(to_string(k))) out.emplace_back(k, count_at(j, to_string(k), where));
    if (out.size() != j.size()) refuse(where + " names a kind of table that is not one of its");
    return out;
}

Json entry_json(const ManifestEntry& e) {
    const Material& m = e.material;
    Json j = {{"material", m.name()},
              {"tables", e.tables},
              {"white_men", m.white_men},
              {"white_kings", m.white_kings},
              {"black_men", m.black_men},
              {"black_kings", m.black_kings},
              {"sides", {side_json(e.sides[0]), side_json(e.sides[1])}}};
    if (e.tables_described()) {
        j["table_bytes"] = bytes_json(e.table_bytes);
        j["compression"] = e.compression;
    }
    if (!e.counters_table_bytes.empty())
        j["counters_table_bytes"] = bytes_json(e.counters_table_bytes);
    // Last: dtb pack adds it to entries dtb gen wrote with their counters' tables.
    if (e.wdl_one_ply) j["wdl_one_ply"] = true;
    return j;
}

ManifestEntry entry_of(const Json& j, const std::string& where) {
    const std::string name = string_at(j, "material", where);
    const auto m = Material::parse(name);
    if (!m) refuse(where + ": '" + name + "' is not a material");
    const std::string at = where + " " + name;
    const int counts[] = {int_at(j, "white_men", at), int_at(j, "white_kings", at),
                          int_at(j, "black_men", at), int_at(j, "black_kings", at)};
    if (counts[0] != m->white_men || counts[1] != m->white_kings || counts[2] != m->black_men ||
        counts[3] != m->black_kings)
        refuse(at + ": its piece counts are not its material's");
    const Json& sides = member(j, "sides", at);
    if (!sides.is_array() || sides.size() != 2) refuse(at + ": \"sides\" is not two sides");
    ManifestEntry e(*m, {side_of(sides[0], at + " sides[0]"), side_of(sides[1], at + " sides[1]")});
    const Json& tables = member(j, "tables", at);
    if (!tables.is_array()) refuse(at + ": \"tables\" is not a list");
    e.tables.clear();
    for (const Json& t : tables) {
        if (!t.is_string()) refuse(at + ": \"tables\" lists what is not a file name");
        e.tables.push_back(t.get<std::string>());
    }
    if (j.contains("table_bytes")) {
        e.table_bytes = bytes_of(j.at("table_bytes"), kValueKinds, at + " table_bytes");
        e.compression = string_at(j, "compression", at);
    }
    if (j.contains("wdl_one_ply")) {
        if (!j.at("wdl_one_ply").is_boolean()) refuse(at + ": \"wdl_one_ply\" is not true/false");
        e.wdl_one_ply = j.at("wdl_one_ply").get<bool>();
    }
    if (j.contains("counters_table_bytes"))
        e.counters_table_bytes = bytes_of(j.at("counters_table_bytes"), kCountersFileKinds,
                                          at + " counters_table_bytes");
    return e;
}

Json counters_json(const std::optional<ManifestCounters>& c) {
    if (!c) return nullptr;
    auto rules = Json::array();
    for (const auto& r : c->rules) rules.push_back({{"name", r.name}, {"article", r.article}});
    Json j = {{"counter_set", c->counter_set}};
    if (c->revision) j["revision"] = *c->revision;
    j["summary"] = c->summary;
    j["rules"] = rules;
    j["values"] = c->values;
    return j;
}

std::optional<ManifestCounters> counters_of(const Json& j, const std::string& where) {
    if (j.is_null()) return std::nullopt;
    ManifestCounters c;
    c.counter_set = string_at(j, "counter_set", where);
    if (j.contains("revision")) c.revision = int_at(j, "revision", where);
    c.summary = string_at(j, "summary", where);
    const Json& rules = member(j, "rules", where);
    if (!rules.is_array()) refuse(where + ": \"rules\" is not a list");
    for (const Json& r : rules)
        c.rules.push_back(
            {string_at(r, "name", where + " rule"), string_at(r, "article", where + " rule")});
    c.values = string_at(j, "values", where);
    return c;
}

// The variant's name, id, PDN game type and rules, as every manifest of it gives them.
Json variant_json(VariantId variant) {
    return dispatch(variant, [&](auto v) -> Json {
        using V = decltype(v);
        using G = typename V::board;
        return {{"variant", std::string(V::name)},
                {"variant_id", static_cast<int>(variant)},
                {"pdn_gametype", V::pdn_gametype},
                {"rules",
                 {{"board", std::to_string(G::files) + "x" + std::to_string(G::ranks)},
                  {"squares", G::squares},
                  {"goal", V::goal == Goal::giveaway ? "giveaway" : "normal"},
                  {"values",
                   "WDL (pure game value), DTW and DTC in plies, no draw counters; the values "
                   "under them in the counters' tables (see counters)"}}}};
    });
}

// A manifest of a format before kCountersNamedFrom in the current names (see there).
void rename_old_keys(Json& j) {
    const auto version = j.find("format_version");
    if (version == j.end() || !version->is_number_integer() ||
        version->get<int>() >= kCountersNamedFrom)
        return;
    const auto rename = [](Json& object, const char* old_key, const char* key) {
        if (!object.is_object() || !object.contains(old_key)) return;
        object[key] = std::move(object[old_key]);
        object.erase(old_key);
    };
    if (const auto c = j.find("counters"); c != j.end()) rename(*c, "rule_set", "counter_set");
    const auto slices = j.find("slices");
    if (slices == j.end() || !slices->is_array()) return;
    for (Json& s : *slices) {
        rename(s, "rules_table_bytes", "counters_table_bytes");
        if (!s.is_object() || !s.contains("counters_table_bytes")) continue;
        for (const ValueKind k : kCountersFileKinds)
            rename(s["counters_table_bytes"], old_kind_name(k), to_string(k));
    }
}

Json parse_file(const std::filesystem::path& dir) {
    const auto path = manifest_path(dir);
    std::ifstream in(path);
    if (!in) refuse(path.string() + ": no manifest (is this a directory written by dtb gen?)");
    Json j;
    try {
        j = Json::parse(in);
    } catch (const nlohmann::json::exception& e) {
        refuse(path.string() + ": not valid JSON: " + e.what());
    }
    if (j.is_object()) rename_old_keys(j);
    return j;
}

// The variant a parsed manifest names; throws naming the file.
VariantId variant_of(const Json& j, const std::string& path) {
    const auto it = j.is_object() ? j.find("variant") : j.end();
    if (it == j.end() || !it->is_string()) refuse(path + " has no \"variant\" string");
    const auto name = it->get<std::string>();
    const auto v = find_variant(name);
    if (!v) refuse(path + ": unknown variant '" + name + "'");
    return v->id;
}

// Writes j to path through a temporary file put in place durably (durable_file.hpp): a
// reader sees the old file or the new one, never a part, even after a crash.
void write_json_file(const std::filesystem::path& path, const Json& j) {
    const auto tmp = path.string() + ".tmp";
    {
        std::ofstream out(tmp);
        out << j.dump(2) << "\n";
        out.flush();
        if (!out) refuse("cannot write " + tmp);
    }
    durable_replace(tmp, path, "manifest");
}

}  // namespace

std::filesystem::path manifest_path(const std::filesystem::path& dir) {
    return dir / "manifest.json";
}

ManifestEntry::ManifestEntry(const Material& m, const std::array<SideSummary, 2>& s)
    : material(m), sides(s) {
    for (const auto k : kValueKinds) tables.push_back(table_file_name(m, k));
}

bool ManifestEntry::describes(std::uint64_t index_size) const {
    for (const SideSummary& s : sides)
        if (s.positions > index_size || s.wins + s.draws + s.losses != s.positions) return false;
    return true;
}

void ManifestEntry::describe_tables(const std::filesystem::path& dir, VariantId variant) {
    KindBytes bytes;
    std::vector<std::string> files;
    std::optional<Compression> common;
    bool unknown = false, custom = false, mixed = false, one_ply = false;
    for (const auto k : kValueKinds) {
        const auto path = dir / table_file_name(material, k);
        std::error_code ec;
        if (k != ValueKind::wdl && !std::filesystem::exists(path, ec)) continue;  // WDL alone
        std::unique_ptr<TableReader> t;
        std::string message;
        if (TableReader::open(path, {variant, material, k}, t, message) != ErrorCode::ok)
            throw TableError(message);
        files.push_back(table_file_name(material, k));
        bytes.emplace_back(k, t->file_size());
        one_ply |= t->form() == TableForm::one_ply;
        const auto c = compression_of(k, t->zstd_level());
        unknown |= t->zstd_level() == 0;
        custom |= !c;
        mixed |= common && c && *c != *common;
        if (c) common = c;
    }
    tables = std::move(files);
    table_bytes = std::move(bytes);
    compression = unknown ? "unknown" : custom ? "custom" : mixed ? "mixed" : to_string(*common);
    wdl_one_ply = one_ply;
}

void ManifestEntry::describe_counters_tables(const std::filesystem::path& dir) {
    counters_table_bytes.clear();
    for (const ValueKind k : kCountersFileKinds) {
        std::error_code ec;
        const auto size = std::filesystem::file_size(dir / table_file_name(material, k), ec);
        if (!ec) counters_table_bytes.emplace_back(k, size);
    }
}

std::string ManifestEntry::text() const { return entry_json(*this).dump(); }

ManifestEntry ManifestEntry::of_text(std::string_view text) {
    Json j;
    try {
        j = Json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        refuse(std::string("a manifest entry that is not JSON: ") + e.what());
    }
    return entry_of(j, "a manifest entry");
}

ManifestCounters::ManifestCounters(const CounterSet& set)
    : counter_set(set.name),
      revision(set.revision),
      summary(set.summary),
      values("counters' tables: WDL and the plies the binding counter must leave") {
    for (const CounterRule& r : set.list())
        rules.push_back({std::string(r.name), std::string(r.article)});
}

Manifest::Manifest(VariantId v, int pieces, const std::map<std::string, ManifestEntry>& by_name,
                   const CounterSet* set)
    : format_version(kDirectoryFormatVersion), variant(v), max_pieces(pieces) {
    if (set) counters.emplace(*set);
    for (const auto& m : materials_up_to(8))
        if (const auto it = by_name.find(m.name()); it != by_name.end())
            slices.push_back(it->second);
}

Manifest Manifest::read(const std::filesystem::path& dir) {
    const std::string path = manifest_path(dir).string();
    const Json j = parse_file(dir);
    Manifest out;
    out.variant = variant_of(j, path);
    if (string_at(j, "format", path) != "dtb-tables") refuse(path + ": not a dtb-tables manifest");
    out.format_version = int_at(j, "format_version", path);
    if (out.format_version > kDirectoryFormatVersion)
        refuse(path + ": format version " + std::to_string(out.format_version) +
               ", newer than this dtb reads (" + std::to_string(kDirectoryFormatVersion) +
               "): read it with a newer dtb");
    out.counters =
        j.contains("counters") ? counters_of(j.at("counters"), path + " counters") : std::nullopt;
    out.max_pieces = int_at(j, "max_pieces", path);
    const Json& slices = member(j, "slices", path);
    if (!slices.is_array()) refuse(path + ": \"slices\" is not a list");
    for (const Json& s : slices) out.slices.push_back(entry_of(s, path + ": slice"));
    return out;
}

void Manifest::write(const std::filesystem::path& dir) const {
    Json j = {{"format", "dtb-tables"}, {"format_version", format_version}};
    j.update(variant_json(variant));
    j["counters"] = counters_json(counters);
    j["max_pieces"] = max_pieces;
    j["slice_count"] = slices.size();
    auto list = Json::array();
    for (const ManifestEntry& e : slices) list.push_back(entry_json(e));
    j["slices"] = std::move(list);
    write_json_file(manifest_path(dir), j);
}

const ManifestEntry* Manifest::find(const Material& m) const {
    for (const ManifestEntry& e : slices)
        if (e.material == m) return &e;
    return nullptr;
}

std::string Manifest::counter_set() const { return counters ? counters->counter_set : ""; }

int Manifest::counter_set_revision() const {
    return counters && counters->revision ? *counters->revision : 1;  // before revisions
}

std::string Manifest::stale_counters_reason() const {
    const std::string name = counter_set();
    if (name.empty()) return "";
    return dispatch(variant, [&](auto v) -> std::string {
        using V = decltype(v);
        const CounterSet* set = find_counter_set<V>(name);
        const int held = counter_set_revision();
        if (!set || held == set->revision) return "";
        return "its counters' tables follow revision " + std::to_string(held) + " of " +
               std::string(V::name) + " counter set " + name + ", and this dtb reads revision " +
               std::to_string(set->revision) +
               " (docs/variants.md#how-the-counters-combine): generate them again (dtb gen " +
               std::string(V::name) + " --out ANOTHER_DIR, or remove the directory first)";
    });
}

std::map<std::string, ManifestEntry> read_manifest_entries(const std::filesystem::path& dir) {
    std::map<std::string, ManifestEntry> out;
    Json j;
    try {
        j = parse_file(dir);
    } catch (const TableError&) {
        return out;
    }
    const auto slices = j.is_object() ? j.find("slices") : j.end();
    if (slices == j.end() || !slices->is_array()) return out;
    for (const Json& s : *slices) try {
            ManifestEntry e = entry_of(s, "slice");
            out.emplace(e.material.name(), std::move(e));
        } catch (const TableError&) {
        }
    return out;
}

std::optional<std::string> directory_conflict(const std::filesystem::path& dir, VariantId variant,
                                              std::string_view counter_set) {
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
        Json j;
        try {
            j = parse_file(dir);
        } catch (const TableError&) {
            return std::nullopt;  // unreadable: the run rebuilds it from the tables
        }
        const auto it = j.is_object() ? j.find("variant") : j.end();
        if (it != j.end() && it->is_string()) {
            const auto held = find_variant(it->get<std::string>());
            if (!held)
                return d + ": its manifest names the unknown variant '" + it->get<std::string>() +
                       "'. Give dtb gen another --out, or remove " + d + " first";
            if (held->id != variant) return another_variant(held->id, "its manifest.json");
        }
        std::optional<ManifestCounters> counters;
        try {
            if (j.is_object() && j.contains("counters"))
                counters = counters_of(j.at("counters"), "counters");
        } catch (const TableError&) {
            return std::nullopt;  // as unreadable
        }
        Manifest held(variant, 0, {});
        held.counters = counters;
        const auto version = j.is_object() ? j.find("format_version") : j.end();
        if (counters && version != j.end() && version->is_number_integer() &&
            version->get<int>() < kCountersNamedFrom)
            return d + " was written by an earlier dtb, which named the counters' tables " +
                   "MATERIAL.rules.dtb: this one reads it but does not add to it. Give another " +
                   "--out";
        if (const std::string stale = held.stale_counters_reason(); !stale.empty())
            return d + ": " + stale;
        const std::string held_counters = held.counter_set();
        if (!held_counters.empty() && !counter_set.empty() && held_counters != counter_set)
            return d + " holds the counters' tables of counter set " + held_counters + ", not " +
                   std::string(counter_set) +
                   ": a directory holds one counter set's. Give --counters " + held_counters +
                   " (or --no-counters) to complete it, or another --out";
        return std::nullopt;
    }
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        if (!parse_table_file_name(e.path().filename().string())) continue;
        if (const auto held = table_file_variant(e.path()); held && *held != variant)
            return another_variant(*held, e.path().filename().string() + " says so");
    }
    return std::nullopt;
}

}  // namespace dtb::compress
