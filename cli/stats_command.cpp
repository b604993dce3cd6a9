// dtb stats: what a generated tablebase directory holds, slice by slice.
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli.hpp"
#include "dtb/compress/manifest.hpp"

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
        std::optional<compress::Manifest> m;
        try {
            m = compress::Manifest::read(*dir);
        } catch (const compress::TableError& e) {
            throw UsageError("directory", e.what());
        }
        nlohmann::ordered_json out = {{"variant", std::string(variant_name(m->variant))},
                                      {"slices", nlohmann::ordered_json::array()}};
        for (const compress::ManifestEntry& e : m->slices)
            for (const compress::SideSummary& side : e.sides)
                out["slices"].push_back(
                    {{"material", e.material.name()},
                     {"white_men", e.material.white_men},
                     {"white_kings", e.material.white_kings},
                     {"black_men", e.material.black_men},
                     {"black_kings", e.material.black_kings},
                     {"side_to_move", side.side == Color::white ? "white" : "black"},
                     {"positions", side.positions},
                     {"wins", side.wins},
                     {"draws", side.draws},
                     {"losses", side.losses},
                     {"max_dtw", side.max_dtw},
                     {"max_dtw_fen", side.max_dtw_fen},
                     {"max_dtc", side.max_dtc},
                     {"max_dtc_fen", side.max_dtc_fen}});
        if (*json) {
            std::cout << out.dump(2) << "\n";
            return;
        }
        std::cout << variant_name(m->variant) << ", " << m->max_pieces << " pieces, "
                  << m->slices.size() << " slices\n";
        std::printf("%-10s %-5s %12s %12s %12s %12s %7s %7s\n", "material", "move", "positions",
                    "wins", "draws", "losses", "maxDTW", "maxDTC");
        for (const compress::ManifestEntry& e : m->slices)
            for (const compress::SideSummary& side : e.sides)
                std::printf("%-10s %-5s %12llu %12llu %12llu %12llu %7d %7d\n",
                            e.material.name().c_str(),
                            side.side == Color::white ? "white" : "black",
                            (unsigned long long)side.positions, (unsigned long long)side.wins,
                            (unsigned long long)side.draws, (unsigned long long)side.losses,
                            side.max_dtw, side.max_dtc);
    });
}

}  // namespace dtb::cli
