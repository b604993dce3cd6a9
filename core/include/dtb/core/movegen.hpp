// Legal move generation, bitboard-parallel where it can be: non-capturing moves of all men
// at once by shifts; the existence of a capture for all pieces at once; the captures
// themselves by a depth-first search per capturing piece, filtered by the variant's
// precedence rule and, by default, with duplicate paths merged (FMJD Annex 1, 9.1.14).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "dtb/core/direction.hpp"
#include "dtb/core/move.hpp"
#include "dtb/core/position.hpp"
#include "dtb/core/rules.hpp"

namespace dtb {

enum class Duplicates : std::uint8_t { drop, keep };

template <class V>
struct Rules {
    using G = typename V::board;
    using bb = typename G::bb;

    static constexpr DirSet man_moves(Color c) { return for_color(V::man_moves, c); }
    static constexpr DirSet man_captures(Color c) { return for_color(V::man_captures, c); }

    // The king that may not make a non-capturing move now (frisian), as a bitboard.
    static constexpr bb frozen_king(const Position<V>& p) {
        if constexpr (V::king_streak_limit > 0) {
            const int c = static_cast<int>(p.side);
            if (p.extra.count[c] >= V::king_streak_limit && p.men(p.side) != 0)
                return bit<bb>(p.extra.square[c]);
        }
        return 0;
    }

    // A capture's rank under the precedence rule: only captures of the highest rank are legal.
    static constexpr std::uint32_t precedence_key(int pieces, int kings, bool by_king,
                                                  std::uint32_t king_order) {
        switch (V::precedence) {
            case Precedence::free:
                return 0;
            case Precedence::king_first:
                return by_king;
            case Precedence::most_pieces:
                return std::uint32_t(pieces);
            case Precedence::most_pieces_then_kings:
                return std::uint32_t(pieces * 64 + kings);
            case Precedence::italian:
                return std::uint32_t(pieces) << 24 | std::uint32_t(by_king) << 23 |
                       std::uint32_t(kings) << 17 | king_order;
            case Precedence::frisian_value: {
                // A king is worth between one and two men: n kings beat 2n-1 men and lose to
                // 2n men for every n that fits on a board.
                const auto value = std::uint32_t((pieces - kings) * 1000 + kings * 1999);
                return value * 2 + by_king;
            }
        }
        return 0;
    }
};

// What a king on a square of `from` sees along D over `empty`: the empty squares of its ray
// (a short king's ray is its first square) and the first square beyond them, where the
// obstacle stands when there is one. From several squares, the union of what each sees
// (rays fill as the union of their own rays), so one call answers for all of a side's kings.
// A capture along D is a target in the sight with an empty square right beyond it.
template <class V, Dir D>
constexpr typename V::board::bb king_sight(typename V::board::bb from,
                                           typename V::board::bb empty) {
    using G = typename V::board;
    if constexpr (V::king_range == Range::flying) {
        return G::template step<D>(from | G::template slide<D>(from, empty));
    } else {
        return G::template step<D>(from);
    }
}

// Which of `kings` have a first jump along each direction of Dirs (by_dir, indexed by Dir)
// and along any (any), for all kings at once: a victim (one of `targets`) with an empty
// square beyond it, looking back along the direction, sees the kings that reach it over empty
// squares. Whether a side has a capture and whether a king turns to a further one ask only
// for `any`: king_can_jump below.
template <class V>
struct KingJumps {
    std::array<typename V::board::bb, kDirCount> by_dir{};
    typename V::board::bb any = 0;
};
template <class V, DirSet Dirs = V::king_captures>
constexpr KingJumps<V> king_jumps_from(typename V::board::bb kings, typename V::board::bb targets,
                                       typename V::board::bb empty) {
    using G = typename V::board;
    KingJumps<V> j;
    for_each_dir<Dirs>([&](auto d) {
        constexpr Dir D = decltype(d)::value;
        const auto victims = targets & G::template step<reverse(D)>(empty);
        j.by_dir[int(D)] = king_sight<V, reverse(D)>(victims, empty) & kings;
        j.any |= j.by_dir[int(D)];
    });
    return j;
}

// Whether some of `kings` has a first jump: king_jumps_from's `any` alone. Every probed
// position asks it of both sides, so it is flattened (no call per direction) and keeps no
// word per direction: the sights are joined, then met with the kings once.
template <class V, DirSet Dirs = V::king_captures>
[[gnu::flatten]] constexpr bool king_can_jump(typename V::board::bb kings,
                                              typename V::board::bb targets,
                                              typename V::board::bb empty) {
    using G = typename V::board;
    typename G::bb seen = 0;
    for_each_dir<Dirs>([&](auto d) {
        constexpr Dir D = decltype(d)::value;
        seen |= king_sight<V, reverse(D)>(targets & G::template step<reverse(D)>(empty), empty);
    });
    return (seen & kings) != 0;
}

// The depth-first capture search for one side. Out receives each legal capture (push) and
// is cleared when a capture of higher precedence appears.
template <class V, Color C, class Out>
class CaptureSearch {
    using G = typename V::board;
    using bb = typename G::bb;
    using R = Rules<V>;

