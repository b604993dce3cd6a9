// What dtb gen does with each material of its order when the output directory already holds
// tables: solve it, hold it again in memory, or only keep it.
//
// A finished slice that a slice still to solve may look into (a capture or a promotion leads
// there) is held again in memory: read back from its tables (gen/tables/read_back.hpp), in
// half the solver's time from fast tables and somewhat less from small ones (whose threats
// are valued from their moves), or solved again where its tables hold too little (no DTW
// table, a WDL table in one-ply form) or its manifest entry lacks the statistics; its tables
// are not written again. Reading it through its tables where a lookup leads instead costs a
// threat search per lookup. A slice whose values a stopped run left in its scratch files is
// read from there instead, and what it looks into is not needed for it. Every other finished
// slice is only checked (checksums) and kept, with the manifest's entry.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <set>
#include <vector>

#include "dtb/core/material.hpp"

namespace dtb::gen {

// Whether solving m may look into d: d comes earlier in the order and has no more men of a
// side, nor more pieces of a side, than m (captures remove pieces, promotions turn men into
// kings). The relation is transitive, so the materials a slice may look into are also all
// those its own dependencies may look into.
inline bool may_depend_on(const Material& m, const Material& d) {
    if (d == m) return false;
    const bool earlier = d.pieces() < m.pieces() || (d.pieces() == m.pieces() && d.men() < m.men());
    return earlier && d.white_men <= m.white_men && d.black_men <= m.black_men &&
           d.white_men + d.white_kings <= m.white_men + m.white_kings &&
           d.black_men + d.black_kings <= m.black_men + m.black_kings;
}

// Whether one move in m can leave material d: the side to move keeps its pieces or promotes a
// man, the other keeps its pieces or loses some to a capture. A solver looks into exactly
// such materials (the run holds a slice while a later one may).
inline bool moves_into(const Material& m, const Material& d) {
    auto kept_or_promoted = [](int men, int kings, int men2, int kings2) {
        return (men2 == men && kings2 == kings) || (men2 == men - 1 && kings2 == kings + 1);
    };
    auto kept_or_captured = [](int men, int kings, int men2, int kings2) {
        return men2 <= men && kings2 <= kings;
    };
    const bool by_white =
        kept_or_promoted(m.white_men, m.white_kings, d.white_men, d.white_kings) &&
        kept_or_captured(m.black_men, m.black_kings, d.black_men, d.black_kings);
    const bool by_black =
        kept_or_promoted(m.black_men, m.black_kings, d.black_men, d.black_kings) &&
        kept_or_captured(m.white_men, m.white_kings, d.white_men, d.white_kings);
    return d != m && (by_white || by_black);
}

enum class SliceAction {
    solve,  // no finished tables: solved in this run
    again,  // finished, held again in memory (read back, or solved again): a slice solved in
            // this run needs it, or its entry does; its tables are not written again
    keep,   // finished, checked and kept as it is (read through its tables where needed)
};

// For each material of `order` (dependencies first): `finished` tells whether its three
// tables are present and pass their checks, `described` whether the manifest has its entry,
// `in_scratch` whether a stopped run left the values of it or of its twin in scratch files the
// run takes over (scratch_values.hpp). A finished material is solved again when a material
// solved (or solved again) in this run moves into it or into its colour-flipped twin and the
// pair is not in scratch (the in-memory tablebase answers for a twin through the other, so one
// of the two is solved: the first in the order), when its own entry is missing, or never
// otherwise. A finished material whose twin is not finished is solved for good instead, which
// writes the twin. Without scratch this is every pair a computed material may depend on.
inline std::vector<SliceAction> plan_slices(
    const std::vector<Material>& order, const std::function<bool(const Material&)>& finished,
    const std::function<bool(const Material&)>& described,
    const std::function<bool(const Material&)>& in_scratch = [](const Material&) {
        return false;
    }) {
    auto again_or_solve = [&](const Material& m) {
        return m.flipped() == m || finished(m.flipped()) ? SliceAction::again : SliceAction::solve;
    };
    auto pair_of = [](const Material& m) { return std::min(m, m.flipped()); };
    std::vector<SliceAction> plan(order.size(), SliceAction::keep);
    std::map<Material, std::size_t> first;  // of each twin pair in the order
    for (std::size_t k = 0; k < order.size(); ++k) {
        const Material& m = order[k];
        first.try_emplace(pair_of(m), k);
        if (!finished(m))
            plan[k] = SliceAction::solve;
        else if (!described(m))
            plan[k] = again_or_solve(m);
    }
    // From the last material back: a move leads only to earlier materials (and never to a
    // twin), so when a pair's turn comes every material that may move into it is decided.
    std::set<Material> needed;  // pairs a computed material moves into
    for (std::size_t k = order.size(); k-- > 0;) {
        const Material& m = order[k];
        const Material pair = pair_of(m);
        if (plan[k] == SliceAction::keep && needed.count(pair) && !in_scratch(m)) {
            const std::size_t f = first.at(pair);
            if (plan[f] == SliceAction::keep) plan[f] = again_or_solve(order[f]);
        }
        if (plan[k] == SliceAction::keep) continue;
        for (std::size_t j = 0; j < k; ++j)
            if (moves_into(m, order[j])) needed.insert(pair_of(order[j]));
    }
    return plan;
}

}  // namespace dtb::gen
