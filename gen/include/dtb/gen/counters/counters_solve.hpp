// The values under the counters of a material (core/counters_value.hpp), per class of counter
// states (core/counters_classes.hpp), from the counters' values of the materials solved before it.
//
// Each class is solved by SliceSolver with the rules' exits and one pass, the DTW pass, whose
// distance is then the budget the binding counter must leave:
//   a capture's child is valued at its fresh counters (its `fresh` view: its class there, its
//     value kept if its budget fits what fresh counters leave), worth 1: the capture ends
//     every count;
//   a promotion's child likewise, unless the binding force count runs on into the child's
//     material (FMJD 6.3, russian 7.2.7): then it is valued with its own budget, plus 1;
//   a man move's child: with its budget plus 1 where the binding count runs through man
//     moves, worth 1 where they restart it (and then a draw when its budget exceeds the
//     restarted count's limit, capped as each block is solved).
// Positions whose budget exceeds the most the binding counter can leave are draws. A class
// where two counts bind at once is solved by counters_two_counts.hpp instead.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "dtb/core/counter_state.hpp"
#include "dtb/core/counters_classes.hpp"
#include "dtb/core/counters_value.hpp"
#include "dtb/gen/counters/budgets_read.hpp"
#include "dtb/gen/counters/counters_river.hpp"
#include "dtb/gen/counters/counters_two_counts.hpp"
#include "dtb/gen/solver/exit_tables.hpp"
#include "dtb/gen/solver/for_range.hpp"
#include "dtb/gen/solver/slice.hpp"
#include "dtb/gen/solver/solver.hpp"

namespace dtb::gen {

// A material's values under the counters: per class, WDL and budget (in a Slice's wdl and dtw),
// and the fresh view: the WDL at fresh counters (no DTW arrays: distance 0 as an exit).
template <class V>
struct MaterialCounters {
    std::unique_ptr<Slice<V>> main, idle, fresh;
    // Where two counts bind: the staircases of more than one step, by side to move.
    std::unique_ptr<std::array<std::vector<StepRecord>, 2>> main_steps, idle_steps;

    const Slice<V>* of(ValueKind k) const {
        return k == ValueKind::counters ? main.get() : idle.get();
    }
    const std::array<std::vector<StepRecord>, 2>* steps_of(ValueKind k) const {
        return k == ValueKind::counters ? main_steps.get() : idle_steps.get();
    }
};

// Why the rules of material m cannot be solved yet, or "".
inline std::string counters_unsolved_reason(const CounterSet& set, const Material& m) {
    for (const bool idle : {false, true}) {
        if (idle && !has_idle_class(set, m)) continue;
        const CountersClass c = counters_class(set, m, idle);
        if (c.binding == Binding::unsolved)
            return m.name() + ": a force count beside a move count that binds sooner: not solved";
    }
    for (const CounterRule& r : set.list())
        if (r.start == Start::on_river && in_scope(r.scope, m) && m.men() != 0)
            return m.name() +
                   ": a force count that starts at the river with men on the board: not "
                   "solved";
    return "";
}

template <class V>
class CountersSlices {
  public:
    explicit CountersSlices(const CounterSet& set) : set_(set) {}

    const CounterSet& counter_set() const { return set_; }

    // m's rules solved from the held ones (those of every material it captures or promotes
    // into must be held). Throws std::logic_error where counters_unsolved_reason says so.
    // `pure`, m's pure values if at hand, spares the two-count solver the pure draws.
    MaterialCounters<V> solve(const Material& m, const Slice<V>* pure = nullptr,
                              ArrayStock* stock = nullptr) const {
        if (const std::string why = counters_unsolved_reason(set_, m); !why.empty())
            throw std::logic_error("generator: " + why);
        MaterialCounters<V> r;
        if (counters_class(set_, m, false).binding == Binding::two_counts)
            r.main = solve_two_count_class(m, false, pure, r.main_steps);
        else
            r.main = solve_class(m, false, stock);
        if (has_idle_class(set_, m)) {
            if (counters_class(set_, m, true).binding == Binding::two_counts)
                r.idle = solve_two_count_class(m, true, pure, r.idle_steps);
            else
                r.idle = solve_idle_class(m, *r.main, stock);
        }
        r.fresh = fresh_view(m, *r.main, r.idle.get());
        return r;
    }

