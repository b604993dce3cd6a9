#include "pdn.hpp"

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "argument_text.hpp"
#include "dtb/pdn/read.hpp"
#include "dtb/pdn/replay.hpp"
#include "dtb/pdn/write.hpp"

namespace py = pybind11;

namespace dtb::python {

namespace {

py::dict replay_dict(const pdn::Game& g, const std::optional<std::string>& variant) {
    const std::optional<VariantId> given = variant_argument(variant);
    std::string why;
    const auto id = pdn::game_variant(g, given, &why);
    if (!id) throw py::value_error(why + " (pass variant=)");
    const pdn::Replay r = pdn::replay(g, *id);
    py::list moves, written;
    for (const auto& p : r.plies) {
        moves.append(p.move);
        written.append(p.written);
    }
    py::dict d;
    d["variant"] = std::string(variant_name(*id));
    d["start_fen"] = r.start_fen;
    d["moves"] = moves;
    d["written"] = written;
    d["end_fen"] = r.end_fen;
    if (r.failure) {
        py::dict f;
        f["ply"] = r.failure->ply;
        f["written"] = r.failure->written;
        f["reason"] = r.failure->reason;
        d["failure"] = f;
    } else {
        d["failure"] = py::none();
    }
    return d;
}

}  // namespace

void add_pdn(py::module_& m) {
    using G = pdn::Game;
    py::class_<G>(m, "PdnGame",
                  "A game of a PDN file as written: index (1-based in the file), line, tags\n"
                  "(dict), moves (the main line as written), result, outcome ('white_wins',\n"
                  "'draw', 'black_wins', 'unknown'), white, black, problems (what the reader\n"
                  "could not read). replay() matches the moves to the rules; to_pdn() writes\n"
                  "the game back as PDN.")
        .def_readonly("index", &G::index)
        .def_readonly("line", &G::line)
        .def_readonly("result", &G::result)
        .def_readonly("problems", &G::problems)
        .def_property_readonly("tags",
                               [](const G& g) {
                                   py::dict d;
                                   for (const auto& t : g.tags)
                                       if (!d.contains(t.name)) d[py::str(t.name)] = t.value;
                                   return d;
                               })
        .def_property_readonly("moves",
                               [](const G& g) {
                                   std::vector<std::string> out;
                                   for (const auto& mv : g.main.moves) out.push_back(mv.text);
                                   return out;
                               })
        .def_property_readonly("outcome",
                               [](const G& g) {
                                   // In the score order of the GameType's variant.
                                   return pdn::to_string(g.outcome(
                                       pdn::score_order(pdn::game_variant(g, std::nullopt))));
                               })
        .def_property_readonly("white", &G::white)
        .def_property_readonly("black", &G::black)
        .def("replay", &replay_dict, py::arg("variant") = py::none(),
             "The main line by the rules of variant (default: the GameType tag): a dict of\n"
             "variant, start_fen, moves (as dtb writes them), written (as in the file),\n"
             "end_fen and failure (None, or the ply, the move and why it could not be\n"
             "matched).")
        .def("to_pdn", &pdn::write_game, "The game as PDN text.")
        .def("__repr__", [](const G& g) {
            return "<dtb.PdnGame " + std::to_string(g.index) + ": " + g.white() + " - " +
                   g.black() + " " + g.result + ", " + std::to_string(g.main.moves.size()) +
                   " plies>";
        });
    m.def(
        "read_pdn",
        [](const std::filesystem::path& path) {
            try {
                return pdn::read_file(path);
            } catch (const pdn::ReadError& e) {
                PyErr_SetString(PyExc_OSError, e.what());
                throw py::error_already_set();
            }
        },
        py::arg("path"),
        "The games of a PDN file (list of PdnGame), read as people write PDN: numbers or\n"
        "algebraic squares, captures with x or :, comments, variations, cp1251/cp1252 or\n"
        "UTF-8. A game the reader cannot fully read keeps its problems; the rest are read.\n"
        "Raises OSError when the file cannot be opened.");
    m.def(
        "read_pdn_text", [](const std::string& text) { return pdn::read_games(text); },
        py::arg("text"), "The games of PDN text, as read_pdn reads a file.");
}

}  // namespace dtb::python
