// dtb probe: the value of a position and of every legal move, from a table directory.
#include <cstdio>
#include <iostream>

#include "answer_format.hpp"
#include "counters_cli.hpp"
#include "probe_cli.hpp"

namespace dtb::cli {

namespace {

struct ProbeOptions {
    std::string dir;
    std::string variant;  // for a directory without a manifest
    std::string fen;
    bool json = false;
    probe::CounterInput counters;
};

// A value as text; `want` says which values it holds (want_wdl: tables of WDL alone).
std::string value_text(const Value& v, int want) {
    if (v.wdl == Wdl::draw || want == probe::want_wdl) return to_string(v.wdl);
    return std::string(to_string(v.wdl)) + "  dtw " + std::to_string(v.dtw) + "  dtc " +
           std::to_string(v.dtc);
}

// "win in 31 plies (needs 22 plies of kings-only; 30 left)": the distance to the end of the
// game under the counters, then the budget and the counter it is counted on.
std::string counted_text(const probe::CountedValue& c) {
    std::string t = to_string(c.cls);
    if (c.value.wdl != Wdl::draw && c.plies) t += " in " + plies_text(*c.plies);
    return t + budget_text(c);
}

void print(const probe::PositionAnswer& a) {
    std::cout << a.fen << "\n";
    if (a.king_streaks) std::cout << king_streaks_text(*a.king_streaks) << "\n";
    std::cout << side_name(a.side) << " to move: " << value_text(a.value, a.want) << "\n";
    std::cout << "counters (" << a.counter_set << "): " << counters_text(a.counters) << "\n";
    if (!a.counted) {
        std::cout << "under the counters: not available (" << a.counters_error << ")\n";
    } else {
        std::cout << "under the counters: " << counted_text(*a.counted) << "\n";
        if (!a.distance_error.empty()) std::cout << "  no distance: " << a.distance_error << "\n";
        if (a.counted->value.wdl != a.value.wdl)
            std::cout << "  decided by " << a.deciding_rule << "\n";
    }
    if (a.moves.empty()) {
        std::cout << "no legal move: the game is over\n";
        return;
    }
    std::cout << "moves, best first (the value after each is for the side to move then):\n";
    for (const auto& m : a.moves) {
        std::printf("  %-12s %s", m.move.c_str(), value_text(m.pure, a.want).c_str());
        if (m.counted) std::printf("   | counters: %s", counted_text(*m.counted).c_str());
        std::printf("\n");
    }
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
        "draw. Then the value under the draw counters of the tables' counter set (the counters\n"
        "fresh at FEN unless --moves or --counters say otherwise): a win the counters turn\n"
        "into a draw is a cursed win, a loss they save a blessed loss; `plies` is the distance\n"
        "to the end of the game under the counters (the winner hurrying, the loser delaying),\n"
        "`budget` the plies the counter `budget_of` must leave for the win or loss to hold.\n"
        "Exit codes: 0 ok, 2 bad input (FEN, directory), 1 not available or a broken\n"
        "table.\n"
        "Examples:\n"
        "  dtb probe tables/russian 'W:WKa1,Kc3:Bh8'\n"
        "  dtb probe tables/russian 'B:Wc3,Kd2:BKh8' --json\n"
        "  dtb probe tables/russian 'W:WKa1,Kc3,Ke1:BKh8' --counters three-kings=20\n"
        "  dtb probe tables/russian 'W:WKa1,Kc3,Ke1:BKh8' --moves 'a1-b2 h8-g7'\n"
        "  dtb probe tables/wdl:tables/russian 'w:wka1,kc3:bh8'   (a search path)");
    cmd->add_option("dir", o->dir,
                    "Table directory (written by dtb gen), or several as DIR1:DIR2:... (a "
                    "table is taken from the first that has it)")
        ->required();
    cmd->add_option("fen", o->fen, "Position as PDN FEN, e.g. W:WKa1,Kc3:Bh8")->required();
    cmd->add_flag(
        "--json", o->json,
        "Print JSON: variant, fen, wdl, dtw, dtc, moves [{move, wdl, dtw, dtc, counters "
        "{wdl, class, plies, budget, budget_of, rank, state}}], counters {counter_set, state, "
        "wdl, class, plies, budget, budget_of}");
    add_counter_options(cmd, o->counters);
    add_variant_option(cmd, o->variant);
    cmd->callback([o] {
        const auto tb = open_tables(o->dir, o->variant);
        const auto a = answered([&] { return probe::answer_position(tb, o->fen, o->counters); });
        if (o->json)
            std::cout << probe_json(a).dump(2) << "\n";
        else
            print(a);
    });
}

}  // namespace dtb::cli
