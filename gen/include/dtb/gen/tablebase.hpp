// A solved set of slices held in memory, with lookup by position. The generator fills it
// slice by slice (generate.hpp); tests solve small sets in memory and probe them.
#pragma once

#include <omp.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "dtb/core/flip.hpp"
#include "dtb/core/material.hpp"
#include "dtb/core/position.hpp"
#include "dtb/core/value.hpp"
#include "dtb/gen/exit_tables.hpp"
#include "dtb/gen/slice.hpp"
#include "dtb/gen/solver.hpp"
#include "dtb/gen/symmetry.hpp"

namespace dtb::gen {

// A variant the generator cannot solve yet; the message says why.
class Unsupported : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

template <class V>
class Tablebase {
  public:
    // Every material with up to max_pieces pieces, solved in memory (threads 0: all cores).
    static Tablebase solve(int max_pieces, int threads = 0);

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
    int max_pieces() const { return max_pieces_; }
    void set_max_pieces(int n) { max_pieces_ = n; }

  private:
    std::map<Material, std::unique_ptr<Slice<V>>> slices_;
    ExitTables<V> exits_;
    int max_pieces_ = 0;
};

template <class V>
void Tablebase<V>::add(std::unique_ptr<Slice<V>> s) {
    const Material m = s->material();
    exits_.hold(m, s.get());
    slices_[m] = std::move(s);
}

template <class V>
std::unique_ptr<Slice<V>> Tablebase<V>::remove(const Material& m) {
    exits_.hold(m, nullptr);
    const auto it = slices_.find(m);
    if (it == slices_.end()) return nullptr;
    auto s = std::move(it->second);
    slices_.erase(it);
    return s;
}

template <class V>
const Slice<V>* Tablebase<V>::slice(const Material& m) const {
    const auto it = slices_.find(m);
    return it == slices_.end() ? nullptr : it->second.get();
}

template <class V>
std::optional<Value> Tablebase<V>::probe(const Position<V>& p) const {
    if (p.white == 0 || p.black == 0) {
        const bool to_move_empty = p.pieces(p.side) == 0;
        // The side to move has no piece: no move. (A side to move with pieces facing none
        // is not a position of any table.)
        if (!to_move_empty) return std::nullopt;
        return Value{V::goal == Goal::giveaway ? Wdl::win : Wdl::loss, 0, 0};
    }
    return exits_.with_holding(p,
                               [](const Slice<V>* s, const Position<V>& q) -> std::optional<Value> {
                                   if (!s) return std::nullopt;
                                   const Value v = s->value(q.side, s->index.rank(q));
                                   if (v.wdl == Wdl::unknown) return std::nullopt;
                                   return v;
                               });
}

template <class V>
Tablebase<V> Tablebase<V>::solve(int max_pieces, int threads) {
    if constexpr (V::king_streak_limit > 0) {
        throw Unsupported(std::string(V::name) +
                          ": the king-move restriction (no more than 3 consecutive moves with "
                          "one king) is not yet part of the generator's position state");
    }
    if (threads > 0) omp_set_num_threads(threads);
    Tablebase tb;
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

}  // namespace dtb::gen
