// dtb perft: count move sequences, the standard check of a move generator.
#include <omp.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "dtb/gen/moves.hpp"

namespace dtb::cli {

namespace {

struct PerftOptions {
    std::string variant;
    int depth = 0;
    std::string fen;
    bool keep = false;
    bool divide = false;
    bool json = false;
    int threads = 0;
};

void run(const PerftOptions& o, const VariantName& name) {
    if (o.threads > 0) omp_set_num_threads(o.threads);
    auto print_depth = [&](const gen::PerftDepth& d) {
        if (o.json) return;
        std::cout << "depth " << d.depth << ": " << d.nodes;
        if (d.seconds >= 0.01)
            std::cout << "  (" << d.seconds << " s, " << double(d.nodes) / d.seconds / 1e6
                      << " M nodes/s)";
        std::cout << std::endl;
    };
    const gen::Perft r = gen::perft(name.id, o.fen.empty() ? std::string(name.start) : o.fen,
                                    o.depth, o.keep, print_depth);
    if (o.json) {
        nlohmann::ordered_json counts = nlohmann::ordered_json::array();
        nlohmann::ordered_json rates = nlohmann::ordered_json::array();
        for (const auto& d : r.depths) {
            counts.push_back(d.nodes);
            rates.push_back(
                {{"depth", d.depth},
                 {"seconds", d.seconds},
                 {"nodes_per_second", d.seconds > 0 ? double(d.nodes) / d.seconds : 0.0}});
        }
        nlohmann::ordered_json out = {{"variant", name.name},
                                      {"fen", r.fen},
                                      {"duplicates", o.keep ? "keep" : "drop"},
                                      {"counts", counts},
                                      {"timing", rates}};
        if (o.divide) {
            nlohmann::ordered_json div = nlohmann::ordered_json::array();
            for (const auto& [move, count] : r.divide)
                div.push_back({{"move", move}, {"count", count}});
            out["divide"] = div;
        }
        std::cout << out.dump(2) << "\n";
    } else if (o.divide) {
        for (const auto& [move, count] : r.divide) std::cout << move << ": " << count << "\n";
    }
}

}  // namespace

void add_perft_command(CLI::App& app) {
    auto o = std::make_shared<PerftOptions>();
    auto* cmd =
        app.add_subcommand("perft", "Count move sequences up to DEPTH (check the move generator)");
    cmd->footer(
        "Counts for every depth 1..DEPTH, with nodes per second; the last ply is counted, not\n"
        "played. Compare with published numbers (both duplicate conventions).\n"
        "Examples:\n"
        "  dtb perft russian 10\n"
        "  dtb perft international 5 --fen 'W:W6,7,8,9,10:B41,42,43,44,45' --json\n"
        "  dtb perft frisian 6 --keep-duplicates --divide");
    cmd->add_option("variant", o->variant, "Variant (see 'dtb variants')")->required();
    cmd->add_option("depth", o->depth, "Number of plies")->required()->check(CLI::Range(1, 30));
    cmd->add_option("--fen", o->fen, "Start position as PDN FEN (default: the initial position)");
    cmd->add_flag("--keep-duplicates", o->keep,
                  "Count every capture path; by default paths with the same start, end and "
                  "captured pieces are one move");
    cmd->add_flag("--divide", o->divide, "Also give the count below each legal move at DEPTH");
    cmd->add_flag("--json", o->json,
                  "Print JSON: variant, fen, duplicates, counts (depth 1..DEPTH)");
    cmd->add_option("--threads", o->threads, "Threads (default: all cores)")
        ->check(CLI::Range(1, 1024));
    cmd->callback([o] { run(*o, variant_from_name(o->variant)); });
}

}  // namespace dtb::cli
