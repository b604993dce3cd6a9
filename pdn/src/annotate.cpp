#include "dtb/pdn/annotate.hpp"

namespace dtb::pdn {

namespace {

// A result's rank for its player: a move that lowers it changed the game-theoretic result.
int rank(Wdl w) { return w == Wdl::win ? 2 : w == Wdl::draw ? 1 : w == Wdl::loss ? 0 : -1; }

// The value a record or position is judged by: under the counters when they are known.
Wdl deciding(Under under, const Value& pure, const std::optional<probe::CountedValue>& counted) {
    return under == Under::counters && counted ? counted->value.wdl : pure.wdl;
}

// The move a player should have made: the first by the pure values, or the first by rank
// under the counters.
const probe::MoveRecord* best_move(const probe::PositionAnswer& a, Under under) {
    if (a.moves.empty()) return nullptr;
    if (under == Under::counters)
        for (const auto& m : a.moves)
            if (m.counted && m.counted_rank == 0) return &m;
    return &a.moves.front();
}

std::string joined(const std::vector<ReplayedPly>& plies, std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) out += (i ? " " : "") + plies[i].move;
    return out;
}

class Annotator {
  public:
    Annotator(const probe::Tablebase& tb, GameAnnotation& a) : tb_(tb), a_(a) {}

    // Every position of the replayed line, from the first the tables may hold.
    void run(const Replay& r) {
        const std::size_t n = r.plies.size();
        for (std::size_t i = 0; i <= n; ++i) {
            const int pieces = i < n ? r.plies[i].pieces_before : r.end_pieces;
            if (pieces > tb_.largest()) continue;
            const auto answer = probe_at(r, i);
            if (!a_.error.empty()) return;  // the tables failed: what follows is not checked
            if (!answer) continue;
            const HeldPosition& held = a_.positions.back();
            if (i < n) judge(*answer, held, r.plies[i], int(i) + 1);
        }
    }

  private:
    // The answer before ply i, counters run up from the game's start; nullopt where the
    // tables do not hold the position.
    std::optional<probe::PositionAnswer> probe_at(const Replay& r, std::size_t i) {
        try {
            // The moves' values judge the move played; their distances would only cost.
            auto answer = probe::answer_position(tb_, r.start_fen, {joined(r.plies, i), ""},
                                                 probe::ReportMoves::values);
            HeldPosition h{int(i),         answer.fen,
                           answer.side,    answer.value,
                           answer.counted, deciding(a_.under, answer.value, answer.counted),
                           answer.want};
            a_.positions.push_back(h);
            return answer;
        } catch (const probe::Error& e) {
            if (e.status() != probe::Status::not_available)
                a_.error = "ply " + std::to_string(i + 1) + ": " + e.what();
        } catch (const std::exception& e) {
            a_.error = "ply " + std::to_string(i + 1) + ": " + e.what();
        }
        return std::nullopt;
    }

    void judge(const probe::PositionAnswer& answer, const HeldPosition& held,
               const ReplayedPly& ply, int number) {
        const probe::MoveRecord* played = nullptr;
        for (const auto& m : answer.moves)
            if (m.id == ply.id) played = &m;
        const probe::MoveRecord* best = best_move(answer, a_.under);
        if (!played || !best) return;
        const Wdl after = opposite(deciding(a_.under, played->pure, played->counted));
        if (rank(after) >= rank(held.under) || rank(after) < 0) return;
        ThrownMove t;
        t.ply = number;
        t.side = held.side;
        t.player = held.side == Color::white ? a_.white : a_.black;
        if (t.player.empty()) t.player = held.side == Color::white ? "White" : "Black";
        t.written = ply.written;
        t.played = ply.move;
        t.before = held.under;
        t.after = after;
        t.best = best->move;
        t.best_value = opposite(deciding(a_.under, best->pure, best->counted));
        t.best_pure = best->pure;
        a_.thrown.push_back(t);
    }

    const probe::Tablebase& tb_;
    GameAnnotation& a_;
};

}  // namespace

Outcome GameAnnotation::first_value() const {
    if (positions.empty()) return Outcome::unknown;
    const HeldPosition& p = positions.front();
    if (p.under == Wdl::draw) return Outcome::draw;
    if (p.under != Wdl::win && p.under != Wdl::loss) return Outcome::unknown;
    const bool white_wins = (p.under == Wdl::win) == (p.side == Color::white);
    return white_wins ? Outcome::white_wins : Outcome::black_wins;
}

GameAnnotation annotate(const probe::Tablebase& tb, const Game& g, Under under,
                        std::optional<VariantId> given) {
    GameAnnotation a;
    a.index = g.index;
    a.white = g.white();
    a.black = g.black();
    a.under = under;
    std::string why;
    std::optional<VariantId> chosen = given;
    if (!chosen && !g.tag("GameType")) chosen = tb.variant_id();  // the tables say which
    const auto variant = game_variant(g, chosen, &why);
    a.recorded = g.outcome(score_order(variant));
    if (!variant) {
        a.error = why;
        return a;
    }
    if (*variant != tb.variant_id()) {
        a.error = "the game is " + std::string(variant_name(*variant)) + ", the tables " +
                  std::string(tb.variant());
        return a;
    }
    a.replay = replay(g, *variant);
    if (!a.replay->start_fen.empty()) Annotator(tb, a).run(*a.replay);
    if (a.error.empty() && a.replay->failure)
        a.error = "ply " + std::to_string(a.replay->failure->ply) + " '" +
                  a.replay->failure->written + "': " + a.replay->failure->reason;
    return a;
}

}  // namespace dtb::pdn
