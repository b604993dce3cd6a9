// dtb best: the principal variation of a won or lost position, to the end of the game.
#include <iostream>
#include <nlohmann/json.hpp>

#include "best_answer.hpp"

namespace dtb::cli {

namespace {

struct BestOptions {
    std::string dir;
    std::string variant;  // for a directory without a manifest
    std::string fen;
    bool json = false;
    bool pure = false;
    CounterOptions counters;
};

template <class Moves>
void print_drawing_moves(Color side, const char* value, const Moves& moves) {
    std::cout << side_name(side) << " to move: " << value << "; moves that keep the draw:";
    for (const auto& m : drawing_moves(moves)) std::cout << " " << m.template get<std::string>();
    std::cout << "\n";
}

// Frisian: the mover's run of moves with one king after its move, where it has one.
template <class V>
std::string king_run_text(const Position<V>& after, Color mover) {
    if constexpr (kHasKingStreaks<V>) {
        const int n = after.extra.count[static_cast<int>(mover)];
        if (n > 0)
            return "  (king run " + std::to_string(n) + "/" + std::to_string(V::king_streak_limit) +
                   ")";
    }
    return "";
}

// The line that wins within the counters (or keeps the draw they give).
template <class V>
void print_line(const RulesLine<V>& a) {
    const RuleSet& set = a.rules.rule_set();
    const Position<V>& p = a.counted.position;
    std::cout << write_fen(p) << "\ncounters (" << set.name
              << "): " << state_text(set, a.counted.state, p) << "\n";
    if constexpr (kHasKingStreaks<V>) std::cout << king_streaks_text(p) << "\n";
    if (a.value.wdl == Wdl::draw)
        return print_drawing_moves(p.side, "draw under the counters", a.moves);
    const Color winner = a.value.wdl == Wdl::win ? p.side : ~p.side;
    std::cout << side_name(p.side) << " to move: " << to_string(a.value.wdl)
              << " under the counters in " << plies_text((long long)a.line.size()) << "; "
              << side_name(winner) << " wins\n";
    Color mover = p.side;
    int ply = 0;
    Position<V> cur = p;
    for (const auto& m : a.line) {
        cur = apply(cur, m.move.move);
        std::printf("%3d. %-5s %-12s budget %-3d %s%s\n", ++ply, side_name(mover), m.text.c_str(),
                    m.after.budget, state_text(set, m.state, cur).c_str(),
                    king_run_text(cur, mover).c_str());
        mover = ~mover;
    }
    std::cout << side_name(mover) << " has no move and loses\n";
}

// The pure line, by DTW.
template <class V>
void print_line(const PureLine<V>& a) {
    const Position<V>& p = a.position;
    const Value& v = a.value;
    std::cout << write_fen(p) << "\n";
    if constexpr (kHasKingStreaks<V>) std::cout << king_streaks_text(p) << "\n";
    if (v.wdl == Wdl::draw)
        return print_drawing_moves(p.side, "draw (no forced end of the game)", a.moves);
    const Color winner = v.wdl == Wdl::win ? p.side : ~p.side;
    std::cout << side_name(p.side) << " to move: " << to_string(v.wdl) << " in "
              << plies_text(v.dtw) << " (dtc " << v.dtc << "); " << side_name(winner) << " wins\n";
    Color mover = p.side;
    int ply = 0;
    Position<V> cur = p;
    for (const auto& m : a.line) {
        cur = apply(cur, m.move.move);
        std::printf("%3d. %-5s %-12s dtw %d%s\n", ++ply, side_name(mover), m.text.c_str(),
                    int(m.after.dtw), king_run_text(cur, mover).c_str());
        mover = ~mover;
    }
    std::cout << side_name(mover) << " "
              << (V::goal == Goal::giveaway ? "has no move and wins" : "has no move and loses")
              << "\n";
}

template <class V>
void run(const BestOptions& o, const probe::Tablebase& tb) {
    if (o.json) {
        std::cout << best_json<V>(tb, o.fen, o.counters, o.pure).dump(2) << "\n";
        return;
    }
    if constexpr (V::goal != Goal::giveaway) {
        if (!o.pure) return print_line(rules_line<V>(tb, o.fen, o.counters));
    }
    print_line(pure_line<V>(tb, o.fen));
}

}  // namespace

void add_best_command(CLI::App& app) {
    auto o = std::make_shared<BestOptions>();
    auto* cmd = app.add_subcommand("best", "The best line of a position, to the end of the game");
    cmd->footer(
        "Plays the best moves from the position to the end of the game under the draw\n"
        "counters of the tables' rule set (fresh at FEN unless --moves or --counters say\n"
        "otherwise): the winner's moves win within the counters, the least budget first, the\n"
        "loser's need the most; each line shows the budget left and the counters. With\n"
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
                  "Print JSON: variant, fen, rule_set, state, wdl, plies, line [{move, budget, "
                  "state}] (with --pure: wdl, dtw, dtc, line [{move, dtw}]); for a draw, "
                  "drawing_moves [the moves that keep it] and an empty line");
    cmd->add_flag("--pure", o->pure, "Ignore the draw counters: the line by DTW");
    add_counter_options(cmd, o->counters);
    add_variant_option(cmd, o->variant);
    cmd->callback([o] {
        const auto tb = open_tables(o->dir, o->variant);
        dispatch(tb.variant_id(), [&](auto v) { run<decltype(v)>(*o, tb); });
    });
}

}  // namespace dtb::cli