  public:
    CaptureSearch(const Position<V>& p, Out& out) : out_(out) {
        targets_ = p.pieces(~C);
        opp_kings_ = p.kings_of(~C);
        empty_ = p.empty();
    }

    // Searches every capture of the side; returns whether there was one.
    bool run(const Position<V>& p) {
        bb men = capturing_men(p.men(C));
        while (men) {
            const int sq = pop_lsb(men);
            start(sq, false);
            man_from(sq, Dir::n, true);
            empty_ &= ~bit<bb>(sq);
        }
        bb kings = p.kings_of(C);
        if (!kings) return found_;
        // Only the kings and directions with a first jump are searched: most rays of a
        // position with a capture meet nothing to take.
        const auto jumps_from = king_jumps_from<V>(kings, targets_, empty_);
        for (bb capturing = jumps_from.any; capturing;) {
            const int sq = pop_lsb(capturing);
            const bb s = bit<bb>(sq);
            start(sq, true);
            for_each_dir<V::king_captures>([&](auto d) {
                constexpr Dir D = decltype(d)::value;
                if (jumps_from.by_dir[int(D)] & s) king_ray<D>(s);
            });
            empty_ &= ~s;
        }
        return found_;
    }

  private:
    static constexpr bb promotion_row = G::promotion_row(C);
    static constexpr bool immediate = V::removal == Removal::immediate;
    static constexpr bool records_paths = Out::records_paths;

    // The men that have a first capture, found for all men at once.
    bb capturing_men(bb men) const {
        bb can = 0;
        const bb capturable = V::man_captures_king ? targets_ : targets_ & ~opp_kings_;
        for_each_dir<R::man_captures(C)>([&](auto d) {
            constexpr Dir D = decltype(d)::value;
            constexpr Dir B = reverse(D);
            can |= G::template step<B>(G::template step<B>(empty_) & capturable) & men;
        });
        return can;
    }

    void start(int sq, bool king) {
        from_ = sq;
        by_king_ = king;
        crowned_ = false;
        path_.length = 0;
        empty_ |= bit<bb>(sq);  // the moving piece leaves its square
    }

    void take(bb v) {
        captured_ |= v;
        targets_ &= ~v;
        if (v & opp_kings_) {
            ++kings_taken_;
            if constexpr (V::precedence == Precedence::italian) {
                // 16 slots: a legal italian position has at most 12 pieces a side.
                if (count_ < 16) king_order_ |= 1u << (15 - count_);
            }
        }
        ++count_;
        if constexpr (immediate) empty_ |= v;
    }
    void untake(bb v) {
        --count_;
        if (v & opp_kings_) {
            --kings_taken_;
            if constexpr (V::precedence == Precedence::italian) {
                if (count_ < 16) king_order_ &= ~(1u << (15 - count_));
            }
        }
        captured_ &= ~v;
        targets_ |= v;
        if constexpr (immediate) empty_ &= ~v;
    }

    void emit(int to, bool promotes) {
        const std::uint32_t key =
            R::precedence_key(count_, kings_taken_, by_king_, king_order_ & 0xffffu);
        if (!found_ || key > best_key_) {
            out_.clear();
            best_key_ = key;
            found_ = true;
        } else if (key < best_key_) {
            return;
        }
        Move<G> m{};
        m.captured = captured_;
        m.from = std::uint8_t(from_);
        m.to = std::uint8_t(to);
        m.promotes = promotes;
        out_.push(m, path_);
    }

