// The check of the counters' tables (verify.hpp): sampled entries re-derived from the values under
// the rules their moves lead to (probe/counters_prober.hpp), at counters built to leave exactly
// the entry's budget — there the entry's value must follow from the moves with that very
// budget — and one ply less, where the counters must have drawn it (the budget is the least).
// Where two counts bind (core/counters_classes.hpp), at random counters of the class: the
// value and kings-only budget the tables give there, and a draw one kings-only ply short.
#pragma once

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "dtb/core/counter_state.hpp"
#include "dtb/core/counters_classes.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/left_out.hpp"
#include "dtb/gen/verify.hpp"
#include "dtb/probe/counters_prober.hpp"

namespace dtb::gen {

namespace verify_counters_detail {

// The most plies a state can leave, for state_leaving.
inline constexpr int kMost = -1;

// Counters of p in the class of table `kind` that leave `left` plies (kUnlimited: where no
// counter runs; kMost: as many as the class allows), from the arising counters advanced in
// step; nullopt where no state of the class leaves that many.
template <class V>
std::optional<CounterState> state_leaving(const CounterSet& set, const Position<V>& p,
                                          ValueKind kind, int left) {
    const Material m = material_of(p);
    CounterState s = fresh_state(set, p);
    for (int i = 0; i < set.count; ++i) {
        if (!may_idle(set.rules[i]) || !in_scope(set.rules[i].scope, m)) continue;
        s.plies[i] = kind == ValueKind::counters_idle ? CounterState::kIdle : 0;
    }
    const int start = plies_left(set, s, p);
    if (start == kUnlimited)
        return left == kUnlimited || left == kMost ? std::optional(s) : std::nullopt;
    if (left == kMost) left = start;
    if (left == kUnlimited || left > start || left < 0) return std::nullopt;
    for (int i = 0; i < set.count; ++i)
        if (s.counting(i)) s.plies[i] = std::uint16_t(s.plies[i] + (start - left));
    if (!invalid_state(set, s, p).empty() || plies_left(set, s, p) != left) return std::nullopt;
    return s;
}

inline std::string text(Wdl w, int budget) {
    return w == Wdl::draw ? "draw"
                          : std::string(to_string(w)) + " budget " + std::to_string(budget);
}

template <class V>
std::string state_text(const CounterSet& set, const CounterState& s) {
    std::string out;
    for (int i = 0; i < set.count; ++i)
        if (s.counting(i))
            out += (out.empty() ? "" : ",") + std::string(set.rules[i].name) + "=" +
                   std::to_string(s.plies[i]);
    return out.empty() ? "none counting" : out;
}

}  // namespace verify_counters_detail

// Re-derives `samples` random stored White-to-move entries of each counters' table of `materials`.
template <class V>
SampleCounts verify_counter_samples(const probe::Store& store, const CounterSet& set,
                                    const std::vector<std::pair<Material, ValueKind>>& tables,
                                    int samples, std::mt19937_64& rng) {
    using namespace verify_counters_detail;
    const probe::CountersProber<V> counted(store, set);
    SampleCounts out;
    auto fail = [&](const Position<V>& p, const CounterState& s, const std::string& stored,
                    const std::string& derived) {
        ++out.failed;
        if (out.failures.size() < 20)
            out.failures.push_back({write_fen(p), state_text<V>(set, s), stored, derived});
    };
    for (const auto& [m, kind] : tables) {
        const Index<V> idx(m);
        std::uniform_int_distribution<std::uint64_t> pick(0, idx.size() - 1);
        for (int n = 0, tries = 0; n < samples && tries < 20 * samples; ++tries) {
            Position<V> p;
            if (!idx.unrank(pick(rng), Color::white, p) || left_out_kind(p) != LeftOut::no)
                continue;
            std::uint16_t e = 0;
            if (store.lookup(m, kind, idx.rank(p), e) != probe::Status::ok) {
                ++out.unavailable;
                continue;
            }
            const CountersValue v = decode_counters(e);
            // The value and budget p's moves give at counters st (nullopt: not available).
            auto derive = [&](const CounterState& st) -> std::optional<std::pair<Wdl, int>> {
                std::vector<probe::CountersRatedMove<V>> moves;
                if (counted.rate_moves(p, st, moves) != probe::Status::ok) return std::nullopt;
                if (moves.empty()) return std::pair(Wdl::loss, 0);
                bool win = false, all_won = true;
                int best = 0, slowest = 0;
                for (const auto& mv : moves) {
                    if (mv.after.wdl == Wdl::loss) best = win ? std::min(best, mv.cost) : mv.cost;
                    win |= mv.after.wdl == Wdl::loss;
                    if (mv.after.wdl != Wdl::win)
                        all_won = false;
                    else
                        slowest = std::max(slowest, mv.cost);
                }
                if (win) return std::pair(Wdl::win, best);
                if (all_won) return std::pair(Wdl::loss, slowest);
                return std::pair(Wdl::draw, 0);
            };
            const CountersClass cls = counters_class(set, m, kind == ValueKind::counters_idle);
            if (cls.binding == Binding::two_counts) {
                // Counters of the class: balance run up by some plies, kings-only by no more.
                auto s = state_leaving(set, p, kind, kMost);
                if (!s) continue;
                const int kmax = plies_left(set, *s, cls.rule, p);
                const int bmax = plies_left(set, *s, cls.second, p);
                const int spent_b = std::uniform_int_distribution<int>(0, bmax - 1)(rng);
                const int spent_k =
                    std::uniform_int_distribution<int>(0, std::min(spent_b, kmax - 1))(rng);
                s->plies[cls.second] = std::uint16_t(spent_b);
                s->plies[cls.rule] = std::uint16_t(spent_k);
                ++n;
                probe::CountersAnswer got;
                const auto at = derive(*s);
                if (!at || counted.value(p, *s, got, nullptr) != probe::Status::ok) {
                    ++out.unavailable;
                    continue;
                }
                ++out.checked;
                if (at->first != got.wdl || (got.wdl != Wdl::draw && at->second != got.budget)) {
                    fail(p, *s, text(got.wdl, got.budget), text(at->first, at->second));
                    continue;
                }
                // One kings-only ply short of the budget, the moves must give a draw.
                if (got.wdl == Wdl::draw || got.budget == 0) continue;
                const int short_k = kmax - got.budget + 1;
                if (short_k > spent_b) continue;  // no such counters: kings-only ran no longer
                CounterState less = *s;
                less.plies[cls.rule] = std::uint16_t(short_k);
                if (const auto short_of = derive(less); short_of && short_of->first != Wdl::draw)
                    fail(p, less, "draw one ply short of budget " + std::to_string(got.budget),
                         text(short_of->first, short_of->second));
                continue;
            }
            // The class's unlimited states hold distances, the others budgets.
            auto s = state_leaving(set, p, kind, kUnlimited);
            if (!s) s = state_leaving(set, p, kind, v.wdl == Wdl::draw ? kMost : int(v.plies));
            if (!s) continue;  // no state of the class leaves that budget here
            ++n;
            const auto at = derive(*s);
            if (!at) {
                ++out.unavailable;
                continue;
            }
            ++out.checked;
            if (at->first != v.wdl || (v.wdl != Wdl::draw && at->second != v.plies)) {
                fail(p, *s, text(v.wdl, v.plies), text(at->first, at->second));
                continue;
            }
            // One ply less, the moves must give a draw: the budget is the least.
            if (v.wdl == Wdl::draw || v.plies == 0 || plies_left(set, *s, p) == kUnlimited)
                continue;
            const auto less = state_leaving(set, p, kind, v.plies - 1);
            if (!less) continue;
            if (const auto short_of = derive(*less); short_of && short_of->first != Wdl::draw)
                fail(p, *less, "draw one ply short of budget " + std::to_string(v.plies),
                     text(short_of->first, short_of->second));
        }
    }
    return out;
}

}  // namespace dtb::gen
