#include "dtb/gen/manifest.hpp"

#include <fstream>
#include <memory>
#include <optional>

#include "dtb/compress/table_reader.hpp"
#include "dtb/gen/table_files.hpp"

namespace dtb::gen {

nlohmann::ordered_json read_manifest(const std::filesystem::path& dir) {
    const auto path = dir / "manifest.json";
    std::ifstream in(path);
    if (!in)
        throw compress::TableError(path.string() +
                                   ": no manifest (is this a directory written by dtb gen?)");
    try {
        return nlohmann::ordered_json::parse(in);
    } catch (const nlohmann::json::exception& e) {
        throw compress::TableError(path.string() + ": not valid JSON: " + e.what());
    }
}

std::map<std::string, nlohmann::ordered_json> read_manifest_slices(
    const std::filesystem::path& dir) {
    std::map<std::string, nlohmann::ordered_json> out;
    std::ifstream in(dir / "manifest.json");
    if (!in) return out;
    try {
        const auto j = nlohmann::ordered_json::parse(in);
        for (const auto& s : j.at("slices")) out[s.at("material").get<std::string>()] = s;
    } catch (const std::exception&) {
        out.clear();
    }
    return out;
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

void write_json_file(const std::filesystem::path& path, const nlohmann::ordered_json& j) {
    const auto tmp = path.string() + ".tmp";
    {
        std::ofstream out(tmp);
        out << j.dump(2) << "\n";
        out.flush();
        if (!out) throw compress::TableError("cannot write " + tmp);
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw compress::TableError("cannot rename " + tmp + ": " + ec.message());
}

void describe_tables(nlohmann::ordered_json& entry, const std::filesystem::path& dir,
                     std::uint8_t variant, const Material& m) {
    nlohmann::ordered_json bytes;
    std::optional<compress::Compression> common;
    bool unknown = false, custom = false, mixed = false;
    for (const auto k : kValueKinds) {
        std::unique_ptr<compress::TableReader> t;
        std::string message;
        const auto path = dir / compress::table_file_name(m, k);
        if (compress::TableReader::open(path, {variant, m, k}, t, message) !=
            compress::ErrorCode::ok)
            throw compress::TableError(message);
        bytes[compress::to_string(k)] = t->file_size();
        const auto c = compress::compression_of(k, t->zstd_level());
        unknown |= t->zstd_level() == 0;
        custom |= !c;
        mixed |= common && c && *c != *common;
        if (c) common = c;
    }
    entry["table_bytes"] = bytes;
    entry["compression"] = unknown  ? "unknown"
                           : custom ? "custom"
                           : mixed  ? "mixed"
                                    : compress::to_string(*common);
}

}  // namespace dtb::gen