    void push_path(int sq) {
        if constexpr (records_paths) {
            if (path_.length < kMaxPath) path_.squares[path_.length] = std::uint8_t(sq);
            ++path_.length;
        }
    }
    void pop_path() {
        if constexpr (records_paths) --path_.length;
    }

    // Captures by a man standing on sq, having arrived moving in `arrived` (unless first).
    bool man_from(int sq, Dir arrived, bool first) {
        bool any = false;
        const bb s = bit<bb>(sq);
        const bb capturable = V::man_captures_king ? targets_ : targets_ & ~opp_kings_;
        for_each_dir<R::man_captures(C)>([&](auto d) {
            constexpr Dir D = decltype(d)::value;
            if (immediate && !V::turn_180 && !first && D == reverse(arrived)) return;
            const bb v = G::template step<D>(s) & capturable;
            if (!v) return;
            const bb l = G::template step<D>(v) & empty_;
            if (!l) return;
            any = true;
            const int lsq = lsb(l);
            take(v);
            push_path(lsq);
            if (l & promotion_row) {
                if constexpr (V::promotion == Promotion::in_passing) {
                    crowned_ = true;
                    if (!king_from(lsq, D)) emit(lsq, true);
                    crowned_ = false;
                } else if constexpr (V::promotion == Promotion::stops) {
                    emit(lsq, true);
                } else {
                    if (!man_from(lsq, D, false)) emit(lsq, true);
                }
            } else if (!man_from(lsq, D, false)) {
                emit(lsq, false);
            }
            pop_path();
            untake(v);
        });
        return any;
    }

    // Further captures by a king that landed on sq after a capture in direction `arrived`
    // (the first ones are started by run). The straight continuation is searched once by
    // king_over (it is the same from every landing square) and the way back only where a
    // jumped piece is already gone and turning is allowed.
    bool king_from(int sq, Dir arrived) {
        bool any = false;
        const bb s = bit<bb>(sq);
        for_each_dir<V::king_captures>([&](auto d) {
            constexpr Dir D = decltype(d)::value;
            if (D == arrived) return;
            if (D == reverse(arrived) && !(immediate && V::turn_180)) return;
            any |= king_ray<D>(s);
        });
        return any;
    }

    // Approaches along D from the squares in s (one square) and captures the first piece met.
    // A flying king's ray is one fill (king_sight) instead of a loop, whose exit, a ray of any
    // length, is a branch the processor mispredicts.
    template <Dir D>
    bool king_ray(bb s) {
        const bb t = king_sight<V, D>(s, empty_) & targets_;  // the obstacle, if a target
        if (!t) return false;
        return king_over<D>(t);
    }

    // Whether a king on some square of `squares`, having captured in direction `arrived`,
    // has a next capture in a direction king_from would search (not straight on, nor back
    // unless turning back is allowed): exactly when king_ray finds one from some square, by
    // one sight per direction for all of them.
    template <Dir Arrived>
    bool turns_to_capture(bb squares) const {
        constexpr DirSet back = immediate && V::turn_180 ? 0 : dirs({reverse(Arrived)});
        constexpr DirSet turns = V::king_captures & ~dirs({Arrived}) & ~back;
        return king_can_jump<V, turns>(squares, targets_, empty_);
    }

    // Jumps the piece v in direction D, then lands and continues or ends.
    template <Dir D>
    bool king_over(bb v) {
        bb land = G::template step<D>(v) & empty_;
        if (!land) return false;
        take(v);
        bb last = land;
        if constexpr (V::king_landing == Landing::any_beyond) {
            land |= G::template slide<D>(land, empty_);
            // The landing square whose next square in D is not free.
            last = land & ~G::template step<reverse(D)>(land);
        }
        bool more = false;
        {
            push_path(lsb(last));
            more |= king_ray<D>(last);
            pop_path();
        }
        // Most captures end here: one test for every landing square at once finds whether
        // any of them can turn and capture again, before each is searched on its own.
        if (turns_to_capture<D>(land)) {
            for (bb ls = land; ls;) {
                const int lsq = pop_lsb(ls);
                push_path(lsq);
                more |= king_from(lsq, D);
                pop_path();
            }
        }
        if (!more) {
            for (bb ls = land; ls;) {
                const int lsq = pop_lsb(ls);
                push_path(lsq);
                emit(lsq, crowned_);
                pop_path();
            }
        }
        untake(v);
        return true;
    }

