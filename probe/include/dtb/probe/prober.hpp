// Probing for variant V: the value of any legal position from the stored tables, which hold
// White to move and leave out the positions of core/left_out.hpp.
//
//   - The side to move has no piece: the game is over, lost (won in giveaway), DTW = DTC = 0.
//   - The position is one the tables do not store (core/left_out.hpp): the side to move
//     has a capture (compulsory), or it faces a threat that none of its moves answers with
//     another. Its moves (only the captures in the first case) are made and the positions
//     after them probed, recursively through further captures: won with DTW = 1 + the least
//     DTW of a lost successor, lost with DTW = 1 + the greatest DTW of the successors (all
//     won); DTC likewise, counting 1 for a move that converts (a capture or a man move) and
//     1 + the successor's DTC for a king move (core/successor_values.hpp).
//   - Otherwise Black to move is turned into White to move by the colour flip (core/flip.hpp)
//     and the value is read from the table of the position's material at its index; where a
//     WDL table in one-ply form (compress/table_format.hpp) holds 0 there, the WDL is found
//     from the position's moves as above (its distances are still read from their tables).
// A table that is not installed makes the answer not_available, never a guess; when only
// WDL is asked for, a move that wins settles the position whatever the other moves lead to,
// and once a move draws, the other moves' positions are searched only as far as it takes to
// know whether they are lost (Need, core/successor_values.hpp).
//
// S is the source of stored values: Store (the table files), or an in-memory stand-in in
// tests. It provides Status lookup(const Material&, ValueKind, uint64_t, uint16_t&, string*) and
// kMaxPieces.
#pragma once

#include <algorithm>
#include <limits>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/flip.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/left_out.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/successor_values.hpp"
#include "dtb/core/value.hpp"
#include "dtb/probe/status.hpp"
#include "dtb/probe/store.hpp"

namespace dtb::probe {

// A legal move with the value of the position after it (for the side to move there).
template <class V>
struct RatedMove {
    PathMove<typename V::board> move;
    std::string text;
    Value after;
};

template <class V, class S = Store>
class Prober {
    using G = typename V::board;
    using bb = typename G::bb;
    using P = Position<V>;

  public:
    explicit Prober(const S& store) : store_(&store) {}

    // Whether p can occur in a game (core/position.hpp impossible_reason).
    static Status check(const P& p, std::string* message = nullptr);

    // The value of p for its side to move (want: Want flags). Checks p first.
    Status probe(const P& p, int want, Value& out, std::string* message = nullptr) const;

    // The same without the check, for engines whose positions are legal by construction.
    Status value(const P& p, int want, Value& out, std::string* message = nullptr) const;

    // Every legal move with its value after it, best first for the side to move: the fastest
    // win (least DTW, then least DTC), then draws, then the slowest loss. With want_wdl (for
    // tables of WDL alone) the values carry no distances, and moves of one value keep the
    // move generator's order.
    Status rate_moves(const P& p, std::vector<RatedMove<V>>& out, std::string* message = nullptr,
                      int want = want_all) const;

    // The principal variation: from a won or lost position, best moves to the end of the game
    // (each move's `after` is the value of the position it leaves). Empty for a draw.
    Status line(const P& p, std::vector<RatedMove<V>>& out, std::string* message = nullptr) const;

    // For a search: the captures of p, whose side to move is known to have one, without asking
    // has_capture again or merging the rare equal captures of different paths (they value the
    // same).
    static void known_captures(const P& p, MoveList<G>& out) {
        out.clear();
        MoveGen<V>::for_each_capture(p, out);
    }

  private:
    // Sorting key of a move for the side making it, from the value after it.
    static std::tuple<int, int, int> rank(const Value& after);

    // value() of what a search needs of p (with want_wdl, whether it is lost may be all).
    Status search(const P& p, int want, Need need, Value& out, std::string* message) const;

    // The value of p from the positions its moves (all it has, or all its captures) reach,
    // each valued as `reach` says it may be.
    Status from_moves(const P& p, const MoveList<G>& moves, int want, Need need, Value& out,
                      std::string* message, MovesReach reach = MovesReach::unknown()) const;

    // p has White to move and is stored (LeftOut::no): its table entry.
    Status stored(const P& p, int want, Value& out, std::string* message) const;

