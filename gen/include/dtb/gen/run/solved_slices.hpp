// The solved slices a generator run holds in memory, with lookup by position. The run fills it
// slice by slice (gen/src/run/generation.hpp); tests solve small sets in memory and probe them.
#pragma once

#include <omp.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "dtb/core/flip.hpp"
#include "dtb/core/material.hpp"
#include "dtb/core/position.hpp"
#include "dtb/core/successor_values.hpp"
#include "dtb/core/value.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/gen/solver/exit_tables.hpp"
#include "dtb/gen/solver/slice.hpp"
#include "dtb/gen/solver/solver.hpp"
#include "dtb/gen/solver/symmetry.hpp"

namespace dtb::gen {

template <class V>
class SolvedSlices {
  public:
    // Every material with up to max_pieces pieces, solved in memory (threads 0: all cores).
    static SolvedSlices solve(int max_pieces, int threads = 0);

    // The value of p for its side to move; nullopt when neither p's material nor its
    // colour-flipped twin is held. A side without pieces is the end of the game: the side to
    // move has no move.
    std::optional<Value> probe(const Position<V>& p) const;
    // What a solver reads of the held slices (exit_tables.hpp).
    const ExitTables<V>& exits() const { return exits_; }

    // The solved slice of a material (white-to-move and black-to-move halves), or null.
    const Slice<V>* slice(const Material& m) const;
    void add(std::unique_ptr<Slice<V>> s);
    // Lets go of a slice that nothing solved later needs (returned: null when not held).
    std::unique_ptr<Slice<V>> remove(const Material& m);
    // Materials not held are read from their written tables through w (not owned).
    void read_unheld_from(const WrittenValues<V>* w) { exits_.read_unheld_from(w); }
    // The memory the held slices take, and the material of the largest in memory (nullopt:
    // none; a slice in files takes none).
    std::uint64_t bytes() const;
    std::optional<std::pair<Material, std::uint64_t>> largest() const;
    int max_pieces() const { return max_pieces_; }
    void set_max_pieces(int n) { max_pieces_ = n; }

  private:
    std::map<Material, std::unique_ptr<Slice<V>>> slices_;
    ExitTables<V> exits_;
    int max_pieces_ = 0;
};

template <class V>
void SolvedSlices<V>::add(std::unique_ptr<Slice<V>> s) {
    const Material m = s->material();
    exits_.hold(m, s.get());
    slices_[m] = std::move(s);
}

template <class V>
std::unique_ptr<Slice<V>> SolvedSlices<V>::remove(const Material& m) {
    exits_.hold(m, nullptr);
    const auto it = slices_.find(m);
    if (it == slices_.end()) return nullptr;
    auto s = std::move(it->second);
    slices_.erase(it);
    return s;
}

template <class V>
std::uint64_t SolvedSlices<V>::bytes() const {
    std::uint64_t n = 0;
    for (const auto& [m, s] : slices_) n += slice_bytes(*s);
    return n;
}

template <class V>
std::optional<std::pair<Material, std::uint64_t>> SolvedSlices<V>::largest() const {
    std::optional<std::pair<Material, std::uint64_t>> best;
    for (const auto& [m, s] : slices_)
        if (const std::uint64_t b = slice_bytes(*s); b > 0 && (!best || b > best->second))
            best = {m, b};
    return best;
}

template <class V>
const Slice<V>* SolvedSlices<V>::slice(const Material& m) const {
    const auto it = slices_.find(m);
    return it == slices_.end() ? nullptr : it->second.get();
}

template <class V>
std::optional<Value> SolvedSlices<V>::probe(const Position<V>& p) const {
    if (p.white == 0 || p.black == 0) {
        const bool to_move_empty = p.pieces(p.side) == 0;
        // The side to move has no piece: no move. (A side to move with pieces facing none
        // is not a position of any table.)
        if (!to_move_empty) return std::nullopt;
        return game_over_value<V>();
    }
    return exits_.with_holding(
        p, [&](const Slice<V>* s, const Position<V>& q) -> std::optional<Value> {
            if (!s) {
                if (exits_.written()) return exits_.written()->value(q);
                return std::nullopt;
            }
            const Value v = s->value(q.side, s->index.rank(q));
            if (v.wdl == Wdl::unknown) return std::nullopt;
            return v;
        });
}

template <class V>
SolvedSlices<V> SolvedSlices<V>::solve(int max_pieces, int threads) {
    if (threads > 0) omp_set_num_threads(threads);
    SolvedSlices tb;
    tb.set_max_pieces(max_pieces);
    for (const Material& m : materials_up_to(max_pieces)) {
        if (const Slice<V>* twin = tb.slice(m.flipped())) {
            tb.add(Symmetry<V>::flipped(*twin));
            continue;
        }
        SliceSolver<V> solver(m, tb.exits());
        tb.add(solver.solve());
    }
    return tb;
}

// Compiled once per variant in gen (gen/src/entry_points.cpp.in), not in every test.
#define DTB_EXTERN_SOLVED_SLICES(V) extern template class SolvedSlices<V>;
DTB_FOR_EACH_VARIANT(DTB_EXTERN_SOLVED_SLICES)
#undef DTB_EXTERN_SOLVED_SLICES

}  // namespace dtb::gen