    Out& out_;
    bb targets_ = 0;    // enemy pieces that may still be captured
    bb opp_kings_ = 0;  // enemy kings (for precedence and for italian men)
    bb empty_ = 0;      // free squares; with immediate removal, also the jumped ones
    bb captured_ = 0;
    int from_ = 0;
    int count_ = 0;
    int kings_taken_ = 0;
    std::uint32_t king_order_ = 0;  // bit 15-i: the i-th piece taken is a king
    bool by_king_ = false;
    bool crowned_ = false;  // a man crowned in passing now captures as a king
    bool found_ = false;
    std::uint32_t best_key_ = 0;
    Path path_;
};

template <class V>
class MoveGen {
    using G = typename V::board;
    using bb = typename G::bb;
    using R = Rules<V>;
    using P = Position<V>;

  public:
    // Whether the side to move has a capture (and so must capture).
    static bool has_capture(const P& p) {
        return p.side == Color::white ? has_capture<Color::white>(p) : has_capture<Color::black>(p);
    }

    // All legal moves. Out: MoveList<G> or a container of PathMove<G> (see PathSink).
    template <class Out>
    static void generate(const P& p, Out& out, Duplicates dups = Duplicates::drop) {
        out.clear();
        if (p.side == Color::white) {
            generate<Color::white>(p, out, dups);
        } else {
            generate<Color::black>(p, out, dups);
        }
    }

    // Only the captures (empty when there is none).
    template <class Out>
    static void generate_captures(const P& p, Out& out, Duplicates dups = Duplicates::drop) {
        out.clear();
        if (p.side == Color::white) {
            captures<Color::white>(p, out, dups);
        } else {
            captures<Color::black>(p, out, dups);
        }
    }

    // Every legal capture of the side to move handed to `out` as it is found: out.push(move,
    // path), and out.clear() whenever a capture of higher precedence appears (what was pushed
    // before is not legal then). Duplicate paths are not merged: for a caller that a capture
    // seen twice does not change, such as the generator's summary of a position's exits,
    // which needs no list. Returns whether the side has a capture. The search is not preceded
    // by has_capture: it starts from the same first jumps (capturing_men, king_jumps_from),
    // which a position with a capture would otherwise find twice.
    template <class Out>
    static bool for_each_capture(const P& p, Out& out) {
        if (p.side == Color::white) return CaptureSearch<V, Color::white, Out>(p, out).run(p);
        return CaptureSearch<V, Color::black, Out>(p, out).run(p);
    }

    // The number of legal moves, without making them where it can (perft's bulk count).
    static int count(const P& p, Duplicates dups = Duplicates::drop) {
        return p.side == Color::white ? count<Color::white>(p, dups) : count<Color::black>(p, dups);
    }

    // For a side to move known to have no capture (the generator's init pass): the number
    // of its king moves, and each of its man moves as f(from, to, promotes).
    static int count_quiet_king_moves(const P& p) {
        return p.side == Color::white ? quiet_king_move_count<Color::white>(p, p.empty())
                                      : quiet_king_move_count<Color::black>(p, p.empty());
    }
    // The non-capturing move from `from` to `to` (a man's crowning when `promotes`).
    static constexpr Move<G> quiet_move(int from, int to, bool promotes) {
        Move<G> m{};
        m.from = std::uint8_t(from);
        m.to = std::uint8_t(to);
        m.promotes = promotes;
        return m;
    }

    // The squares a king on `from` reaches by a non-capturing move over `empty` (king moves
    // are symmetric: also the squares it may have come from, for unmove generation).
    static bb king_reach(int from, bb empty) {
        bb reach = 0;
        for_each_dir<V::king_moves>([&](auto d) {
            constexpr Dir D = decltype(d)::value;
            if constexpr (V::king_range == Range::short_) {
                reach |= G::template step<D>(bit<bb>(from)) & empty;
            } else {
                reach |= G::template slide<D>(bit<bb>(from), empty);
            }
        });
        return reach;
    }

    // The first jumps of the side to move, one by one: f(victim, needs_empty) with the
    // piece jumped (one bit) and the squares the jump needs empty (a flying king's path to
    // the victim and the square right beyond it). The side has a capture exactly when there
    // is a first jump (has_capture tests the same for all pieces at once).
    template <class F>
    static void for_each_first_jump(const P& p, F&& f) {
        if (p.side == Color::white) {
            first_jumps<Color::white>(p, f);
        } else {
            first_jumps<Color::black>(p, f);
        }
    }

