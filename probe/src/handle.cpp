#include "dtb/probe/handle.hpp"

#include <system_error>

#include "dtb/compress/table_dir.hpp"

namespace dtb::probe {

namespace {

std::optional<VariantId> variant_by_name(std::string_view name, std::string& message) {
    if (const auto v = find_variant(name)) return v->id;
    message = "unknown variant '" + std::string(name) + "'";
    return std::nullopt;
}

// The variant dir's manifest names; nullopt with `message` saying why.
std::optional<VariantId> directory_variant(const std::filesystem::path& dir, std::string& message) {
    try {
        return compress::manifest_variant(compress::read_manifest(dir), dir);
    } catch (const compress::TableError& e) {
        message = std::string(e.what()) + "; or name the variant (dtb_open_variant, dtb --variant)";
        return std::nullopt;
    }
}

// The rule set dir's manifest names for its rules tables ("" if none or no manifest).
std::string directory_rule_set(const std::filesystem::path& dir) {
    try {
        return compress::manifest_rule_set(compress::read_manifest(dir));
    } catch (const compress::TableError&) {
        return "";
    }
}

}  // namespace

Status Handle::open(const std::filesystem::path& dir, std::optional<std::string_view> variant,
                    std::size_t cache_bytes, std::unique_ptr<Handle>& out, std::string& message) {
    out.reset();
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) {
        message = dir.string() + " is not a directory";
        return Status::directory;
    }
    const auto id = variant ? variant_by_name(*variant, message) : directory_variant(dir, message);
    if (!id) return variant ? Status::variant : Status::directory;
    // A variant named for a directory whose manifest names another: its tables are not those.
    if (variant && std::filesystem::exists(compress::manifest_path(dir), ec)) {
        std::string ignored;
        if (const auto held = directory_variant(dir, ignored); held && *held != *id) {
            message = dir.string() + " holds " + std::string(dtb::variant_name(*held)) +
                      " tables (manifest.json), not " + std::string(*variant);
            return Status::variant;
        }
    }
    if (const auto why = no_tables_reason(*id)) {
        message = *why;
        return Status::variant;
    }
    try {
        out.reset(new Handle(dir, *id, cache_bytes, directory_rule_set(dir)));
    } catch (const std::bad_alloc&) {
        message = "out of memory for a cache of " + std::to_string(cache_bytes) + " bytes";
        return Status::memory;
    }
    return Status::ok;
}

}  // namespace dtb::probe
