// What dtb probe answers for a position, shared by the command (text and --json) and dtb
// serve's /api/probe (the same JSON): the position with its counters, and its report
// (dtb/probe/position_report.hpp).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "counters_cli.hpp"
#include "dtb/probe/position_report.hpp"
#include "king_streaks.hpp"
#include "probe_cli.hpp"

namespace dtb::cli {

template <class V>
struct ProbeAnswer {
    probe::RulesProber<V> rules;
    CountedPosition<V> counted;
    probe::PositionReport<V> report;
};

// FEN with the counters o describes, probed; throws CommandError (bad input: exit code 2).
template <class V>
ProbeAnswer<V> probe_answer(const probe::Tablebase& tb, const std::string& fen,
                            const CounterOptions& o) {
    const auto rp = tb.rules_prober<V>();
    ProbeAnswer<V> a{rp, counted_position(rp.rule_set(), read_position<V>(fen), o), {}};
    std::string message;
    const probe::Status st =
        probe::report_position(tb.prober<V>(), rp, a.counted, true, a.report, &message);
    if (st == probe::Status::counters) throw UsageError("counters", message);
    require(st, write_fen(a.counted.position), message);
    return a;
}

// A value as JSON; `want` says which values it holds (want_wdl: tables of WDL alone).
inline nlohmann::ordered_json value_json(nlohmann::ordered_json j, const Value& v, int want) {
    j["wdl"] = to_string(v.wdl);
    if (want == probe::want_wdl) return j;
    j["dtw"] = v.dtw;
    j["dtc"] = v.dtc;
    return j;
}

inline nlohmann::ordered_json rules_value_json(nlohmann::ordered_json j, Wdl pure,
                                               const probe::RulesAnswer& a, int plies) {
    j["wdl"] = to_string(a.wdl);
    j["class"] = to_string(probe::classify(pure, a.wdl));
    if (a.wdl != Wdl::draw) j["plies"] = plies;
    if (a.table_wdl != Wdl::draw) j["budget"] = a.budget;
    return j;
}

// The JSON of dtb probe --json (docs/cli.md).
template <class V>
nlohmann::ordered_json probe_json(const ProbeAnswer<V>& a) {
    const auto& [rp, c, report] = a;
    const auto& r = report.rules;
    auto list = nlohmann::ordered_json::array();
    for (const auto& m : report.moves)
        list.push_back(value_json({{"move", m.text}}, m.after, report.want));
    auto j = value_json({{"variant", V::name}, {"fen", write_fen(c.position)}}, report.value,
                        report.want);
    if constexpr (kHasKingStreaks<V>) j["king_streaks"] = king_streaks_json(c.position);
    j["moves"] = list;
    nlohmann::ordered_json rules = {{"rule_set", rp.rule_set().name},
                                    {"state", state_json(rp.rule_set(), c.state, c.position)}};
    if (!r.error.empty()) {
        rules["error"] = r.error;
    } else {
        rules = rules_value_json(rules, report.value.wdl, r.value, r.plies);
        auto rm = nlohmann::ordered_json::array();
        for (std::size_t i = 0; i < r.moves.size(); ++i) {
            const auto& m = r.moves[i];
            auto mj = rules_value_json({{"move", m.text}}, m.pure.wdl, m.after, r.move_plies[i]);
            mj["state"] = state_json(rp.rule_set(), m.state, apply(c.position, m.move.move));
            rm.push_back(mj);
        }
        rules["moves"] = rm;
    }
    j["rules"] = rules;
    return j;
}

}  // namespace dtb::cli
