// The rules of play from Python, without tables: the variants, their legal moves, perft.
#pragma once

#include <pybind11/pybind11.h>

namespace dtb::python {

void add_game(pybind11::module_& m);

}  // namespace dtb::python
