// Shared by dtb probe and dtb best: opening a table directory and turning probe failures
// into the command line's exit codes (bad input 2, anything else 1).
#pragma once

#include <stdexcept>
#include <string>

#include "cli.hpp"
#include "dtb/probe.hpp"

namespace dtb::cli {

// The cache of a one-shot command: enough for a line of a few hundred plies.
inline constexpr std::size_t kCommandCacheBytes = 16 << 20;

// The code word of a status in the command's JSON errors ("not_available", ...).
inline const char* status_code(probe::Status s) {
    switch (s) {
        case probe::Status::ok:
            return "ok";
        case probe::Status::argument:
            return "argument";
        case probe::Status::directory:
            return "directory";
        case probe::Status::variant:
            return "variant";
        case probe::Status::fen:
            return "fen";
        case probe::Status::position:
            return "position";
        case probe::Status::not_available:
            return "not_available";
        case probe::Status::io:
            return "io";
        case probe::Status::corrupt:
            return "corrupt";
        case probe::Status::memory:
            return "memory";
        case probe::Status::buffer:
            return "buffer";
        case probe::Status::counters:
            return "counters";
    }
    return "error";
}

// --variant NAME: the variant of a table directory without manifest.json.
inline void add_variant_option(CLI::App* cmd, std::string& variant) {
    cmd->add_option("--variant", variant,
                    "The tables' variant, for a directory without manifest.json (default: the "
                    "one its manifest names)");
}

// Opens dir, of the variant its manifest names or, when given, of `variant` (for a directory
// without a manifest).
inline probe::Tablebase open_tables(const std::string& dir, const std::string& variant = "") {
    try {
        if (!variant.empty())
            return probe::Tablebase(dir, std::string(variant_from_name(variant).name),
                                    kCommandCacheBytes);
        return probe::Tablebase(dir, kCommandCacheBytes);
    } catch (const probe::Error& e) {
        throw UsageError(status_code(e.status()), e.what());
    }
}

// The command line's error for a probing library's: exit code 2 for bad input (a FEN, a
// position, counters), 1 otherwise, with the status's code word.
inline CommandError command_error(probe::Status s, const std::string& message) {
    const bool bad_input =
        s == probe::Status::fen || s == probe::Status::position || s == probe::Status::counters;
    return CommandError(bad_input ? kExitBadInput : kExitFailure, status_code(s), message);
}

// Throws for a failed probe of the position written `fen`.
inline void require(probe::Status s, const std::string& fen, const std::string& message) {
    if (s == probe::Status::ok) return;
    throw command_error(s,
                        fen + ": " + probe::to_string(s) + (message.empty() ? "" : ": ") + message);
}

// The library's answer `f` gives, its errors turned into the command line's.
template <class F>
auto answered(F&& f) {
    try {
        return f();
    } catch (const probe::Error& e) {
        throw command_error(e.status(), e.what());
    }
}

inline const char* side_name(Color c) { return c == Color::white ? "White" : "Black"; }

}  // namespace dtb::cli
