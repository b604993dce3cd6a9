// dtb probe: the value of a position and of every legal move, from a table directory.
#include <iostream>
#include <nlohmann/json.hpp>

#include "probe_cli.hpp"

namespace dtb::cli {

namespace {

struct ProbeOptions {
    std::string dir;
    std::string fen;
    bool json = false;
};

nlohmann::ordered_json value_json(nlohmann::ordered_json j, const Value& v) {
    j["wdl"] = to_string(v.wdl);
    j["dtw"] = v.dtw;
    j["dtc"] = v.dtc;
    return j;
}

std::string value_text(const Value& v) {
    if (v.wdl == Wdl::draw) return "draw";
    return std::string(to_string(v.wdl)) + "  dtw " + std::to_string(v.dtw) + "  dtc " +
           std::to_string(v.dtc);
}

template <class V>
void run(const ProbeOptions& o, const probe::Tablebase& tb) {
    const auto prober = tb.prober<V>();
    const Position<V> p = parse_fen<V>(o.fen);
    const std::string fen = write_fen(p);
    std::string message;
    Value v;
    require(prober.probe(p, probe::want_all, v, &message), fen, message);
    std::vector<probe::RatedMove<V>> moves;
    require(prober.rate_moves(p, moves, &message), fen, message);
    if (o.json) {
        auto list = nlohmann::ordered_json::array();
        for (const auto& m : moves) list.push_back(value_json({{"move", m.text}}, m.after));
        auto j = value_json({{"variant", V::name}, {"fen", fen}}, v);
        j["moves"] = list;
        std::cout << j.dump(2) << "\n";
        return;
    }
    std::cout << fen << "\n" << side_name(p.side) << " to move: " << value_text(v) << "\n";
    if (moves.empty()) {
        std::cout << "no legal move: the game is over\n";
        return;
    }
    std::cout << "moves, best first (the value after each is for the side to move then):\n";
    for (const auto& m : moves)
        std::printf("  %-12s %s\n", m.text.c_str(), value_text(m.after).c_str());
}

}  // namespace

void add_probe_command(CLI::App& app) {
    auto o = std::make_shared<ProbeOptions>();
    auto* cmd = app.add_subcommand("probe", "The value of a position and of each move");
    cmd->footer(
        "Reads the tables of DIR (written by dtb gen; the variant comes from its\n"
        "manifest.json) and prints, for the side to move, WDL, DTW (plies to the end of the\n"
        "game) and DTC (plies to the next capture or man move), then every legal move with\n"
        "the value after it (for the side to move then), best first. DTW and DTC are 0 for a\n"
        "draw. Exit codes: 0 ok, 2 bad input (FEN, directory), 1 not available or a broken\n"
        "table.\n"
        "Examples:\n"
        "  dtb probe tables/russian 'W:WKa1,Kc3:Bh8'\n"
        "  dtb probe tables/russian 'B:Wc3,Kd2:Kh8' --json");
    cmd->add_option("dir", o->dir, "Table directory (written by dtb gen)")->required();
    cmd->add_option("fen", o->fen, "Position as PDN FEN, e.g. W:WKa1,Kc3:Bh8")->required();
    cmd->add_flag("--json", o->json,
                  "Print JSON: variant, fen, wdl, dtw, dtc, moves [{move, wdl, dtw, dtc}]");
    cmd->callback([o] {
        const auto tb = open_tables(o->dir);
        dispatch(tb.variant_id(), [&](auto v) { run<decltype(v)>(*o, tb); });
    });
}

}  // namespace dtb::cli
