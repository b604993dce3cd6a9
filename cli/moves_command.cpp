// dtb moves: the legal moves of a position.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "dtb/gen/moves.hpp"

namespace dtb::cli {

namespace {

struct MovesOptions {
    std::string variant;
    std::string fen;
    bool keep = false;
    bool json = false;
};

void run(const MovesOptions& o, const VariantName& name) {
    const gen::LegalMoves m = gen::legal_moves(name.id, o.fen, o.keep);
    if (o.json) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const auto& move : m.moves)
            list.push_back({{"move", move.move}, {"fen_after", move.fen_after}});
        std::cout << nlohmann::ordered_json{{"variant", name.name}, {"fen", m.fen}, {"moves", list}}
                         .dump(2)
                  << "\n";
        return;
    }
    if (m.moves.empty()) {
        std::cout << "no legal move: the side to move " << (m.no_move_wins ? "wins" : "loses")
                  << "\n";
        return;
    }
    for (const auto& move : m.moves) std::cout << move.move << "  " << move.fen_after << "\n";
}

}  // namespace

void add_moves_command(CLI::App& app) {
    auto o = std::make_shared<MovesOptions>();
    auto* cmd = app.add_subcommand("moves", "List the legal moves of a position");
    cmd->footer(
        "Each legal move (captures obey the variant's precedence rule) and the FEN after it.\n"
        "Examples:\n"
        "  dtb moves international 'W:WK46:B23'\n"
        "  dtb moves russian 'W:Wf6:Be7,b6' --json");
    cmd->add_option("variant", o->variant, "Variant (see 'dtb variants')")->required();
    cmd->add_option("fen", o->fen, "Position as PDN FEN, e.g. W:W31,32,K4:B1,2")->required();
    cmd->add_flag("--keep-duplicates", o->keep, "List every capture path separately");
    cmd->add_flag("--json", o->json, "Print JSON: variant, fen, moves [{move, fen_after}]");
    cmd->callback([o] { run(*o, variant_from_name(o->variant)); });
}

}  // namespace dtb::cli
