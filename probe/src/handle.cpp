#include "dtb/probe/handle.hpp"

#include <algorithm>
#include <system_error>

#include "dtb/compress/table_dir.hpp"

namespace dtb::probe {

namespace {

namespace fs = std::filesystem;

// The directories of a search path: "DIR1:DIR2:..." split at the colons, unless the whole
// text names a directory (a directory whose name holds a colon).
std::vector<fs::path> split_search_path(const std::string& text) {
    std::error_code ec;
    if (text.find(':') == std::string::npos || fs::is_directory(text, ec)) return {text};
    std::vector<fs::path> dirs;
    std::size_t start = 0;
    for (;;) {
        const auto colon = text.find(':', start);
        const std::string part =
            text.substr(start, colon == std::string::npos ? colon : colon - start);
        if (!part.empty()) dirs.emplace_back(part);
        if (colon == std::string::npos) return dirs;
        start = colon + 1;
    }
}

// What a directory's manifest says: its variant and the counter set of its counters' tables.
struct DirectoryLabel {
    VariantId variant;
    std::string counter_set;
    std::string stale;  // why its counters' tables must not be read, or ""
};

// dir's manifest's label; nullopt when it has no manifest; throws TableError for one that
// cannot be read or names no variant dtb knows.
std::optional<DirectoryLabel> directory_label(const fs::path& dir) {
    std::error_code ec;
    if (!fs::exists(compress::manifest_path(dir), ec)) return std::nullopt;
    const auto m = compress::Manifest::read(dir);
    return DirectoryLabel{m.variant, m.counter_set(), m.stale_counters_reason()};
}

// The tables the directories hold, by material: bit kind_index(k) for each kind k of table
// found in any of them.
std::map<Material, int> installed_tables(const std::vector<fs::path>& dirs) {
    std::map<Material, int> out;
    for (const auto& dir : dirs) {
        std::error_code ec;
        for (const auto& e : fs::directory_iterator(dir, ec))
            if (const auto t = compress::parse_table_file_name(e.path().filename().string()))
                out[t->material] |= 1 << kind_index(t->kind);
    }
    return out;
}

}  // namespace

Status Handle::open(const std::string& search_path, std::optional<std::string_view> variant,
                    std::size_t cache_bytes, std::unique_ptr<Handle>& out, std::string& message) {
    out.reset();
    const auto dirs = split_search_path(search_path);
    if (dirs.empty()) {
        message = "'" + search_path + "' names no directory";
        return Status::directory;
    }
    std::optional<VariantId> id;
    if (variant) {
        const auto v = find_variant(*variant);
        if (!v) {
            message = "unknown variant '" + std::string(*variant) + "'";
            return Status::variant;
        }
        id = v->id;
    }
    // Every directory holds the tables of one variant and the counters' tables of one counter set
    // (its manifest says which): all must agree, with each other and with `variant`.
    std::optional<DirectoryLabel> first;
    fs::path first_dir;
    std::string counter_set, stale;
    for (const auto& dir : dirs) {
        std::error_code ec;
        if (!fs::is_directory(dir, ec)) {
            message = dir.string() + " is not a directory";
            return Status::directory;
        }
        std::optional<DirectoryLabel> label;
        try {
            label = directory_label(dir);
        } catch (const compress::TableError& e) {
            if (variant) continue;  // named: a manifest that cannot be read is not needed
            message = e.what();
            return Status::directory;
        }
        if (!label) continue;
        const std::string held(dtb::variant_name(label->variant));
        if (id && *id != label->variant) {
            message = dir.string() + " holds " + held + " tables (manifest.json), not " +
                      (variant ? std::string(*variant)
                               : std::string(dtb::variant_name(*id)) + " as " + first_dir.string() +
                                     " does");
            return Status::variant;
        }
        id = label->variant;
        if (!first) first = label, first_dir = dir;
        if (!label->counter_set.empty() && !counter_set.empty() &&
            label->counter_set != counter_set) {
            message = dir.string() + " holds the counters' tables of counter set " +
                      label->counter_set + ", another directory of the path those of " +
                      counter_set;
            return Status::variant;
        }
        if (!label->counter_set.empty()) counter_set = label->counter_set;
        if (!label->stale.empty() && stale.empty()) stale = dir.string() + ": " + label->stale;
    }
    if (!id) {
        message = compress::manifest_path(dirs.front()).string() +
                  ": no manifest (is this a directory written by dtb gen?); or name the "
                  "variant (dtb_open_variant, dtb --variant)";
        return Status::directory;
    }
    try {
        out.reset(new Handle(dirs, *id, cache_bytes, counter_set));
        out->stale_counters_ = stale;
    } catch (const std::bad_alloc&) {
        message = "out of memory for a cache of " + std::to_string(cache_bytes) + " bytes";
        return Status::memory;
    }
    return Status::ok;
}

Handle::Handle(const std::vector<std::filesystem::path>& dirs, VariantId v, std::size_t cache_bytes,
               std::string counter_set)
    : store_(dirs, v, cache_bytes), counter_set_(std::move(counter_set)) {
    for (const auto& [m, kinds] : installed_tables(dirs)) {
        if (!(kinds & (1 << kind_index(ValueKind::wdl)))) continue;
        materials_.push_back({m, kinds});
        largest_ = std::max(largest_, m.pieces());
    }
    std::stable_sort(materials_.begin(), materials_.end(),
                     [](const InstalledMaterial& a, const InstalledMaterial& b) {
                         return a.material.pieces() < b.material.pieces();
                     });
    for (const auto& m : materials_) material_names_.push_back(m.material.name());
}

}  // namespace dtb::probe
