// The annotation as PDN: comments and move suffixes any PDN reader shows.
#include "dtb/pdn/annotate.hpp"

namespace dtb::pdn {

namespace {

constexpr const char* kPrefix = "dtb: ";

std::string side_name(Color c) { return c == Color::white ? "White" : "Black"; }

std::string value_text(const Value& v) {
    std::string s = to_string(v.wdl);
    if (v.wdl == Wdl::win || v.wdl == Wdl::loss) s += " (dtw " + std::to_string(v.dtw) + ")";
    return s;
}

std::string position_comment(const HeldPosition& p) {
    std::string s = std::string(kPrefix) + side_name(p.side) + " to move, " + value_text(p.pure);
    if (p.counted && p.counted->value.wdl != p.pure.wdl)
        s += std::string(", under the counters ") + to_string(p.counted->value.wdl);
    return s;
}

std::string thrown_comment(const ThrownMove& t) {
    return std::string(kPrefix) + "throws the " + to_string(t.before) + " away (" +
           to_string(t.after) + " after it); " + t.best + " keeps the " + to_string(t.best_value);
}

}  // namespace

Game annotated_game(const Game& g, const GameAnnotation& a) {
    Game out = g;
    auto& moves = out.main.moves;
    // dtb's comments of an earlier run are replaced, so that annotating twice changes nothing.
    const auto ours = [](const std::string& c) { return c.rfind(kPrefix, 0) == 0; };
    std::erase_if(out.main.comments, ours);
    for (MoveNode& m : moves) {
        std::erase_if(m.comments, ours);
        if (m.suffix == "?" || m.suffix == "??") m.suffix.clear();
    }
    for (const ThrownMove& t : a.thrown) {
        if (t.ply < 1 || std::size_t(t.ply) > moves.size()) continue;
        MoveNode& m = moves[t.ply - 1];
        m.suffix = t.nag();
        m.comments.push_back(thrown_comment(t));
    }
    for (const HeldPosition& p : a.positions) {
        // The value of the position a move leads to follows that move.
        if (p.ply == 0)
            out.main.comments.push_back(position_comment(p));
        else if (std::size_t(p.ply) <= moves.size())
            moves[p.ply - 1].comments.push_back(position_comment(p));
    }
    if (!a.error.empty()) out.main.comments.push_back(std::string(kPrefix) + a.error);
    return out;
}

}  // namespace dtb::pdn
