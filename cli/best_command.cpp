// dtb best: the principal variation of a won or lost position, to the end of the game.
#include <iostream>
#include <nlohmann/json.hpp>

#include "probe_cli.hpp"

namespace dtb::cli {

namespace {

struct BestOptions {
    std::string dir;
    std::string fen;
    bool json = false;
};

template <class V>
void run(const BestOptions& o, const probe::Tablebase& tb) {
    const auto prober = tb.prober<V>();
    const Position<V> p = parse_fen<V>(o.fen);
    const std::string fen = write_fen(p);
    std::string message;
    Value v;
    require(prober.probe(p, probe::want_all, v, &message), fen, message);
    std::vector<probe::RatedMove<V>> line;
    require(prober.line(p, line, &message), fen, message);
    std::vector<probe::RatedMove<V>> moves;
    if (v.wdl == Wdl::draw) require(prober.rate_moves(p, moves, &message), fen, message);
    if (o.json) {
        auto list = nlohmann::ordered_json::array();
        for (const auto& m : line) list.push_back({{"move", m.text}, {"dtw", m.after.dtw}});
        nlohmann::ordered_json j = {{"variant", V::name}, {"fen", fen},   {"wdl", to_string(v.wdl)},
                                    {"dtw", v.dtw},       {"dtc", v.dtc}, {"line", list}};
        if (v.wdl == Wdl::draw) {
            auto drawing = nlohmann::ordered_json::array();
            for (const auto& m : moves)
                if (m.after.wdl == Wdl::draw) drawing.push_back(m.text);
            j["drawing_moves"] = drawing;
        }
        std::cout << j.dump(2) << "\n";
        return;
    }
    std::cout << fen << "\n";
    if (v.wdl == Wdl::draw) {
        std::cout << side_name(p.side) << " to move: draw (no forced end of the game); moves "
                  << "that keep the draw:";
        for (const auto& m : moves)
            if (m.after.wdl == Wdl::draw) std::cout << " " << m.text;
        std::cout << "\n";
        return;
    }
    const Color winner = v.wdl == Wdl::win ? p.side : ~p.side;
    std::cout << side_name(p.side) << " to move: " << to_string(v.wdl) << " in " << v.dtw
              << " plies (dtc " << v.dtc << "); " << side_name(winner) << " wins\n";
    Color mover = p.side;
    int ply = 0;
    for (const auto& m : line) {
        std::printf("%3d. %-5s %-12s dtw %d\n", ++ply, side_name(mover), m.text.c_str(),
                    int(m.after.dtw));
        mover = ~mover;
    }
    std::cout << side_name(mover) << " "
              << (V::goal == Goal::giveaway ? "has no move and wins" : "has no move and loses")
              << "\n";
}

}  // namespace

void add_best_command(CLI::App& app) {
    auto o = std::make_shared<BestOptions>();
    auto* cmd = app.add_subcommand("best", "The best line of a position, to the end of the game");
    cmd->footer(
        "Plays the best moves from the position to the end of the game, the winner\n"
        "hurrying and the loser delaying (by DTW), one move per line with the DTW left after\n"
        "it. A drawn position prints the moves that keep the draw. Exit codes: 0 ok, 2 bad\n"
        "input (FEN, directory), 1 not available or a broken table.\n"
        "Examples:\n"
        "  dtb best tables/russian 'W:WKa1,Kc3:Bh8'\n"
        "  dtb best tables/russian 'W:WKa1,Kc3:Bh8' --json");
    cmd->add_option("dir", o->dir, "Table directory (written by dtb gen)")->required();
    cmd->add_option("fen", o->fen, "Position as PDN FEN, e.g. W:WKa1,Kc3:Bh8")->required();
    cmd->add_flag("--json", o->json, "Print JSON: variant, fen, wdl, dtw, dtc, line [{move, dtw}]");
    cmd->callback([o] {
        const auto tb = open_tables(o->dir);
        dispatch(tb.variant_id(), [&](auto v) { run<decltype(v)>(*o, tb); });
    });
}

}  // namespace dtb::cli
