#include "dtb/compress/table_dir.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <vector>

#include "dtb/compress/table_reader.hpp"

namespace dtb::compress {

const char* old_kind_name(ValueKind k) {
    switch (k) {
        case ValueKind::counters:
            return "rules";
        case ValueKind::counters_idle:
            return "rules-idle";
        case ValueKind::counters_steps:
            return "rules-steps";
        case ValueKind::counters_idle_steps:
            return "rules-idle-steps";
        default:
            return to_string(k);
    }
}

std::string table_file_name(const Material& m, ValueKind k, int format_version) {
    std::string name = m.name();
    name += '.';
    name += format_version < kCountersNamedFrom ? old_kind_name(k) : to_string(k);
    name += ".dtb";
    return name;
}

std::optional<TableName> parse_table_file_name(std::string_view file_name) {
    constexpr std::string_view suffix = ".dtb";
    if (file_name.size() <= suffix.size() || !file_name.ends_with(suffix)) return std::nullopt;
    file_name.remove_suffix(suffix.size());
    const auto dot = file_name.rfind('.');
    if (dot == std::string_view::npos) return std::nullopt;
    const auto m = Material::parse(file_name.substr(0, dot));
    if (!m) return std::nullopt;
    const auto kind = file_name.substr(dot + 1);
    for (const ValueKind k : kEveryKind)
        if (kind == to_string(k) || kind == old_kind_name(k)) return TableName{*m, k};
    return std::nullopt;
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
                                            const Manifest& manifest) {
    namespace fs = std::filesystem;
    // File name -> the size the manifest records (nullopt: listed without one).
    std::map<std::string, std::optional<std::uint64_t>> listed;
    for (const ManifestEntry& e : manifest.slices) {
        for (const std::string& f : e.tables) listed.try_emplace(f);
        for (const KindBytes* bytes : {&e.table_bytes, &e.counters_table_bytes})
            for (const auto& [k, n] : *bytes)
                listed[table_file_name(e.material, k, manifest.format_version)] = n;
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

}  // namespace dtb::compress