    // Holds m's rules for the materials solved later: the fresh view, which captures and
    // promotions lead to, and the classes' budgets only where a promotion into m may carry
    // a force count on (a force rule in scope in m).
    void add(const Material& m, MaterialCounters<V> r) {
        r.main_steps.reset();  // written; a later material reads a two-count class at full
        r.idle_steps.reset();  // balance only, where its last step decides (fits)
        if (!carries_force(m)) {
            r.main.reset();
            r.idle.reset();
        }
        exits_.hold(m, r.fresh.get());
        held_[m] = std::move(r);
    }
    void remove(const Material& m) {
        exits_.hold(m, nullptr);
        held_.erase(m);
    }
    // Whether a promotion into m may carry a force count on: the classes' budgets of m are
    // then needed in memory, beside its fresh view.
    bool carries_force(const Material& m) const { return gen::carries_force(set_, m); }
    // The materials whose classes' budgets solving m reads where they are held.
    std::vector<Material> budgets_read(const Material& m) const {
        return gen::budgets_read(set_, m);
    }
    const MaterialCounters<V>* held(const Material& m) const {
        const auto it = held_.find(m);
        return it == held_.end() ? nullptr : &it->second;
    }
    // The fresh views: what a capture leads to.
    const ExitTables<V>& exits() const { return exits_; }
    // Materials not held are read from their written counters' tables through w (not owned).
    void read_unheld_from(const WrittenValues<V>* w) { exits_.read_unheld_from(w); }
    // The largest held material whose fresh view alone is held (those whose budgets a
    // promotion may carry a force count into stay), and the memory it takes.
    std::optional<std::pair<Material, std::uint64_t>> largest_fresh_only() const {
        std::optional<std::pair<Material, std::uint64_t>> best;
        for (const auto& [m, r] : held_)
            if (!r.main && !r.idle && r.fresh)
                if (const std::uint64_t b = slice_bytes(*r.fresh);
                    b > 0 && (!best || b > best->second))
                    best = {m, b};
        return best;
    }
    // The memory the held values take.
    std::uint64_t bytes() const {
        std::uint64_t n = 0;
        for (const auto& [m, r] : held_)
            for (const auto* s : {r.main.get(), r.idle.get(), r.fresh.get()})
                if (s) n += slice_bytes(*s);
        return n;
    }

  private:
    std::unique_ptr<Slice<V>> solve_class(const Material& m, bool idle, ArrayStock* stock) const {
        const CountersClass c = counters_class(set_, m, idle);
        ExitTables<V> exits = exits_;
        if (c.binding == Binding::force)
            for (const Material& child : promotions(m))
                if (in_scope(set_.rules[c.rule].scope, child)) {
                    const MaterialCounters<V>* h = held_of(child);
                    if (!h) throw std::logic_error("generator: " + child.name() + " not held");
                    hold_promoted(exits, child, *h);
                }
        const CountersBudget budget{c.binding == Binding::progress, c.max_plies};
        SliceSolver<V> solver(m, exits, LevelLoop::fastest, stock, budget);
        auto slice = solver.solve();
        for (auto& d : slice->dtc) d = {};
        if (c.max_plies != kUnlimited) cap(*slice, c.max_plies);
        return slice;
    }

