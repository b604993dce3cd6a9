// The positions a table does not store. Their values follow from positions it does store, so
// the writer leaves their entries out (filled with whatever compresses best) and the
// prober, `dtb verify` and a resumed `dtb gen` recompute them, whatever the entry holds (the
// fast preset stores the threats' values, as finding the threats costs more than it saves
// there):
//
//   captures    the side to move has a capture (compulsory): a capture search;
//   successors  the side to move has none, but the side NOT to move has one (a threat), and
//               no move of the side to move reaches another such threat position: one ply
//               over the moves, each reaching a stored position or one with a capture.
//
// Threats are where a table's values are noisiest (a piece en prise decides the game), so
// leaving them out makes the tables much smaller (docs/performance.md). The second
// condition keeps the recomputation to one ply: without it a threat may answer a threat, and
// chains (and cycles) of them would have to be searched.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "dtb/core/apply.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/position.hpp"

namespace dtb {

enum class LeftOut : std::uint8_t { no, captures, successors };

// Whether the side not to move in p would have a capture if it were to move.
template <class V>
bool threatens(const Position<V>& p) {
    Position<V> q = p;
    q.side = ~p.side;
    return MoveGen<V>::has_capture(q);
}

// Whether q (reached by a move) answers a threat: its side to move, the opponent of the
// mover, has no capture, and the mover threatens one.
template <class V>
bool answers_threat(const Position<V>& q) {
    return !MoveGen<V>::has_capture(q) && threatens(q);
}

// For p whose side to move has no capture: whether one of its moves answers a threat.
// A move can leave the opponent without a capture only if, for each of the opponent's first
// jumps, it moves the piece jumped or lands on a square the jump needs empty (nothing else
// a quiet move changes can stop a jump). Only the moves that pass this test for every jump
// are made and tested, by `answers(q)` on the position q reached, which must say what
// answers_threat(q) says (the generator reads it from the capture flags of its slice); the
// first answer ends the search.
template <class V, class Answers>
bool has_threat_answer(const Position<V>& p, Answers&& answers) {
    using bb = typename V::board::bb;
    struct Jump {
        bb victim, needs_empty;
    };
    // More first jumps than fit (only in positions far beyond any table) test every move.
    std::array<Jump, 32> jumps;
    std::size_t n = 0;
    bool all = false;
    Position<V> them = p;
    them.side = ~p.side;
    MoveGen<V>::for_each_first_jump(them, [&](bb victim, bb needs_empty) {
        if (n < jumps.size()) {
            jumps[n++] = {victim, needs_empty};
        } else {
            all = true;
        }
    });
    // The squares a move of the piece on `from` must land on to stop every jump.
    auto targets = [&](int from) {
        bb allowed = ~bb(0);
        if (all) return allowed;
        for (std::size_t k = 0; k < n; ++k)
            if (jumps[k].victim != bit<bb>(from)) allowed &= jumps[k].needs_empty;
        return allowed;
    };
    return MoveGen<V>::any_quiet_move_to(
        p, targets, [&](const Move<typename V::board>& m) { return answers(apply(p, m)); });
}
template <class V>
bool has_threat_answer(const Position<V>& p) {
    return has_threat_answer(p, [](const Position<V>& q) { return answers_threat(q); });
}

// What a recomputation knows of the positions its moves reach, so that it tests none of them
// again. A capture's children are not known (each is valued as any position); the moves of a
// position left out for a threat, as threatened_kind orders them, reach first `stored`
// stored positions, then positions whose side to move has a capture.
class MovesReach {
  public:
    enum class Kind : std::uint8_t { unknown, stored, capture };

    static constexpr MovesReach unknown() { return MovesReach(-1); }
    static constexpr MovesReach stored_first(int stored) { return MovesReach(stored); }

    constexpr Kind operator()(int i) const {
        return stored_ < 0 ? Kind::unknown : i < stored_ ? Kind::stored : Kind::capture;
    }

  private:
    constexpr explicit MovesReach(int stored) : stored_(stored) {}
    int stored_;
};

// For p whose side to move has no capture and faces a threat: successors when none of its
// moves answers it with another (then `moves` holds all its moves), else no. With `reach`,
// the moves are ordered and *reach says what each reaches.
template <class V>
LeftOut threatened_kind(const Position<V>& p, MoveList<typename V::board>& moves,
                        MovesReach* reach = nullptr) {
    MoveGen<V>::generate(p, moves);
    int stored = 0;
    for (int i = 0; i < moves.size(); ++i) {
        const Position<V> q = apply(p, moves[i]);
        if (MoveGen<V>::has_capture(q)) continue;
        if (threatens(q)) return LeftOut::no;  // q answers the threat
        if (reach) std::swap(moves.begin()[stored++], moves.begin()[i]);
    }
    if (reach) *reach = MovesReach::stored_first(stored);
    return LeftOut::successors;
}

// How the value of p (its side to move has a piece) is obtained: from its table entry (no),
// or by recomputation from its successors.
template <class V>
LeftOut left_out_kind(const Position<V>& p) {
    if (MoveGen<V>::has_capture(p)) return LeftOut::captures;
    if (!threatens(p)) return LeftOut::no;
    MoveList<typename V::board> moves;
    return threatened_kind(p, moves);
}

// The same, and the moves the recomputation goes over: the captures, or every move (moves
// holds nothing useful when the answer is no). For the prober, which then makes them, and
// with `reach` what they reach (MovesReach).
template <class V>
LeftOut left_out_kind(const Position<V>& p, MoveList<typename V::board>& moves,
                      MovesReach* reach = nullptr) {
    if (MoveGen<V>::has_capture(p)) {
        MoveGen<V>::generate_captures(p, moves);
        if (reach) *reach = MovesReach::unknown();
        return LeftOut::captures;
    }
    return threatens(p) ? threatened_kind(p, moves, reach) : LeftOut::no;
}

}  // namespace dtb
