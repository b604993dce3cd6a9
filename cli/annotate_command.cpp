// dtb annotate: the games of a PDN file checked against the tables.
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "annotate_report.hpp"
#include "cli.hpp"
#include "dtb/pdn/read.hpp"
#include "dtb/pdn/write.hpp"
#include "probe_cli.hpp"

namespace dtb::cli {

namespace {

struct AnnotateOptions {
    std::string dir;
    std::string file;
    std::string out;
    std::string under = "counters";
    std::string variant;
    bool json = false;
};

// Progress on standard error every this many games, for files this large or larger.
constexpr std::size_t kProgressEvery = 100;

void run(const AnnotateOptions& o) {
    std::vector<pdn::Game> games;
    try {
        games = pdn::read_file(o.file);
    } catch (const pdn::ReadError& e) {
        throw UsageError("file", e.what());
    }
    if (games.empty()) throw UsageError("pdn", o.file + ": no PDN game in the file");
    const auto tb = open_tables(o.dir, o.variant);
    const pdn::Under under = o.under == "pure" ? pdn::Under::pure : pdn::Under::counters;
    const std::optional<VariantId> given =
        o.variant.empty() ? std::nullopt : std::optional(variant_from_name(o.variant).id);

    std::vector<pdn::Game> annotated;
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    std::string text;
    const pdn::Summary summary = annotate_games(
        tb, games, under, given,
        [&](const pdn::Game& g, const pdn::GameAnnotation& a, const pdn::Summary& so_far) {
            if (!o.out.empty()) annotated.push_back(pdn::annotated_game(g, a));
            if (o.json)
                list.push_back(annotation_json(g, a));
            else
                text += annotation_text(g, a);
            if (games.size() >= kProgressEvery && so_far.games % kProgressEvery == 0)
                std::cerr << "dtb annotate: " << so_far.games << " of " << games.size()
                          << " games\n";
        });
    if (!o.out.empty()) {
        std::ofstream out(o.out, std::ios::binary);
        out << pdn::write_games(annotated);
        if (!out.flush()) throw CommandError(kExitFailure, "io", o.out + ": cannot write");
    }
    if (o.json) {
        std::cout << annotated_file_json(tb, o.file, under, std::move(list), summary).dump(2)
                  << "\n";
        return;
    }
    std::cout << text << summary_text(summary);
}

}  // namespace

void add_annotate_command(CLI::App& app) {
    auto o = std::make_shared<AnnotateOptions>();
    auto* cmd = app.add_subcommand("annotate", "Check the games of a PDN file against the tables");
    cmd->footer(
        "Reads every game of FILE (PDN as people write it: numbers or algebraic squares,\n"
        "captures with x or :, full paths or start and end only, comments, variations, any\n"
        "of the usual results, cp1251/cp1252 or UTF-8) and replays its main line. For each\n"
        "position the tables hold it gives the value, pure and under the draw counters as the\n"
        "game has run them up, and marks each move that threw a result away with the move\n"
        "that kept it: ? for a win thrown to a draw or a draw to a loss, ?? for a win to a loss.\n"
        "A game that cannot be replayed is reported with the ply and why; the rest go on.\n"
        "The variant: --variant, else each game's GameType tag, else the tables'.\n"
        "Examples:\n"
        "  dtb annotate tables/russian games.pdn\n"
        "  dtb annotate tables/international wk2003.pdn --out wk2003-annotated.pdn\n"
        "  dtb annotate tables/russian games.pdn --json --under pure");
    cmd->add_option("dir", o->dir, "Table directory (dtb gen --out)")->required();
    cmd->add_option("file", o->file, "PDN file of games")->required();
    cmd->add_option(
        "--out", o->out,
        "Write the games as PDN here, with the values as comments and ?? or ? at the errors");
    cmd->add_flag("--json", o->json,
                  "Print JSON: every game's positions and thrown moves, a summary");
    cmd->add_option("--under", o->under,
                    "Judge moves by the pure values or those under the draw counters (default)")
        ->check(CLI::IsMember({"pure", "counters"}));
    add_variant_option(cmd, o->variant);
    cmd->callback([o] { run(*o); });
}

}  // namespace dtb::cli
