// The C interface under the draw counters (dtb/probe.h, "Under the draw counters"): the
// rules prober (probe/rules_prober.hpp) behind C types.
#include <cstring>
#include <string>
#include <vector>

#include "c_api_support.hpp"
#include "dtb/core/rule_state.hpp"
#include "dtb/probe/counted_position.hpp"
#include "dtb/probe/rules_prober.hpp"

namespace dtb::probe {

namespace {

// The rule set of the handle's tables, for variant V.
template <class V>
const RuleSet* rule_set_of(const Handle& h) {
    return find_rule_set<V>(h.rule_set_name());
}

// The rule set of the handle's tables, whatever the variant.
const RuleSet* rule_set_of(const dtb_tb* tb) {
    if (!tb || !tb->handle) return nullptr;
    return dispatch(tb->handle->variant(), [&](auto v) -> const RuleSet* {
        return rule_set_of<decltype(v)>(*tb->handle);
    });
}

dtb_counters to_c(const RuleState& s) {
    dtb_counters c;
    for (int i = 0; i < DTB_MAX_COUNTERS; ++i)
        c.plies[i] = i < kMaxCounterRules && s.counting(i) ? int(s.plies[i]) : -1;
    return c;
}

// The counters of C form; false (with `message`) for a count no state holds.
bool from_c(const dtb_counters& c, RuleState& s, std::string& message) {
    for (int i = 0; i < DTB_MAX_COUNTERS; ++i) {
        if (c.plies[i] == -1) continue;
        if (i >= kMaxCounterRules || c.plies[i] < 0 || c.plies[i] >= RuleState::kIdle) {
            message = "counter " + std::to_string(i) + ": " + std::to_string(c.plies[i]) +
                      " is not a number of plies (-1: not counting)";
            return false;
        }
        s.plies[i] = std::uint16_t(c.plies[i]);
    }
    return true;
}

dtb_rules_value to_c(const RulesAnswer& a, const Value& pure) {
    return {int(a.wdl), int(classify(pure.wdl, a.wdl)) + 1,
            a.table_wdl == Wdl::draw ? -1 : a.budget, probe::to_c(pure, want_all)};
}

// Runs f(rules prober, pure prober, position, counters) for variant V after parsing fen and
// the counters (fresh at the position when null).
template <class F>
dtb_status with_rules(dtb_tb* tb, const char* fen, const dtb_counters* counters, F&& f) {
    if (!tb || !tb->handle || !fen) return fail(Status::argument, "a null argument");
    return guarded([&] {
        return dispatch(tb->handle->variant(), [&](auto v) -> dtb_status {
            using V = decltype(v);
            const RuleSet* set = rule_set_of<V>(*tb->handle);
            if (!set)
                return fail(Status::variant, "the tables follow rule set '" +
                                                 tb->handle->rule_set_name() + "', unknown to " +
                                                 std::string(V::name));
            if (!tb->handle->stale_rules().empty())
                return fail(Status::variant, tb->handle->stale_rules());
            const Position<V> p = parse_fen<V>(fen);
            RuleState s = fresh_state(*set, p);
            if (counters) {
                s = RuleState{};
                std::string message;
                if (!from_c(*counters, s, message)) return fail(Status::counters, message);
            }
            return f(RulesProber<V>(tb->handle->store(), *set), Prober<V>(tb->handle->store()), p,
                     s);
        });
    });
}

// Writes min(count, capacity) moves, each with its pure value after it; the moves are
// played from p in turn (along_line) or each from p.
template <class V>
dtb_status copy_moves(const Prober<V>& pure, const Position<V>& p,
                      const std::vector<RulesRatedMove<V>>& from, dtb_rules_move* moves,
                      size_t capacity, size_t* count, const char* what, bool along_line) {
    *count = from.size();
    Position<V> cur = p;
    for (std::size_t i = 0; i < from.size(); ++i) {
        const Position<V> after = apply(along_line ? cur : p, from[i].move.move);
        cur = after;
        if (i >= capacity) continue;
        Value v;
        std::string message;
        if (const Status s = pure.value(after, want_all, v, &message); s != Status::ok)
            return finish(s, message);
        dtb_rules_move& m = moves[i];
        std::memset(m.text, 0, sizeof m.text);
        std::strncpy(m.text, from[i].text.c_str(), sizeof m.text - 1);
        m.counters = to_c(from[i].state);
        m.after = to_c(from[i].after, v);
    }
    if (capacity < from.size())
        return fail(Status::buffer, std::to_string(from.size()) + " " + what + ", room for " +
                                        std::to_string(capacity));
    return DTB_OK;
}

}  // namespace

}  // namespace dtb::probe

