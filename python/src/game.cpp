#include "game.hpp"

#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "argument_text.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/perft.hpp"
#include "dtb/core/variant.hpp"
#include "failure.hpp"

namespace py = pybind11;

namespace dtb::python {

namespace {

std::vector<std::string> variants() {
    std::vector<std::string> out;
    for (const auto& v : variant_names()) out.emplace_back(v.name);
    return out;
}

std::uint64_t perft(const std::string& variant, int depth, const std::optional<std::string>& fen) {
    if (depth < 0) throw py::value_error("depth must be at least 0");
    const VariantName v = variant_named(variant);
    const std::string start = fen ? *fen : std::string(v.start);
    py::gil_scoped_release nogil;
    return dispatch(v.id, [&](auto tag) {
        using V = decltype(tag);
        return dtb::perft(read_position<V>(start), depth);
    });
}

std::vector<std::pair<std::string, std::string>> moves(const std::string& variant,
                                                       const std::string& fen) {
    const VariantName v = variant_named(variant);
    return dispatch(v.id, [&](auto tag) {
        using V = decltype(tag);
        const Position<V> p = read_position<V>(fen);
        std::vector<std::pair<std::string, std::string>> out;
        for (const auto& [move, text] : legal_moves_with_text(p))
            out.emplace_back(text, write_fen(apply(p, move.move)));
        return out;
    });
}

}  // namespace

void add_game(py::module_& m) {
    m.def("variants", &variants,
          "Every variant name dtb knows, as `dtb variants` lists them (the counter sets, then\n"
          "three names that play by english or czech rules).");
    m.def("perft", &perft, py::arg("variant"), py::arg("depth"), py::arg("fen") = py::none(),
          "The number of move sequences of `depth` plies from `fen` (default: the variant's\n"
          "starting position). Raises FenError, VariantError.");
    m.def("moves", &moves, py::arg("variant"), py::arg("fen"),
          "Every legal move of the position as (move, fen after it), in dtb's notation.\n"
          "Raises FenError, VariantError.");
}

}  // namespace dtb::python
