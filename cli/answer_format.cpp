#include "answer_format.hpp"

#include "cli.hpp"

namespace dtb::cli {

namespace {

const char* const kSides[2] = {"white", "black"};

nlohmann::ordered_json strings_json(const std::vector<std::string>& list) {
    auto out = nlohmann::ordered_json::array();
    for (const auto& s : list) out.push_back(s);
    return out;
}

}  // namespace

nlohmann::ordered_json value_json(nlohmann::ordered_json j, const Value& v, int want) {
    j["wdl"] = to_string(v.wdl);
    if (want == probe::want_wdl) return j;
    j["dtw"] = v.dtw;
    j["dtc"] = v.dtc;
    return j;
}

namespace {

// budget and budget_of, where a win or loss is at stake.
void add_budget(nlohmann::ordered_json& j, const probe::CountedValue& c) {
    if (c.value.table_wdl == Wdl::draw) return;
    j["budget"] = c.value.budget;
    j["budget_of"] = c.budget_of.empty() ? nlohmann::ordered_json(nullptr)
                                         : nlohmann::ordered_json(std::string(c.budget_of));
}

}  // namespace

nlohmann::ordered_json counted_json(nlohmann::ordered_json j, const probe::CountedValue& c) {
    j["wdl"] = to_string(c.value.wdl);
    j["class"] = to_string(c.cls);
    if (c.value.wdl != Wdl::draw) j["plies"] = c.plies ? nlohmann::ordered_json(*c.plies) : nullptr;
    add_budget(j, c);
    return j;
}

std::string budget_text(const probe::CountedValue& c) {
    if (c.value.table_wdl == Wdl::draw) return "";
    if (c.budget_of.empty()) return " (no counter runs)";
    const char* needs = c.value.wdl == Wdl::draw ? "would need " : "needs ";
    return std::string(" (") + needs + plies_text(c.value.budget) + " of " +
           std::string(c.budget_of) + "; " + std::to_string(c.left) + " left)";
}

nlohmann::ordered_json counters_json(const std::vector<probe::CounterReading>& counters) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    for (const probe::CounterReading& r : counters)
        j[std::string(r.name)] = r.counting
                                     ? nlohmann::ordered_json{{"plies", r.plies}, {"left", r.left}}
                                     : nlohmann::ordered_json{{"plies", nullptr}};
    return j;
}

std::string counters_text(const std::vector<probe::CounterReading>& counters) {
    std::string out;
    for (const probe::CounterReading& r : counters) {
        out += out.empty() ? "" : ", ";
        out += std::string(r.name) + " ";
        out +=
            r.counting ? plies_text(r.plies) + " (" + std::to_string(r.left) + " left)" : "waiting";
    }
    return out.empty() ? "no counter applies" : out;
}

nlohmann::ordered_json king_streaks_json(const probe::KingStreaks& k) {
    nlohmann::ordered_json j = {{"limit", k.limit}};
    for (int s = 0; s < 2; ++s) {
        if (!k.run[s])
            j[kSides[s]] = nullptr;
        else
            j[kSides[s]] = {{"king", k.run[s]->king}, {"moves", k.run[s]->moves}};
    }
    return j;
}

std::string king_streaks_text(const probe::KingStreaks& k) {
    std::string t;
    for (int s = 0; s < 2; ++s) {
        t += t.empty() ? "" : "; ";
        t += s == 0 ? "White" : "Black";
        if (!k.run[s]) {
            t += k.has_men[s] ? ": no king run" : ": no restriction (no men)";
        } else {
            t += "'s king on " + k.run[s]->king + " has made " + std::to_string(k.run[s]->moves) +
                 " of its " + std::to_string(k.limit) + " moves in a row";
        }
    }
    return t;
}

nlohmann::ordered_json move_json(const probe::MoveRecord& m, int want) {
    auto j = value_json({{"move", m.move}}, m.pure, want);
    if (!m.counted) return j;
    auto counted = counted_json({}, *m.counted);
    counted["rank"] = m.counted_rank;
    counted["state"] = counters_json(m.counters_after);
    j["counters"] = counted;
    return j;
}

nlohmann::ordered_json probe_json(const probe::PositionAnswer& a) {
    auto moves = nlohmann::ordered_json::array();
    for (const auto& m : a.moves) moves.push_back(move_json(m, a.want));
    auto j = value_json({{"variant", a.variant}, {"fen", a.fen}}, a.value, a.want);
    if (a.king_streaks) j["king_streaks"] = king_streaks_json(*a.king_streaks);
    j["moves"] = moves;
    nlohmann::ordered_json counted = {{"counter_set", a.counter_set},
                                      {"state", counters_json(a.counters)}};
    if (!a.counted) {
        counted["error"] = a.counters_error;
    } else {
        counted = counted_json(counted, *a.counted);
        if (!a.distance_error.empty()) counted["distance_error"] = a.distance_error;
    }
    j["counters"] = counted;
    return j;
}

nlohmann::ordered_json line_json(const probe::LineAnswer& a) {
    auto list = nlohmann::ordered_json::array();
    for (const auto& step : a.line) {
        if (a.pure)
            list.push_back({{"move", step.move},
                            {"dtw", step.pure.dtw},
                            {"state", counters_json(step.counters)}});
        else
            list.push_back({{"move", step.move},
                            {"budget", step.budget},
                            {"state", counters_json(step.counters)}});
        if (step.king_streaks) list.back()["king_streaks"] = king_streaks_json(*step.king_streaks);
    }
    nlohmann::ordered_json j;
    if (a.pure)
        j = {{"variant", a.variant}, {"fen", a.fen},       {"wdl", to_string(a.value.wdl)},
             {"dtw", a.value.dtw},   {"dtc", a.value.dtc}, {"line", list}};
    else
        j = {{"variant", a.variant},          {"fen", a.fen},
             {"counter_set", a.counter_set},  {"state", counters_json(a.counters)},
             {"wdl", to_string(a.value.wdl)}, {"plies", a.line.size()}};
    if (!a.pure && a.counted) add_budget(j, *a.counted);
    if (!a.pure) j["line"] = list;
    if (a.king_streaks) j["king_streaks"] = king_streaks_json(*a.king_streaks);
    if (a.value.wdl == Wdl::draw) j["drawing_moves"] = strings_json(a.drawing_moves);
    return j;
}

}  // namespace dtb::cli