    // The WDL of stored p, of material m, whose entry a table in one-ply form (dtb pack
    // --wdl-sides one) leaves to a search one move deep. Out of line: its move list is not
    // to weigh on every stored probe's stack.
    [[gnu::noinline]] Status one_ply_wdl(const P& p, const Material& m, Value& out,
                                         std::string* message) const;

    // search() of p whose side to move has a capture, or faces a threat (out of line, for
    // its move list).
    [[gnu::noinline]] Status search_left_out(const P& p, bool capture, int want, Need need,
                                             Value& out, std::string* message) const;

    // p, or its colour flip when Black is to move: what the tables hold.
    static P white_view(const P& p) { return p.side == Color::white ? p : Flip<V>::apply(p); }

    const S* store_;
};

template <class V, class S>
Status Prober<V, S>::check(const P& p, std::string* message) {
    const char* why = impossible_reason(p);
    if (!why) return Status::ok;
    if (message) *message = why;
    return Status::position;
}

template <class V, class S>
Status Prober<V, S>::probe(const P& p, int want, Value& out, std::string* message) const {
    if (const Status s = check(p, message); s != Status::ok) return s;
    return value(p, want, out, message);
}

template <class V, class S>
Status Prober<V, S>::value(const P& p, int want, Value& out, std::string* message) const {
    return search(p, want, want == want_wdl ? Need::wdl : Need::value, out, message);
}

template <class V, class S>
Status Prober<V, S>::search(const P& p, int want, Need need, Value& out,
                            std::string* message) const {
    if (p.pieces(p.side) == 0) {
        out = game_over_value<V>();
        return Status::ok;
    }
    // left_out_kind's tests, taken apart so that a stored position (most are: neither side
    // has a capture) needs no move list.
    const bool capture = MoveGen<V>::has_capture(p);
    if (!capture && !threatens(p)) return stored(white_view(p), want, out, message);
    return search_left_out(p, capture, want, need, out, message);
}

template <class V, class S>
Status Prober<V, S>::search_left_out(const P& p, bool capture, int want, Need need, Value& out,
                                     std::string* message) const {
    MoveList<G> moves;
    if (capture) {
        known_captures(p, moves);
        return from_moves(p, moves, want, need, out, message);
    }
    MovesReach reach = MovesReach::unknown();
    if (threatened_kind(p, moves, &reach) == LeftOut::successors)
        return from_moves(p, moves, want, need, out, message, reach);
    return stored(white_view(p), want, out, message);
}

template <class V, class S>
Status Prober<V, S>::rate_moves(const P& p, std::vector<RatedMove<V>>& out, std::string* message,
                                int want) const {
    out.clear();
    if (const Status s = check(p, message); s != Status::ok) return s;
    for (auto& [pm, text] : legal_moves_with_text(p)) {
        Value after;
        if (const Status s = value(apply(p, pm.move), want, after, message); s != Status::ok)
            return s;
        out.push_back({pm, std::move(text), after});
    }
    std::stable_sort(out.begin(), out.end(), [](const RatedMove<V>& a, const RatedMove<V>& b) {
        return rank(a.after) < rank(b.after);
    });
    return Status::ok;
}

template <class V, class S>
Status Prober<V, S>::line(const P& p, std::vector<RatedMove<V>>& out, std::string* message) const {
    out.clear();
    Value v;
    if (const Status s = probe(p, want_all, v, message); s != Status::ok) return s;
    if (v.wdl == Wdl::draw) return Status::ok;
    P cur = p;
    std::vector<RatedMove<V>> moves;
    for (int left = v.dtw; left > 0; --left) {
        if (const Status s = rate_moves(cur, moves, message); s != Status::ok) return s;
        // The tables guarantee a move to DTW one less; anything else is a broken table.
        if (moves.empty() || moves.front().after.dtw != left - 1 ||
            moves.front().after.wdl == Wdl::draw) {
            if (message) *message = "the tables disagree along the line from " + write_fen(cur);
            return Status::corrupt;
        }
        out.push_back(moves.front());
        cur = apply(cur, moves.front().move.move);
    }
    return Status::ok;
}

template <class V, class S>
std::tuple<int, int, int> Prober<V, S>::rank(const Value& after) {
    switch (after.wdl) {
        case Wdl::loss:
            return {0, after.dtw, after.dtc};
        case Wdl::draw:
            return {1, 0, 0};
        default:
            return {2, -int(after.dtw), -int(after.dtc)};
    }
}

template <class V, class S>
Status Prober<V, S>::from_moves(const P& p, const MoveList<G>& moves, int want, Need need,
                                Value& out, std::string* message, MovesReach reach) const {
    Status failure = Status::ok;
    std::string missing_message;
    // The value of q = moves[i]'s child, which has a piece to move.
    const auto child_value = [&](int i, const P& q, Need child_need, Value& after) {
        switch (reach(i)) {
            case MovesReach::Kind::stored:
                return stored(white_view(q), want, after, message);
            case MovesReach::Kind::capture: {
                MoveList<G> captures;
                known_captures(q, captures);
                return from_moves(q, captures, want, child_need, after, message);
            }
            default:
                return search(q, want, child_need, after, message);
        }
    };
    const auto v = value_from_moves(
        p, moves,
        [&](int i, const P& q, Need child_need, Value& after) {
            const Status s = child_value(i, q, child_need, after);
            if (s == Status::ok) return ChildLookup::known;
            failure = s;
            if (s != Status::not_available) return ChildLookup::abort;
            if (message) missing_message = *message;
            return ChildLookup::unknown;  // a winning move found later still decides WDL
        },
        need);
    if (!v) {
        if (failure == Status::not_available && message) *message = missing_message;
        return failure;
    }
    out = *v;
    if (!(want & want_dtw)) out.dtw = 0;
    if (!(want & want_dtc)) out.dtc = 0;
    return Status::ok;
}

template <class V, class S>
Status Prober<V, S>::one_ply_wdl(const P& p, const Material& m, Value& out,
                                 std::string* message) const {
    // The twin's table holds the positions p's moves reach, none of them left out for a
    // threat (which would search back into this table). p is stored, so it has no capture:
    // every move counts. A search nested in this one is reached by a capture or a promotion,
    // so it has fewer pieces or men; one that has not comes from damaged tables, which could
    // lead round in a circle.
    static thread_local int enclosing = std::numeric_limits<int>::max();
    const int size = m.pieces() + m.men();
    if (size >= enclosing) {
        if (message)
            *message = m.name() + ": a one-ply search of its WDL table leads back into one (" +
                       write_fen(p) + "): a damaged table, or both of a pair in one-ply form";
        return Status::corrupt;
    }
    const int outer = std::exchange(enclosing, size);
    MoveList<G> moves;
    MoveGen<V>::generate(p, moves);
    const Status s = from_moves(p, moves, want_wdl, Need::wdl, out, message);
    enclosing = outer;
    return s;
}

template <class V, class S>
Status Prober<V, S>::stored(const P& p, int want, Value& out, std::string* message) const {
    const Material m = material_of(p);
    if (m.pieces() > S::kMaxPieces) {
        if (message) *message = m.name() + ": more pieces than any table has";
        return Status::not_available;
    }
    const std::uint64_t i = Index<V>(m).rank(p);
    std::uint16_t w = 0;
    if (const Status s = store_->lookup(m, ValueKind::wdl, i, w, message); s != Status::ok)
        return s;
    if (w == S::kOnePly) {
        if (const Status s = one_ply_wdl(p, m, out, message); s != Status::ok) return s;
        w = std::uint16_t(out.wdl);
    } else if (w < 1 || w > 3) {
        if (message)
            *message = m.name() + ": entry " + std::to_string(i) + " holds no value (" +
                       std::to_string(w) + ") for " + write_fen(p);
        return Status::corrupt;
    }
    out = {Wdl(w), 0, 0};
    if (out.wdl == Wdl::draw) return Status::ok;
    if (want & want_dtw) {
        if (const Status s = store_->lookup(m, ValueKind::dtw, i, out.dtw, message);
            s != Status::ok)
            return s;
    }
    if (want & want_dtc) {
        if (const Status s = store_->lookup(m, ValueKind::dtc, i, out.dtc, message);
            s != Status::ok)
            return s;
    }
    return Status::ok;
}

// The table files' prober of every variant is compiled once, in the probing library
// (probe/src/prober.cpp.in), not in each program that probes.
#define DTB_EXTERN_PROBER(V) extern template class Prober<V, Store>;
DTB_FOR_EACH_VARIANT(DTB_EXTERN_PROBER)
#undef DTB_EXTERN_PROBER

}  // namespace dtb::probe
