// A probe that failed, thrown where the GIL is released and raised as the Python exception
// of its status (errors.hpp) by the translator the module registers.
#pragma once

#include <stdexcept>
#include <string>

#include "dtb/probe/status.hpp"

namespace dtb::python {

class ProbeFailure : public std::runtime_error {
  public:
    ProbeFailure(probe::Status s, const std::string& what) : std::runtime_error(what), status(s) {}
    probe::Status status;
};

// Throws ProbeFailure unless s is ok.
inline void require(probe::Status s, const std::string& fen, const std::string& message) {
    if (s != probe::Status::ok)
        throw ProbeFailure(
            s, fen + ": " + probe::to_string(s) + (message.empty() ? "" : ": " + message));
}

}  // namespace dtb::python
