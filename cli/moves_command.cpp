// dtb moves: the legal moves of a position.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "dtb/core/apply.hpp"
#include "dtb/core/notation.hpp"

namespace dtb::cli {

namespace {

struct MovesOptions {
    std::string variant;
    std::string fen;
    bool keep = false;
    bool json = false;
};

template <class V>
void run(const MovesOptions& o, const VariantName& name) {
    const Position<V> p = read_position<V>(o.fen);
    const auto moves = legal_moves_with_text(p, o.keep ? Duplicates::keep : Duplicates::drop);
    if (o.json) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const auto& [pm, text] : moves)
            list.push_back({{"move", text}, {"fen_after", write_fen(apply(p, pm.move))}});
        std::cout << nlohmann::ordered_json{{"variant", name.name},
                                            {"fen", write_fen(p)},
                                            {"moves", list}}
                         .dump(2)
                  << "\n";
        return;
    }
    if (moves.empty()) {
        std::cout << "no legal move: the side to move "
                  << (V::goal == Goal::giveaway ? "wins" : "loses") << "\n";
        return;
    }
    for (const auto& [pm, text] : moves)
        std::cout << text << "  " << write_fen(apply(p, pm.move)) << "\n";
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
    cmd->callback([o] {
        const auto name = variant_from_name(o->variant);
        dispatch(name.id, [&](auto v) { run<decltype(v)>(*o, name); });
    });
}

}  // namespace dtb::cli