    // A class where two counts bind (counters_two_counts.hpp): captures lead to the fresh views,
    // promotions to the counters they start the child with.
    std::unique_ptr<Slice<V>> solve_two_count_class(
        const Material& m, bool idle, const Slice<V>* pure,
        std::unique_ptr<std::array<std::vector<StepRecord>, 2>>& steps) const {
        const CountersClass c = counters_class(set_, m, idle);
        const CounterState start = class_state(m, idle);
        auto solution = solve_two_counts<V>(
            m, c.max_plies, max_plies(set_.rules[c.second], m), pure,
            [&](const Position<V>& child) { return exits_.exit_value(child).wdl(); },
            [&](const Position<V>& p, const Move<typename V::board>& move,
                const Position<V>& child) {
                const CounterState cs = after_move(set_, start, p, move, child);
                if (cs == fresh_state(set_, child)) return exits_.exit_value(child).wdl();
                return carried_value(child, cs);
            });
        steps = std::make_unique<std::array<std::vector<StepRecord>, 2>>();
        for (int s = 0; s < 2; ++s) (*steps)[s] = std::move(solution.records[s]);
        return std::move(solution.slice);
    }

    // Counters of m's class (`idle`: the rules that may wait, waiting) that a promotion
    // restarts or carries: every count at 0.
    CounterState class_state(const Material& m, bool idle) const {
        CounterState s;
        for (int i = 0; i < set_.count; ++i)
            if (in_scope(set_.rules[i].scope, m))
                s.plies[i] = idle && may_idle(set_.rules[i]) ? CounterState::kIdle : 0;
        return s;
    }

    // The WDL at counters s of a position whose material's classes are held (a promotion's
    // child where a waiting rule waits on: russian 7.2.7 off the diagonal).
    Wdl carried_value(const Position<V>& child, const CounterState& s) const {
        const Material cm = material_of(child);
        const ValueKind kind = counters_kind(set_, s, cm);
        const MaterialCounters<V>* h = held(cm);
        Position<V> q = child;
        if (!h) {
            h = held(cm.flipped());
            q = Flip<V>::apply(child);
        }
        const Slice<V>* slice = h ? h->of(kind) : nullptr;
        if (!slice) throw std::logic_error("generator: " + cm.name() + ": budgets not held");
        const int side = int(q.side);
        const std::uint64_t i = slice->index.rank(q);
        const auto w = Wdl(slice->wdl[side][i]);
        if (w != Wdl::win && w != Wdl::loss) return Wdl::draw;
        return fits(cm, kind == ValueKind::counters_idle, slice->dtw[side][i], s, child)
                   ? w
                   : Wdl::draw;
    }

    // Whether a class's budget `plies` (of material m, idle or not) fits what counters s leave
    // at p. Two counts: from the entry's last step, which any state with full balance fits.
    bool fits(const Material& m, bool idle, std::uint16_t plies, const CounterState& s,
              const Position<V>& p) const {
        const CountersClass c = counters_class(set_, m, idle);
        if (c.binding != Binding::two_counts) return plies <= plies_left(set_, s, p);
        const TwoCountStep last = decode_step(std::uint16_t(plies & ~kMoreSteps));
        const int kings = plies_left(set_, s, c.rule, p);
        if (last.balance <= plies_left(set_, s, c.second, p)) return last.kings <= kings;
        if (!(plies & kMoreSteps)) return false;
        throw std::logic_error("generator: " + m.name() + ": a staircase read below full balance");
    }

    // The class where a rule waits: solved as the others where it waits for good (russian
    // 7.2.7), on the graph of counters_river.hpp where a move may start it (the river).
    std::unique_ptr<Slice<V>> solve_idle_class(const Material& m, const Slice<V>& main,
                                               ArrayStock* stock) const {
        for (int i = 0; i < set_.count; ++i)
            if (set_.rules[i].start == Start::on_river && in_scope(set_.rules[i].scope, m))
                return solve_before_river(set_, i, main, exits_,
                                          counters_class(set_, m, true).max_plies);
        return solve_class(m, true, stock);
    }

    // The held rules of m, or of its twin (answered through the flip by ExitTables).
    const MaterialCounters<V>* held_of(const Material& m) const {
        if (const auto* h = held(m)) return h;
        return held(m.flipped());
    }
    static void hold_promoted(ExitTables<V>& exits, const Material& child,
                              const MaterialCounters<V>& h) {
        // The twin's slice answers through the flip: hold it under its own material.
        if (!h.main) throw std::logic_error("generator: " + child.name() + ": budgets not held");
        exits.hold_promoted(h.main->material(), h.main.get());
    }

