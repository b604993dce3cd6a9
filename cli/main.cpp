// dtb: endgame tablebases for draughts. One binary, one subcommand per job.
#include <iostream>
#include <map>

#include "cli.hpp"
#include "dtb/core/notation.hpp"

namespace dtb::cli {

VariantName variant_from_name(const std::string& name) {
    if (auto v = find_variant(name)) return *v;
    std::string known;
    for (const auto& v : variant_names())
        known += (known.empty() ? "" : ", ") + std::string(v.name);
    throw UsageError("unknown variant '" + name + "'; known: " + known);
}

void add_compression_option(CLI::App& cmd, compress::Compression& c, const std::string& help) {
    const std::map<std::string, compress::Compression> names = {
        {"small", compress::Compression::small}, {"fast", compress::Compression::fast}};
    cmd.add_option("--compression", c, help)
        ->transform(CLI::CheckedTransformer(names, CLI::ignore_case))
        ->option_text("small|fast");
}

}  // namespace dtb::cli

int main(int argc, char** argv) {
    using namespace dtb::cli;
    CLI::App app{
        "dtb - endgame tablebases for draughts.\n"
        "Perfect play for every position with few pieces, in 16 variants.\n"
        "Run 'dtb variants' for the variants and 'dtb COMMAND --help' for each command."};
    app.require_subcommand(1);
    app.set_version_flag("--version", "dtb 0.1.0");
    add_variants_command(app);
    add_perft_command(app);
    add_moves_command(app);
    add_gen_command(app);
    add_stats_command(app);
    add_probe_command(app);
    add_best_command(app);
    add_rules_command(app);
    add_verify_command(app);
    add_pack_command(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        return code == 0 ? 0 : kExitBadInput;
    } catch (const UsageError& e) {
        std::cerr << "dtb: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const dtb::NotationError& e) {
        std::cerr << "dtb: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const std::exception& e) {
        std::cerr << "dtb: " << e.what() << "\n";
        return kExitFailure;
    }
    return 0;
}
