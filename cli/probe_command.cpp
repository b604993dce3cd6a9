// dtb probe: the value of a position and of every legal move, from a table directory.
#include <iostream>
#include <nlohmann/json.hpp>

#include "probe_answer.hpp"

namespace dtb::cli {

namespace {

struct ProbeOptions {
    std::string dir;
    std::string variant;  // for a directory without a manifest
    std::string fen;
    bool json = false;
    CounterOptions counters;
};

// A value as text; `want` says which values it holds (want_wdl: tables of WDL alone).
std::string value_text(const Value& v, int want) {
    if (v.wdl == Wdl::draw || want == probe::want_wdl) return to_string(v.wdl);
    return std::string(to_string(v.wdl)) + "  dtw " + std::to_string(v.dtw) + "  dtc " +
           std::to_string(v.dtc);
}

template <class V>
std::string rules_text(Wdl pure, const probe::RulesAnswer& a, int plies) {
    std::string t = to_string(probe::classify(pure, a.wdl));
    if (a.wdl != Wdl::draw) t += " in " + plies_text(plies);
    if (a.table_wdl != Wdl::draw) t += " (needs " + plies_text(a.budget) + " of the counter)";
    return t;
}

template <class V>
void run(const ProbeOptions& o, const probe::Tablebase& tb) {
    const ProbeAnswer<V> a = probe_answer<V>(tb, o.fen, o.counters);
    if (o.json) {
        std::cout << probe_json(a).dump(2) << "\n";
        return;
    }
    const auto& rp = a.rules;
    const CountedPosition<V>& c = a.counted;
    const Position<V>& p = c.position;
    const std::string fen = write_fen(p);
    const Value& v = a.report.value;
    const int want = a.report.want;
    const auto& moves = a.report.moves;
    const probe::UnderRules<V>& r = a.report.rules;
    // The value under the rules of each move, by its text.
    auto rules_of = [&](const std::string& text) -> const probe::RulesRatedMove<V>* {
        for (const auto& m : r.moves)
            if (m.text == text) return &m;
        return nullptr;
    };
    auto plies_of = [&](const probe::RulesRatedMove<V>* m) {
        return r.move_plies[std::size_t(m - r.moves.data())];
    };
    std::cout << fen << "\n";
    if constexpr (kHasKingStreaks<V>) std::cout << king_streaks_text(p) << "\n";
    std::cout << side_name(p.side) << " to move: " << value_text(v, want) << "\n";
    std::cout << "counters (" << rp.rule_set().name
              << "): " << state_text(rp.rule_set(), c.state, p) << "\n";
    if (!r.error.empty()) {
        std::cout << "under the counters: not available (" << r.error << ")\n";
    } else {
        std::cout << "under the counters: " << rules_text<V>(v.wdl, r.value, r.plies) << "\n";
        if (r.value.wdl != v.wdl)
            std::cout << "  decided by " << deciding_rule(rp.rule_set(), c.state, p) << "\n";
    }
    if (moves.empty()) {
        std::cout << "no legal move: the game is over\n";
        return;
    }
    std::cout << "moves, best first (the value after each is for the side to move then):\n";
    for (const auto& m : moves) {
        std::printf("  %-12s %s", m.text.c_str(), value_text(m.after, want).c_str());
        if (const auto* rm = rules_of(m.text))
            std::printf("   | rules: %s",
                        rules_text<V>(m.after.wdl, rm->after, plies_of(rm)).c_str());
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
        "draw. Then the value under the draw counters of the tables' rule set (the counters\n"
        "fresh at FEN unless --moves or --counters say otherwise): a win the counters turn\n"
        "into a draw is a cursed win, a loss they save a blessed loss; `plies` is the length\n"
        "of the line under the rules, `budget` the plies the binding counter must leave.\n"
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
    cmd->add_flag("--json", o->json,
                  "Print JSON: variant, fen, wdl, dtw, dtc, moves [{move, wdl, dtw, dtc}], rules "
                  "{rule_set, state, wdl, class, plies, budget, moves [{move, wdl, class, "
                  "plies, budget}]}");
    add_counter_options(cmd, o->counters);
    add_variant_option(cmd, o->variant);
    cmd->callback([o] {
        const auto tb = open_tables(o->dir, o->variant);
        dispatch(tb.variant_id(), [&](auto v) { run<decltype(v)>(*o, tb); });
    });
}

}  // namespace dtb::cli
