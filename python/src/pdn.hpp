// PDN games from Python: dtb.read_pdn(path) and the PdnGame it returns (tags, moves, result,
// replay by the rules, PDN text); Tablebase.annotate (annotate.cpp) checks one.
#pragma once

#include <pybind11/pybind11.h>

#include <optional>
#include <string>

#include "dtb/core/variant.hpp"

namespace dtb::python {

// The variant a variant= argument names (None: nullopt); raises ValueError for another name.
std::optional<VariantId> variant_argument(const std::optional<std::string>& name);

void add_pdn(pybind11::module_& m);

}  // namespace dtb::python
