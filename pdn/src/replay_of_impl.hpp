// The definition of replay_of: included once per variant by replay.cpp.in.
#pragma once

#include <algorithm>
#include <vector>  // before movegen.hpp, which uses it without including it

#include "dtb/core/apply.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/notation.hpp"
#include "replay_of.hpp"

namespace dtb::pdn {

namespace replay_detail {

// The squares a written move names, in order; throws NotationError for one that is not a
// square of V. Numbers may be zero-padded ("05"), letters of either case ("D4").
template <class V>
std::vector<int> written_squares(std::string_view text) {
    std::vector<int> out;
    std::string cur;
    auto flush = [&] {
        if (cur.empty()) throw NotationError("a square is missing");
        out.push_back(Squares<V>::parse(cur, "move '" + std::string(text) + "'"));
        cur.clear();
    };
    for (char c : detail::lower(text)) {
        if (c == '-' || c == 'x' || c == ':' || c == '*')
            flush();
        else
            cur += c;
    }
    flush();
    if (out.size() < 2) throw NotationError("a move needs a from and a to square");
    return out;
}

// Whether the landing squares of pm hold `between` (the squares written between from and
// to): in order, or in any order (some engines write paths scrambled).
template <class G>
bool lands_on(const PathMove<G>& pm, const std::vector<int>& between, bool in_order) {
    const int n = pm.path.length;
    const auto* first = pm.path.squares.data();
    if (in_order) {
        int k = 0;
        for (int sq : between) {
            while (k < n && first[k] != sq) ++k;
            if (k++ >= n) return false;
        }
        return true;
    }
    return std::all_of(between.begin(), between.end(),
                       [&](int sq) { return std::find(first, first + n, sq) != first + n; });
}

// The distinct legal moves of p a written move may name: those that land on its middle
// squares in order, else in any order, else those with its two ends (a path written wrong).
template <class V>
std::vector<Move<typename V::board>> candidates(const Position<V>& p, std::string_view text) {
    const std::vector<int> sq = written_squares<V>(text);
    const std::vector<int> between(sq.begin() + 1, sq.end() - 1);
    PathMoveList<typename V::board> list;
    MoveGen<V>::generate(p, list, Duplicates::keep);
    std::vector<Move<typename V::board>> out;
    for (int tier = 0; tier < 3 && out.empty(); ++tier) {
        for (const auto& pm : list) {
            if (pm.move.from != sq.front() || pm.move.to != sq.back()) continue;
            if (tier < 2 && !lands_on(pm, between, tier == 0)) continue;
            out.push_back(pm.move);
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// How many of the written moves from i on, at most `limit`, can be played from p.
template <class V>
int playable(const Position<V>& p, const std::vector<MoveNode>& moves, std::size_t i, int limit) {
    if (limit == 0 || i >= moves.size() || moves[i].unknown()) return 0;
    std::vector<Move<typename V::board>> found;
    try {
        found = candidates(p, moves[i].text);
    } catch (const NotationError&) {
        return 0;
    }
    int best = 0;
    for (const auto& m : found) {
        best = std::max(best, 1 + playable(apply(p, m), moves, i + 1, limit - 1));
        if (best == limit) break;
    }
    return best;
}

// Plies looked ahead to tell apart captures a written move names alike.
inline constexpr int kLookahead = 6;

// The move g's ply i names in p. Several candidates: those after which the game's next
// moves go on furthest. Throws NotationError saying why none or several remain.
template <class V>
Move<typename V::board> match(const Position<V>& p, const Game& g, std::size_t i) {
    const auto& moves = g.main.moves;
    auto found = candidates(p, moves[i].text);
    if (found.empty()) throw NotationError("no legal move goes from and to these squares");
    if (found.size() == 1) return found.front();
    std::vector<int> reach;
    for (const auto& m : found) reach.push_back(playable(apply(p, m), moves, i + 1, kLookahead));
    const int most = *std::max_element(reach.begin(), reach.end());
    if (std::count(reach.begin(), reach.end(), most) > 1)
        throw NotationError(std::to_string(std::count(reach.begin(), reach.end(), most)) +
                            " legal captures match and the moves after it fit each: the path "
                            "must be written");
    return found[std::max_element(reach.begin(), reach.end()) - reach.begin()];
}

// dtb's text of m in p (legal_moves_with_text: the path only where it is needed).
template <class V>
std::string dtb_text(const Position<V>& p, const Move<typename V::board>& m) {
    for (const auto& [pm, text] : legal_moves_with_text(p))
        if (pm.move == m) return text;
    return "";  // unreachable: m was generated from p
}

template <class V>
Position<V> start_position(const Game& g) {
    if (const auto fen = g.tag("FEN")) return parse_possible_fen<V>(*fen);
    return parse_fen<V>(V::start);
}

}  // namespace replay_detail

template <class V>
Replay replay_of(const Game& g) {
    using namespace replay_detail;
    Replay r;
    r.variant = find_variant(V::name)->id;
    Position<V> p;
    try {
        p = start_position<V>(g);
    } catch (const std::exception& e) {  // NotationError, ImpossiblePosition
        r.failure = ReplayFailure{0, g.tag("FEN").value_or(""), e.what()};
        return r;
    }
    r.start_fen = write_fen(p);
    const auto& moves = g.main.moves;
    if (!moves.empty() && g.recorded_moves() == 0) {
        r.failure = ReplayFailure{1, moves[0].text, "no move of the game is recorded"};
        r.end_fen = r.start_fen;
        r.end_pieces = popcount(p.occupied());
        return r;
    }
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const int pieces = popcount(p.occupied());
        if (moves[i].unknown()) {
            r.failure = ReplayFailure{int(i) + 1, moves[i].text, "the move is not recorded"};
            break;
        }
        try {
            const auto m = match(p, g, i);
            r.plies.push_back(
                {moves[i].text, dtb_text(p, m), AnyMove::of(m), write_fen(p), pieces});
            p = apply(p, m);
        } catch (const NotationError& e) {
            r.failure = ReplayFailure{int(i) + 1, moves[i].text,
                                      std::string(e.what()) + " in " + write_fen(p)};
            break;
        }
    }
    r.end_fen = write_fen(p);
    r.end_pieces = popcount(p.occupied());
    return r;
}

}  // namespace dtb::pdn
