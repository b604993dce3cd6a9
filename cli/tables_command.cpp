// dtb tables: what a table directory (or a search path of them) holds, as the probing
// library finds it: the installed materials, their tables, and the largest piece count.
#include <iostream>
#include <nlohmann/json.hpp>

#include "probe_cli.hpp"

namespace dtb::cli {

namespace {

struct TablesOptions {
    std::string dir;
    std::string variant;
    bool json = false;
};

// The tables a material has, by name ("wdl dtw dtc counters").
nlohmann::ordered_json table_kinds(int flags) {
    auto out = nlohmann::ordered_json::array();
    for (const auto& [flag, name] :
         {std::pair{DTB_HAS_WDL, "wdl"}, std::pair{DTB_HAS_DTW, "dtw"},
          std::pair{DTB_HAS_DTC, "dtc"}, std::pair{DTB_HAS_COUNTERS, "counters"}})
        if (flags & flag) out.push_back(name);
    return out;
}

void run(const TablesOptions& o) {
    const auto tb = open_tables(o.dir, o.variant);
    const auto installed = tb.materials();
    // The largest n up to which every material is installed.
    int complete = 0;
    for (int n = 2; n <= tb.largest(); ++n) {
        bool all = true;
        for (const Material& m : materials_up_to(n))
            if (m.pieces() == n) {
                bool found = false;
                for (const auto& i : installed) found |= i.material == m.name();
                all &= found;
            }
        if (!all) break;
        complete = n;
    }
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& i : installed)
        list.push_back({{"material", i.material},
                        {"pieces", Material::parse(i.material)->pieces()},
                        {"tables", table_kinds(i.tables)}});
    if (o.json) {
        std::cout << nlohmann::ordered_json{{"variant", tb.variant()},
                                            {"dir", o.dir},
                                            {"largest", tb.largest()},
                                            {"complete_up_to", complete},
                                            {"materials", list}}
                         .dump(2)
                  << "\n";
        return;
    }
    std::cout << tb.variant() << " in " << o.dir << ": " << installed.size() << " materials, up to "
              << tb.largest() << " pieces (every material up to " << complete << ")\n";
    for (const auto& m : list) {
        std::printf("  %-10s", m["material"].get<std::string>().c_str());
        for (const auto& k : m["tables"]) std::printf(" %s", k.get<std::string>().c_str());
        std::printf("\n");
    }
}

}  // namespace

void add_tables_command(CLI::App& app) {
    auto o = std::make_shared<TablesOptions>();
    auto* cmd = app.add_subcommand("tables", "The materials a table directory holds");
    cmd->footer(
        "Lists what the probing library finds in DIR (or a search path DIR1:DIR2:...): each\n"
        "material with a WDL table, the tables it has (wdl, dtw, dtc, counters), the largest\n"
        "number of pieces, and the largest n up to which every material is installed.\n"
        "Examples:\n"
        "  dtb tables tables/russian\n"
        "  dtb tables tables/wdl:tables/russian --json");
    cmd->add_option("dir", o->dir, "Table directory, or several as DIR1:DIR2:...")->required();
    add_variant_option(cmd, o->variant);
    cmd->add_flag("--json", o->json,
                  "Print JSON: {variant, dir, largest, complete_up_to, materials: [{material, "
                  "pieces, tables}]}");
    cmd->callback([o] { run(*o); });
}

}  // namespace dtb::cli
