// What Python passes for a position, the counters and the moves played, as the library takes
// them. Read with the GIL held, before a probe releases it.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

namespace dtb::python {

// A PDN FEN string, or an object with a `fen` attribute or method (a board of another
// package); a PDN tag line [FEN "..."] is accepted too, as everywhere in dtb.
std::string fen_of(const pybind11::handle& pos);

// None, "NAME=PLIES,...", or a dict {NAME: plies, NAME: None or "idle" for a rule that waits}:
// as "NAME=PLIES,...".
std::string counters_of(const pybind11::handle& counters);

// None, "c3-d4 f6-e5", or a sequence of move strings: as one string.
std::string moves_of(const pybind11::handle& moves);

}  // namespace dtb::python
