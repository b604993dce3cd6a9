// dtb variants: the variants and aliases dtb knows.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "dtb/core/counter_rules.hpp"

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

// The variant's counter sets, the default first, with their counters (names for --counters).
nlohmann::ordered_json counters_json(VariantId id) {
    return dispatch(id, [](auto v) {
        using V = decltype(v);
        auto sets = nlohmann::ordered_json::array();
        for (const CounterSet& set : V::counter_sets) {
            auto rules = nlohmann::ordered_json::array();
            for (const CounterRule& r : set.list())
                rules.push_back({{"name", r.name}, {"article", r.article}});
            sets.push_back({{"name", set.name}, {"summary", set.summary}, {"counters", rules}});
        }
        return sets;
    });
}

}  // namespace

void add_variants_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("variants", "List the variants and aliases dtb knows");
    cmd->footer(
        "Name, board, squares, who moves first and a summary; --json adds the rules a name\n"
        "plays by, the start position, the PDN GameType and its draw counters' sets\n"
        "(the default first; their counters' names are what dtb probe --counters takes).\n"
        "--names prints the names alone, one a line, for a shell loop.\n"
        "Examples:\n"
        "  dtb variants\n"
        "  dtb variants --json\n"
        "  dtb variants --names");
    auto json = std::make_shared<bool>(false);
    auto names = std::make_shared<bool>(false);
    cmd->add_flag("--json", *json, "Print a JSON array");
    cmd->add_flag("--names", *names, "Print the names alone, one a line")->excludes("--json");
    cmd->callback([json, names] {
        if (*names) {
            for (const auto& v : variant_names()) std::cout << v.name << "\n";
            return;
        }
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
                               {"summary", v.summary},
                               {"counter_sets", counters_json(v.id)}});
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
