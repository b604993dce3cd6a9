// dtb counters: the researchers' report under the draw counters, per material and side to move
// (probe/counters_report.hpp), as text, JSON, and an SVG histogram of the moves wins need.
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "dtb/compress/table_dir.hpp"
#include "dtb/gen/counters/counters_report.hpp"
#include "probe_cli.hpp"

namespace dtb::cli {

namespace {

struct CountersOptions {
    std::string dir;
    std::string variant;  // for a directory without a manifest
    std::string material;
    std::string svg;
    probe::CountersReportOptions report;
    bool json = false;
};

std::uint64_t at(const std::vector<std::uint64_t>& h, std::size_t k) {
    return k < h.size() ? h[k] : 0;
}

// What the report derived only when asked (--distances): null otherwise.
template <class T>
nlohmann::ordered_json or_null(bool derived, const T& value) {
    return derived ? nlohmann::ordered_json(value) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json row_json(const probe::CountersReportRow& r) {
    auto wdl = [](const std::uint64_t(&c)[3]) {
        return nlohmann::ordered_json{{"wins", c[0]}, {"draws", c[1]}, {"losses", c[2]}};
    };
    auto histogram = nlohmann::ordered_json::array();
    const std::size_t n =
        std::max({r.histogram_pure.size(), r.histogram_counters.size(), r.histogram_budget.size()});
    for (std::size_t k = 0; k < n; ++k)
        histogram.push_back({{"winner_moves", k},
                             {"pure", at(r.histogram_pure, k)},
                             {"counters", or_null(r.distances, at(r.histogram_counters, k))},
                             {"budget", at(r.histogram_budget, k)}});
    return {{"material", r.material.name()},
            {"side_to_move", r.side_to_move == Color::white ? "white" : "black"},
            {"positions", r.positions},
            {"pure", wdl(r.pure)},
            {"counters", wdl(r.counters)},
            {"wins_drawn_by_counters", r.wins_drawn_by_counters},
            {"losses_drawn_by_counters", r.losses_drawn_by_counters},
            {"max_winner_moves_pure", r.hardest_pure.moves},
            {"max_winner_moves_counters", or_null(r.distances, r.hardest_counters.moves)},
            {"max_winner_moves_budget", r.hardest_budget.moves},
            {"hardest_fen_pure", r.hardest_pure.fen},
            {"hardest_fen_counters", or_null(r.distances, r.hardest_counters.fen)},
            {"hardest_fen_budget", r.hardest_budget.fen},
            {"lengthened_by_counters", or_null(r.distances, r.lengthened_by_counters)},
            {"distances_unknown", or_null(r.distances, r.distances_unknown)},
            {"histogram", histogram}};
}

// One chart per row: positions by the winner's moves, pure (grey) and under the counters (blue:
// the distance with --distances, else the budget).
void write_svg(const std::string& path, const std::vector<probe::CountersReportRow>& rows,
               std::string_view variant) {
    constexpr int kWidth = 640, kChart = 180, kGap = 50, kLeft = 60;
    std::ofstream out(path);
    if (!out) throw std::runtime_error(path + ": cannot be written");
    const int height = int(rows.size()) * (kChart + kGap) + 30;
    out << "<svg xmlns='http://www.w3.org/2000/svg' width='" << kWidth << "' height='" << height
        << "' font-family='sans-serif' font-size='11'>\n"
        << "<rect width='100%' height='100%' fill='white'/>\n";
    int y0 = 20;
    for (const auto& r : rows) {
        const auto& blue = r.distances ? r.histogram_counters : r.histogram_budget;
        const std::size_t n =
            std::max<std::size_t>(1, std::max(r.histogram_pure.size(), blue.size()));
        std::uint64_t top = 1;
        for (auto h : {&r.histogram_pure, &blue})
            for (auto c : *h) top = std::max(top, c);
        const double bar = double(kWidth - kLeft - 20) / double(n);
        out << "<text x='" << kLeft << "' y='" << y0 << "' font-size='13'>" << variant << " "
            << r.material.name() << ", " << (r.side_to_move == Color::white ? "White" : "Black")
            << " to move: positions by moves of the winner (grey pure, blue "
            << (r.distances ? "under the counters" : "the budget under the counters")
            << ")</text>\n";
        const int base = y0 + kChart;
        for (std::size_t k = 0; k < n; ++k) {
            const double x = kLeft + bar * double(k);
            const std::uint64_t hp = at(r.histogram_pure, k);
            const std::uint64_t hr = at(blue, k);
            const double hpx = double(kChart - 20) * double(hp) / double(top);
            const double hrx = double(kChart - 20) * double(hr) / double(top);
            out << "<rect x='" << x << "' y='" << base - hpx << "' width='" << bar / 2
                << "' height='" << hpx << "' fill='#999'/>"
                << "<rect x='" << x + bar / 2 << "' y='" << base - hrx << "' width='" << bar / 2
                << "' height='" << hrx << "' fill='#36c'/>\n";
            if (n <= 40 || k % 5 == 0)
                out << "<text x='" << x + bar / 2 << "' y='" << base + 14
                    << "' text-anchor='middle'>" << k << "</text>\n";
        }
        out << "<line x1='" << kLeft << "' y1='" << base << "' x2='" << kWidth - 20 << "' y2='"
            << base << "' stroke='black'/>\n"
            << "<text x='" << kLeft - 6 << "' y='" << base - (kChart - 20) << "' text-anchor='end'>"
            << top << "</text>\n";
        y0 += kChart + kGap;
    }
    out << "</svg>\n";
}

void run(const CountersOptions& o, const probe::Tablebase& tb) {
    const std::string variant(tb.variant());
    const std::string counter_set = dtb_counter_set(tb.c_handle());
    std::vector<Material> materials;
    if (!o.material.empty()) {
        const auto m = Material::parse(o.material);
        if (!m) throw UsageError("--material: '" + o.material + "' is not a material (KKKvK)");
        materials.push_back(*m);
    } else {
        try {
            for (const auto& e : compress::Manifest::read(o.dir).slices)
                materials.push_back(e.material);
        } catch (const compress::TableError& e) {
            throw UsageError("directory", std::string(e.what()) + "; or name a --material");
        }
    }
    std::vector<probe::CountersReportRow> rows;
    const bool progress = isatty(STDERR_FILENO);
    for (std::size_t i = 0; i < materials.size(); ++i)
        for (const Color side : {Color::white, Color::black}) {
            const Material& m = materials[i];
            if (progress)
                std::cerr << "\r[" << i + 1 << "/" << materials.size() << "] " << m.name() << ", "
                          << (side == Color::white ? "White" : "Black") << " to move   "
                          << std::flush;
            probe::CountersReportRow r;
            std::string message;
            const probe::Status st =
                answered([&] { return gen::counters_report(tb, m, side, r, &message, o.report); });
            if (st == probe::Status::argument) throw UsageError(message);
            if (st == probe::Status::not_available && o.material.empty()) {
                std::cerr << "dtb counters: " << m.name() << " skipped: " << message << "\n";
                break;
            }
            require(st, m.name(), message);
            rows.push_back(std::move(r));
        }
    if (progress) std::cerr << "\r" << std::string(40, ' ') << "\r" << std::flush;
    if (!o.svg.empty()) write_svg(o.svg, rows, variant);
    if (o.json) {
        auto list = nlohmann::ordered_json::array();
        for (const auto& r : rows) list.push_back(row_json(r));
        nlohmann::ordered_json j = {
            {"variant", variant}, {"counter_set", counter_set}, {"materials", list}};
        std::cout << j.dump(2) << "\n";
        return;
    }
    std::cout << variant << ", counters " << counter_set
              << " (fresh: the material has just arisen by a capture)\n";
    std::printf("%-9s %-5s %10s %10s %10s %10s %10s %10s %7s %9s %9s %8s\n", "material", "move",
                "positions", "pure wins", "rule wins", "wins drawn", "pure loss", "loss drawn",
                "max mv", "budget mv", "longer", "ctrs mv");
    std::uint64_t unknown = 0;
    for (const auto& r : rows) {
        std::printf("%-9s %-5s %10llu %10llu %10llu %10llu %10llu %10llu %7d %9d",
                    r.material.name().c_str(), r.side_to_move == Color::white ? "white" : "black",
                    (unsigned long long)r.positions, (unsigned long long)r.pure[0],
                    (unsigned long long)r.counters[0], (unsigned long long)r.wins_drawn_by_counters,
                    (unsigned long long)r.pure[2], (unsigned long long)r.losses_drawn_by_counters,
                    r.hardest_pure.moves, r.hardest_budget.moves);
        if (r.distances)
            std::printf(" %9llu %8d\n", (unsigned long long)r.lengthened_by_counters,
                        r.hardest_counters.moves);
        else
            std::printf(" %9s %8s\n", "-", "-");
        unknown += r.distances_unknown;
    }
    std::cout << "wins drawn, loss drawn: pure wins (cursed) and losses (blessed) of the side "
                 "to move the counters draw; the most moves of the winner a win needs: max mv "
                 "pure, budget mv of the binding counter, ctrs mv under the counters (to the end "
                 "of the game, the winner hurrying; --distances); longer: wins and losses the "
                 "counters make longer (--distances)\n";
    if (unknown)
        std::cout << unknown
                  << " wins and losses under the counters have no distance (the search stopped "
                     "at its bound): ctrs mv is the most of the others\n";
}

}  // namespace

void add_counters_command(CLI::App& app) {
    auto o = std::make_shared<CountersOptions>();
    auto* cmd =
        app.add_subcommand("counters", "Report what the draw counters change, per material");
    cmd->alias("rules");  // the old name, kept for scripts
    cmd->footer(
        "For each material of DIR (or --material) and side to move, with the counters fresh\n"
        "(as when the material has just arisen by a capture): positions (as dtb stats counts\n"
        "them), wins / draws / losses pure and under the counters, the pure wins the counters\n"
        "draw, the most moves of the winning side a win needs, with a hardest position of\n"
        "each: pure (from DTW) and the budget (the plies of the binding counter a win needs:\n"
        "\"do three kings win within 15 moves\"); with --distances also under the counters\n"
        "(the distance to the end of the game, the winner hurrying within the counters, the\n"
        "loser delaying: read from the distance tables of a set made with 'dtb gen\n"
        "--distances', else found by a search a position) and the wins the counters make\n"
        "longer; and the histograms of those moves (--svg draws pure and the other).\n"
        "Examples:\n"
        "  dtb counters tables/russian --material KKKvK --distances\n"
        "  dtb counters tables/english --json --svg report.svg");
    cmd->add_option("dir", o->dir, "Table directory (written by dtb gen)")->required();
    cmd->add_option("--material", o->material, "One material, e.g. KKKvK (default: all of DIR)");
    cmd->add_option("--svg", o->svg, "Write the histograms as an SVG chart to this file");
    cmd->add_flag("--distances", o->report.distances,
                  "Also the distance under the counters of every win: from the distance "
                  "tables where DIR has them (dtb gen --distances), else a search a position "
                  "(seconds for a material of kings, hours for some with men on both sides)");
    cmd->add_option("--effort", o->report.effort,
                    "States the search of one position's distance may expand; past it the "
                    "distance is counted unknown (distances_unknown)")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    add_variant_option(cmd, o->variant);
    cmd->add_flag("--json", o->json,
                  "Print JSON: {variant, counter_set, materials: [{material, side_to_move, "
                  "positions, pure, counters, wins_drawn_by_counters, losses_drawn_by_counters, "
                  "max_winner_moves_{pure,counters,budget}, hardest_fen_{pure,counters,budget}, "
                  "lengthened_by_counters, distances_unknown, histogram: [{winner_moves, pure, "
                  "counters, budget}]}]}");
    cmd->callback([o] { run(*o, open_tables(o->dir, o->variant)); });
}

}  // namespace dtb::cli
