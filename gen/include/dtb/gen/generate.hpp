// dtb gen: every material up to N pieces solved in dependency order and written to one
// directory per variant: three compressed tables per material (WDL, DTW, DTC of White to
// move, table_files.hpp) and manifest.json naming the variant, its rules and the contents
// (with per-slice statistics and the table files). A killed run resumes where it stopped:
// materials whose tables exist and pass their checks are kept, and read back into memory
// only when a material still to solve needs them (resume_plan.hpp). Raw values live only in
// memory.
#pragma once

#include <omp.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "dtb/core/notation.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/gen/manifest.hpp"
#include "dtb/gen/resume_plan.hpp"
#include "dtb/gen/slice_stats.hpp"
#include "dtb/gen/table_files.hpp"
#include "dtb/gen/tablebase.hpp"

namespace dtb::gen {

struct GenOptions {
    int pieces = 0;
    std::filesystem::path out;
    int threads = 0;               // 0: all cores
    std::optional<Material> only;  // solve just this material (its dependencies must exist)
    compress::Compression compression = compress::Compression::small;
};

struct SliceEvent {
    Material material;
    int number = 0, total = 0;    // this slice's place in the run
    std::uint64_t positions = 0;  // index entries, both sides to move
    std::uint64_t remaining = 0;  // index entries of this and the following slices
    double seconds = 0;           // time this slice took (when done)
    bool loaded = false;          // found on disk and checked, not solved
};

struct GenSummary {
    int slices_solved = 0, slices_loaded = 0;  // loaded: found complete, checked, not solved
    int slices_read_back = 0;            // of those, read into memory (a solved slice needed them)
    std::uint64_t positions_solved = 0;  // index entries of solved slices, both sides
    double seconds = 0;
    double table_seconds = 0;       // of which compressing and writing tables
    std::uint64_t table_bytes = 0;  // written
};

struct GenCallbacks {
    std::function<void(const SliceEvent&)> started = [](const SliceEvent&) {};
    std::function<void(const SliceEvent&)> finished = [](const SliceEvent&) {};
    std::function<void(const std::string&)> warning = [](const std::string&) {};
};

template <class V>
nlohmann::ordered_json side_stats_json(const Slice<V>& s, const SideStats& st, Color side) {
    auto fen_of = [&](std::uint64_t i) {
        Position<V> p;
        s.index.unrank(i, side, p);
        return write_fen(p);
    };
    nlohmann::ordered_json j = {
        {"side_to_move", side == Color::white ? "white" : "black"},
        {"positions", st.positions},
        {"wins", st.wins},
        {"draws", st.draws},
        {"losses", st.losses},
        {"max_dtw", st.max_dtw},
        {"max_dtw_fen", st.wins + st.losses ? fen_of(st.max_dtw_index) : ""},
        {"max_dtc", st.max_dtc},
        {"max_dtc_fen", st.wins + st.losses ? fen_of(st.max_dtc_index) : ""}};
    return j;
}

// The manifest entry of a slice from its statistics (which need DTC: taken before DTC is
// dropped).
template <class V>
nlohmann::ordered_json slice_json(const Slice<V>& s, const std::array<SideStats, 2>& st) {
    const Material& m = s.material();
    nlohmann::ordered_json tables = nlohmann::ordered_json::array();
    for (const auto k : kValueKinds) tables.push_back(compress::table_file_name(m, k));
    return {{"material", m.name()},
            {"tables", tables},
            {"white_men", m.white_men},
            {"white_kings", m.white_kings},
            {"black_men", m.black_men},
            {"black_kings", m.black_kings},
            {"sides",
             {side_stats_json(s, st[0], Color::white), side_stats_json(s, st[1], Color::black)}}};
}
template <class V>
nlohmann::ordered_json slice_json(const Slice<V>& s) {
    return slice_json(s, slice_stats(s));
}

template <class V>
void write_manifest(const std::filesystem::path& dir, VariantId id, int pieces,
                    const std::map<std::string, nlohmann::ordered_json>& by_name) {
    std::vector<nlohmann::ordered_json> slices;
    for (const auto& m : materials_up_to(8))
        if (const auto it = by_name.find(m.name()); it != by_name.end())
            slices.push_back(it->second);
    nlohmann::ordered_json j = {
        {"format", "dtb-tables"},
        {"format_version", compress::kTableFormatVersion},
        {"variant", std::string(V::name)},
        {"variant_id", static_cast<int>(id)},
        {"pdn_gametype", V::pdn_gametype},
        {"rules",
         {{"board", std::to_string(V::board::files) + "x" + std::to_string(V::board::ranks)},
          {"squares", V::board::squares},
          {"goal", V::goal == Goal::giveaway ? "giveaway" : "normal"},
          {"values", "WDL (pure game value), DTW and DTC in plies; no draw counters"}}},
        {"max_pieces", pieces},
        {"slice_count", slices.size()},
        {"slices", slices}};
    write_json_file(dir / "manifest.json", j);
}

template <class V>
GenSummary generate(VariantId id, const GenOptions& o, const GenCallbacks& cb = {}) {
    if constexpr (V::king_streak_limit > 0) {
        throw Unsupported(std::string(V::name) +
                          ": the king-move restriction (no more than 3 consecutive moves with "
                          "one king) is not yet part of the generator's position state");
    }
    if (o.threads > 0) omp_set_num_threads(o.threads);
    std::filesystem::create_directories(o.out);
    const auto variant = std::uint8_t(id);
    const auto t0 = std::chrono::steady_clock::now();

    std::vector<Material> order = materials_up_to(o.pieces);
    if (o.only) {
        if (o.only->pieces() > o.pieces)
            throw std::invalid_argument(o.only->name() + " has more than " +
                                        std::to_string(o.pieces) + " pieces");
        std::vector<Material> needed;
        for (const auto& m : order)
            if (m == *o.only || may_depend_on(*o.only, m)) needed.push_back(m);
        order = needed;
    }
    std::uint64_t remaining = 0;
    for (const auto& m : order) remaining += 2 * Index<V>(m).size();

    Tablebase<V> tb;
    tb.set_max_pieces(o.pieces);
    GenSummary sum;
    auto manifest = read_manifest_slices(o.out);
    int max_in_dir = o.pieces;
    for (const auto& [name, entry] : manifest)
        if (const auto mm = Material::parse(name)) max_in_dir = std::max(max_in_dir, mm->pieces());
    // What the directory already holds: the order's materials and their twins (whose tables
    // hold their Black to move).
    std::vector<Material> wanted;
    for (const auto& m : order)
        for (const Material& x : {m, m.flipped()})
            if (std::find(wanted.begin(), wanted.end(), x) == wanted.end()) wanted.push_back(x);
    const FoundTables found = find_tables(o.out, variant, wanted);
    auto described = [&](const Material& m) {
        const auto it = manifest.find(m.name());
        return it != manifest.end() && entry_describes(it->second, Index<V>(m).size());
    };
    const std::vector<SliceAction> plan = plan_slices(
        order, [&](const Material& m) { return found.finished.count(m) > 0; }, described);
    // Why a material must be solved: what is wrong with its tables, or with its twin's.
    auto problem = [&](const Material& m) -> std::optional<std::string> {
        for (const Material& x : {m, m.flipped()}) {
            if (const auto d = found.damaged.find(x); d != found.damaged.end()) return d->second;
            if (!found.finished.count(x))
                return (o.out / compress::table_file_name(x, kValueKinds[0])).string() +
                       " is missing";
        }
        return std::nullopt;
    };
    for (std::size_t k = 0; k < order.size(); ++k) {
        const Material& m = order[k];
        if (plan[k] != SliceAction::solve) continue;
        if (o.only && m != *o.only)
            throw compress::TableError(problem(m).value_or(m.name() + " cannot be read") + ": " +
                                       o.only->name() + " needs " + m.name() +
                                       "; generate without --only first");
        if (const auto d = found.damaged.find(m); d != found.damaged.end())
            cb.warning(d->second + "; solving " + m.name() + " again");
    }

    // The manifest entries of twins written with a slice solved in this run, waiting for
    // their turn in the order.
    std::map<Material, nlohmann::ordered_json> derived;
    // Arrays of slices no longer needed, for the next ones (no fresh pages to zero).
    ArrayStock stock;
    auto lookup = [&tb](const Position<V>& p) { return tb.probe(p); };
    auto write = [&](const Slice<V>& s, nlohmann::ordered_json& entry) {
        const auto w0 = std::chrono::steady_clock::now();
        const auto sizes = write_tables(o.out, variant, s, o.compression);
        sum.table_seconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
        sum.table_bytes += sizes[0] + sizes[1] + sizes[2];
        describe_tables(entry, o.out, variant, s.material());
    };
    int number = 0;
    for (const auto& m : order) {
        const SliceAction action = plan[std::size_t(number)];
        ++number;
        SliceEvent ev{m, number, int(order.size()), 2 * Index<V>(m).size(), remaining, 0, false};
        cb.started(ev);
        const auto s0 = std::chrono::steady_clock::now();
        std::unique_ptr<Slice<V>> slice;
        nlohmann::ordered_json entry;
        bool done = false;
        if (auto it = derived.find(m); it != derived.end()) {
            // Written when its twin was solved; the twin answers its lookups (flipped).
            entry = std::move(it->second);
            derived.erase(it);
            done = true;
            ++sum.slices_solved;
            sum.positions_solved += ev.positions;
        } else if (action == SliceAction::keep) {
            entry = manifest.at(m.name());
            describe_tables(entry, o.out, variant, m);
            done = ev.loaded = true;
            ++sum.slices_loaded;
        } else if (action == SliceAction::load) {
            try {
                slice = read_tables<V>(o.out, variant, m, lookup);
                entry = described(m) ? manifest.at(m.name()) : slice_json(*slice);
                describe_tables(entry, o.out, variant, m);
                done = ev.loaded = true;
                ++sum.slices_loaded;
                ++sum.slices_read_back;
            } catch (const compress::TableError& e) {
                // Checksums held but a value did not (its dependencies are in memory: a slice
                // read back has the same ones as a slice solved).
                if (o.only && m != *o.only) throw;
                cb.warning(std::string(e.what()) + "; solving " + m.name() + " again");
            }
        }
        if (!done) {
            SliceSolver<V> solver(m, tb.exits(), LevelLoop::fastest, &stock);
            slice = solver.solve();
            const auto stats = slice_stats(*slice);
            entry = slice_json(*slice, stats);
            write(*slice, entry);
            if (m.flipped() != m) {
                // The twin's White to move is this slice's Black to move, turned round. It
                // is written now and not kept: the tablebase answers for it through this
                // slice (ExitTables::with_holding flips), with half the memory. Only its White to
                // move is made; the statistics of both its sides are this slice's, the
                // positions they name flipped.
                const TwinIndex<V> twins(slice->index);
                const auto twin = Symmetry<V>::flipped(*slice, twins, Sides::white, &stock);
                const std::array<SideStats, 2> twin_stats = {
                    flipped_side_stats(*slice, stats[1], Color::black, twins),
                    flipped_side_stats(*slice, stats[0], Color::white, twins)};
                auto twin_entry = slice_json(*twin, twin_stats);
                write(*twin, twin_entry);
                twin->give_arrays(stock);
                derived[m.flipped()] = std::move(twin_entry);
            }
            ++sum.slices_solved;
            sum.positions_solved += ev.positions;
        }
        if (!entry.contains("table_bytes")) describe_tables(entry, o.out, variant, m);
        manifest[m.name()] = entry;
        write_manifest<V>(o.out, id, max_in_dir, manifest);
        // Later slices need only WDL and DTW of this one; the capture flags served the tables.
        if (slice) {
            for (auto& v : slice->dtc) stock.give(v);
            for (auto& v : slice->capture) stock.give(v);
            tb.add(std::move(slice));
        }
        // Of the slices with as many pieces, later ones need only those with one man fewer
        // (promotions).
        if (m.pieces() == o.pieces)
            for (const auto& old : order)
                if (old.pieces() == o.pieces && old.men() + 1 < m.men())
                    if (const auto gone = tb.remove(old)) gone->give_arrays(stock);
        remaining -= ev.positions;
        ev.remaining = remaining;
        ev.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - s0).count();
        cb.finished(ev);
    }
    // Twins of an --only material are written but not in the order: list them too.
    if (!derived.empty()) {
        for (auto& [m, d] : derived) manifest[m.name()] = d;
        write_manifest<V>(o.out, id, max_in_dir, manifest);
    }
    sum.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return sum;
}

}  // namespace dtb::gen
