// The solved slices a solver looks into: where a capture or a promotion leads, the value is
// read here. Of two colour-twin materials one may be held alone: a position of the other is
// answered through the flip (core/flip.hpp). The slices are owned elsewhere (SolvedSlices);
// this is the lookup, a direct call so that the solver's capture search inlines it. A
// material held by neither twin is read from its written tables, when the run says where
// (read_unheld_from: a run under a memory budget).
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "dtb/core/flip.hpp"
#include "dtb/core/material.hpp"
#include "dtb/core/position.hpp"
#include "dtb/core/successor_values.hpp"
#include "dtb/core/value.hpp"
#include "dtb/gen/run/written_values.hpp"
#include "dtb/gen/solver/exit_value.hpp"
#include "dtb/gen/solver/slice.hpp"

namespace dtb::gen {

template <class V>
class ExitTables {
    using Slots = std::vector<const Slice<V>*>;

  public:
    // Answers for m's positions from s (not owned), or no longer (null). A slice without
    // DTW arrays answers distance 0 (the rules' view of a child whose counts start afresh).
    void hold(const Material& m, const Slice<V>* s) {
        check(m);
        by_slot_[std::size_t(m.slot())] = s;
        promoted_[std::size_t(m.slot())] = s;
    }
    // Answers for m's positions reached by a promotion from s instead (the rules' view of a
    // child where the parent's count runs on).
    void hold_promoted(const Material& m, const Slice<V>* s) {
        check(m);
        promoted_[std::size_t(m.slot())] = s;
    }

    // Materials held by neither twin are answered from w (not owned; null: they are not).
    void read_unheld_from(const WrittenValues<V>* w) { written_ = w; }
    const WrittenValues<V>* written() const { return written_; }

    // f(slice, q) for the slice holding p's material with q = p, or for its twin's slice
    // with q = p flipped; f(nullptr, p) when neither is held. A callback, not a copy of p into
    // an out-parameter: copying a position just made stalls on store forwarding.
    template <class F>
    decltype(auto) with_holding(const Position<V>& p, F&& f) const {
        return holding(by_slot_, p, std::forward<F>(f));
    }

    // WDL and DTW of p for a solver: p's material or its twin must be held, or p's side to
    // move has no piece (the game is over); throws std::logic_error otherwise (a slice
    // solved before one it needs).
    ExitValue exit_value(const Position<V>& p) const { return value_in(by_slot_, p, written_); }
    // The same for a position a promotion reached.
    ExitValue promotion_value(const Position<V>& p) const {
        return value_in(promoted_, p, written_);
    }

  private:
    template <class F>
    static decltype(auto) holding(const Slots& slots, const Position<V>& p, F&& f) {
        const int wm = popcount(p.men(Color::white)), wk = popcount(p.kings_of(Color::white));
        const int bm = popcount(p.men(Color::black)), bk = popcount(p.kings_of(Color::black));
        if (std::max({wm, wk, bm, bk}) <= Material::kMostOfKind) {
            if (const Slice<V>* s = slots[std::size_t(Material{wm, wk, bm, bk}.slot())])
                return f(s, p);
            if (const Slice<V>* s = slots[std::size_t(Material{bm, bk, wm, wk}.slot())])
                return f(s, Flip<V>::apply(p));
        }
        return f(static_cast<const Slice<V>*>(nullptr), p);
    }

    static ExitValue value_in(const Slots& slots, const Position<V>& p,
                              const WrittenValues<V>* written) {
        if (p.white == 0 || p.black == 0) {
            if (p.pieces(p.side) != 0) throw missing();
            return {game_over_value<V>().wdl, 0};
        }
        return holding(slots, p, [written](const Slice<V>* s, const Position<V>& q) -> ExitValue {
            if (!s) {
                if (written) return written->exit_value(q);
                throw missing();
            }
            const ExitValue v = s->exit_value(static_cast<int>(q.side), s->index.rank(q));
            if (v.wdl() == Wdl::unknown) throw missing();
            return v;
        });
    }

    static void check(const Material& m) {
        if (std::max({m.white_men, m.white_kings, m.black_men, m.black_kings}) >
            Material::kMostOfKind)
            throw std::invalid_argument(m.name() + ": more than 8 men or kings of a kind");
    }
    static std::logic_error missing() {
        return std::logic_error("generator: a slice was solved before one it needs");
    }

    Slots by_slot_ = Slots(Material::kSlots);
    Slots promoted_ = Slots(Material::kSlots);
    const WrittenValues<V>* written_ = nullptr;
};

}  // namespace dtb::gen
