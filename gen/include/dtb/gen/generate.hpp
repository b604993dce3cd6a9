// dtb gen: every material up to N pieces solved in dependency order and written to one
// directory per variant: a slice file per material and manifest.json naming the variant,
// its rules and the contents (with per-slice statistics). A slice whose file exists and
// passes its checks is loaded instead of solved, so a killed run resumes where it stopped.
#pragma once

#include <omp.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "dtb/core/notation.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/gen/slice_file.hpp"
#include "dtb/gen/slice_stats.hpp"
#include "dtb/gen/tablebase.hpp"

namespace dtb::gen {

struct GenOptions {
    int pieces = 0;
    std::filesystem::path out;
    int threads = 0;               // 0: all cores
    std::optional<Material> only;  // solve just this material (its dependencies must exist)
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
    int slices_solved = 0, slices_loaded = 0;
    std::uint64_t positions_solved = 0;  // index entries of solved slices, both sides
    double seconds = 0;
};

struct GenCallbacks {
    std::function<void(const SliceEvent&)> started = [](const SliceEvent&) {};
    std::function<void(const SliceEvent&)> finished = [](const SliceEvent&) {};
    std::function<void(const std::string&)> warning = [](const std::string&) {};
};

// Whether solving m may look into d: d comes earlier in the order and has no more men of a
// side, nor more pieces of a side, than m (captures remove pieces, promotions turn men into
// kings).
inline bool may_depend_on(const Material& m, const Material& d) {
    if (d == m) return false;
    const bool earlier = d.pieces() < m.pieces() || (d.pieces() == m.pieces() && d.men() < m.men());
    return earlier && d.white_men <= m.white_men && d.black_men <= m.black_men &&
           d.white_men + d.white_kings <= m.white_men + m.white_kings &&
           d.black_men + d.black_kings <= m.black_men + m.black_kings;
}

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

template <class V>
nlohmann::ordered_json slice_json(const Slice<V>& s) {
    const auto st = slice_stats(s);
    const Material& m = s.material();
    return {{"material", m.name()},
            {"file", slice_file_name(m)},
            {"white_men", m.white_men},
            {"white_kings", m.white_kings},
            {"black_men", m.black_men},
            {"black_kings", m.black_kings},
            {"sides",
             {side_stats_json(s, st[0], Color::white), side_stats_json(s, st[1], Color::black)}}};
}

// The slice entries of an existing manifest, by material name (empty when there is none or
// it cannot be read: entries are rebuilt from the slice files as they are checked).
inline std::map<std::string, nlohmann::ordered_json> read_manifest_slices(
    const std::filesystem::path& dir) {
    std::map<std::string, nlohmann::ordered_json> out;
    std::ifstream in(dir / "manifest.json");
    if (!in) return out;
    try {
        const auto j = nlohmann::ordered_json::parse(in);
        for (const auto& s : j.at("slices")) out[s.at("material").get<std::string>()] = s;
    } catch (const std::exception&) {
        out.clear();
    }
    return out;
}

template <class V>
void write_manifest(const std::filesystem::path& dir, VariantId id, int pieces,
                    const std::map<std::string, nlohmann::ordered_json>& by_name) {
    std::vector<nlohmann::ordered_json> slices;
    for (const auto& m : materials_up_to(8))
        if (const auto it = by_name.find(m.name()); it != by_name.end())
            slices.push_back(it->second);
    nlohmann::ordered_json j = {
        {"format", "dtb-raw-slices"},
        {"format_version", kSliceFileVersion},
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
    const auto path = dir / "manifest.json";
    const auto tmp = dir / "manifest.json.tmp";
    {
        std::ofstream out(tmp);
        out << j.dump(2) << "\n";
        if (!out) throw SliceFileError("cannot write " + tmp.string());
    }
    std::filesystem::rename(tmp, path);
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
    int number = 0;
    for (const auto& m : order) {
        ++number;
        const auto path = o.out / slice_file_name(m);
        SliceEvent ev{m, number, int(order.size()), 2 * Index<V>(m).size(), remaining, 0, false};
        cb.started(ev);
        const auto s0 = std::chrono::steady_clock::now();
        std::unique_ptr<Slice<V>> slice;
        if (std::filesystem::exists(path)) {
            try {
                slice = read_slice<V>(path, variant, m, true);
                ev.loaded = true;
                ++sum.slices_loaded;
            } catch (const SliceFileError& e) {
                cb.warning(std::string(e.what()) + "; solving it again");
            }
        }
        if (!slice && o.only && m != *o.only) {
            throw SliceFileError(path.string() + " is missing: " + o.only->name() +
                                 " needs it; generate without --only first");
        }
        if (!slice) {
            // The colour-flipped twin, when solved already (in this run), gives this one.
            if (const Slice<V>* twin = tb.slice(m.flipped()); twin && !twin->dtc[0].empty()) {
                slice = Symmetry<V>::flipped(*twin);
                write_slice(path, variant, *slice);
                ++sum.slices_solved;
                sum.positions_solved += ev.positions;
            }
        }
        if (!slice) {
            SliceSolver<V> solver(m, &tb, [](const void* ctx, const Position<V>& p) {
                const auto v = static_cast<const Tablebase<V>*>(ctx)->probe(p);
                if (!v) throw std::logic_error("generator: a slice was solved before one it needs");
                return *v;
            });
            slice = solver.solve();
            write_slice(path, variant, *slice);
            ++sum.slices_solved;
            sum.positions_solved += ev.positions;
        }
        manifest[m.name()] = slice_json(*slice);
        write_manifest<V>(o.out, id, max_in_dir, manifest);
        // Later slices need only WDL and DTW of this one (its DTC is kept until its twin
        // has been derived from it), and of the slices with as many pieces only those with
        // one man fewer (promotions).
        const bool twin_done = m.flipped() == m || tb.slice(m.flipped()) != nullptr;
        if (twin_done) {
            slice->dtc[0] = {};
            slice->dtc[1] = {};
            tb.drop_dtc(m.flipped());
        }
        tb.add(std::move(slice));
        if (m.pieces() == o.pieces)
            for (const auto& old : order)
                if (old.pieces() == o.pieces && old.men() + 1 < m.men()) tb.remove(old);
        remaining -= ev.positions;
        ev.remaining = remaining;
        ev.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - s0).count();
        cb.finished(ev);
    }
    sum.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return sum;
}

}  // namespace dtb::gen
