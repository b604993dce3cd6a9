#include "gen_estimate_report.hpp"

#include <algorithm>
#include <cstdio>

namespace dtb::cli {

std::string bytes_text(double b) {
    char buf[32];
    if (b < double(1 << 30)) {
        std::snprintf(buf, sizeof buf, "%.0f MiB", b / double(1 << 20));
    } else if (b < 10240.0 * double(1 << 30)) {
        std::snprintf(buf, sizeof buf, "%.1f GiB", b / double(1 << 30));
    } else {
        std::snprintf(buf, sizeof buf, "%.1f TiB", b / double(1ull << 40));
    }
    return buf;
}

std::string duration(double s) {
    char buf[32];
    if (s < 120) {
        std::snprintf(buf, sizeof buf, "%.1f s", s);
    } else if (s < 7200) {
        std::snprintf(buf, sizeof buf, "%.1f min", s / 60);
    } else if (s < 3 * 86400) {
        std::snprintf(buf, sizeof buf, "%.1f h", s / 3600);
    } else {
        std::snprintf(buf, sizeof buf, "%.1f days", s / 86400);
    }
    return buf;
}

namespace {

template <class F>
double most(const gen::RanksEstimate& e, F of) {
    double m = 0;
    for (const gen::RankShare& s : e.shares) m = std::max(m, double(of(s)));
    return m;
}

}  // namespace

std::string ranks_text(const std::vector<gen::RanksEstimate>& plans, int threads,
                       std::uint64_t memory) {
    std::string t = "spread over ranks (mpirun), each with " + std::to_string(threads) +
                    " threads and --memory " + bytes_text(double(memory)) +
                    ", from empty; a rank's figures are the largest rank's:\n";
    char line[200];
    std::snprintf(line, sizeof line, "%6s  %10s  %12s  %12s  %12s  %12s  %12s\n", "ranks", "wall",
                  "memory", "scratch", "read", "written", "tables");
    t += line;
    for (const gen::RanksEstimate& e : plans) {
        std::snprintf(line, sizeof line, "%6d  %10s  %12s  %12s  %12s  %12s  %12s\n", e.ranks,
                      duration(e.seconds).c_str(),
                      bytes_text(most(e, [](const auto& s) { return s.memory; })).c_str(),
                      bytes_text(most(e, [](const auto& s) { return s.scratch; })).c_str(),
                      bytes_text(most(e, [](const auto& s) { return s.read; })).c_str(),
                      bytes_text(most(e, [](const auto& s) { return s.written; })).c_str(),
                      bytes_text(double(e.tables)).c_str());
        t += line;
    }
    t += "memory: a rank's peak; scratch: its files under DIR at their peak; read: the other "
         "ranks' tables it reads from DIR (read back into memory once, the counters' as it "
         "looks into them: the network, when DIR is shared); written: its tables; tables: DIR "
         "at the end";
    return t;
}

nlohmann::ordered_json estimate_json(const std::string& variant, int pieces,
                                     const gen::GenEstimate& need, int threads,
                                     std::uint64_t memory,
                                     const std::vector<gen::RanksEstimate>& plans) {
    nlohmann::ordered_json ranks = nlohmann::ordered_json::array();
    for (const gen::RanksEstimate& e : plans) {
        nlohmann::ordered_json shares = nlohmann::ordered_json::array();
        for (const gen::RankShare& s : e.shares)
            shares.push_back({{"positions", s.positions},
                              {"memory", s.memory},
                              {"scratch", s.scratch},
                              {"read", s.read},
                              {"read_back", s.read_back},
                              {"written", s.written},
                              {"busy_seconds", s.busy_seconds},
                              {"seconds", s.seconds}});
        ranks.push_back({{"ranks", e.ranks},
                         {"seconds", e.seconds},
                         {"tables", e.tables},
                         {"shares", std::move(shares)}});
    }
    return {{"variant", variant},
            {"pieces", pieces},
            {"positions", need.positions},
            {"memory", need.memory},
            {"memory_peak", need.memory_peak ? need.memory_peak->name() : ""},
            {"disk", need.disk},
            {"seconds", need.seconds},
            {"threads", threads},
            {"memory_budget", memory},
            {"ranks", std::move(ranks)}};
}

}  // namespace dtb::cli
