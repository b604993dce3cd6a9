// dtb: endgame tablebases for draughts. One binary, one subcommand per job.
#include <cctype>
#include <iostream>
#include <new>
#include <nlohmann/json.hpp>
#include <string_view>

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
    cmd.add_option_function<std::string>(
           "--compression",
           [&c](const std::string& text) {
               std::string s = text;
               for (char& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
               if (s == "small") {
                   c = compress::Compression::small;
               } else if (s == "fast") {
                   c = compress::Compression::fast;
               } else {
                   throw CLI::ValidationError("--compression",
                                              "'" + text + "' is not small or fast");
               }
           },
           help)
        ->option_text("small|fast");
}

}  // namespace dtb::cli

int main(int argc, char** argv) {
    using namespace dtb::cli;
    CLI::App app{
        "dtb - endgame tablebases for draughts.\n"
        "Perfect play for every position with few pieces, in " +
        std::to_string(dtb::kVariantCount) +
        " variants.\n"
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
    add_counters_command(app);
    add_verify_command(app);
    add_pack_command(app);
    add_tables_command(app);
    add_serve_command(app);
    add_annotate_command(app);
    // With --json an error is JSON too, on standard output (a script reads nothing else
    // there); the message also goes to standard error, as without --json.
    bool json = false;
    for (int i = 1; i < argc && std::string_view(argv[i]) != "--"; ++i)
        json |= std::string_view(argv[i]) == "--json";
    auto fail = [&](int exit_code, const std::string& code, const std::string& message) {
        std::cerr << "dtb: " << message << "\n";
        if (json)
            std::cout << nlohmann::ordered_json{{"error",
                                                 {{"code", code},
                                                  {"exit_code", exit_code},
                                                  {"message", message}}}}
                             .dump(2)
                      << "\n";
        return exit_code;
    };
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app.exit(e);
        if (!json) {
            app.exit(e);
            return kExitBadInput;
        }
        return fail(kExitBadInput, "usage", e.what());
    } catch (const ReportedFailure& e) {
        std::cerr << "dtb: " << e.what() << "\n";
        return e.exit_code();
    } catch (const CommandError& e) {
        return fail(e.exit_code(), e.code(), e.what());
    } catch (const dtb::NotationError& e) {
        return fail(kExitBadInput, "fen", e.what());
    } catch (const dtb::ImpossiblePosition& e) {
        return fail(kExitBadInput, "position", e.what());
    } catch (const std::bad_alloc&) {
        return fail(kExitFailure, "memory", "out of memory");
    } catch (const std::exception& e) {
        return fail(kExitFailure, "error", e.what());
    }
    return 0;
}
