// The check of the distance tables (verify.hpp): sampled positions of each distance table's
// class, its records first, at counters that leave the plies where a record's step begins and one
// less (where two counts bind, a corner's balance and kings-only plies, and one less of each;
// else at random), re-derived one ply deep: the distance the table gives
// (CountersProber::stored_distance) must be, for a win, one more than the least distance of a
// move to a lost child and, for a loss, one more than the most of its moves, the children's
// distances read the same way. Where the counters draw there is no distance to check.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/counter_state.hpp"
#include "dtb/core/counters_value.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/gen/verify.hpp"
#include "dtb/probe/counters_prober.hpp"
#include "dtb/probe/record_table.hpp"
#include "verify_counters.hpp"

namespace dtb::gen {

// Re-derives the distance under the counters of `samples` White-to-move positions of each
// distance table of `tables` (material, counters_distance or counters_idle_distance).
template <class V>
SampleCounts verify_distance_samples(const probe::Store& store, const CounterSet& set,
                                     const std::vector<std::pair<Material, ValueKind>>& tables,
                                     int samples, std::mt19937_64& rng) {
    using namespace verify_counters_detail;
    using P = Position<V>;
    const probe::CountersProber<V> counted(store, set);
    SampleCounts out;
    // p's distance at counters s from its moves, one ply deep (nullopt: not available).
    auto derive = [&](const P& p, const CounterState& s, Wdl wdl) -> std::optional<int> {
        MoveList<typename V::board> moves;
        MoveGen<V>::generate(p, moves);
        if (moves.empty()) return 0;
        int best = wdl == Wdl::win ? kUnlimited : 0;
        for (const auto& move : moves) {
            const P child = apply(p, move);
            const CounterState cs = after_move(set, s, p, move, child);
            int d = 0;
            probe::CountersAnswer a;
            if (child.pieces(child.side) == 0) {
                a.wdl = Wdl::loss;
            } else if (counted.value(child, cs, a, nullptr) != probe::Status::ok ||
                       (a.wdl != Wdl::draw &&
                        counted.stored_distance(child, cs, d, nullptr) != probe::Status::ok)) {
                return std::nullopt;
            }
            if (wdl == Wdl::win && a.wdl == Wdl::loss) best = std::min(best, d + 1);
            if (wdl == Wdl::loss) {
                if (a.wdl != Wdl::win) return -1;  // an escape: not the loss the table says
                best = std::max(best, d + 1);
            }
        }
        return best == kUnlimited ? -1 : best;
    };
    for (const auto& [m, kind] : tables) {
        const ValueKind counters = kind == ValueKind::counters_idle_distance
                                       ? ValueKind::counters_idle
                                       : ValueKind::counters;
        const Index<V> idx(m);
        probe::RecordTable<probe::Store> records(store, m, kind);
        if (records.open(nullptr) != probe::Status::ok) {
            ++out.unavailable;
            continue;
        }
        const CountersClass cls = counters_class(set, m, counters == ValueKind::counters_idle);
        const bool two = cls.binding == Binding::two_counts;
        // The counters of the class at p that leave `left` plies of the binding count (where two
        // counts bind, a two-count step's `left`: those balance and kings-only plies).
        auto leaving = [&](const P& p, int left) -> std::optional<CounterState> {
            if (!two) return state_leaving(set, p, counters, left == 0 ? kUnlimited : left);
            auto s = state_leaving(set, p, counters, kMost);
            if (!s) return std::nullopt;
            const TwoCountStep at = decode_step(std::uint16_t(left));
            const int spent_b = plies_left(set, *s, cls.second, p) - at.balance;
            const int spent_k = plies_left(set, *s, cls.rule, p) - at.kings;
            // Kings-only runs no longer than balance: both restart at captures and promotions.
            if (spent_b < 0 || spent_k < 0 || spent_k > spent_b) return std::nullopt;
            s->plies[cls.second] = std::uint16_t(spent_b);
            s->plies[cls.rule] = std::uint16_t(spent_k);
            return s;
        };
        // Half the samples from the records (all of them where they are fewer), at the plies
        // where a step begins and one less (both counts, where two bind).
        std::vector<std::pair<std::uint64_t, int>> checks;  // (index, plies left)
        const std::uint64_t from_records =
            std::min<std::uint64_t>(records.size(), std::uint64_t(std::max(1, samples / 2)));
        std::uniform_int_distribution<std::uint64_t> pick_record(0, records.size() - 1);
        for (std::uint64_t k = 0; k < from_records; ++k) {
            std::uint64_t i = 0;
            std::vector<std::uint16_t> words;
            const std::uint64_t r = from_records == records.size() ? k : pick_record(rng);
            if (records.read(r, i, words, nullptr) != probe::Status::ok) {
                ++out.unavailable;
                break;
            }
            for (const DistanceStep& st : distance_steps(words)) {
                checks.push_back({i, st.left});
                if (!two && st.left > 1) checks.push_back({i, st.left - 1});
                if (!two) continue;
                const TwoCountStep at = decode_step(std::uint16_t(st.left));
                if (at.balance > 1)
                    checks.push_back({i, encode(TwoCountStep{at.balance - 1, at.kings})});
                if (at.kings > 1)
                    checks.push_back({i, encode(TwoCountStep{at.balance, at.kings - 1})});
            }
        }
        std::uniform_int_distribution<std::uint64_t> pick(0, idx.size() - 1);
        for (int n = 0, tries = 0; n < samples - int(from_records) && tries < 20 * samples;
             ++tries) {
            const std::uint64_t i = pick(rng);
            P p;
            if (!idx.unrank(i, Color::white, p)) continue;
            const auto most = state_leaving(set, p, counters, kMost);
            if (!most) continue;
            ++n;
            if (two) {
                const int b = std::uniform_int_distribution<int>(
                    1, plies_left(set, *most, cls.second, p))(rng);
                const int k =
                    std::uniform_int_distribution<int>(1, plies_left(set, *most, cls.rule, p))(rng);
                checks.push_back({i, encode(TwoCountStep{b, k})});
                continue;
            }
            const int top = plies_left(set, *most, p);
            checks.push_back({i, top == kUnlimited
                                     ? kUnlimited
                                     : std::uniform_int_distribution<int>(1, top)(rng)});
        }
        for (const auto& [i, left] : checks) {
            P p;
            if (!idx.unrank(i, Color::white, p)) continue;
            // A step from 0 plies is a class without a count (the distance at any counters).
            const auto s = leaving(p, left);
            if (!s) continue;  // no counters of the class leave that many plies here
            probe::CountersAnswer a;
            int stored = 0;
            if (counted.value(p, *s, a, nullptr) != probe::Status::ok) {
                ++out.unavailable;
                continue;
            }
            if (a.wdl == Wdl::draw) continue;
            if (counted.stored_distance(p, *s, stored, nullptr) != probe::Status::ok) {
                ++out.unavailable;
                continue;
            }
            const auto derived = derive(p, *s, a.wdl);
            if (!derived) {
                ++out.unavailable;  // a child's class has no distance table
                continue;
            }
            ++out.checked;
            if (*derived == stored) continue;
            ++out.failed;
            if (out.failures.size() < 20)
                out.failures.push_back(
                    {write_fen(p), state_text<V>(set, *s),
                     std::string(to_string(a.wdl)) + " in " + std::to_string(stored) + " plies",
                     *derived < 0 ? "not that result"
                                  : std::string(to_string(a.wdl)) + " in " +
                                        std::to_string(*derived) + " plies"});
        }
    }
    return out;
}

}  // namespace dtb::gen
