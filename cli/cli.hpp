// Shared pieces of the dtb command line: subcommand registration and error handling.
#pragma once

#include <CLI/CLI.hpp>
#include <stdexcept>
#include <string>

#include "dtb/compress/table_writer.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/variant.hpp"

namespace dtb::cli {

// Exit codes: 0 success, 1 failure while running, 2 bad input (arguments, FEN, files).
inline constexpr int kExitFailure = 1;
inline constexpr int kExitBadInput = 2;

// An error that ends a command: its exit code, a code word scripts may test, and the
// message. main() prints "dtb: <message>" on standard error and, with --json, the JSON error
// {"error": {"code", "exit_code", "message"}} on standard output (docs/cli.md).
class CommandError : public std::runtime_error {
  public:
    CommandError(int exit_code, std::string code, const std::string& message)
        : std::runtime_error(message), exit_code_(exit_code), code_(std::move(code)) {}
    int exit_code() const { return exit_code_; }
    const std::string& code() const { return code_; }

  private:
    int exit_code_;
    std::string code_;
};

// Bad input from the user: exit code 2, code "bad_input" unless a more precise one is given
// ("position": a position that cannot occur, "counters", ...).
class UsageError : public CommandError {
  public:
    explicit UsageError(const std::string& message)
        : CommandError(kExitBadInput, "bad_input", message) {}
    UsageError(std::string code, const std::string& message)
        : CommandError(kExitBadInput, std::move(code), message) {}
};

// A failure the command has reported in its output already (dtb verify's report): exit code
// 1, and with --json no second JSON document.
class ReportedFailure : public CommandError {
  public:
    explicit ReportedFailure(const std::string& message)
        : CommandError(kExitFailure, "failed", message) {}
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
void add_counters_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_pack_command(CLI::App& app);
void add_tables_command(CLI::App& app);
void add_serve_command(CLI::App& app);
void add_annotate_command(CLI::App& app);

}  // namespace dtb::cli
