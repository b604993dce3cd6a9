// dtb variants: the variants and aliases dtb knows.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli.hpp"

namespace dtb::cli {

namespace {

struct BoardFacts {
    std::string board;
    int squares;
    std::string first;
    int gametype;
};

BoardFacts facts(VariantId id) {
    return dispatch(id, [](auto v) {
        using V = decltype(v);
        using G = typename V::board;
        return BoardFacts{std::to_string(G::files) + "x" + std::to_string(G::ranks), G::squares,
                          V::first_player == Color::white ? "white" : "black", V::pdn_gametype};
    });
}

}  // namespace

void add_variants_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("variants", "List the variants and aliases dtb knows");
    cmd->footer(
        "Name, board, squares, who moves first and a summary; --json adds the rules a name\n"
        "plays by, the start position and the PDN GameType.");
    auto json = std::make_shared<bool>(false);
    cmd->add_flag("--json", *json, "Print a JSON array");
    cmd->callback([json] {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        for (const auto& v : variant_names()) {
            const auto f = facts(v.id);
            if (*json) {
                out.push_back({{"name", v.name},
                               {"rules", variant_name(v.id)},
                               {"board", f.board},
                               {"squares", f.squares},
                               {"first_to_move", f.first},
                               {"pdn_gametype", f.gametype},
                               {"start", v.start},
                               {"summary", v.summary}});
            } else {
                std::cout << v.name << std::string(v.name.size() < 15 ? 15 - v.name.size() : 1, ' ')
                          << f.board << " " << f.squares << " squares, " << f.first << " first. "
                          << v.summary << "\n";
            }
        }
        if (*json) std::cout << out.dump(2) << "\n";
    });
}

}  // namespace dtb::cli
