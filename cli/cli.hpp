// Shared pieces of the dtb command line: subcommand registration and error handling.
#pragma once

#include <CLI/CLI.hpp>
#include <stdexcept>
#include <string>

#include "dtb/compress/table_writer.hpp"
#include "dtb/core/variant.hpp"

namespace dtb::cli {

// Exit codes: 0 success, 1 failure while running, 2 bad input (arguments, FEN, files).
inline constexpr int kExitFailure = 1;
inline constexpr int kExitBadInput = 2;

// Bad input from the user: printed as "dtb: <message>", exit code 2.
class UsageError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// "1 ply", "n plies": a count of plies in words.
inline std::string plies_text(long long n) {
    return std::to_string(n) + (n == 1 ? " ply" : " plies");
}

// The variant a typed name means; throws UsageError listing the known names.
VariantName variant_from_name(const std::string& name);

// --compression small|fast (compress::Compression).
void add_compression_option(CLI::App& cmd, compress::Compression& c, const std::string& help);

void add_variants_command(CLI::App& app);
void add_perft_command(CLI::App& app);
void add_moves_command(CLI::App& app);
void add_gen_command(CLI::App& app);
void add_stats_command(CLI::App& app);
void add_probe_command(CLI::App& app);
void add_best_command(CLI::App& app);
void add_rules_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_pack_command(CLI::App& app);

}  // namespace dtb::cli
