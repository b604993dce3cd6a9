// The definitions of c_calls_of.hpp: included once per variant by prober.cpp.in, which
// instantiates them. dtb_position numbers squares as the variant does (PDN), or row by row
// for a board without numbers; the masks are two 64-bit words of those numbers, less one.
#pragma once

#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "c_api_support.hpp"
#include "c_calls_of.hpp"
#include "dtb/core/apply.hpp"
#include "dtb/core/counter_state.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/probe/counted_position.hpp"
#include "dtb/probe/counters_distance.hpp"
#include "dtb/probe/counters_prober.hpp"
#include "dtb/probe/prober.hpp"

namespace dtb::probe {

namespace c_calls_detail {

// Bit of square number n (1-based) in the numbering of dtb_position, or -1.
template <class V>
int bit_of_number(int n) {
    using G = typename V::board;
    static const std::array<int, 129> table = [] {
        std::array<int, 129> t{};
        t.fill(-1);
        for (int k = 1; k <= 128; ++k) {
            if constexpr (Squares<V>::has_numbers) {
                if (const auto b = Squares<V>::from_number(k)) t[std::size_t(k)] = *b;
            } else {
                const int row = (k - 1) / G::files, col = (k - 1) % G::files;
                if (row < G::ranks && G::on_board(row, Squares<V>::internal_col(col)))
                    t[std::size_t(k)] = G::bit_of(row, Squares<V>::internal_col(col));
            }
        }
        return t;
    }();
    return n >= 1 && n <= 128 ? table[std::size_t(n)] : -1;
}

// The number of square bit b in the numbering of dtb_position (0: none).
template <class V>
int number_of_bit(int b) {
    static const std::array<int, 128> table = [] {
        std::array<int, 128> t{};
        for (int n = 1; n <= 128; ++n)
            if (const int bit = bit_of_number<V>(n); bit >= 0) t[std::size_t(bit)] = n;
        return t;
    }();
    return b >= 0 && b < 128 ? table[std::size_t(b)] : 0;
}

// The squares of x as dtb_position masks.
template <class V>
void to_c_squares(typename V::board::bb x, uint64_t out[2]) {
    out[0] = out[1] = 0;
    for (; x; x &= x - 1) {
        const int n = number_of_bit<V>(lsb(x)) - 1;
        if (n >= 0) out[n / 64] |= std::uint64_t{1} << (n % 64);
    }
}

template <class V>
Status from_c(const dtb_position& c, Position<V>& p, std::string& message) {
    using bb = typename V::board::bb;
    p = Position<V>{};
    if (c.side_to_move != 0 && c.side_to_move != 1) {
        message = "side_to_move must be 0 (White) or 1 (Black)";
        return Status::position;
    }
    p.side = c.side_to_move == 0 ? Color::white : Color::black;
    const uint64_t* masks[3] = {c.white, c.black, c.kings};
    bb* out[3] = {&p.white, &p.black, &p.kings};
    for (int k = 0; k < 3; ++k) {
        for (int w = 0; w < 2; ++w) {
            for (std::uint64_t x = masks[k][w]; x; x &= x - 1) {
                const int n = 64 * w + std::countr_zero(x) + 1;
                const int b = bit_of_number<V>(n);
                if (b < 0) {
                    message = "square " + std::to_string(n) + " is not a square of " +
                              std::string(V::name);
                    return Status::position;
                }
                *out[k] |= bit<bb>(b);
            }
        }
    }
    return Status::ok;
}

// Rated moves with the values `want` asks for; where a distance table is not installed
// (tables of WDL alone), with WDL only: `want` says which it was.
template <class V>
Status rate_moves_installed(const Prober<V>& prober, const Position<V>& p,
                            std::vector<RatedMove<V>>& out, std::string& message, int& want) {
    want = want_all;
    Status s = prober.rate_moves(p, out, &message, want);
    if (s == Status::not_available) {
        std::string wdl_message;
        want = want_wdl;
        s = prober.rate_moves(p, out, &wdl_message, want);
        if (s != Status::not_available) message = wdl_message;
    }
    return s;
}

inline void copy_text(const std::string& from, char (&to)[64]) {
    std::memset(to, 0, sizeof to);
    std::strncpy(to, from.c_str(), sizeof to - 1);
}

// Writes min(count, capacity) records; DTB_ERR_BUFFER when they do not all fit.
template <class T>
dtb_status copy_out(const std::vector<T>& from, T* to, std::size_t capacity, std::size_t* count,
                    const char* what) {
    *count = from.size();
    std::copy_n(from.begin(), std::min(from.size(), capacity), to);
    if (capacity < from.size())
        return fail(Status::buffer, std::to_string(from.size()) + " " + what + ", room for " +
                                        std::to_string(capacity));
    return DTB_OK;
}

template <class V>
std::vector<dtb_move> c_moves(const std::vector<RatedMove<V>>& from, int want) {
    std::vector<dtb_move> out(from.size());
    for (std::size_t i = 0; i < from.size(); ++i) {
        copy_text(from[i].text, out[i].text);
        out[i].after = to_c(from[i].after, want);
    }
    return out;
}

inline dtb_counters to_c(const CounterState& s) {
    dtb_counters c;
    for (int i = 0; i < DTB_MAX_COUNTERS; ++i)
        c.plies[i] = i < kMaxCounterRules && s.counting(i) ? int(s.plies[i]) : -1;
    return c;
}

inline dtb_counters_value to_c(const CountersAnswer& a, const Value& pure) {
    return {int(a.wdl), int(classify(pure.wdl, a.wdl)) + 1,
            a.table_wdl == Wdl::draw ? -1 : a.budget, probe::to_c(pure, want_all)};
}

// The counters of C form; false (with `message`) for a count no state holds.
inline bool from_c(const dtb_counters& c, CounterState& s, std::string& message) {
    for (int i = 0; i < DTB_MAX_COUNTERS; ++i) {
        if (c.plies[i] == -1) continue;
        if (i >= kMaxCounterRules || c.plies[i] < 0 || c.plies[i] >= CounterState::kIdle) {
            message = "counter " + std::to_string(i) + ": " + std::to_string(c.plies[i]) +
                      " is not a number of plies (-1: not counting)";
            return false;
        }
        s.plies[i] = std::uint16_t(c.plies[i]);
    }
    return true;
}

// The counter set of the handle's tables; throws Error when the variant does not know it or
// the tables follow an earlier revision of it.
template <class V>
const CounterSet& counter_set_of(const Handle& h) {
    const CounterSet* set = find_counter_set<V>(h.counter_set_name());
    if (!set)
        throw Error(Status::variant, "the tables follow counter set '" + h.counter_set_name() +
                                         "', unknown to " + std::string(V::name));
    if (!h.stale_counters().empty()) throw Error(Status::variant, h.stale_counters());
    return *set;
}

// The counters at p: fresh when null; throws Error for counts no state holds.
template <class V>
CounterState state_of(const CounterSet& set, const Position<V>& p, const dtb_counters* counters) {
    if (!counters) return fresh_state(set, p);
    CounterState s{};
    std::string message;
    if (!from_c(*counters, s, message)) throw Error(Status::counters, message);
    return s;
}

// One dtb_counters_move per rated move, each with its pure value after it; the moves are played
// from p in turn (along_line) or each from p.
template <class V>
Status c_counters_moves(const Prober<V>& pure, const Position<V>& p,
                        const std::vector<CountersRatedMove<V>>& from, bool along_line,
                        std::vector<dtb_counters_move>& out, std::string& message) {
    out.assign(from.size(), dtb_counters_move{});
    Position<V> cur = p;
    for (std::size_t i = 0; i < from.size(); ++i) {
        cur = apply(along_line ? cur : p, from[i].move.move);
        Value v;
        if (const Status s = pure.value(cur, want_all, v, &message); s != Status::ok) return s;
        copy_text(from[i].text, out[i].text);
        out[i].counters = to_c(from[i].state);
        out[i].after = to_c(from[i].after, v);
    }
    return Status::ok;
}

// Ranks 0, 1, ... down a list sorted best first: equal keys, equal ranks.
template <class Key>
void rank_moves(std::vector<dtb_root_move>& moves, Key key) {
    for (std::size_t i = 1; i < moves.size(); ++i)
        moves[i].rank = moves[i - 1].rank + (key(moves[i]) != key(moves[i - 1]));
}

template <class V>
dtb_root_move root_move(const PathMove<typename V::board>& move, const std::string& text) {
    dtb_root_move m{};
    copy_text(text, m.text);
    m.from = number_of_bit<V>(move.move.from);
    m.to = number_of_bit<V>(move.move.to);
    to_c_squares<V>(move.move.captured, m.captured);
    return m;
}

}  // namespace c_calls_detail

template <class V>
dtb_status CCalls<V>::probe_fen(const Handle& h, const char* fen, int want, dtb_value* out) {
    Value value;
    std::string message;
    const Status s = Prober<V>(h.store()).probe(parse_fen<V>(fen), want, value, &message);
    if (s == Status::ok) *out = to_c(value, want);
    return finish(s, message);
}

template <class V>
dtb_status CCalls<V>::probe_position(const Handle& h, const dtb_position& pos, int want,
                                     dtb_value* out) {
    Position<V> p;
    std::string message;
    Status s = c_calls_detail::from_c<V>(pos, p, message);
    Value value;
    if (s == Status::ok) s = Prober<V>(h.store()).probe(p, want, value, &message);
    if (s == Status::ok) *out = to_c(value, want);
    return finish(s, message);
}

template <class V>
dtb_status CCalls<V>::best_moves(const Handle& h, const char* fen, dtb_move* moves,
                                 std::size_t capacity, std::size_t* count) {
    using namespace c_calls_detail;
    std::vector<RatedMove<V>> rated;
    std::string message;
    int want = want_all;
    const Status s =
        rate_moves_installed(Prober<V>(h.store()), parse_fen<V>(fen), rated, message, want);
    if (s != Status::ok) return finish(s, message);
    return copy_out(c_moves(rated, want), moves, capacity, count, "legal moves");
}

template <class V>
dtb_status CCalls<V>::best_line(const Handle& h, const char* fen, dtb_move* moves,
                                std::size_t capacity, std::size_t* count) {
    using namespace c_calls_detail;
    std::vector<RatedMove<V>> line;
    std::string message;
    const Status s = Prober<V>(h.store()).line(parse_fen<V>(fen), line, &message);
    if (s != Status::ok) return finish(s, message);
    return copy_out(c_moves(line, want_all), moves, capacity, count, "moves in the line");
}

template <class V>
dtb_status CCalls<V>::root(const Handle& h, const dtb_position& pos, const dtb_counters* counters,
                           dtb_root_move* moves, std::size_t capacity, std::size_t* count) {
    using namespace c_calls_detail;
    Position<V> p;
    std::string message;
    if (const Status s = from_c<V>(pos, p, message); s != Status::ok) return finish(s, message);
    const Prober<V> pure(h.store());
    std::vector<dtb_root_move> out;
    if (!counters) {
        std::vector<RatedMove<V>> rated;
        int want = want_all;
        if (const Status s = rate_moves_installed(pure, p, rated, message, want); s != Status::ok)
            return finish(s, message);
        for (const auto& r : rated) {
            out.push_back(root_move<V>(r.move, r.text));
            out.back().after = to_c(r.after, want);
        }
        rank_moves(out, [](const dtb_root_move& m) {
            return std::array<int, 3>{m.after.wdl, m.after.dtw, m.after.dtc};
        });
        return copy_out(out, moves, capacity, count, "legal moves");
    }
    const CounterSet& set = counter_set_of<V>(h);
    const CountersProber<V> counted(h.store(), set);
    std::vector<CountersRatedMove<V>> rated;
    if (const Status s = counted.rate_moves(p, state_of(set, p, counters), rated, &message);
        s != Status::ok)
        return finish(s, message);
    for (const auto& r : rated) {
        Value after;
        const Status s = pure.value(apply(p, r.move.move), want_all, after, &message);
        if (s != Status::ok) return finish(s, message);
        dtb_root_move m = root_move<V>(r.move, r.text);
        m.after = to_c(after, want_all);
        m.has_counters = 1;
        m.counters = to_c(r.state);
        m.counted = to_c(r.after, after);
        out.push_back(m);
    }
    rank_moves(out, [](const dtb_root_move& m) {
        return std::array<int, 3>{m.counted.wdl, m.counted.budget, m.counted.pure.dtw};
    });
    return copy_out(out, moves, capacity, count, "legal moves");
}

template <class V>
const char* CCalls<V>::counter_set(const Handle& h) {
    const CounterSet* set = find_counter_set<V>(h.counter_set_name());
    return set ? set->name.data() : "";  // views of string literals: NUL-terminated
}

template <class V>
int CCalls<V>::counter_count(const Handle& h) {
    const CounterSet* set = find_counter_set<V>(h.counter_set_name());
    return set ? set->count : 0;
}

template <class V>
const char* CCalls<V>::counter_name(const Handle& h, int i) {
    const CounterSet* set = find_counter_set<V>(h.counter_set_name());
    return set && i >= 0 && i < set->count ? set->rules[std::size_t(i)].name.data() : "";
}

template <class V>
dtb_status CCalls<V>::counters_after(const Handle& h, const char* fen, const char* moves,
                                     dtb_counters* out, char* fen_out, std::size_t fen_capacity) {
    using namespace c_calls_detail;
    const CounterSet& set = counter_set_of<V>(h);
    const Position<V> p = parse_fen<V>(fen);
    CountedPosition<V> c{p, fresh_state(set, p)};
    play_moves(set, c, moves ? moves : "");
    *out = to_c(c.state);
    if (fen_out) {
        const std::string f = write_fen(c.position);
        if (f.size() + 1 > fen_capacity)
            return fail(Status::buffer, "the FEN takes " + std::to_string(f.size() + 1) +
                                            " bytes, room for " + std::to_string(fen_capacity));
        std::memcpy(fen_out, f.c_str(), f.size() + 1);
    }
    return DTB_OK;
}

template <class V>
dtb_status CCalls<V>::probe_counters(const Handle& h, const char* fen, const dtb_counters* counters,
                                     dtb_counters_value* out) {
    using namespace c_calls_detail;
    const CounterSet& set = counter_set_of<V>(h);
    const Position<V> p = parse_fen<V>(fen);
    std::string message;
    CountersAnswer a;
    Status st = CountersProber<V>(h.store(), set).probe(p, state_of(set, p, counters), a, &message);
    Value v;
    if (st == Status::ok) st = Prober<V>(h.store()).value(p, want_all, v, &message);
    if (st == Status::ok) *out = to_c(a, v);
    return finish(st, message);
}

template <class V>
dtb_status CCalls<V>::best_moves_counters(const Handle& h, const char* fen,
                                          const dtb_counters* counters, dtb_counters_move* moves,
                                          std::size_t capacity, std::size_t* count) {
    using namespace c_calls_detail;
    const CounterSet& set = counter_set_of<V>(h);
    const CountersProber<V> counted(h.store(), set);
    const Position<V> p = parse_fen<V>(fen);
    const CounterState s = state_of(set, p, counters);
    std::string message;
    CountersAnswer a;
    std::vector<CountersRatedMove<V>> rated;
    std::vector<dtb_counters_move> out;
    Status st = counted.probe(p, s, a, &message);
    if (st == Status::ok) st = counted.rate_moves(p, s, rated, &message);
    if (st == Status::ok)
        st = c_counters_moves(Prober<V>(h.store()), p, rated, false, out, message);
    if (st != Status::ok) return finish(st, message);
    return copy_out(out, moves, capacity, count, "legal moves");
}

template <class V>
dtb_status CCalls<V>::best_line_counters(const Handle& h, const char* fen,
                                         const dtb_counters* counters, dtb_counters_move* moves,
                                         std::size_t capacity, std::size_t* count) {
    using namespace c_calls_detail;
    const CounterSet& set = counter_set_of<V>(h);
    const Position<V> p = parse_fen<V>(fen);
    std::string message;
    std::vector<CountersRatedMove<V>> line;
    std::vector<dtb_counters_move> out;
    const CountersProber<V> counted(h.store(), set);
    Status st = CountersDistance<V>(counted, Prober<V>(h.store()))
                    .line(p, state_of(set, p, counters), line, &message);
    if (st == Status::ok) st = c_counters_moves(Prober<V>(h.store()), p, line, true, out, message);
    if (st != Status::ok) return finish(st, message);
    return copy_out(out, moves, capacity, count, "moves in the line");
}

}  // namespace dtb::probe
