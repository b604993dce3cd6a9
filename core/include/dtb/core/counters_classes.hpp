// Which counter binds in a material, and so what the counters' tables' budget `plies` measures
// there (core/counters_value.hpp). A material has one class of counter states (`counters`) or two
// (`counters_idle` too: a rule in scope that a state may hold idle — russian 7.2.7 off the
// diagonal, the portuguese force count before the river).
//
// Within a block only king moves happen and every counting rule advances by one per ply, so
// the binding counter is the one with the fewest plies left. Across man moves:
//   progress  only counts that man moves restart run: the budget is to the next capture or
//             man move (a man move's child is valued with the count restarted);
//   force     a force count runs with men on the board (FMJD 6.3, russian 7.2.7-8, turkish):
//             man moves do not restart it and the budget runs through them, and through
//             promotions that keep the scope; the progress count cannot bind there, because
//             whatever restarts the force count restarts it too and its limit is larger;
//   lockstep  no men: every count advances together until a capture;
//   none      no counter runs: the values are those of the game with the rules' values
//             beyond its captures and promotions;
//   two counts  russian 7.2.6 (balance, run through man moves) beside 7.2.5 (restarted by
//             them) with men on the board: not a single budget. The budget is that of the
//             count man moves restart (`rule`), and depends on the plies the other (`second`)
//             leaves: a staircase (core/counters_value.hpp TwoCountSteps).
#pragma once

#include <algorithm>
#include <string>

#include "dtb/core/counter_rules.hpp"
#include "dtb/core/counter_state.hpp"
#include "dtb/core/material.hpp"

namespace dtb {

// `unsolved`: a force count beside a progress count that restarts sooner and binds with
// men on the board; no variant's rules make one (counters_unsolved_reason says so if one does).
enum class Binding { none, progress, force, lockstep, two_counts, unsolved };

struct CountersClass {
    Binding binding = Binding::none;
    int rule = -1;               // the binding rule (progress, force, two counts), or -1
    int second = -1;             // two counts: the rule that man moves do not restart
    int max_plies = kUnlimited;  // the most plies the binding counter can leave
};

// Whether material m has a `counters_idle` class: a rule in scope that may be idle.
inline bool has_idle_class(const CounterSet& set, const Material& m) {
    for (const CounterRule& r : set.list())
        if (may_idle(r) && in_scope(r.scope, m)) return true;
    return false;
}

// The most plies rule r can leave in material m: its limit with the side that gives the
// larger one to move at the start.
inline int max_plies(const CounterRule& r, const Material& m) {
    return std::max(limit_plies(r, m, Color::white), limit_plies(r, m, Color::black));
}

// The class of material m's states where the rules that may idle do (`idle`) or count.
inline CountersClass counters_class(const CounterSet& set, const Material& m, bool idle) {
    CountersClass c;
    int progress = -1, force = -1, balance = -1;
    int force_plies = kUnlimited;
    for (int i = 0; i < set.count; ++i) {
        const CounterRule& r = set.rules[i];
        if (!in_scope(r.scope, m) || (idle && may_idle(r))) continue;
        const int plies = max_plies(r, m);
        c.max_plies = std::min(c.max_plies, plies);
        if (r.kind == CounterKind::progress) progress = i;
        if (r.kind == CounterKind::balance) balance = i;
        if (r.kind == CounterKind::force && plies < force_plies) {
            force = i;
            force_plies = plies;
        }
    }
    if (c.max_plies == kUnlimited) return c;
    if (m.men() == 0) {
        c.binding = Binding::lockstep;
    } else if (force >= 0 && (progress < 0 || max_plies(set.rules[progress], m) >= force_plies)) {
        c.binding = Binding::force;
        c.rule = force;
        c.max_plies = force_plies;
    } else if (balance >= 0 && force < 0 && progress >= 0 &&
               max_plies(set.rules[balance], m) > max_plies(set.rules[progress], m)) {
        c.binding = Binding::two_counts;
        c.rule = progress;
        c.second = balance;
        c.max_plies = max_plies(set.rules[progress], m);
    } else if (balance >= 0 || force >= 0) {
        c.binding = Binding::unsolved;
    } else {
        c.binding = Binding::progress;
        c.rule = progress;
    }
    return c;
}

}  // namespace dtb
