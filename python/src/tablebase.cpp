#include "tablebase.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>

#include "argument_text.hpp"
#include "arguments.hpp"
#include "dtb/compress/manifest.hpp"
#include "dtb/compress/table_dir.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/gen/verify.hpp"
#include "dtb/probe/counters_report.hpp"
#include "failure.hpp"

namespace py = pybind11;

namespace dtb::python {

namespace {

template <class V>
probe::CountedPosition<V> counted(const probe::CountersProber<V>& rp, const std::string& fen,
                                  const std::string& moves, const std::string& counters) {
    return probe::counted_position(rp.counter_set(), read_position<V>(fen), moves, counters);
}

// The report of a position (dtb/probe/position_report.hpp) with what it was made from.
template <class V>
struct Reported {
    probe::CountersProber<V> rules;
    probe::CountedPosition<V> counted;
    probe::PositionReport<V> report;
};

template <class V>
Reported<V> reported(const probe::Tablebase& tb, const std::string& fen, const std::string& moves,
                     const std::string& counters, probe::ReportMoves move_detail) {
    const auto rp = tb.counters_prober<V>();
    Reported<V> r{rp, counted(rp, fen, moves, counters), {}};
    std::string message;
    require(probe::report_position(tb.prober<V>(), rp, r.counted, move_detail, r.report, &message),
            write_fen(r.counted.position), message);
    return r;
}

template <class V>
ProbeResult probe_in(const probe::Tablebase& tb, const std::string& fen, const std::string& moves,
                     const std::string& counters) {
    const auto [rp, c, r] = reported<V>(tb, fen, moves, counters, probe::ReportMoves::none);
    ProbeResult out;
    out.variant = V::name;
    out.fen = write_fen(c.position);
    put_value(r.value, r.want, out.wdl, out.dtw, out.dtc);
    const auto state = state_dict(rp.counter_set(), c.state, c.position);
    if (!r.counters.error.empty()) {
        out.counters.counter_set = rp.counter_set().name;
        out.counters.state = state;
        out.counters.error = r.counters.error;
    } else {
        out.counters = counters_result(rp.counter_set(), c.position, c.state, r.value.wdl,
                                       r.counters.value, r.counters.plies);
    }
    return out;
}

template <class V>
std::vector<MoveResult> best_moves_in(const probe::Tablebase& tb, const std::string& fen,
                                      const std::string& moves, const std::string& counters,
                                      bool by_counters) {
    const auto [rp, c, r] =
        reported<V>(tb, fen, moves, counters, probe::ReportMoves::values_and_distances);
    if (by_counters && !r.counters.error.empty())
        throw ProbeFailure(
            probe::Status::not_available,
            write_fen(c.position) + ": ranked under the counters, but " + r.counters.error);
    std::vector<MoveResult> out;
    std::vector<int> rank;  // each move's place under the counters
    for (const auto& m : r.moves) {
        MoveResult mr;
        mr.move = m.pure.text;
        const Position<V> after = apply(c.position, m.pure.move.move);
        mr.fen = write_fen(after);
        put_value(m.pure.after, r.want, mr.wdl, mr.dtw, mr.dtc);
        if (m.counted)
            mr.counters = counters_result(rp.counter_set(), after, m.counted->state,
                                          m.pure.after.wdl, m.counted->after, m.counted_plies);
        out.push_back(std::move(mr));
        rank.push_back(m.counted_rank);
    }
    if (by_counters) {
        std::vector<std::size_t> order(out.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t x, std::size_t y) { return rank[x] < rank[y]; });
        std::vector<MoveResult> ranked;
        for (std::size_t i : order) ranked.push_back(std::move(out[i]));
        out = std::move(ranked);
    }
    return out;
}

template <class V>
std::vector<MoveResult> best_line_in(const probe::Tablebase& tb, const std::string& fen,
                                     const std::string& moves, const std::string& counters,
                                     bool pure) {
    const auto rp = tb.counters_prober<V>();
    const auto c = counted(rp, fen, moves, counters);
    std::string message;
    std::vector<MoveResult> out;
    Position<V> cur = c.position;
    if (pure || V::goal == Goal::giveaway) {
        std::vector<probe::RatedMove<V>> line;
        require(tb.prober<V>().line(c.position, line, &message), write_fen(c.position), message);
        for (const auto& m : line) {
            cur = apply(cur, m.move.move);
            MoveResult mr;
            mr.move = m.text;
            mr.fen = write_fen(cur);
            put_value(m.after, probe::want_all, mr.wdl, mr.dtw, mr.dtc);
            out.push_back(std::move(mr));
        }
        return out;
    }
    std::vector<probe::CountersRatedMove<V>> line;
    probe::CountersDistance<V> distance(rp, tb.prober<V>());
    require(distance.line(c.position, c.state, line, &message), write_fen(c.position), message);
    for (std::size_t i = 0; i < line.size(); ++i) {
        const auto& m = line[i];
        cur = apply(cur, m.move.move);
        MoveResult mr;
        mr.move = m.text;
        mr.fen = write_fen(cur);
        mr.wdl = to_string(m.pure.wdl);
        mr.dtw = m.pure.dtw;
        mr.counters = counters_result(rp.counter_set(), cur, m.state, m.pure.wdl, m.after,
                                      int(line.size() - i - 1));
        out.push_back(std::move(mr));
    }
    return out;
}

template <class V>
std::vector<probe::CountersReportRow> counters_report_in(
    const probe::Tablebase& tb, const std::vector<Material>& materials,
    const probe::CountersReportOptions& options) {
    const auto pure = tb.prober<V>();
    const auto counted = tb.counters_prober<V>();
    std::vector<probe::CountersReportRow> rows;
    for (const Material& m : materials)
        for (const Color side : {Color::white, Color::black}) {
            probe::CountersReportRow r;
            std::string message;
            require(probe::counters_report(pure, counted, m, side, r, &message, options), m.name(),
                    message);
            rows.push_back(std::move(r));
        }
    return rows;
}

py::dict row_dict(const probe::CountersReportRow& r) {
    auto wdl = [](const std::uint64_t(&c)[3]) {
        py::dict d;
        d["wins"] = c[0];
        d["draws"] = c[1];
        d["losses"] = c[2];
        return d;
    };
    py::dict d;
    d["material"] = r.material.name();
    d["side_to_move"] = r.side_to_move == Color::white ? "white" : "black";
    d["positions"] = r.positions;
    d["pure"] = wdl(r.pure);
    d["counters"] = wdl(r.counters);
    d["wins_drawn_by_counters"] = r.wins_drawn_by_counters;
    d["losses_drawn_by_counters"] = r.losses_drawn_by_counters;
    d["max_winner_moves_pure"] = r.hardest_pure.moves;
    // What only distances=True derives is None otherwise.
    auto derived = [&r](const auto& value) {
        return r.distances ? py::cast(value) : py::object(py::none());
    };
    d["max_winner_moves_counters"] = derived(r.hardest_counters.moves);
    d["max_winner_moves_budget"] = r.hardest_budget.moves;
    d["hardest_fen_pure"] = r.hardest_pure.fen;
    d["hardest_fen_counters"] = derived(r.hardest_counters.fen);
    d["hardest_fen_budget"] = r.hardest_budget.fen;
    d["lengthened_by_counters"] = derived(r.lengthened_by_counters);
    d["distances_unknown"] = derived(r.distances_unknown);
    d["histogram_pure"] = r.histogram_pure;
    d["histogram_counters"] = derived(r.histogram_counters);
    d["histogram_budget"] = r.histogram_budget;
    return d;
}

py::dict samples_dict(const gen::SampleCounts& s, bool with_counters) {
    py::list failures;
    for (const auto& f : s.failures) {
        py::dict d;
        d["fen"] = f.fen;
        if (with_counters) d["counters"] = f.counters;
        d["stored"] = f.stored;
        d["derived"] = f.derived;
        failures.append(d);
    }
    py::dict d;
    d["checked"] = s.checked;
    d["failed"] = s.failed;
    d["unavailable"] = s.unavailable;
    d["failures"] = failures;
    return d;
}

// The fields of dtb verify --json (docs/cli.md), a table's error None where it holds.
py::dict verify_dict(const gen::VerifyReport& r, const std::string& dir) {
    py::list tables;
    for (const auto& t : r.tables) {
        py::dict d;
        d["file"] = t.file;
        d["ok"] = t.error.empty();
        d["error"] = t.error.empty() ? py::object(py::none()) : py::cast(t.error);
        d["message"] = t.error.empty() ? py::object(py::none()) : py::cast(t.message);
        tables.append(d);
    }
    py::dict d;
    d["variant"] = r.variant;
    d["dir"] = dir;
    d["tables_checked"] = r.tables_checked;
    d["tables_failed"] = r.tables_failed;
    d["listing_problems"] = r.listing_problems;
    d["tables"] = tables;
    d["samples"] = samples_dict(r.samples, false);
    d["counter_samples"] = samples_dict(r.counter_samples, true);
    d["distance_samples"] = samples_dict(r.distance_samples, true);
    d["ok"] = r.ok();
    return d;
}

// The manifest verify_tables checks dir against: null for a directory without one (opened
// with variant=), which leaves the listing and the counters' tables unchecked.
std::optional<compress::Manifest> manifest_of(const std::filesystem::path& dir) {
    if (!std::filesystem::exists(compress::manifest_path(dir))) return std::nullopt;
    return compress::Manifest::read(dir);
}

// f(variant) on the open handle, without the GIL.
template <class F>
auto released(const std::shared_ptr<const probe::Tablebase>& tb, F&& f) {
    py::gil_scoped_release nogil;
    return dispatch(tb->variant_id(), [&](auto v) { return f(v); });
}

}  // namespace

