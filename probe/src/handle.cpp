#include "dtb/probe/handle.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <system_error>

namespace dtb::probe {

namespace {

std::optional<VariantId> variant_by_name(std::string_view name, std::string& message) {
    if (const auto v = find_variant(name)) return v->id;
    message = "unknown variant '" + std::string(name) + "'";
    return std::nullopt;
}

}  // namespace

std::optional<VariantId> manifest_variant(const std::filesystem::path& dir, std::string& message) {
    const auto path = dir / "manifest.json";
    std::ifstream in(path);
    if (!in) {
        message = path.string() + " cannot be read: name the variant when opening";
        return std::nullopt;
    }
    try {
        const auto j = nlohmann::json::parse(in);
        const auto it = j.find("variant");
        if (it == j.end() || !it->is_string()) {
            message = path.string() + " has no \"variant\" string";
            return std::nullopt;
        }
        const auto v = variant_by_name(it->get<std::string>(), message);
        if (!v) message = path.string() + ": " + message;
        return v;
    } catch (const nlohmann::json::exception& e) {
        message = path.string() + " is not valid JSON: " + e.what();
        return std::nullopt;
    }
}

Status Handle::open(const std::filesystem::path& dir, std::optional<std::string_view> variant,
                    std::size_t cache_bytes, std::unique_ptr<Handle>& out, std::string& message) {
    out.reset();
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) {
        message = dir.string() + " is not a directory";
        return Status::directory;
    }
    const auto id = variant ? variant_by_name(*variant, message) : manifest_variant(dir, message);
    if (!id) return variant ? Status::variant : Status::directory;
    if (*id == VariantId::frisian) {
        message =
            "frisian has no tables: the king-move restriction is not yet part of the "
            "generator's position state";
        return Status::variant;
    }
    try {
        out.reset(new Handle(dir, *id, cache_bytes));
    } catch (const std::bad_alloc&) {
        message = "out of memory for a cache of " + std::to_string(cache_bytes) + " bytes";
        return Status::memory;
    }
    return Status::ok;
}

}  // namespace dtb::probe