    // For a side to move known to have no capture: whether f(move) holds for one of its
    // moves from a square `from` to a square of targets(from) (a bitboard). The pieces'
    // allowed targets are asked first, so that a narrow filter spares making the moves.
    template <class Targets, class F>
    static bool any_quiet_move_to(const P& p, Targets&& targets, F&& f) {
        return p.side == Color::white ? quiet_moves_to<Color::white>(p, targets, f)
                                      : quiet_moves_to<Color::black>(p, targets, f);
    }

    template <class F>
    static void for_each_quiet_man_move(const P& p, F&& f) {
        if (p.side == Color::white) {
            quiet_man_moves<Color::white>(p, f);
        } else {
            quiet_man_moves<Color::black>(p, f);
        }
    }

  private:
    template <Color C>
    [[gnu::flatten]] static bool has_capture(const P& p) {
        const bb empty = p.empty();
        const bb opp = p.pieces(~C);
        const bb man_targets = V::man_captures_king ? opp : opp & ~p.kings;
        const bb men = p.men(C);
        bool found = false;
        if (men) {
            for_each_dir<R::man_captures(C)>([&](auto d) {
                constexpr Dir D = decltype(d)::value;
                const bb v = G::template step<D>(men) & man_targets;
                found |= (G::template step<D>(v) & empty) != 0;
            });
            if (found) return true;
        }
        const bb kings = p.kings_of(C);
        return kings && king_can_jump<V>(kings, opp, empty);
    }

    template <Color C, class F>
    static void first_jumps(const P& p, F& f) {
        const bb empty = p.empty();
        const bb opp = p.pieces(~C);
        const bb man_targets = V::man_captures_king ? opp : opp & ~p.kings;
        const bb men = p.men(C);
        for_each_dir<R::man_captures(C)>([&](auto d) {
            constexpr Dir D = decltype(d)::value;
            for (bb v = G::template step<D>(men) & man_targets; v;) {
                const bb victim = bit<bb>(pop_lsb(v));
                if (const bb land = G::template step<D>(victim) & empty) f(victim, land);
            }
        });
        const bb kings = p.kings_of(C);
        if (!kings) return;
        const auto jumps_from = king_jumps_from<V>(kings, opp, empty);
        for (bb capturing = jumps_from.any; capturing;) {
            const bb king = bit<bb>(pop_lsb(capturing));
            for_each_dir<V::king_captures>([&](auto d) {
                constexpr Dir D = decltype(d)::value;
                if (!(jumps_from.by_dir[int(D)] & king)) return;
                const bb sight = king_sight<V, D>(king, empty);
                const bb victim = sight & opp;
                // The sight's empty squares are the path to the victim.
                f(victim, (sight & empty) | (G::template step<D>(victim) & empty));
            });
        }
    }

    template <Color C, class Targets, class F>
    static bool quiet_moves_to(const P& p, Targets& targets, F& f) {
        bool found = false;
        auto man = [&](int from, int to, bool promotes) {
            if (!found && (targets(from) & bit<bb>(to))) found = f(quiet_move(from, to, promotes));
        };
        quiet_man_moves<C>(p, man);
        if (found) return true;
        const bb empty = p.empty();
        for (bb kings = p.kings_of(C) & ~R::frozen_king(p); kings;) {
            const int from = pop_lsb(kings);
            const bb allowed = targets(from);
            if (!allowed) continue;
            for (bb to = king_reach(from, empty) & allowed; to;)
                if (f(quiet_move(from, pop_lsb(to), false))) return true;
        }
        return false;
    }

    template <Color C, class F>
    static void quiet_man_moves(const P& p, F& f) {
        const bb empty = p.empty();
        const bb men = p.men(C);
        if (!men) return;
        for_each_dir<R::man_moves(C)>([&](auto d) {
            constexpr Dir D = decltype(d)::value;
            for (bb t = G::template step<D>(men) & empty; t;) {
                const int to = pop_lsb(t);
                f(to - G::shift_of(D), to, (bit<bb>(to) & G::promotion_row(C)) != 0);
            }
        });
    }

    template <Color C, class Out>
    static void captures(const P& p, Out& out, Duplicates dups) {
        if (has_capture<C>(p)) search_captures<C>(p, out, dups);
    }

