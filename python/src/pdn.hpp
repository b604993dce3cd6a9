// PDN games from Python: dtb.read_pdn(path) and the PdnGame it returns (tags, moves, result,
// replay by the rules, PDN text); Tablebase.annotate (annotate.cpp) checks one.
#pragma once

#include <pybind11/pybind11.h>

namespace dtb::python {

void add_pdn(pybind11::module_& m);

}  // namespace dtb::python