Tablebase::Tablebase(const std::string& directory, std::size_t cache_bytes,
                     const std::optional<std::string>& variant)
    : directory_(directory) {
    py::gil_scoped_release nogil;
    tb_ = variant ? std::make_shared<const probe::Tablebase>(directory, *variant, cache_bytes)
                  : std::make_shared<const probe::Tablebase>(directory, cache_bytes);
}

std::shared_ptr<const probe::Tablebase> Tablebase::open() const {
    std::lock_guard lock(mutex_);
    if (!tb_) throw ProbeFailure(probe::Status::argument, "the tablebase is closed");
    return tb_;
}

void Tablebase::close() {
    std::lock_guard lock(mutex_);
    tb_.reset();
}

bool Tablebase::closed() const {
    std::lock_guard lock(mutex_);
    return !tb_;
}

std::string Tablebase::variant() const { return std::string(open()->variant()); }

std::string Tablebase::counter_set() const { return dtb_counter_set(open()->c_handle()); }

std::vector<std::string> Tablebase::counters() const {
    const auto tb = open();
    std::vector<std::string> out;
    for (int i = 0; i < dtb_counter_count(tb->c_handle()); ++i)
        out.emplace_back(dtb_counter_name(tb->c_handle(), i));
    return out;
}

int Tablebase::largest() const { return open()->largest(); }

