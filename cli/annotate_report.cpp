#include "annotate_report.hpp"

#include "answer_format.hpp"

namespace dtb::cli {

namespace {

const char* side(Color c) { return c == Color::white ? "white" : "black"; }

nlohmann::ordered_json position_json(const pdn::HeldPosition& p) {
    nlohmann::ordered_json j{
        {"ply", p.ply}, {"fen", p.fen}, {"side", side(p.side)}, {"value", to_string(p.under)}};
    j["pure"] = value_json(nlohmann::ordered_json::object(), p.pure, p.want);
    j["counted"] = p.counted ? counted_json(nlohmann::ordered_json::object(), *p.counted)
                             : nlohmann::ordered_json(nullptr);
    return j;
}

nlohmann::ordered_json thrown_json(const pdn::ThrownMove& t) {
    return {{"ply", t.ply},
            {"side", side(t.side)},
            {"player", t.player},
            {"written", t.written},
            {"played", t.played},
            {"nag", t.nag()},
            {"before", to_string(t.before)},
            {"after", to_string(t.after)},
            {"best", t.best},
            {"best_value", to_string(t.best_value)}};
}

// "reaches the tables after ply 86 (FEN), White to move: win; the recorded result agrees"
std::string first_text(const pdn::GameAnnotation& a) {
    if (a.positions.empty()) return "does not reach the tables";
    const pdn::HeldPosition& p = a.positions.front();
    std::string s =
        "reaches the tables " +
        (p.ply == 0 ? std::string("at its start") : "after ply " + std::to_string(p.ply)) + " (" +
        p.fen + "), " + (p.side == Color::white ? "White" : "Black") +
        " to move: " + to_string(p.under);
    if (a.recorded == pdn::Outcome::unknown) return s + "; no result recorded";
    return s + (a.first_value() == a.recorded ? "; the recorded result agrees"
                                              : "; the recorded result differs");
}

}  // namespace

nlohmann::ordered_json annotation_json(const pdn::Game& g, const pdn::GameAnnotation& a) {
    nlohmann::ordered_json j{{"index", a.index},
                             {"line", g.line},
                             {"white", a.white},
                             {"black", a.black},
                             {"event", g.tag("Event").value_or("")},
                             {"date", g.tag("Date").value_or("")},
                             {"result", g.result.empty() ? g.tag("Result").value_or("") : g.result},
                             {"recorded", pdn::to_string(a.recorded)},
                             {"plies", a.replay ? a.replay->plies.size() : 0},
                             {"error", a.error.empty() ? nlohmann::ordered_json(nullptr)
                                                       : nlohmann::ordered_json(a.error)}};
    if (a.positions.empty()) {
        j["first_in_tables"] = nullptr;
    } else {
        j["first_in_tables"] = position_json(a.positions.front());
        j["first_in_tables"]["outcome"] = pdn::to_string(a.first_value());
        j["first_in_tables"]["agrees"] =
            a.recorded == pdn::Outcome::unknown
                ? nlohmann::ordered_json(nullptr)
                : nlohmann::ordered_json(a.first_value() == a.recorded);
    }
    j["positions"] = nlohmann::ordered_json::array();
    for (const auto& p : a.positions) j["positions"].push_back(position_json(p));
    j["thrown"] = nlohmann::ordered_json::array();
    for (const auto& t : a.thrown) j["thrown"].push_back(thrown_json(t));
    return j;
}

nlohmann::ordered_json stepped_game_json(const pdn::Game& g, const pdn::GameAnnotation& a) {
    nlohmann::ordered_json j = annotation_json(g, a);
    auto tags = nlohmann::ordered_json::array();
    for (const pdn::Tag& t : g.tags) tags.push_back({{"name", t.name}, {"value", t.value}});
    j["tags"] = tags;
    j["problems"] = g.problems;
    j["start"] = a.replay ? a.replay->start_fen : "";
    auto moves = nlohmann::ordered_json::array();
    if (a.replay) {
        const auto& plies = a.replay->plies;
        for (std::size_t i = 0; i < plies.size(); ++i) {
            std::string nag;
            for (const auto& t : a.thrown)
                if (t.ply == int(i) + 1) nag = t.nag();
            const bool black = !plies[i].fen_before.empty() && plies[i].fen_before[0] == 'B';
            const bool last = i + 1 == plies.size();
            moves.push_back({{"ply", i + 1},
                             {"side", black ? "black" : "white"},
                             {"written", plies[i].written},
                             {"move", plies[i].move},
                             {"fen", last ? a.replay->end_fen : plies[i + 1].fen_before},
                             {"pieces", last ? a.replay->end_pieces : plies[i + 1].pieces_before},
                             {"nag", nag}});
        }
    }
    j["moves"] = moves;
    const auto& failure = a.replay ? a.replay->failure : std::nullopt;
    j["failure"] = failure ? nlohmann::ordered_json{{"game", a.index},
                                                    {"ply", failure->ply},
                                                    {"written", failure->written},
                                                    {"reason", failure->reason}}
                           : nlohmann::ordered_json(nullptr);
    return j;
}

pdn::Summary annotate_games(const probe::Tablebase& tb, const std::vector<pdn::Game>& games,
                            pdn::Under under, std::optional<VariantId> given,
                            const EachAnnotation& each) {
    pdn::Summary summary;
    for (const pdn::Game& g : games) {
        const pdn::GameAnnotation a = pdn::annotate(tb, g, under, given);
        summary.add(g, a);
        each(g, a, summary);
    }
    return summary;
}

nlohmann::ordered_json annotated_file_json(const probe::Tablebase& tb, const std::string& file,
                                           pdn::Under under, nlohmann::ordered_json games,
                                           const pdn::Summary& s) {
    nlohmann::ordered_json j{{"variant", tb.variant()}};
    if (!file.empty()) j["file"] = file;
    j["under"] = under == pdn::Under::pure ? "pure" : "counters";
    j["games"] = std::move(games);
    j["summary"] = summary_json(s);
    return j;
}

nlohmann::ordered_json summary_json(const pdn::Summary& s) {
    return {{"games", s.games},
            {"replayed", s.replayed},
            {"refused", s.refused},
            {"without_moves", s.without_moves},
            {"reached_tables", s.reached},
            {"agree", s.agree},
            {"differ", s.differ},
            {"result_unknown", s.result_unknown},
            {"thrown", s.thrown},
            {"thrown_by_player", s.thrown_by_player}};
}

std::string annotation_text(const pdn::Game& g, const pdn::GameAnnotation& a) {
    std::string s = "game " + std::to_string(a.index) + " (line " + std::to_string(g.line) + ")";
    if (!a.white.empty() || !a.black.empty()) s += " " + a.white + " - " + a.black;
    s += ": " + first_text(a) + "\n";
    for (const auto& t : a.thrown)
        s += "  ply " + std::to_string(t.ply) + " " + t.player + ": " + t.written + t.nag() +
             " throws the " + to_string(t.before) + " away (" + to_string(t.after) + "); " +
             t.best + " keeps the " + to_string(t.best_value) + "\n";
    if (!a.error.empty()) s += "  not checked further: " + a.error + "\n";
    return s;
}

std::string summary_text(const pdn::Summary& s) {
    std::string out = std::to_string(s.games) + " games: " + std::to_string(s.replayed) +
                      " replayed, " + std::to_string(s.refused) + " refused, " +
                      std::to_string(s.without_moves) + " without moves\n" +
                      std::to_string(s.reached) +
                      " reached the tables: the first position "
                      "agrees with the recorded result in " +
                      std::to_string(s.agree) + ", differs in " + std::to_string(s.differ) +
                      ", no result in " + std::to_string(s.result_unknown) + "\n" +
                      std::to_string(s.thrown) + " moves threw a result away\n";
    for (const auto& [player, n] : s.thrown_by_player)
        out += "  " + player + ": " + std::to_string(n) + "\n";
    return out;
}

}  // namespace dtb::cli
