// The definitions of answers_of.hpp: included once per variant by prober.cpp.in, which
// instantiates them.
#pragma once

#include <string>

#include "answers_of.hpp"
#include "dtb/core/apply.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/probe/position_report.hpp"

namespace dtb::probe {

namespace answers_detail {

// A position a user typed (parse_possible_fen), its impossibility a probing error.
template <class V>
Position<V> read_position(std::string_view fen) {
    try {
        return parse_possible_fen<V>(fen);
    } catch (const ImpossiblePosition& e) {
        throw Error(Status::position, e.what());
    }
}

template <class V>
std::optional<KingStreaks> king_streaks(const Position<V>& p) {
    if constexpr (V::king_streak_limit == 0) {
        return std::nullopt;
    } else {
        KingStreaks k;
        k.limit = V::king_streak_limit;
        for (Color c : {Color::white, Color::black}) {
            const int s = static_cast<int>(c);
            k.has_men[s] = p.men(c) != 0;
            if (p.extra.square[s] != p.extra.kNone)
                k.run[s] = KingRun{Squares<V>::name(p.extra.square[s]), int(p.extra.count[s])};
        }
        return k;
    }
}

// The position a user typed and the counters the input describes: NotationError for a
// malformed FEN; Error for a position that cannot occur, a move or counters that cannot be.
template <class V>
CountedPosition<V> counted(const CounterSet& set, std::string_view fen, const CounterInput& in) {
    const Position<V> start = read_position<V>(fen);
    try {
        return counted_position(set, start, in.moves, in.counters);
    } catch (const NotationError& e) {
        throw Error(Status::fen, std::string("--moves: ") + e.what());
    } catch (const CountersError& e) {
        throw Error(Status::counters, std::string("--counters: ") + e.what());
    }
}

// Throws Error for a failed probe of the position written `fen`.
inline void require(Status s, const std::string& fen, const std::string& message) {
    if (s == Status::ok) return;
    throw Error(s, fen + ": " + to_string(s) + (message.empty() ? "" : ": ") + message);
}

// The rule with the least left: the one that decides where the counters change a value.
template <class V>
std::string deciding_rule(const CounterSet& set, const CounterState& s, const Position<V>& p) {
    const int i = fewest_left_rule(set, s, p);
    if (i < 0) return "";
    return std::string(set.rules[i].name) + " (" + std::string(set.rules[i].article) + ")";
}

template <class V>
CountedValue counted_value(const CounterSet& set, const CounterState& s, const Position<V>& p,
                           Wdl pure, const CountersAnswer& a, std::optional<int> plies) {
    CountedValue v{a, classify(pure, a.wdl), plies, "", 0};
    if (const int rule = binding_rule(set, s, p); rule >= 0) {
        v.budget_of = set.rules[rule].name;
        v.left = plies_left(set, s, rule, p);
    }
    return v;
}

}  // namespace answers_detail

template <class V>
PositionAnswer answer_position_of(const Tablebase& tb, std::string_view fen,
                                  const CounterInput& input, ReportMoves moves) {
    using namespace answers_detail;
    const auto rp = tb.counters_prober<V>();
    const CounterSet& set = rp.counter_set();
    const CountedPosition<V> c = counted<V>(set, fen, input);
    const Position<V>& p = c.position;
    PositionReport<V> report;
    std::string message;
    const Status st = report_position(tb.prober<V>(), rp, c, moves, report, &message);
    if (st == Status::counters) throw Error(st, message);
    require(st, write_fen(p), message);

    PositionAnswer a;
    a.variant = V::name;
    a.fen = write_fen(p);
    a.side = p.side;
    a.value = report.value;
    a.want = report.want;
    a.king_streaks = king_streaks(p);
    a.counter_set = set.name;
    a.counters = read_counters(set, c.state, p);
    const UnderCounters& r = report.counters;
    a.counters_error = r.error;
    a.distance_error = r.distance_error;
    if (r.error.empty()) {
        a.counted = counted_value(set, c.state, p, report.value.wdl, r.value, r.plies);
        if (r.value.wdl != report.value.wdl) a.deciding_rule = deciding_rule(set, c.state, p);
    }
    for (const auto& m : report.moves) {
        MoveRecord record{AnyMove::of(m.pure.move.move),
                          m.pure.text,
                          m.pure.after,
                          std::nullopt,
                          {},
                          m.counted_rank};
        if (m.counted) {
            record.counted = counted_value(set, m.counted->state, apply(p, m.pure.move.move),
                                           m.counted->pure.wdl, m.counted->after, m.counted_plies);
            record.counters_after =
                read_counters(set, m.counted->state, apply(p, m.pure.move.move));
        }
        a.moves.push_back(std::move(record));
    }
    return a;
}

template <class V>
LineAnswer answer_line_of(const Tablebase& tb, std::string_view fen, const CounterInput& input,
                          bool pure) {
    using namespace answers_detail;
    LineAnswer a;
    a.variant = V::name;
    a.no_move_wins = V::goal == Goal::giveaway;
    std::string message;
    if constexpr (V::goal != Goal::giveaway) {
        if (!pure) {
            const auto rp = tb.counters_prober<V>();
            const CounterSet& set = rp.counter_set();
            const CountedPosition<V> c = counted<V>(set, fen, input);
            const Position<V>& p = c.position;
            CountersAnswer value;
            const Status st = rp.probe(p, c.state, value, &message);
            if (st == Status::counters) throw Error(st, message);
            require(st, write_fen(p), message);
            std::vector<CountersRatedMove<V>> line, moves;
            CountersDistance<V> distance(rp, tb.prober<V>());
            require(distance.line(p, c.state, line, &message), write_fen(p), message);
            if (value.wdl == Wdl::draw)
                require(rp.rate_moves(p, c.state, moves, &message), write_fen(p), message);
            a.fen = write_fen(p);
            a.side = p.side;
            a.king_streaks = king_streaks(p);
            a.value.wdl = value.wdl;
            Value pure_value;
            require(tb.prober<V>().value(p, want_wdl, pure_value, &message), write_fen(p), message);
            a.counted = counted_value(set, c.state, p, pure_value.wdl, value, int(line.size()));
            a.counter_set = set.name;
            a.counters = read_counters(set, c.state, p);
            Position<V> cur = p;
            for (const auto& m : line) {
                cur = apply(cur, m.move.move);
                a.line.push_back({m.text, m.pure, m.after.budget, read_counters(set, m.state, cur),
                                  king_streaks(cur)});
            }
            for (const auto& m : moves)
                if (m.after.wdl == Wdl::draw) a.drawing_moves.push_back(m.text);
            return a;
        }
    }
    a.pure = true;
    const auto prober = tb.prober<V>();
    // The line ignores the counters, but each step says where it leaves them, so that the
    // line can be followed with the counters as the input set them.
    const CounterSet& set = tb.counters_prober<V>().counter_set();
    const CountedPosition<V> c = counted<V>(set, fen, input);
    const Position<V>& p = c.position;
    const std::string written = write_fen(p);
    require(prober.probe(p, want_all, a.value, &message), written, message);
    std::vector<RatedMove<V>> line, moves;
    require(prober.line(p, line, &message), written, message);
    if (a.value.wdl == Wdl::draw) require(prober.rate_moves(p, moves, &message), written, message);
    a.fen = written;
    a.side = p.side;
    a.king_streaks = king_streaks(p);
    CountedPosition<V> cur = c;
    for (const auto& m : line) {
        const Position<V> next = apply(cur.position, m.move.move);
        cur.state = after_move(set, cur.state, cur.position, m.move.move, next);
        cur.position = next;
        a.line.push_back(
            {m.text, m.after, 0, read_counters(set, cur.state, next), king_streaks(next)});
    }
    for (const auto& m : moves)
        if (m.after.wdl == Wdl::draw) a.drawing_moves.push_back(m.text);
    return a;
}

}  // namespace dtb::probe
