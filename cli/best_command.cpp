// dtb best: the principal variation of a won or lost position, to the end of the game.
#include <cstdio>
#include <iostream>

#include "answer_format.hpp"
#include "counters_cli.hpp"
#include "probe_cli.hpp"

namespace dtb::cli {

namespace {

struct BestOptions {
    std::string dir;
    std::string variant;  // for a directory without a manifest
    std::string fen;
    bool json = false;
    bool pure = false;
    probe::CounterInput counters;
};

void print_drawing_moves(const probe::LineAnswer& a, const char* value) {
    std::cout << side_name(a.side) << " to move: " << value << "; moves that keep the draw:";
    for (const auto& m : a.drawing_moves) std::cout << " " << m;
    std::cout << "\n";
}

// Frisian: the mover's run of moves with one king after its move, where it has one.
std::string king_run_text(const probe::LineStep& step, Color mover) {
    if (!step.king_streaks) return "";
    const auto& run = step.king_streaks->run[static_cast<int>(mover)];
    if (!run || run->moves == 0) return "";
    return "  (king run " + std::to_string(run->moves) + "/" +
           std::to_string(step.king_streaks->limit) + ")";
}

// The line that wins within the counters (or keeps the draw they give).
void print_counted_line(const probe::LineAnswer& a) {
    std::cout << a.fen << "\ncounters (" << a.counter_set << "): " << counters_text(a.counters)
              << "\n";
    if (a.king_streaks) std::cout << king_streaks_text(*a.king_streaks) << "\n";
    if (a.value.wdl == Wdl::draw) return print_drawing_moves(a, "draw under the counters");
    const Color winner = a.value.wdl == Wdl::win ? a.side : ~a.side;
    std::cout << side_name(a.side) << " to move: " << to_string(a.value.wdl) << " in "
              << plies_text((long long)a.line.size()) << " under the counters"
              << (a.counted && !a.counted->budget_of.empty() ? budget_text(*a.counted) : "") << "; "
              << side_name(winner)
              << " wins\nthe winner ends the game soonest under the counters, the loser delays "
                 "it most:\n";
    Color mover = a.side;
    int ply = 0;
    for (const auto& m : a.line) {
        std::printf("%3d. %-5s %-12s budget %-3d %s%s\n", ++ply, side_name(mover), m.move.c_str(),
                    m.budget, counters_text(m.counters).c_str(), king_run_text(m, mover).c_str());
        mover = ~mover;
    }
    std::cout << side_name(mover) << " has no move and loses\n";
}

// The pure line, by DTW.
void print_pure_line(const probe::LineAnswer& a) {
    const Value& v = a.value;
    std::cout << a.fen << "\n";
    if (a.king_streaks) std::cout << king_streaks_text(*a.king_streaks) << "\n";
    if (v.wdl == Wdl::draw) return print_drawing_moves(a, "draw (no forced end of the game)");
    const Color winner = v.wdl == Wdl::win ? a.side : ~a.side;
    std::cout << side_name(a.side) << " to move: " << to_string(v.wdl) << " in "
              << plies_text(v.dtw) << " (dtc " << v.dtc << "); " << side_name(winner) << " wins\n";
    Color mover = a.side;
    int ply = 0;
    for (const auto& m : a.line) {
        std::printf("%3d. %-5s %-12s dtw %d%s\n", ++ply, side_name(mover), m.move.c_str(),
                    int(m.pure.dtw), king_run_text(m, mover).c_str());
        mover = ~mover;
    }
    std::cout << side_name(mover) << " "
              << (a.no_move_wins ? "has no move and wins" : "has no move and loses") << "\n";
}

}  // namespace

void add_best_command(CLI::App& app) {
    auto o = std::make_shared<BestOptions>();
    auto* cmd = app.add_subcommand("best", "The best line of a position, to the end of the game");
    cmd->footer(
        "Plays the best moves from the position to the end of the game under the draw\n"
        "counters of the tables' counter set (fresh at FEN unless --moves or --counters say\n"
        "otherwise): the winner's moves end the game soonest within the counters, the loser's\n"
        "delay it most, so the line is as long as the distance under the counters `dtb probe`\n"
        "gives; each line shows the budget left and the counters. With\n"
        "--pure, the line with counters ignored (by DTW). A drawn position prints the moves\n"
        "that keep the draw. Exit codes: 0 ok, 2 bad\n"
        "input (FEN, directory), 1 not available or a broken table.\n"
        "Examples:\n"
        "  dtb best tables/russian 'W:WKa1,Kc3:Bh8'\n"
        "  dtb best tables/russian 'W:WKa1,Kc3:Bh8' --json\n"
        "  dtb best tables/russian 'W:WKa1,Kc3,Ke1:BKh8' --counters three-kings=20\n"
        "  dtb best tables/russian 'W:WKa1,Kc3,Ke1:BKh8' --pure");
    cmd->add_option("dir", o->dir, "Table directory (written by dtb gen)")->required();
    cmd->add_option("fen", o->fen, "Position as PDN FEN, e.g. W:WKa1,Kc3:Bh8")->required();
    cmd->add_flag("--json", o->json,
                  "Print JSON: variant, fen, counter_set, state, wdl, plies (the distance under "
                  "the counters), budget, budget_of, line [{move, budget, state}] (with --pure: "
                  "wdl, dtw, dtc, line [{move, dtw, state}]); for a draw, "
                  "drawing_moves [the moves that keep it] and an empty line");
    cmd->add_flag("--pure", o->pure, "Ignore the draw counters: the line by DTW");
    add_counter_options(cmd, o->counters);
    add_variant_option(cmd, o->variant);
    cmd->callback([o] {
        const auto tb = open_tables(o->dir, o->variant);
        const auto a =
            answered([&] { return probe::answer_line(tb, o->fen, o->counters, o->pure); });
        if (o->json)
            std::cout << line_json(a).dump(2) << "\n";
        else if (a.pure)
            print_pure_line(a);
        else
            print_counted_line(a);
    });
}

}  // namespace dtb::cli