    // The legal captures, when the side is known to have one.
    template <Color C, class Out>
    static void search_captures(const P& p, Out& out, Duplicates dups) {
        CaptureSearch<V, C, Out> search(p, out);
        search.run(p);
        if (dups == Duplicates::drop) merge_duplicates(out);
    }

    // Equal moves (same from, to, captured set) can only arise from three captures up; they
    // are rare, so the list is sorted only when such a capture is present.
    template <class Out>
    static void merge_duplicates(Out& out) {
        if (out.size() < 2) return;
        bool long_capture = false;
        for (const auto& m : out) long_capture |= move_of(m).capture_count() >= 3;
        if (!long_capture) return;
        std::sort(out.begin(), out.end(),
                  [](const auto& a, const auto& b) { return move_of(a) < move_of(b); });
        auto last = std::unique(out.begin(), out.end(), [](const auto& a, const auto& b) {
            return move_of(a) == move_of(b);
        });
        out.truncate(int(last - out.begin()));
    }
    static const Move<G>& move_of(const Move<G>& m) { return m; }
    static const Move<G>& move_of(const PathMove<G>& m) { return m.move; }

    template <Color C, class Out>
    static void generate(const P& p, Out& out, Duplicates dups) {
        captures<C>(p, out, dups);
        if (!out.empty()) return;
        const bb empty = p.empty();
        const bb men = p.men(C);
        for_each_dir<R::man_moves(C)>([&](auto d) {
            constexpr Dir D = decltype(d)::value;
            for (bb t = G::template step<D>(men) & empty; t;) {
                const int to = pop_lsb(t);
                add_quiet(out, to - G::shift_of(D), to, (bit<bb>(to) & G::promotion_row(C)) != 0);
            }
        });
        for (bb kings = p.kings_of(C) & ~R::frozen_king(p); kings;) {
            const int from = pop_lsb(kings);
            for_each_dir<V::king_moves>([&](auto d) {
                constexpr Dir D = decltype(d)::value;
                for (bb t = G::template step<D>(bit<bb>(from)) & empty; t;
                     t = G::template step<D>(t) & empty) {
                    add_quiet(out, from, lsb(t), false);
                    if constexpr (V::king_range == Range::short_) break;
                }
            });
        }
    }

    template <class Out>
    static void add_quiet(Out& out, int from, int to, bool promotes) {
        const Move<G> m = quiet_move(from, to, promotes);
        if constexpr (requires { out.push(m); }) {
            out.push(m);
        } else {
            out.push(m, Path{});
        }
    }

    template <Color C>
    static int count(const P& p, Duplicates dups) {
        if (has_capture<C>(p)) {
            MoveList<G> list;
            search_captures<C>(p, list, dups);
            return list.size();
        }
        const bb empty = p.empty();
        const bb men = p.men(C);
        int n = 0;
        for_each_dir<R::man_moves(C)>([&](auto d) {
            constexpr Dir D = decltype(d)::value;
            n += popcount(G::template step<D>(men) & empty);
        });
        return n + quiet_king_move_count<C>(p, empty);
    }

    template <Color C>
    static int quiet_king_move_count(const P& p, bb empty) {
        const bb kings = p.kings_of(C) & ~R::frozen_king(p);
        if (!kings) return 0;
        int n = 0;
        for_each_dir<V::king_moves>([&](auto d) {
            constexpr Dir D = decltype(d)::value;
            if constexpr (V::king_range == Range::short_) {
                n += popcount(G::template step<D>(kings) & empty);
            } else {
                // Rays of different kings never share a target in one direction.
                n += popcount(G::template slide<D>(kings, empty));
            }
        });
        return n;
    }
};

// A growable list of moves with their paths, for notation and tools (not the hot path).
template <class G>
class PathMoveList {
  public:
    static constexpr bool records_paths = true;
    void clear() { moves_.clear(); }
    void push(const Move<G>& m, const Path& path) { moves_.push_back({m, path}); }
    int size() const { return int(moves_.size()); }
    bool empty() const { return moves_.empty(); }
    auto begin() { return moves_.begin(); }
    auto end() { return moves_.end(); }
    auto begin() const { return moves_.begin(); }
    auto end() const { return moves_.end(); }
    const PathMove<G>& operator[](int i) const { return moves_[std::size_t(i)]; }
    void truncate(int n) { moves_.resize(std::size_t(n)); }

  private:
    std::vector<PathMove<G>> moves_;
};

}  // namespace dtb
