#include "errors.hpp"

namespace py = pybind11;

namespace dtb::python {

namespace {

// Owned for the life of the interpreter: the module keeps them as attributes too.
PyObject* g_error = nullptr;
PyObject* g_fen = nullptr;
PyObject* g_counters = nullptr;
PyObject* g_not_available = nullptr;
PyObject* g_corrupt = nullptr;
PyObject* g_directory = nullptr;
PyObject* g_variant = nullptr;

PyObject* add(py::module_& m, const char* name, py::handle bases, const char* doc) {
    PyObject* cls =
        PyErr_NewExceptionWithDoc(("dtb." + std::string(name)).c_str(), doc, bases.ptr(), nullptr);
    if (!cls) throw py::error_already_set();
    m.attr(name) = py::handle(cls);
    return cls;
}

}  // namespace

void add_exceptions(py::module_& m) {
    g_error = add(m, "Error", PyExc_Exception, "Base class of every error dtb raises.");
    auto with = [](PyObject* a, PyObject* b) {
        return py::make_tuple(py::handle(a), py::handle(b));
    };
    g_fen = add(m, "FenError", with(g_error, PyExc_ValueError),
                "A FEN that is malformed, or a position that cannot occur in a game.");
    g_counters = add(m, "CountersError", with(g_error, PyExc_ValueError),
                     "Counters that are not the counter set's, or cannot stand at the position.");
    g_not_available = add(m, "NotAvailable", with(g_error, PyExc_LookupError),
                          "The position's material is not in the tables.");
    g_corrupt = add(m, "CorruptTable", g_error,
                    "A table file is damaged or cannot be read (checksum, size, I/O).");
    g_directory = add(m, "DirectoryError", with(g_error, PyExc_OSError),
                      "A table directory that cannot be opened (missing, no manifest).");
    g_variant = add(m, "VariantError", with(g_error, PyExc_ValueError),
                    "An unknown variant, or tables of another variant than asked.");
}

void set_error(probe::Status s, const std::string& message) {
    PyObject* cls = g_error;
    switch (s) {
        case probe::Status::fen:
        case probe::Status::position:
            cls = g_fen;
            break;
        case probe::Status::counters:
            cls = g_counters;
            break;
        case probe::Status::not_available:
            cls = g_not_available;
            break;
        case probe::Status::corrupt:
        case probe::Status::io:
            cls = g_corrupt;
            break;
        case probe::Status::directory:
            cls = g_directory;
            break;
        case probe::Status::variant:
            cls = g_variant;
            break;
        default:
            break;
    }
    PyErr_SetString(cls, message.c_str());
}

}  // namespace dtb::python
