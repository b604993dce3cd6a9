// The state of a variant's draw counters and how a move changes it
// (docs/variants.md#how-the-counters-combine). One count per rule of the counter set, in plies,
// or `kIdle` where the rule is not counting: out of its scope, or in it but not (yet)
// counting — the portuguese force count before a king reaches the river, russian 7.2.7 when
// the lone king stood off the long diagonal as the scope was entered.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <string>

#include "dtb/core/apply.hpp"
#include "dtb/core/counter_rules.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/move.hpp"
#include "dtb/core/position.hpp"
#include "dtb/core/value.hpp"

namespace dtb {

struct CounterState {
    static constexpr std::uint16_t kIdle = 0xFFFF;
    std::array<std::uint16_t, kMaxCounterRules> plies = filled();

    constexpr bool counting(int rule) const { return plies[rule] != kIdle; }
    friend constexpr bool operator==(const CounterState&, const CounterState&) = default;

  private:
    static constexpr std::array<std::uint16_t, kMaxCounterRules> filled() {
        std::array<std::uint16_t, kMaxCounterRules> a{};
        a.fill(kIdle);
        return a;
    }
};

// Plies the rules leave when none is counting.
inline constexpr int kUnlimited = std::numeric_limits<int>::max();

// The squares of the long diagonal (russian a1-h8, the portuguese river 1-32): the diagonal
// with a dark square in each corner, row == column in the board's own coordinates.
template <class G>
constexpr typename G::bb long_diagonal() {
    typename G::bb d = 0;
    for (int r = 0; r < G::ranks && r < G::files; ++r)
        if (G::on_board(r, r)) d |= bit<typename G::bb>(G::bit_of(r, r));
    return d;
}

namespace counter_state_detail {

template <class V>
Color strong_color(const CounterRule& r, const Material& m) {
    return strong_side(r.scope, m) == Strong::black ? Color::black : Color::white;
}

// The count of a force rule whose scope a move has just entered, reaching `p`.
template <class V>
std::uint16_t entered(const CounterRule& r, const Position<V>& p, const Material& m) {
    using G = typename V::board;
    const Strong s = strong_side(r.scope, m);
    const Color strong = strong_color<V>(r, m);
    if (r.fixed == Fixed::lone_king_on_long_diagonal) {
        // The lone king of the weak side (either king, if both sides are lone kings).
        const auto lone = s == Strong::both ? p.kings : p.kings_of(~strong);
        if ((lone & long_diagonal<G>()) == 0) return CounterState::kIdle;
    }
    // The portuguese count waits for the river; the move that made the material (or reached
    // the river) is not one of the 12, which are the strong side's next moves.
    if (r.start == Start::on_river && (p.kings_of(strong) & long_diagonal<G>()) == 0)
        return CounterState::kIdle;
    return 0;
}

inline std::uint16_t next(std::uint16_t plies) {
    return plies >= CounterState::kIdle - 1 ? plies : std::uint16_t(plies + 1);
}

}  // namespace counter_state_detail

// The counters of a material that has just arisen at `p` by a capture of the side not to
// move: every count at 0, and what a rule fixes at arising read from `p`.
template <class V>
CounterState fresh_state(const CounterSet& set, const Position<V>& p) {
    const Material m = material_of(p);
    CounterState s;
    for (int i = 0; i < set.count; ++i) {
        const CounterRule& r = set.rules[i];
        if (!in_scope(r.scope, m)) continue;
        s.plies[i] = r.kind == CounterKind::force ? counter_state_detail::entered(r, p, m) : 0;
    }
    return s;
}

// The counters after `m` is played from `before` (reaching `after`).
template <class V>
CounterState after_move(const CounterSet& set, const CounterState& s, const Position<V>& before,
                        const Move<typename V::board>& m, const Position<V>& after) {
    using namespace counter_state_detail;
    using G = typename V::board;
    if (m.is_capture()) return fresh_state(set, after);  // a new material: every count afresh
    const Material mb = material_of(before), ma = material_of(after);
    const Color mover = before.side;
    const bool man_move = (before.men(mover) & bit<typename G::bb>(m.from)) != 0;
    CounterState n;
    for (int i = 0; i < set.count; ++i) {
        const CounterRule& r = set.rules[i];
        if (!in_scope(r.scope, ma)) continue;
        const bool continues = in_scope(r.scope, mb);
        switch (r.kind) {
            case CounterKind::progress:  // a promotion is a man move
                n.plies[i] = man_move ? 0 : next(s.plies[i]);
                break;
            case CounterKind::balance:
                n.plies[i] = m.promotes || !continues ? 0 : next(s.plies[i]);
                break;
            case CounterKind::force:
                if (!continues) {
                    n.plies[i] = entered(r, after, ma);
                } else if (s.counting(i)) {
                    n.plies[i] = next(s.plies[i]);
                } else if (r.start == Start::on_river && mover == strong_color<V>(r, ma) &&
                           (after.kings_of(mover) & long_diagonal<G>()) != 0) {
                    n.plies[i] = 0;  // the move that reaches the river starts the count, uncounted
                }
                break;
        }
    }
    return n;
}

// Whether rule r may be in scope and not counting: fixed at arising (russian 7.2.7) or
// started late (the portuguese river).
constexpr bool may_idle(const CounterRule& r) {
    return r.kind == CounterKind::force &&
           (r.fixed != Fixed::nothing || r.start == Start::on_river);
}

// The counters' table that holds the values at counters s of material m: `counters_idle` when a
// rule in scope that may idle does, else `counters` (core/value.hpp).
inline ValueKind counters_kind(const CounterSet& set, const CounterState& s, const Material& m) {
    for (int i = 0; i < set.count; ++i)
        if (may_idle(set.rules[i]) && in_scope(set.rules[i].scope, m) && !s.counting(i))
            return ValueKind::counters_idle;
    return ValueKind::counters;
}

// The plies rule `i` has left at `p` (kUnlimited if it is not counting).
template <class V>
int plies_left(const CounterSet& set, const CounterState& s, int i, const Position<V>& p) {
    if (!s.counting(i)) return kUnlimited;
    const int done = s.plies[i];
    const Color to_move_at_start = done % 2 == 0 ? p.side : ~p.side;
    return limit_plies(set.rules[i], material_of(p), to_move_at_start) - done;
}

// The plies the counters leave at `p`: the fewest any counting rule leaves.
template <class V>
int plies_left(const CounterSet& set, const CounterState& s, const Position<V>& p) {
    int left = kUnlimited;
    for (int i = 0; i < set.count; ++i) left = std::min(left, plies_left(set, s, i, p));
    return left;
}

// Whether a move that captures nothing, from p at counters `before` to `child` at `after`, runs
// the binding count on (spends one of its plies) rather than restarting it. False where no
// count runs.
template <class V>
bool runs_binding_count(const CounterSet& set, const CounterState& before, const Position<V>& p,
                        const CounterState& after, const Position<V>& child) {
    const int left = plies_left(set, before, p);
    if (left == kUnlimited) return false;
    for (int i = 0; i < set.count; ++i)
        if (before.counting(i) && plies_left(set, before, i, p) == left)
            if (!after.counting(i) || after.plies[i] != before.plies[i] + 1) return false;
    return plies_left(set, after, child) == left - 1;
}

// Counters of p's class (`idle`: the rules that may wait, waiting; core/counters_classes.hpp)
// that leave `left` plies: one count run up, a force count first (what a promotion carries on),
// the others at 0. False where none can.
template <class V>
bool state_leaving(const CounterSet& set, const Position<V>& p, bool idle, int left,
                   CounterState& out) {
    const Material m = material_of(p);
    CounterState start;
    for (int i = 0; i < set.count; ++i)
        if (in_scope(set.rules[i].scope, m))
            start.plies[i] = idle && may_idle(set.rules[i]) ? CounterState::kIdle : 0;
    for (const bool force : {true, false})
        for (int rule = 0; rule < set.count; ++rule) {
            if (!start.counting(rule) || (set.rules[rule].kind == CounterKind::force) != force)
                continue;
            out = start;
            const int most = std::max(limit_plies(set.rules[rule], m, Color::white),
                                      limit_plies(set.rules[rule], m, Color::black));
            for (int done = 0; done <= most; ++done) {
                out.plies[rule] = std::uint16_t(done);
                if (plies_left(set, out, p) == left) return true;
            }
        }
    return false;
}

// Whether a counter has reached its limit: the game is drawn at `p` unless the side to move
// has no move (the ply that left it without one won).
template <class V>
bool counter_expired(const CounterSet& set, const CounterState& s, const Position<V>& p) {
    return plies_left(set, s, p) <= 0;
}

// Why `s` cannot be the counters of position `p`, or "" if it can: a count beyond its limit,
// a count where its rule cannot run, no count where the rule must run, or counts that
// contradict each other (captures and promotions restart every count that a man move does not).
template <class V>
std::string invalid_state(const CounterSet& set, const CounterState& s, const Position<V>& p) {
    using G = typename V::board;
    const Material m = material_of(p);
    int progress = -1;
    std::string progress_name;
    for (int i = 0; i < set.count; ++i)
        if (set.rules[i].kind == CounterKind::progress && s.counting(i)) {
            progress = s.plies[i];
            progress_name = set.rules[i].name;
        }
    for (int i = 0; i < set.count; ++i) {
        const CounterRule& r = set.rules[i];
        const std::string name(r.name);
        if (!in_scope(r.scope, m)) {
            if (s.counting(i)) return name + " does not apply to this material";
            continue;
        }
        if (!s.counting(i)) {
            if (!may_idle(r)) return name + " must be counting in this material";
            if (r.start == Start::on_river &&
                (p.kings_of(counter_state_detail::strong_color<V>(r, m)) & long_diagonal<G>()) != 0)
                return name + " has started: the strong side has a king on the long diagonal";
            continue;
        }
        if (plies_left(set, s, i, p) < 0) return name + " is beyond its limit";
        const bool starts_with_progress =
            r.kind != CounterKind::progress && r.start == Start::on_entry;
        if (starts_with_progress && progress > s.plies[i])
            return progress_name + " (" + std::to_string(progress) + ") exceeds " + name + " (" +
                   std::to_string(s.plies[i]) + "): whatever restarts " + name + " restarts " +
                   progress_name + " too";
    }
    return "";
}

// The counters after `moves` are played from `p` with fresh counters, and the position reached.
// The moves must be legal in turn (as notation's parser returns them).
template <class V>
std::pair<CounterState, Position<V>> state_after_moves(
    const CounterSet& set, Position<V> p, std::span<const Move<typename V::board>> moves) {
    CounterState s = fresh_state(set, p);
    for (const auto& m : moves) {
        const Position<V> next = apply(p, m);
        s = after_move(set, s, p, m, next);
        p = next;
    }
    return {s, p};
}

}  // namespace dtb
