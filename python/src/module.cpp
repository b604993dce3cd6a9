// The extension module dtb._dtb: endgame tablebases for draughts from Python. The package
// (python/dtb/__init__.py) re-exports it; python/dtb/_dtb.pyi types it.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "dtb/core/notation.hpp"
#include "dtb/probe.hpp"
#include "dtb/probe/counted_position.hpp"
#include "errors.hpp"
#include "failure.hpp"
#include "game.hpp"
#include "pdn.hpp"
#include "tablebase.hpp"

namespace py = pybind11;
using namespace dtb::python;

namespace {

std::string optional_text(const std::optional<int>& v) {
    return v ? std::to_string(*v) : std::string("None");
}

std::string counters_repr(const CountersResult& r) {
    if (r.error)
        return "CountersResult(error=" + py::repr(py::str(*r.error)).cast<std::string>() + ")";
    return "CountersResult(wdl='" + r.wdl.value_or("") + "', klass='" + r.klass.value_or("") +
           "', plies=" + optional_text(r.plies) + ", budget=" + optional_text(r.budget) +
           ", budget_of=" + (r.budget_of ? "'" + *r.budget_of + "'" : std::string("None")) + ")";
}

void add_results(py::module_& m) {
    py::class_<CountersResult>(
        m, "CountersResult",
        "The value under the draw counters: wdl ('win', 'draw', 'loss'), klass\n"
        "(the pure value as the counters leave it: 'win', 'cursed-win', 'draw',\n"
        "'blessed-loss', 'loss'), plies (the distance to the end of the game\n"
        "under the counters, the winner hurrying and the loser delaying; None for\n"
        "a draw, and where the tables have no DTW to derive it from), budget (the\n"
        "plies the counter budget_of must leave; None where no win or loss is at\n"
        "stake), budget_of (that counter's name), counter_set, state (per\n"
        "counter in scope: {'plies': n, 'left': m}, {'plies': None} for a rule\n"
        "that waits) and error (why the values are not given: no counters' tables;\n"
        "then wdl is None).")
        .def_readonly("counter_set", &CountersResult::counter_set)
        .def_readonly("state", &CountersResult::state)
        .def_readonly("wdl", &CountersResult::wdl)
        .def_readonly("klass", &CountersResult::klass)
        .def_readonly("plies", &CountersResult::plies)
        .def_readonly("budget", &CountersResult::budget)
        .def_readonly("budget_of", &CountersResult::budget_of)
        .def_readonly("error", &CountersResult::error)
        .def("__repr__", &counters_repr);
    py::class_<ProbeResult>(
        m, "ProbeResult",
        "A position's value for the side to move: wdl ('win', 'draw', 'loss'),\n"
        "dtw (plies to the end of the game), dtc (plies to the next capture or\n"
        "man move; both 0 for a draw, None from tables of WDL alone), the FEN\n"
        "probed (after the moves given), and counters: the value under the\n"
        "counters (CountersResult).")
        .def_readonly("variant", &ProbeResult::variant)
        .def_readonly("fen", &ProbeResult::fen)
        .def_readonly("wdl", &ProbeResult::wdl)
        .def_readonly("dtw", &ProbeResult::dtw)
        .def_readonly("dtc", &ProbeResult::dtc)
        .def_readonly("counters", &ProbeResult::counters)
        .def("__repr__", [](const ProbeResult& r) {
            return "ProbeResult(fen='" + r.fen + "', wdl='" + r.wdl +
                   "', dtw=" + optional_text(r.dtw) + ", dtc=" + optional_text(r.dtc) +
                   ", counters=" + counters_repr(r.counters) + ")";
        });
    py::class_<MoveResult>(
        m, "MoveResult",
        "A move, the FEN after it, and the values there for the side to move\n"
        "then: wdl, dtw, dtc as in ProbeResult (dtc None along a line under\n"
        "the counters), counters (a CountersResult with the counters after the move, or\n"
        "None without counters' tables).")
        .def_readonly("move", &MoveResult::move)
        .def_readonly("fen", &MoveResult::fen)
        .def_readonly("wdl", &MoveResult::wdl)
        .def_readonly("dtw", &MoveResult::dtw)
        .def_readonly("dtc", &MoveResult::dtc)
        .def_readonly("counters", &MoveResult::counters)
        .def("__repr__", [](const MoveResult& r) {
            return "MoveResult(move='" + r.move + "', wdl='" + r.wdl +
                   "', dtw=" + optional_text(r.dtw) + ", dtc=" + optional_text(r.dtc) +
                   ", counters=" + (r.counters ? counters_repr(*r.counters) : std::string("None")) +
                   ")";
        });
}

}  // namespace

PYBIND11_MODULE(_dtb, m) {
    m.doc() = "dtb: endgame tablebases for draughts (the compiled part of the dtb package).";
    add_exceptions(m);
    py::register_exception_translator([](std::exception_ptr e) {
        try {
            if (e) std::rethrow_exception(e);
        } catch (const ProbeFailure& f) {
            set_error(f.status, f.what());
        } catch (const dtb::probe::Error& f) {
            set_error(f.status(), f.what());
        } catch (const dtb::NotationError& f) {
            set_error(dtb::probe::Status::fen, f.what());
        } catch (const dtb::probe::CountersError& f) {
            set_error(dtb::probe::Status::counters, f.what());
        }
    });
    add_results(m);
    add_tablebase(m);
    add_game(m);
    add_pdn(m);
}
