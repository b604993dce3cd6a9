#include "arguments.hpp"

#include <vector>

#include "argument_text.hpp"

namespace py = pybind11;

namespace dtb::python {

std::string fen_of(const py::handle& pos) {
    if (py::isinstance<py::str>(pos)) return pos.cast<std::string>();
    if (py::hasattr(pos, "fen")) {
        py::object fen = pos.attr("fen");
        if (PyCallable_Check(fen.ptr())) fen = fen();
        if (py::isinstance<py::str>(fen)) return fen.cast<std::string>();
    }
    throw py::type_error("a position is a FEN string or an object with a fen attribute, not " +
                         py::repr(pos).cast<std::string>());
}

std::string counters_of(const py::handle& counters) {
    if (counters.is_none()) return "";
    if (py::isinstance<py::str>(counters)) return counters.cast<std::string>();
    if (!py::isinstance<py::dict>(counters))
        throw py::type_error("counters are a dict {name: plies} or 'NAME=PLIES,...', not " +
                             py::repr(counters).cast<std::string>());
    std::vector<CounterArgument> list;
    for (const auto& [name, plies] : counters.cast<py::dict>()) {
        CounterArgument& c = list.emplace_back();
        c.name = py::str(name).cast<std::string>();
        if (plies.is_none()) {
            c.plies = std::nullopt;
        } else if (py::isinstance<py::int_>(plies) && !py::isinstance<py::bool_>(plies)) {
            c.plies = std::to_string(plies.cast<long long>());
        } else if (py::isinstance<py::str>(plies)) {
            c.plies = plies.cast<std::string>();
        } else {
            throw py::type_error("the counter " + py::str(name).cast<std::string>() +
                                 " is a number of plies or None (waiting), not " +
                                 py::repr(plies).cast<std::string>());
        }
    }
    return counters_text(list);
}

std::string moves_of(const py::handle& moves) {
    if (moves.is_none()) return "";
    if (py::isinstance<py::str>(moves)) return moves.cast<std::string>();
    std::vector<std::string> list;
    for (const auto& m : py::iter(moves)) {
        if (!py::isinstance<py::str>(m))
            throw py::type_error("a move is a string such as 'c3-d4', not " +
                                 py::repr(m).cast<std::string>());
        list.push_back(m.cast<std::string>());
    }
    return moves_text(list);
}

}  // namespace dtb::python