std::map<std::string, std::vector<std::string>> Tablebase::materials() const {
    std::map<std::string, std::vector<std::string>> out;
    for (const auto& m : open()->materials()) {
        auto& kinds = out[m.material];
        const std::pair<int, const char*> flags[] = {{DTB_HAS_WDL, "wdl"},
                                                     {DTB_HAS_DTW, "dtw"},
                                                     {DTB_HAS_DTC, "dtc"},
                                                     {DTB_HAS_COUNTERS, "counters"}};
        for (const auto& [flag, name] : flags)
            if (m.tables & flag) kinds.emplace_back(name);
    }
    return out;
}

ProbeResult Tablebase::probe(const py::handle& pos, const py::handle& counters,
                             const py::handle& moves) const {
    const std::string fen = fen_of(pos), c = counters_of(counters), m = moves_of(moves);
    const auto tb = open();
    return released(tb, [&](auto v) { return probe_in<decltype(v)>(*tb, fen, m, c); });
}

Value Tablebase::pure_value(const py::handle& pos, int want) const {
    const std::string fen = fen_of(pos);
    const auto tb = open();
    return released(tb, [&](auto v) {
        using V = decltype(v);
        Value value;
        std::string message;
        // read_position checked the position: the prober's value() does not again.
        require(tb->prober<V>().value(read_position<V>(fen), want, value, &message), fen, message);
        return value;
    });
}

