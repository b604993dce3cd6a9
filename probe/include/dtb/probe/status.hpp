// The outcome of a probe, shared by the C and C++ interfaces: the C codes of dtb/probe.h
// with C++ names.
#pragma once

#include <cstdint>

#include "dtb/core/value.hpp"
#include "dtb/probe.h"

namespace dtb::probe {

enum class Status : int {
    ok = DTB_OK,
    argument = DTB_ERR_ARGUMENT,
    directory = DTB_ERR_DIRECTORY,
    variant = DTB_ERR_VARIANT,
    fen = DTB_ERR_FEN,
    position = DTB_ERR_POSITION,
    not_available = DTB_ERR_NOT_AVAILABLE,
    io = DTB_ERR_IO,
    corrupt = DTB_ERR_CORRUPT,
    memory = DTB_ERR_MEMORY,
    buffer = DTB_ERR_BUFFER,
    counters = DTB_ERR_COUNTERS,
};

inline const char* to_string(Status s) { return dtb_status_string(dtb_status(s)); }

// Which values a probe computes: WDL always, the distances on request.
enum Want : std::uint8_t { want_wdl = 0, want_dtw = 1, want_dtc = 2, want_all = 3 };

}  // namespace dtb::probe
