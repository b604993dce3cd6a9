// Tablebase.annotate: one PDN game checked against the tables (dtb/pdn/annotate.hpp), as a
// dict of the fields dtb annotate --json gives per game.
#include <pybind11/stl.h>

#include "argument_text.hpp"
#include "dtb/pdn/annotate.hpp"
#include "dtb/pdn/write.hpp"
#include "tablebase.hpp"

namespace py = pybind11;

namespace dtb::python {

namespace {

const char* side_name(Color c) { return c == Color::white ? "white" : "black"; }

py::dict position_dict(const pdn::HeldPosition& p) {
    py::dict d, pure;
    d["ply"] = p.ply;
    d["fen"] = p.fen;
    d["side"] = side_name(p.side);
    d["value"] = to_string(p.under);
    pure["wdl"] = to_string(p.pure.wdl);
    pure["dtw"] = p.pure.dtw;
    pure["dtc"] = p.pure.dtc;
    d["pure"] = pure;
    if (p.counted) {
        py::dict c;
        c["wdl"] = to_string(p.counted->value.wdl);
        c["klass"] = to_string(p.counted->cls);
        c["plies"] = p.counted->plies;
        d["counted"] = c;
    } else {
        d["counted"] = py::none();
    }
    return d;
}

py::dict thrown_dict(const pdn::ThrownMove& t) {
    py::dict d;
    d["ply"] = t.ply;
    d["side"] = side_name(t.side);
    d["player"] = t.player;
    d["written"] = t.written;
    d["played"] = t.played;
    d["nag"] = t.nag();
    d["before"] = to_string(t.before);
    d["after"] = to_string(t.after);
    d["best"] = t.best;
    d["best_value"] = to_string(t.best_value);
    return d;
}

}  // namespace

py::dict Tablebase::annotate(const pdn::Game& g, const std::string& under,
                             const std::optional<std::string>& variant) const {
    if (under != "pure" && under != "counters")
        throw py::value_error("under is 'pure' or 'counters', not '" + under + "'");
    const std::optional<VariantId> given = variant_argument(variant);
    const auto tb = open();
    pdn::GameAnnotation a;
    {
        py::gil_scoped_release nogil;
        a = pdn::annotate(*tb, g, under == "pure" ? pdn::Under::pure : pdn::Under::counters, given);
    }
    py::dict d;
    d["index"] = a.index;
    d["white"] = a.white;
    d["black"] = a.black;
    d["error"] = a.error.empty() ? py::object(py::none()) : py::object(py::str(a.error));
    py::list positions, thrown;
    for (const auto& p : a.positions) positions.append(position_dict(p));
    for (const auto& t : a.thrown) thrown.append(thrown_dict(t));
    d["positions"] = positions;
    d["thrown"] = thrown;
    d["first_in_tables"] = a.positions.empty() ? py::object(py::none()) : positions[0];
    d["annotated_pdn"] = pdn::write_game(pdn::annotated_game(g, a));
    return d;
}

}  // namespace dtb::python
