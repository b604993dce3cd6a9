// dtb stats: what a generated tablebase directory holds, slice by slice.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "dtb/compress/table_dir.hpp"

namespace dtb::cli {

void add_stats_command(CLI::App& app) {
    auto dir = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    auto* cmd = app.add_subcommand("stats", "Per-slice statistics of a generated tablebase");
    cmd->footer(
        "For each material and side to move: positions (every placement of the index, men\n"
        "never on their promotion row, positions with a capture included), wins / draws /\n"
        "losses for the side to move, the longest DTW and DTC with a position realising each.\n"
        "Example: dtb stats tables/russian --json");
    cmd->add_option("dir", *dir, "Directory written by dtb gen")->required();
    cmd->add_flag("--json", *json,
                  "Print JSON: {variant, slices: [{white_men, ..., side_to_move, ...}]}");
    cmd->callback([dir, json] {
        nlohmann::ordered_json m;
        nlohmann::ordered_json out;
        try {
            m = compress::read_manifest(*dir);
            out = {{"variant", std::string(variant_name(compress::manifest_variant(m, *dir)))},
                   {"slices", nlohmann::ordered_json::array()}};
            for (const auto& s : m.at("slices")) {
                for (const auto& side : s.at("sides")) {
                    nlohmann::ordered_json row = {{"material", s.at("material")},
                                                  {"white_men", s.at("white_men")},
                                                  {"white_kings", s.at("white_kings")},
                                                  {"black_men", s.at("black_men")},
                                                  {"black_kings", s.at("black_kings")}};
                    for (const auto& [k, v] : side.items()) row[k] = v;
                    // Every number the table below prints, of the type it prints.
                    for (const char* key : {"positions", "wins", "draws", "losses"})
                        (void)row.at(key).get<std::uint64_t>();
                    (void)row.at("max_dtw").get<int>();
                    (void)row.at("max_dtc").get<int>();
                    (void)row.at("side_to_move").get<std::string>();
                    (void)row.at("material").get<std::string>();
                    out["slices"].push_back(row);
                }
            }
        } catch (const compress::TableError& e) {
            throw UsageError("directory", e.what());
        } catch (const nlohmann::json::exception& e) {
            throw UsageError("directory", compress::manifest_path(*dir).string() +
                                              ": not a manifest as dtb gen writes it (" + e.what() +
                                              ")");
        }
        if (*json) {
            std::cout << out.dump(2) << "\n";
            return;
        }
        std::cout << out["variant"].get<std::string>() << ", " << m.value("max_pieces", 0)
                  << " pieces, " << m.at("slices").size() << " slices\n";
        std::printf("%-10s %-5s %12s %12s %12s %12s %7s %7s\n", "material", "move", "positions",
                    "wins", "draws", "losses", "maxDTW", "maxDTC");
        for (const auto& r : out["slices"]) {
            std::printf("%-10s %-5s %12llu %12llu %12llu %12llu %7d %7d\n",
                        r["material"].get<std::string>().c_str(),
                        r["side_to_move"].get<std::string>().c_str(),
                        (unsigned long long)r["positions"].get<std::uint64_t>(),
                        (unsigned long long)r["wins"].get<std::uint64_t>(),
                        (unsigned long long)r["draws"].get<std::uint64_t>(),
                        (unsigned long long)r["losses"].get<std::uint64_t>(),
                        r["max_dtw"].get<int>(), r["max_dtc"].get<int>());
        }
    });
}

}  // namespace dtb::cli