int Tablebase::probe_wdl(const py::handle& pos) const {
    const Wdl w = pure_value(pos, probe::want_wdl).wdl;
    return w == Wdl::win ? 1 : w == Wdl::loss ? -1 : 0;
}

int Tablebase::probe_dtw(const py::handle& pos) const {
    const Value v = pure_value(pos, probe::want_dtw);
    return v.wdl == Wdl::win ? int(v.dtw) : v.wdl == Wdl::loss ? -int(v.dtw) : 0;
}

std::vector<MoveResult> Tablebase::best_moves(const py::handle& pos, const py::handle& counters,
                                              const py::handle& moves,
                                              const std::string& rank) const {
    const bool by_counters = ranks_by_counters(rank);
    const std::string fen = fen_of(pos), c = counters_of(counters), m = moves_of(moves);
    const auto tb = open();
    return released(
        tb, [&](auto v) { return best_moves_in<decltype(v)>(*tb, fen, m, c, by_counters); });
}

std::vector<MoveResult> Tablebase::best_line(const py::handle& pos, const py::handle& counters,
                                             const py::handle& moves, bool pure) const {
    const std::string fen = fen_of(pos), c = counters_of(counters), m = moves_of(moves);
    const auto tb = open();
    return released(tb, [&](auto v) { return best_line_in<decltype(v)>(*tb, fen, m, c, pure); });
}

py::list Tablebase::counters_report(const std::optional<std::string>& material, bool distances,
                                    std::int64_t effort) const {
    if (effort <= 0) throw py::value_error("effort must be positive");
    const auto tb = open();
    std::vector<Material> materials;
    if (material) {
        const auto m = Material::parse(*material);
        if (!m) throw py::value_error("'" + *material + "' is not a material (such as KKKvK)");
        materials.push_back(*m);
    } else {
        for (const auto& m : tb->materials())
            if (m.tables & DTB_HAS_COUNTERS) materials.push_back(*Material::parse(m.material));
    }
    const auto rows = released(tb, [&](auto v) {
        return counters_report_in<decltype(v)>(*tb, materials, {distances, effort});
    });
    py::list out;
    for (const auto& r : rows) out.append(row_dict(r));
    return out;
}

py::dict Tablebase::verify(int samples, std::uint64_t seed) const {
    if (samples < 0 || samples > 100000000)
        throw py::value_error("samples is 0 to 100000000, not " + std::to_string(samples));
    const auto tb = open();
    const std::filesystem::path dir(directory_);
    if (!std::filesystem::is_directory(dir))
        throw ProbeFailure(probe::Status::argument,
                           directory_ + ": verify checks one directory, not a search path");
    gen::VerifyReport report;
    {
        py::gil_scoped_release nogil;
        try {
            const auto manifest = manifest_of(dir);
            // Counters' tables of an earlier reading would be checked against rules they
            // do not follow.
            const std::string stale = manifest ? manifest->stale_counters_reason() : "";
            if (!stale.empty())
                throw ProbeFailure(probe::Status::directory, directory_ + ": " + stale);
            report = gen::verify_tables(dir, tb->variant_id(), manifest ? &*manifest : nullptr,
                                        {samples, seed});
        } catch (const compress::TableError& e) {
            throw ProbeFailure(probe::Status::directory, e.what());
        }
    }
    return verify_dict(report, directory_);
}

}  // namespace dtb::python

