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

inline probe::Tablebase open_tables(const std::string& dir) {
    try {
        return probe::Tablebase(dir, kCommandCacheBytes);
    } catch (const probe::Error& e) {
        throw UsageError(e.what());
    }
}

// Throws for a failed probe: UsageError for a bad FEN or position, runtime_error otherwise.
inline void require(probe::Status s, const std::string& fen, const std::string& message) {
    if (s == probe::Status::ok) return;
    const std::string what =
        fen + ": " + probe::to_string(s) + (message.empty() ? "" : ": ") + message;
    if (s == probe::Status::fen || s == probe::Status::position) throw UsageError(what);
    throw std::runtime_error(what);
}

inline const char* side_name(Color c) { return c == Color::white ? "White" : "Black"; }

}  // namespace dtb::cli
