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
#include "dtb/gen/exit_value.hpp"
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
    // WDL and DTW of p for a solver: p's material or its twin must be held, or p's side to
    // move has no piece (the game is over); throws std::logic_error otherwise (a slice
    // solved before one it needs).
    ExitValue exit_value(const Position<V>& p) const;
    // The solver's lookup into a Tablebase given as its context.
    static ExitValue exit_lookup(const void* tablebase, const Position<V>& p) {
        return static_cast<const Tablebase*>(tablebase)->exit_value(p);
    }

    // The solved slice of a material (white-to-move and black-to-move halves), or null.
    const Slice<V>* slice(const Material& m) const;
    void add(std::unique_ptr<Slice<V>> s);
    // Lets go of a slice that nothing solved later needs (returned: null when not held).
    std::unique_ptr<Slice<V>> remove(const Material& m);
    int max_pieces() const { return max_pieces_; }
    void set_max_pieces(int n) { max_pieces_ = n; }

  private:
    static constexpr int kDim = 9;  // up to 8 men or kings of a kind
    static int slot(int wm, int wk, int bm, int bk) {
        return ((wm * kDim + wk) * kDim + bm) * kDim + bk;
    }

    // f(slice, q) for the slice holding p's material with q = p, or for its twin's slice
    // with q = p flipped (dtb gen keeps one of two); f(nullptr, p) when neither is held.
    // A callback and not a copy of p into an out-parameter: the copy of a position just made
    // by a capture stalled on store forwarding (2.9 % of dtb gen russian --pieces 5).
    template <class F>
    decltype(auto) with_holding(const Position<V>& p, F&& f) const;

    std::map<Material, std::unique_ptr<Slice<V>>> slices_;
    std::vector<const Slice<V>*> by_slot_ = std::vector<const Slice<V>*>(kDim * kDim * kDim * kDim);
    int max_pieces_ = 0;
};

template <class V>
void Tablebase<V>::add(std::unique_ptr<Slice<V>> s) {
    const Material m = s->material();
    by_slot_[std::size_t(slot(m.white_men, m.white_kings, m.black_men, m.black_kings))] = s.get();
    slices_[m] = std::move(s);
}

template <class V>
std::unique_ptr<Slice<V>> Tablebase<V>::remove(const Material& m) {
    by_slot_[std::size_t(slot(m.white_men, m.white_kings, m.black_men, m.black_kings))] = nullptr;
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
template <class F>
decltype(auto) Tablebase<V>::with_holding(const Position<V>& p, F&& f) const {
    const int wm = popcount(p.men(Color::white)), wk = popcount(p.kings_of(Color::white));
    const int bm = popcount(p.men(Color::black)), bk = popcount(p.kings_of(Color::black));
    if (std::max({wm, wk, bm, bk}) < kDim) {
        if (const Slice<V>* s = by_slot_[std::size_t(slot(wm, wk, bm, bk))]) return f(s, p);
        if (const Slice<V>* s = by_slot_[std::size_t(slot(bm, bk, wm, wk))])
            return f(s, Flip<V>::apply(p));
    }
    return f(static_cast<const Slice<V>*>(nullptr), p);
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
    return with_holding(p, [](const Slice<V>* s, const Position<V>& q) -> std::optional<Value> {
        if (!s) return std::nullopt;
        const Value v = s->value(q.side, s->index.rank(q));
        if (v.wdl == Wdl::unknown) return std::nullopt;
        return v;
    });
}

template <class V>
ExitValue Tablebase<V>::exit_value(const Position<V>& p) const {
    const auto missing = [] {
        return std::logic_error("generator: a slice was solved before one it needs");
    };
    if (p.white == 0 || p.black == 0) {
        if (p.pieces(p.side) != 0) throw missing();
        return {V::goal == Goal::giveaway ? Wdl::win : Wdl::loss, 0};
    }
    return with_holding(p, [&](const Slice<V>* s, const Position<V>& q) -> ExitValue {
        if (!s) throw missing();
        const int side = static_cast<int>(q.side);
        const std::uint64_t i = s->index.rank(q);
        const Wdl w = Wdl(s->wdl[side][i]);
        if (w == Wdl::unknown) throw missing();
        return {w, s->dtw[side][i]};
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
        SliceSolver<V> solver(m, &tb, exit_lookup);
        tb.add(solver.solve());
    }
    return tb;
}

}  // namespace dtb::gen