    static void cap(Slice<V>& s, int max_plies) {
        for_range<true>(2, [&](std::size_t side, int) {
            for (std::uint64_t i = 0; i < s.index.size(); ++i) {
                const auto w = Wdl(s.wdl[side][i]);
                if ((w == Wdl::win || w == Wdl::loss) && s.dtw[side][i] > max_plies) {
                    s.wdl[side][i] = std::uint8_t(Wdl::draw);
                    s.dtw[side][i] = 0;
                }
            }
        });
    }

    // The WDL of every position of m at fresh counters: the value of the class its fresh
    // counters are in, kept if the budget fits what they leave.
    std::unique_ptr<Slice<V>> fresh_view(const Material& m, const Slice<V>& main,
                                         const Slice<V>* idle) const {
        auto view = std::make_unique<Slice<V>>(m);
        for (int s = 0; s < 2; ++s) view->dtw[s] = view->dtc[s] = {};
        const auto& idx = main.index;
        auto decided = [](std::uint8_t w) {
            return w == std::uint8_t(Wdl::win) || w == std::uint8_t(Wdl::loss);
        };
        auto looked_at = [&](int s, std::uint64_t i) {
            return decided(main.wdl[s][i]) || (idle && decided(idle->wdl[s][i]));
        };
        // Without a counter in scope the fresh counters are the only ones: the class's values.
        const bool counted = idle || counters_class(set_, m, false).max_plies != kUnlimited;
        // Without an idle class no rule reads the squares at arising: one position a side stands
        // for every other (what the counters leave depends on its material and side to move).
        std::array<std::optional<FreshCounters>, 2> same;
        if (counted && !has_idle_class(set_, m))
            for (int s = 0; s < 2; ++s)
                for (std::uint64_t i = 0; i < idx.size(); ++i)
                    if (looked_at(s, i)) {
                        same[s] = fresh_counters(m, idx, Color(s), i, idle);
                        break;
                    }
        constexpr std::uint64_t kPiece = 1 << 14;
        for_range<true>((idx.size() + kPiece - 1) / kPiece, [&](std::size_t k, int) {
            const std::uint64_t end = std::min(idx.size(), (k + 1) * kPiece);
            for (int s = 0; s < 2; ++s)
                for (std::uint64_t i = k * kPiece; i < end; ++i) {
                    view->wdl[s][i] = main.wdl[s][i];
                    if (!counted || !looked_at(s, i)) continue;
                    const FreshCounters f =
                        same[s] ? *same[s] : fresh_counters(m, idx, Color(s), i, idle);
                    const Slice<V>& c = f.in_idle ? *idle : main;
                    const Wdl w = Wdl(c.wdl[s][i]);
                    view->wdl[s][i] = std::uint8_t(w);
                    if (w != Wdl::win && w != Wdl::loss) continue;
                    if (!fits(m, f.in_idle, c.dtw[s][i], f.state, f.p))
                        view->wdl[s][i] = std::uint8_t(Wdl::draw);
                }
        });
        return view;
    }

    // A position's fresh counters, and whether they put it in the idle class.
    struct FreshCounters {
        Position<V> p;
        CounterState state;
        bool in_idle = false;
    };
    FreshCounters fresh_counters(const Material& m, const Index<V>& idx, Color side,
                                 std::uint64_t i, const Slice<V>* idle) const {
        FreshCounters f;
        idx.unrank(i, side, f.p);
        f.state = fresh_state(set_, f.p);
        f.in_idle = idle && counters_kind(set_, f.state, m) == ValueKind::counters_idle;
        return f;
    }

    const CounterSet& set_;
    std::map<Material, MaterialCounters<V>> held_;
    ExitTables<V> exits_;
};

}  // namespace dtb::gen
