// dtb pack: rewrite a generated directory's tables at another preset (gen/pack.hpp).
#include <omp.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "dtb/gen/pack.hpp"

namespace dtb::cli {

namespace {

struct PackCliOptions {
    std::string dir;
    gen::PackOptions pack;
    int threads = 0;
    bool json = false;
};

void run(const PackCliOptions& o) {
    if (o.threads > 0) omp_set_num_threads(o.threads);
    const bool tty = isatty(STDERR_FILENO) && !o.json;
    gen::PackCallbacks cb;
    cb.started = [&](const gen::PackEvent& e) {
        if (tty)
            std::fprintf(stderr, "\r\033[K[%d/%d] %s", e.number, e.total,
                         e.material.name().c_str());
    };
    cb.finished = [&](const gen::PackEvent& e) {
        if (!tty && !o.json && e.tables_rewritten)
            std::fprintf(stderr, "[%d/%d] %s: %llu -> %llu bytes\n", e.number, e.total,
                         e.material.name().c_str(), (unsigned long long)e.bytes_before,
                         (unsigned long long)e.bytes_after);
    };
    gen::PackSummary sum;
    try {
        sum = gen::pack_tables(o.dir, o.pack, cb);
    } catch (const compress::TableError& e) {
        if (tty) std::fprintf(stderr, "\r\033[K");
        throw UsageError(e.what());
    }
    if (tty) std::fprintf(stderr, "\r\033[K");
    if (o.json) {
        const nlohmann::ordered_json j = {{"dir", o.dir},
                                          {"compression", compress::to_string(o.pack.compression)},
                                          {"tables_rewritten", sum.tables_rewritten},
                                          {"tables_kept", sum.tables_kept},
                                          {"bytes_before", sum.bytes_before},
                                          {"bytes_after", sum.bytes_after},
                                          {"wdl_one_ply", sum.wdl_one_ply},
                                          {"seconds", sum.seconds}};
        std::cout << j.dump(2) << "\n";
        return;
    }
    std::cout << o.dir << ": " << sum.tables_rewritten << " tables rewritten to "
              << compress::to_string(o.pack.compression) << ", " << sum.tables_kept
              << " already were; " << sum.wdl_one_ply << " WDL tables in one-ply form; "
              << sum.bytes_before << " -> " << sum.bytes_after << " bytes in ";
    std::printf("%.1f s\n", sum.seconds);
}

}  // namespace

void add_pack_command(CLI::App& app) {
    auto o = std::make_shared<PackCliOptions>();
    auto* cmd = app.add_subcommand("pack", "Recompress a generated tablebase's tables");
    cmd->footer(
        "Rewrites every table of DIR (a directory written by dtb gen) whose compression is\n"
        "not the one asked for, after checking it. To small, a material's tables are written\n"
        "again from their values (the positions small tables leave out found again): byte\n"
        "for byte what 'dtb gen --compression small' writes. To fast, only the zstd level\n"
        "changes. Tables are replaced one at a time and manifest.json records each\n"
        "material's compression as it goes: an interrupted pack is simply run again.\n"
        "Small tables are some 40 % smaller than fast ones and take some three times as\n"
        "long to write (docs/performance.md). Tables of WDL alone (gen --values wdl) are\n"
        "packed the same way.\n"
        "\n"
        "--wdl-sides one keeps, of each pair of colour-flipped materials (KKMvK, KvKKM: one's\n"
        "White to move is the other's Black to move), the smaller WDL table whole and leaves\n"
        "many of the other's values out where that makes it smaller ('one-ply form'): a\n"
        "probe of such a position makes its moves and reads the values after them from the\n"
        "table kept; it costs a search one move deep. DTW and DTC stay whole.\n"
        "--wdl-sides both writes those tables out whole again (the same bytes as before);\n"
        "keep (the default) leaves them as they are.\n"
        "Examples:\n"
        "  dtb gen russian --pieces 4 --compression fast --out tables/fast   (quick to generate)\n"
        "  dtb pack tables/fast                                             (then the small "
        "tables)\n"
        "  dtb pack tables/fast --wdl-sides one                    (and WDL of one side a pair)");
    cmd->add_option("dir", o->dir, "Directory written by dtb gen")->required();
    add_compression_option(*cmd, o->pack.compression,
                           "Target compression: small (default) or fast");
    cmd->add_option_function<std::string>(
           "--wdl-sides",
           [o](const std::string& text) {
               const std::map<std::string, gen::WdlSides> sides = {{"keep", gen::WdlSides::keep},
                                                                   {"one", gen::WdlSides::one},
                                                                   {"both", gen::WdlSides::both}};
               const auto it = sides.find(text);
               if (it == sides.end())
                   throw CLI::ValidationError("--wdl-sides",
                                              "'" + text + "' is not keep, one or both");
               o->pack.wdl_sides = it->second;
           },
           "WDL tables of each colour-flipped pair: keep (default), one (the larger in "
           "one-ply form where that is smaller) or both (written out whole)")
        ->option_text("keep|one|both");
    cmd->add_option("--threads", o->threads, "Threads (default: all cores)")
        ->check(CLI::Range(1, 1024));
    cmd->add_flag("--json", o->json,
                  "Print JSON: {dir, compression, tables_rewritten, tables_kept, bytes_before, "
                  "bytes_after, wdl_one_ply, seconds}");
    cmd->callback([o] { run(*o); });
}

}  // namespace dtb::cli
