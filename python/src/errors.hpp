// The exceptions of the Python package: one class per kind of failure, all under dtb.Error,
// each raised with the library's message.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "dtb/probe/status.hpp"

namespace dtb::python {

// Creates the exception classes in module m (once, at import).
void add_exceptions(pybind11::module_& m);

// Sets the Python error of status s with `message` (for an exception translator).
void set_error(probe::Status s, const std::string& message);

}  // namespace dtb::python
