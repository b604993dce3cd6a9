// dtb perft: count move sequences, the standard check of a move generator.
#include <omp.h>

#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/perft.hpp"

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

// Perft split over the root moves, one OpenMP task per move.
template <class V>
std::vector<std::uint64_t> perft_divide(const Position<V>& p, int depth, Duplicates dups,
                                        const MoveList<typename V::board>& moves) {
    std::vector<std::uint64_t> counts(std::size_t(moves.size()));
#pragma omp parallel for schedule(dynamic, 1)
    for (int i = 0; i < moves.size(); ++i)
        counts[std::size_t(i)] = perft(apply(p, moves[i]), depth - 1, dups);
    return counts;
}

template <class V>
void run(const PerftOptions& o, const VariantName& name) {
    const Position<V> p = read_position<V>(o.fen.empty() ? std::string(name.start) : o.fen);
    const Duplicates dups = o.keep ? Duplicates::keep : Duplicates::drop;
    if (o.threads > 0) omp_set_num_threads(o.threads);
    MoveList<typename V::board> moves;
    MoveGen<V>::generate(p, moves, dups);

    nlohmann::ordered_json counts = nlohmann::ordered_json::array();
    nlohmann::ordered_json rates = nlohmann::ordered_json::array();
    std::vector<std::uint64_t> last_divide;
    for (int d = 1; d <= o.depth; ++d) {
        const auto t0 = std::chrono::steady_clock::now();
        std::uint64_t n = 0;
        if (d == 1) {
            n = std::uint64_t(moves.size());
            last_divide.assign(std::size_t(moves.size()), 1);
        } else {
            last_divide = perft_divide(p, d, dups, moves);
            for (auto c : last_divide) n += c;
        }
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        counts.push_back(n);
        const double nps = s > 0 ? double(n) / s : 0.0;
        rates.push_back({{"depth", d}, {"seconds", s}, {"nodes_per_second", nps}});
        if (!o.json) {
            std::cout << "depth " << d << ": " << n;
            if (s >= 0.01) std::cout << "  (" << s << " s, " << nps / 1e6 << " M nodes/s)";
            std::cout << std::endl;
        }
    }
    const auto texts = legal_moves_with_text(p, dups);
    if (o.json) {
        nlohmann::ordered_json out = {{"variant", name.name},
                                      {"fen", write_fen(p)},
                                      {"duplicates", o.keep ? "keep" : "drop"},
                                      {"counts", counts},
                                      {"timing", rates}};
        if (o.divide) {
            nlohmann::ordered_json div = nlohmann::ordered_json::array();
            for (std::size_t i = 0; i < texts.size(); ++i)
                div.push_back({{"move", texts[i].second}, {"count", last_divide[i]}});
            out["divide"] = div;
        }
        std::cout << out.dump(2) << "\n";
    } else if (o.divide) {
        for (std::size_t i = 0; i < texts.size(); ++i)
            std::cout << texts[i].second << ": " << last_divide[i] << "\n";
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
    cmd->callback([o] {
        const auto name = variant_from_name(o->variant);
        dispatch(name.id, [&](auto v) { run<decltype(v)>(*o, name); });
    });
}

}  // namespace dtb::cli
