// dtb counters: the researchers' report under the draw counters, per material and side to move
// (probe/counters_report.hpp), as text, JSON, and an SVG histogram of the moves wins need.
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
    bool json = false;
};

nlohmann::ordered_json row_json(const probe::CountersReportRow& r) {
    auto wdl = [](const std::uint64_t(&c)[3]) {
        return nlohmann::ordered_json{{"wins", c[0]}, {"draws", c[1]}, {"losses", c[2]}};
    };
    auto histogram = nlohmann::ordered_json::array();
    const std::size_t n = std::max(r.histogram_pure.size(), r.histogram_counters.size());
    for (std::size_t k = 0; k < n; ++k)
        histogram.push_back(
            {{"winner_moves", k},
             {"pure", k < r.histogram_pure.size() ? r.histogram_pure[k] : 0},
             {"counters", k < r.histogram_counters.size() ? r.histogram_counters[k] : 0}});
    return {{"material", r.material.name()},
            {"side_to_move", r.side_to_move == Color::white ? "white" : "black"},
            {"positions", r.positions},
            {"pure", wdl(r.pure)},
            {"counters", wdl(r.counters)},
            {"wins_drawn_by_counters", r.wins_drawn_by_counters},
            {"losses_drawn_by_counters", r.losses_drawn_by_counters},
            {"max_winner_moves_pure", r.max_winner_moves_pure},
            {"max_winner_moves_counters", r.max_winner_moves_counters},
            {"hardest_fen_pure", r.hardest_fen_pure},
            {"hardest_fen_counters", r.hardest_fen_counters},
            {"histogram", histogram}};
}

// One chart per row: positions by the winner's moves, pure (grey) and under the counters (blue).
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
        const std::size_t n = std::max<std::size_t>(
            1, std::max(r.histogram_pure.size(), r.histogram_counters.size()));
        std::uint64_t top = 1;
        for (auto h : {&r.histogram_pure, &r.histogram_counters})
            for (auto c : *h) top = std::max(top, c);
        const double bar = double(kWidth - kLeft - 20) / double(n);
        out << "<text x='" << kLeft << "' y='" << y0 << "' font-size='13'>" << variant << " "
            << r.material.name() << ", " << (r.side_to_move == Color::white ? "White" : "Black")
            << " to move: positions by moves of the winner (grey pure, blue under the "
               "counters)</text>\n";
        const int base = y0 + kChart;
        for (std::size_t k = 0; k < n; ++k) {
            const double x = kLeft + bar * double(k);
            const std::uint64_t hp = k < r.histogram_pure.size() ? r.histogram_pure[k] : 0;
            const std::uint64_t hr = k < r.histogram_counters.size() ? r.histogram_counters[k] : 0;
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
    for (const Material& m : materials)
        for (const Color side : {Color::white, Color::black}) {
            probe::CountersReportRow r;
            std::string message;
            const probe::Status st =
                answered([&] { return gen::counters_report(tb, m, side, r, &message); });
            if (st == probe::Status::argument) throw UsageError(message);
            if (st == probe::Status::not_available && o.material.empty()) {
                std::cerr << "dtb counters: " << m.name() << " skipped: " << message << "\n";
                break;
            }
            require(st, m.name(), message);
            rows.push_back(std::move(r));
        }
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
    std::printf("%-9s %-5s %10s %10s %10s %10s %10s %10s %7s %8s\n", "material", "move",
                "positions", "pure wins", "rule wins", "wins drawn", "pure loss", "loss drawn",
                "max mv", "ctrs mv");
    for (const auto& r : rows) {
        std::printf("%-9s %-5s %10llu %10llu %10llu %10llu %10llu %10llu %7d %8d\n",
                    r.material.name().c_str(), r.side_to_move == Color::white ? "white" : "black",
                    (unsigned long long)r.positions, (unsigned long long)r.pure[0],
                    (unsigned long long)r.counters[0], (unsigned long long)r.wins_drawn_by_counters,
                    (unsigned long long)r.pure[2], (unsigned long long)r.losses_drawn_by_counters,
                    r.max_winner_moves_pure, r.max_winner_moves_counters);
    }
    std::cout << "wins drawn, loss drawn: pure wins (cursed) and losses (blessed) of the side "
                 "to move the counters draw; max mv, ctrs mv: the most moves of the winner a "
                 "win needs, pure and under the counters\n";
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
        "draw, the most moves of the winning side a win needs (pure: from DTW; under the\n"
        "counters: from the budget, the plies until the binding counter restarts — the end\n"
        "of the game where the next capture ends it) with a hardest position of each, and the\n"
        "histogram of those moves (--svg draws it).\n"
        "Examples:\n"
        "  dtb counters tables/russian --material KKKvK\n"
        "  dtb counters tables/english --json --svg report.svg");
    cmd->add_option("dir", o->dir, "Table directory (written by dtb gen)")->required();
    cmd->add_option("--material", o->material, "One material, e.g. KKKvK (default: all of DIR)");
    cmd->add_option("--svg", o->svg, "Write the histograms as an SVG chart to this file");
    add_variant_option(cmd, o->variant);
    cmd->add_flag(
        "--json", o->json,
        "Print JSON: {variant, counter_set, materials: [{material, side_to_move, "
        "positions, pure, counters, wins_drawn_by_counters, max_winner_moves_pure, "
        "max_winner_moves_counters, hardest_fen_pure, hardest_fen_counters, histogram}]}");
    cmd->callback([o] { run(*o, open_tables(o->dir, o->variant)); });
}

}  // namespace dtb::cli
