// A probe that failed, thrown where the GIL is released and raised as the Python exception
// of its status (errors.hpp) by the translator the module registers.
#pragma once

#include <stdexcept>
#include <string>

#include "dtb/core/notation.hpp"
#include "dtb/core/position.hpp"
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

// A position typed by the user: parsed (NotationError when malformed) and one that can occur
// in a game (ProbeFailure otherwise).
template <class V>
Position<V> read_position(const std::string& fen) {
    try {
        return parse_possible_fen<V>(fen);
    } catch (const ImpossiblePosition& e) {
        throw ProbeFailure(probe::Status::position, e.what());
    }
}

}  // namespace dtb::python