using namespace dtb;
using namespace dtb::probe;

extern "C" {

const char* dtb_rule_set(const dtb_tb* tb) {
    const RuleSet* set = rule_set_of(tb);
    return set ? set->name.data() : "";  // views of string literals: NUL-terminated
}

int dtb_counter_count(const dtb_tb* tb) {
    const RuleSet* set = rule_set_of(tb);
    return set ? set->count : 0;
}

const char* dtb_counter_name(const dtb_tb* tb, int i) {
    const RuleSet* set = rule_set_of(tb);
    return set && i >= 0 && i < set->count ? set->rules[std::size_t(i)].name.data() : "";
}

dtb_status dtb_counters_after(dtb_tb* tb, const char* fen, const char* moves, dtb_counters* out,
                              char* fen_out, size_t fen_capacity) {
    if (!out) return fail(Status::argument, "a null argument");
    return with_rules(tb, fen, nullptr, [&](const auto& rules, const auto&, auto p, RuleState s) {
        CountedPosition c{p, s};
        play_moves(rules.rule_set(), c, moves ? moves : "");
        *out = to_c(c.state);
        if (fen_out) {
            const std::string f = write_fen(c.position);
            if (f.size() + 1 > fen_capacity)
                return fail(Status::buffer, "the FEN takes " + std::to_string(f.size() + 1) +
                                                " bytes, room for " + std::to_string(fen_capacity));
            std::memcpy(fen_out, f.c_str(), f.size() + 1);
        }
        return DTB_OK;
    });
}

dtb_status dtb_probe_rules(dtb_tb* tb, const char* fen, const dtb_counters* counters,
                           dtb_rules_value* out) {
    if (!out) return fail(Status::argument, "a null argument");
    return with_rules(tb, fen, counters,
                      [&](const auto& rules, const auto& pure, const auto& p, const RuleState& s) {
                          std::string message;
                          RulesAnswer a;
                          Status st = rules.probe(p, s, a, &message);
                          Value v;
                          if (st == Status::ok) st = pure.value(p, want_all, v, &message);
                          if (st == Status::ok) *out = to_c(a, v);
                          return finish(st, message);
                      });
}

dtb_status dtb_best_moves_rules(dtb_tb* tb, const char* fen, const dtb_counters* counters,
                                dtb_rules_move* moves, size_t capacity, size_t* count) {
    if (!count || (capacity > 0 && !moves)) return fail(Status::argument, "a null argument");
    return with_rules(
        tb, fen, counters,
        [&](const auto& rules, const auto& pure, const auto& p, const RuleState& s) {
            using V = typename std::decay_t<decltype(rules)>::variant;
            std::string message;
            RulesAnswer a;
            if (const Status st = rules.probe(p, s, a, &message); st != Status::ok)
                return finish(st, message);
            std::vector<RulesRatedMove<V>> rated;
            if (const Status st = rules.rate_moves(p, s, rated, &message); st != Status::ok)
                return finish(st, message);
            return copy_moves(pure, p, rated, moves, capacity, count, "legal moves", false);
        });
}

dtb_status dtb_best_line_rules(dtb_tb* tb, const char* fen, const dtb_counters* counters,
                               dtb_rules_move* moves, size_t capacity, size_t* count) {
    if (!count || (capacity > 0 && !moves)) return fail(Status::argument, "a null argument");
    return with_rules(tb, fen, counters,
                      [&](const auto& rules, const auto& pure, const auto& p, const RuleState& s) {
                          using V = typename std::decay_t<decltype(rules)>::variant;
                          std::string message;
                          std::vector<RulesRatedMove<V>> line;
                          if (const Status st = rules.line(p, s, line, &message); st != Status::ok)
                              return finish(st, message);
                          return copy_moves(pure, p, line, moves, capacity, count,
                                            "moves in the line", true);
                      });
}

}  // extern "C"
