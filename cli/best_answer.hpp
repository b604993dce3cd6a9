// What dtb best answers for a position, shared by the command (text and --json) and dtb
// serve's /api/line (the same JSON): the line under the draw counters, or the pure line.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "counters_cli.hpp"
#include "king_streaks.hpp"
#include "probe_cli.hpp"

namespace dtb::cli {

// The moves (rated, pure or under the counters) that keep a draw.
template <class Moves>
nlohmann::ordered_json drawing_moves(const Moves& moves) {
    auto out = nlohmann::ordered_json::array();
    for (const auto& m : moves)
        if (m.after.wdl == Wdl::draw) out.push_back(m.text);
    return out;
}

// The line that wins within the counters (or, for a draw, the moves that keep it).
template <class V>
struct RulesLine {
    probe::RulesProber<V> rules;
    CountedPosition<V> counted;
    probe::RulesAnswer value;
    std::vector<probe::RulesRatedMove<V>> line, moves;  // moves: only for a draw
};

template <class V>
RulesLine<V> rules_line(const probe::Tablebase& tb, const std::string& fen,
                        const CounterOptions& o) {
    const auto rp = tb.rules_prober<V>();
    RulesLine<V> a{rp, counted_position(rp.rule_set(), read_position<V>(fen), o), {}, {}, {}};
    const Position<V>& p = a.counted.position;
    const RuleState& s = a.counted.state;
    std::string message;
    const probe::Status st = rp.probe(p, s, a.value, &message);
    if (st == probe::Status::counters) throw UsageError("counters", message);
    require(st, write_fen(p), message);
    require(rp.line(p, s, a.line, &message), write_fen(p), message);
    if (a.value.wdl == Wdl::draw)
        require(rp.rate_moves(p, s, a.moves, &message), write_fen(p), message);
    return a;
}

template <class V>
nlohmann::ordered_json line_json(const RulesLine<V>& a) {
    const RuleSet& set = a.rules.rule_set();
    const Position<V>& p = a.counted.position;
    auto list = nlohmann::ordered_json::array();
    Position<V> cur = p;
    for (const auto& m : a.line) {
        cur = apply(cur, m.move.move);
        list.push_back({{"move", m.text},
                        {"budget", m.after.budget},
                        {"state", state_json(set, m.state, cur)}});
        if constexpr (kHasKingStreaks<V>) list.back()["king_streaks"] = king_streaks_json(cur);
    }
    nlohmann::ordered_json j = {{"variant", V::name},
                                {"fen", write_fen(p)},
                                {"rule_set", set.name},
                                {"state", state_json(set, a.counted.state, p)},
                                {"wdl", to_string(a.value.wdl)},
                                {"plies", a.line.size()},
                                {"line", list}};
    if constexpr (kHasKingStreaks<V>) j["king_streaks"] = king_streaks_json(p);
    if (a.value.wdl == Wdl::draw) j["drawing_moves"] = drawing_moves(a.moves);
    return j;
}

// The pure line, by DTW (counters ignored).
template <class V>
struct PureLine {
    Position<V> position;
    Value value;
    std::vector<probe::RatedMove<V>> line, moves;  // moves: only for a draw
};

template <class V>
PureLine<V> pure_line(const probe::Tablebase& tb, const std::string& fen) {
    const auto prober = tb.prober<V>();
    PureLine<V> a{read_position<V>(fen), {}, {}, {}};
    const std::string written = write_fen(a.position);
    std::string message;
    require(prober.probe(a.position, probe::want_all, a.value, &message), written, message);
    require(prober.line(a.position, a.line, &message), written, message);
    if (a.value.wdl == Wdl::draw)
        require(prober.rate_moves(a.position, a.moves, &message), written, message);
    return a;
}

template <class V>
nlohmann::ordered_json line_json(const PureLine<V>& a) {
    auto list = nlohmann::ordered_json::array();
    Position<V> cur = a.position;
    for (const auto& m : a.line) {
        cur = apply(cur, m.move.move);
        list.push_back({{"move", m.text}, {"dtw", m.after.dtw}});
        if constexpr (kHasKingStreaks<V>) list.back()["king_streaks"] = king_streaks_json(cur);
    }
    nlohmann::ordered_json j = {
        {"variant", V::name}, {"fen", write_fen(a.position)}, {"wdl", to_string(a.value.wdl)},
        {"dtw", a.value.dtw}, {"dtc", a.value.dtc},           {"line", list}};
    if constexpr (kHasKingStreaks<V>) j["king_streaks"] = king_streaks_json(a.position);
    if (a.value.wdl == Wdl::draw) j["drawing_moves"] = drawing_moves(a.moves);
    return j;
}

// The JSON of dtb best --json: under the counters, or pure (with pure, or for a variant
// without draw counters to apply).
template <class V>
nlohmann::ordered_json best_json(const probe::Tablebase& tb, const std::string& fen,
                                 const CounterOptions& o, bool pure) {
    if constexpr (V::goal != Goal::giveaway) {
        if (!pure) return line_json(rules_line<V>(tb, fen, o));
    }
    return line_json(pure_line<V>(tb, fen));
}

}  // namespace dtb::cli