namespace dtb::python {

namespace {

// get_*: the answer, or `default` where the position's material is not installed.
template <class F>
py::object or_default(F&& f, const py::object& fallback) {
    try {
        return py::cast(f());
    } catch (const ProbeFailure& e) {
        if (e.status != probe::Status::not_available) throw;
        return fallback;
    }
}

}  // namespace

void add_tablebase(py::module_& m) {
    using T = Tablebase;
    const auto pos = py::arg("pos");
    const auto counters = py::arg("counters") = py::none();
    const auto moves = py::arg("moves") = py::none();
    py::class_<T>(m, "Tablebase",
                  "Tables of one variant opened for probing (open_tablebase). A context manager;\n"
                  "one Tablebase may be probed from many threads at once (the GIL is released\n"
                  "while it probes).\n\n"
                  "pos is a PDN FEN ('W:WKa1,Kc3:BKh8') or any object with a fen attribute or\n"
                  "method. counters: None (fresh at pos), {'three-kings': 20, 'long-diagonal':\n"
                  "None} (None: a rule that waits) or 'three-kings=20'. moves: moves played from\n"
                  "pos first, 'c3-d4 f6-e5' or ['c3-d4', 'f6-e5']; the position reached is\n"
                  "probed with the counters they ran up.")
        .def_property_readonly("variant", &T::variant, "The variant of the tables.")
        .def_property_readonly("counter_set", &T::counter_set,
                               "The counter set of the values under the counters.")
        .def_property_readonly("counters", &T::counters,
                               "The names of the counter set's counters, as counters= takes them.")
        .def_property_readonly(
            "largest", &T::largest,
            "The most pieces of an installed material (0: none), as Fathom's TB_LARGEST.")
        .def_property_readonly("closed", &T::closed)
        .def("materials", &T::materials,
             "The installed materials and their tables: {'KKvK': ['wdl', 'dtw', 'dtc', "
             "'counters']}.")
        .def("probe", &T::probe, pos, counters, moves,
             "The value of pos for the side to move (ProbeResult), pure and under the counters.\n"
             "Raises FenError, CountersError, NotAvailable, CorruptTable.")
        .def("probe_wdl", &T::probe_wdl, pos,
             "The pure WDL of pos for the side to move: 1 win, 0 draw, -1 loss (the fast path).")
        .def("probe_dtw", &T::probe_dtw, pos,
             "The pure DTW of pos, signed: plies to the end of the game, negative when the side\n"
             "to move loses, 0 for a draw.")
        .def("best_moves", &T::best_moves, pos, counters, moves, py::arg("rank") = "pure",
             "Every legal move of pos with the values after it (MoveResult), best first: by the\n"
             "pure values (rank='pure', as dtb probe lists them) or under the counters\n"
             "(rank='counters': the moves that win in time first).")
        .def("best_line", &T::best_line, pos, counters, moves, py::arg("pure") = false,
             "The best line from pos to the end of the game, as MoveResults: under the counters\n"
             "(the line of the distance under them: the winner hurrying, the loser delaying;\n"
             "empty for a draw under them), or the pure line (pure=True: the shortest win, the\n"
             "longest loss).")
        .def("counters_report", &T::counters_report, py::arg("material") = py::none(),
             py::arg("distances") = false, py::arg("effort") = probe::kDistanceEffort,
             "The researchers' report under the draw counters (dtb counters --json's fields, its\n"
             "histogram as three lists): per material with counters' tables (or the one named,\n"
             "'KKKvK') and side to move, a dict of positions, wins/draws/losses pure and at\n"
             "fresh counters, the wins the counters draw, the most moves the winner needs (pure\n"
             "and by the budget) with the hardest positions, and the histograms of the winner's\n"
             "moves (index: moves). distances=True adds the same by the distance under the\n"
             "counters (a search a position, `effort` states at most; None otherwise), the wins\n"
             "the counters make longer, and those whose distance the search left unfound.")
        .def(
            "get_probe",
            [](const T& t, const py::handle& p, const py::handle& c, const py::handle& mv,
               const py::object& d) { return or_default([&] { return t.probe(p, c, mv); }, d); },
            pos, counters, moves, py::arg("default") = py::none(),
            "probe(), or default where the material is not installed.")
        .def(
            "get_wdl",
            [](const T& t, const py::handle& p, const py::object& d) {
                return or_default([&] { return t.probe_wdl(p); }, d);
            },
            pos, py::arg("default") = py::none(),
            "probe_wdl(), or default where the material is not installed.")
        .def(
            "get_dtw",
            [](const T& t, const py::handle& p, const py::object& d) {
                return or_default([&] { return t.probe_dtw(p); }, d);
            },
            pos, py::arg("default") = py::none(),
            "probe_dtw(), or default where the material is not installed.")
        .def(
            "get_best_moves",
            [](const T& t, const py::handle& p, const py::handle& c, const py::handle& mv,
               const std::string& rank, const py::object& d) {
                return or_default([&] { return t.best_moves(p, c, mv, rank); }, d);
            },
            pos, counters, moves, py::arg("rank") = "pure", py::arg("default") = py::none(),
            "best_moves(), or default where the material is not installed.")
        .def(
            "get_best_line",
            [](const T& t, const py::handle& p, const py::handle& c, const py::handle& mv,
               bool pure, const py::object& d) {
                return or_default([&] { return t.best_line(p, c, mv, pure); }, d);
            },
            pos, counters, moves, py::arg("pure") = false, py::arg("default") = py::none(),
            "best_line(), or default where a material along it is not installed.")
        .def("annotate", &T::annotate, py::arg("game"), py::arg("under") = "counters",
             py::arg("variant") = py::none(),
             "One PdnGame checked against the tables: a dict of index, white, black, error,\n"
             "positions (each position of the game the tables hold: ply, fen, side, value,\n"
             "pure, counted), first_in_tables, thrown (each move that threw a result away:\n"
             "ply, side, player, written, played, nag, before, after, best, best_value) and\n"
             "annotated_pdn. under: judge by the values 'counters' (default) or 'pure'.")
        .def("verify", &T::verify, py::arg("samples") = 200, py::arg("seed") = 1,
             "Checks the directory as dtb verify does: every table file's header, block index\n"
             "and checksums, the tables against manifest.json, and `samples` random stored\n"
             "values per table re-derived from the values their moves lead to (pure and under\n"
             "the counters; `seed` picks them). A dict of variant, dir, tables_checked,\n"
             "tables_failed, listing_problems, tables (file, ok, error, message), samples and\n"
             "counter_samples and distance_samples (checked, failed, unavailable, failures)\n"
             "and ok. Damage is\n"
             "reported, not raised.")
        .def("close", &T::close,
             "Closes the tables (probes in flight finish first); later calls raise dtb.Error.")
        .def(
            "__enter__", [](T& t) -> T& { return t; }, py::return_value_policy::reference)
        .def("__exit__", [](T& t, const py::args&) { t.close(); })
        .def("__repr__", [](const T& t) {
            return t.closed() ? std::string("<dtb.Tablebase closed>")
                              : "<dtb.Tablebase " + t.variant() + ", up to " +
                                    std::to_string(t.largest()) + " pieces>";
        });
    m.def(
        "open_tablebase",
        [](const std::string& directory, std::size_t cache_bytes,
           const std::optional<std::string>& variant) {
            return std::make_unique<T>(directory, cache_bytes, variant);
        },
        py::arg("directory"), py::arg("cache_bytes") = std::size_t(64) << 20,
        py::arg("variant") = py::none(),
        "Opens the tables of directory (written by dtb gen), or of a search path\n"
        "'DIR1:DIR2:...' (each table from the first directory that has it), with a cache of\n"
        "cache_bytes for decompressed blocks. variant names the tables' variant where the\n"
        "directory has no manifest. Raises DirectoryError, VariantError, CorruptTable.");
}

}  // namespace dtb::python
