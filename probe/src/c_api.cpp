// The C interface (dtb/probe.h): the runtime variant becomes a type once per call
// (dispatch), and no exception crosses into C.
#include <algorithm>
#include <array>
#include <cstring>
#include <new>
#include <string>

#include "c_api_support.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/probe.h"
#include "dtb/probe/handle.hpp"
#include "dtb/probe/prober.hpp"

namespace dtb::probe {

namespace {

// Writes min(count, capacity) moves; DTB_ERR_BUFFER when they do not all fit.
template <class V>
dtb_status copy_moves(const std::vector<RatedMove<V>>& from, dtb_move* moves, size_t capacity,
                      size_t* count, const char* what, int want = want_all) {
    *count = from.size();
    for (std::size_t i = 0; i < from.size() && i < capacity; ++i) {
        dtb_move& m = moves[i];
        std::memset(m.text, 0, sizeof m.text);
        std::strncpy(m.text, from[i].text.c_str(), sizeof m.text - 1);
        m.after = to_c(from[i].after, want);
    }
    if (capacity < from.size())
        return fail(Status::buffer, std::to_string(from.size()) + " " + what + ", room for " +
                                        std::to_string(capacity));
    return DTB_OK;
}

// Bit of square number n (1-based) in the position numbering of dtb_position, or -1.
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

template <class F>
dtb_status with_handle(dtb_tb* tb, const void* arg, F&& f) {
    if (!tb || !tb->handle || !arg) return fail(Status::argument, "a null argument");
    return guarded([&] {
        return dispatch(tb->handle->variant(), [&](auto v) -> dtb_status {
            using V = decltype(v);
            return f(Prober<V>(tb->handle->store()), V{});
        });
    });
}

dtb_status probe_fen(dtb_tb* tb, const char* fen, int want, dtb_value* out) {
    if (!out) return fail(Status::argument, "a null argument");
    if (want < 0 || want > want_all) return fail(Status::argument, "unknown want flags");
    return with_handle(tb, fen, [&](const auto& prober, auto v) {
        using V = decltype(v);
        const Position<V> p = parse_fen<V>(fen);
        Value value;
        std::string message;
        const Status s = prober.probe(p, want, value, &message);
        if (s == Status::ok) *out = to_c(value, want);
        return finish(s, message);
    });
}

dtb_status open(const char* dir, const char* variant, size_t cache_bytes, dtb_tb** out) {
    if (!dir || !out) return fail(Status::argument, "a null argument");
    *out = nullptr;
    return guarded([&] {
        std::unique_ptr<Handle> h;
        std::string message;
        const Status s =
            Handle::open(dir, variant ? std::optional<std::string_view>(variant) : std::nullopt,
                         cache_bytes, h, message);
        if (s != Status::ok) return fail(s, message);
        *out = new dtb_tb{std::move(h)};
        return DTB_OK;
    });
}

}  // namespace

}  // namespace dtb::probe

using namespace dtb;
using namespace dtb::probe;

extern "C" {

dtb_status dtb_open(const char* dir, size_t cache_bytes, dtb_tb** out) {
    return dtb::probe::open(dir, nullptr, cache_bytes, out);
}

dtb_status dtb_open_variant(const char* dir, const char* variant, size_t cache_bytes,
                            dtb_tb** out) {
    if (!variant) return fail(Status::argument, "a null variant");
    return dtb::probe::open(dir, variant, cache_bytes, out);
}

void dtb_close(dtb_tb* tb) { delete tb; }

const char* dtb_variant(const dtb_tb* tb) {
    // variant_name() views a string literal, so its data is NUL-terminated.
    return tb && tb->handle ? tb->handle->variant_name().data() : "";
}

int dtb_material_count(const dtb_tb* tb) {
    return tb && tb->handle ? int(tb->handle->materials().size()) : 0;
}

const char* dtb_material_name(const dtb_tb* tb, int i) {
    if (!tb || !tb->handle || i < 0 || i >= dtb_material_count(tb)) return "";
    return tb->handle->material_names()[std::size_t(i)].c_str();
}

int dtb_material_tables(const dtb_tb* tb, int i) {
    if (!tb || !tb->handle || i < 0 || i >= dtb_material_count(tb)) return 0;
    const int kinds = tb->handle->materials()[std::size_t(i)].kinds;
    auto has = [&](ValueKind k) { return (kinds >> kind_index(k)) & 1; };
    return (has(ValueKind::wdl) ? DTB_HAS_WDL : 0) | (has(ValueKind::dtw) ? DTB_HAS_DTW : 0) |
           (has(ValueKind::dtc) ? DTB_HAS_DTC : 0) | (has(ValueKind::rules) ? DTB_HAS_RULES : 0);
}

int dtb_largest(const dtb_tb* tb) { return tb && tb->handle ? tb->handle->largest() : 0; }

dtb_status dtb_probe_fen(dtb_tb* tb, const char* fen, int want, dtb_value* out) {
    return probe_fen(tb, fen, want, out);
}

dtb_status dtb_probe_wdl(dtb_tb* tb, const char* fen, int* wdl) {
    if (!wdl) return fail(Status::argument, "a null argument");
    dtb_value v;
    const dtb_status s = probe_fen(tb, fen, want_wdl, &v);
    if (s == DTB_OK) *wdl = v.wdl;
    return s;
}

dtb_status dtb_probe_dtw(dtb_tb* tb, const char* fen, int* wdl, int* dtw) {
    if (!wdl || !dtw) return fail(Status::argument, "a null argument");
    dtb_value v;
    const dtb_status s = probe_fen(tb, fen, want_dtw, &v);
    if (s == DTB_OK) *wdl = v.wdl, *dtw = v.dtw;
    return s;
}

dtb_status dtb_probe_dtc(dtb_tb* tb, const char* fen, int* wdl, int* dtc) {
    if (!wdl || !dtc) return fail(Status::argument, "a null argument");
    dtb_value v;
    const dtb_status s = probe_fen(tb, fen, want_dtc, &v);
    if (s == DTB_OK) *wdl = v.wdl, *dtc = v.dtc;
    return s;
}

dtb_status dtb_probe_position(dtb_tb* tb, const dtb_position* pos, int want, dtb_value* out) {
    if (!out) return fail(Status::argument, "a null argument");
    if (want < 0 || want > want_all) return fail(Status::argument, "unknown want flags");
    return with_handle(tb, pos, [&](const auto& prober, auto v) {
        using V = decltype(v);
        Position<V> p;
        std::string message;
        Status s = from_c<V>(*pos, p, message);
        Value value;
        if (s == Status::ok) s = prober.probe(p, want, value, &message);
        if (s == Status::ok) *out = to_c(value, want);
        return finish(s, message);
    });
}

dtb_status dtb_best_moves(dtb_tb* tb, const char* fen, dtb_move* moves, size_t capacity,
                          size_t* count) {
    if (!count || (capacity > 0 && !moves)) return fail(Status::argument, "a null argument");
    return with_handle(tb, fen, [&](const auto& prober, auto v) {
        using V = decltype(v);
        std::vector<RatedMove<V>> rated;
        std::string message;
        int want = want_all;
        const Status s = rate_moves_installed(prober, parse_fen<V>(fen), rated, message, want);
        if (s != Status::ok) return finish(s, message);
        return copy_moves(rated, moves, capacity, count, "legal moves", want);
    });
}

dtb_status dtb_best_line(dtb_tb* tb, const char* fen, dtb_move* moves, size_t capacity,
                         size_t* count) {
    if (!count || (capacity > 0 && !moves)) return fail(Status::argument, "a null argument");
    return with_handle(tb, fen, [&](const auto& prober, auto v) {
        using V = decltype(v);
        std::vector<RatedMove<V>> line;
        std::string message;
        const Status s = prober.line(parse_fen<V>(fen), line, &message);
        if (s != Status::ok) return finish(s, message);
        return copy_moves(line, moves, capacity, count, "moves in the line");
    });
}

dtb_status dtb_probe_root(dtb_tb* tb, const dtb_position* pos, const dtb_counters* counters,
                          dtb_root_move* moves, size_t capacity, size_t* count) {
    if (!count || (capacity > 0 && !moves)) return fail(Status::argument, "a null argument");
    return with_handle(tb, pos, [&](const auto& prober, auto v) {
        using V = decltype(v);
        Position<V> p;
        std::string message;
        if (const Status s = from_c<V>(*pos, p, message); s != Status::ok)
            return finish(s, message);
        std::vector<RatedMove<V>> rated;
        int want = want_all;
        if (const Status s = rate_moves_installed(prober, p, rated, message, want); s != Status::ok)
            return finish(s, message);
        std::vector<dtb_root_move> out;
        for (const auto& r : rated) {
            dtb_root_move m{};
            std::strncpy(m.text, r.text.c_str(), sizeof m.text - 1);
            m.from = number_of_bit<V>(r.move.move.from);
            m.to = number_of_bit<V>(r.move.move.to);
            to_c_squares<V>(r.move.move.captured, m.captured);
            m.after = to_c(r.after, want);
            out.push_back(m);
        }
        // Under the counters: in the order of dtb_best_moves_rules, matched by move text.
        auto key = [&](const dtb_root_move& m) {
            return m.has_rules
                       ? std::array<int, 4>{m.rules.wdl, m.rules.budget, m.rules.pure.dtw, 0}
                       : std::array<int, 4>{m.after.wdl, m.after.dtw, m.after.dtc, 0};
        };
        if (counters) {
            std::vector<dtb_rules_move> rules(out.size());
            std::size_t n = 0;
            const std::string fen = write_fen(p);
            if (const dtb_status s =
                    dtb_best_moves_rules(tb, fen.c_str(), counters, rules.data(), rules.size(), &n);
                s != DTB_OK)
                return s;
            std::vector<dtb_root_move> ranked;
            for (const auto& r : rules)
                for (auto& m : out)
                    if (std::strcmp(m.text, r.text) == 0) {
                        m.has_rules = 1;
                        m.counters = r.counters;
                        m.rules = r.after;
                        ranked.push_back(m);
                    }
            out = std::move(ranked);
        }
        for (std::size_t i = 1; i < out.size(); ++i)
            out[i].rank = out[i - 1].rank + (key(out[i]) != key(out[i - 1]));
        *count = out.size();
        std::copy_n(out.begin(), std::min(out.size(), capacity), moves);
        if (capacity < out.size())
            return fail(Status::buffer, std::to_string(out.size()) + " legal moves, room for " +
                                            std::to_string(capacity));
        return DTB_OK;
    });
}

const char* dtb_status_string(dtb_status status) {
    switch (status) {
        case DTB_OK:
            return "ok";
        case DTB_ERR_ARGUMENT:
            return "invalid argument";
        case DTB_ERR_DIRECTORY:
            return "not a tablebase directory";
        case DTB_ERR_VARIANT:
            return "unknown or unsupported variant";
        case DTB_ERR_FEN:
            return "malformed FEN";
        case DTB_ERR_POSITION:
            return "not a legal position";
        case DTB_ERR_NOT_AVAILABLE:
            return "not available: outside the installed tables";
        case DTB_ERR_IO:
            return "a table file cannot be read";
        case DTB_ERR_CORRUPT:
            return "a table file is truncated or corrupted";
        case DTB_ERR_MEMORY:
            return "out of memory";
        case DTB_ERR_BUFFER:
            return "output array too small";
        case DTB_ERR_COUNTERS:
            return "draw counters the position cannot have";
    }
    return "unknown status";
}

const char* dtb_error_message(void) { return last_error().c_str(); }

}  // extern "C"

namespace dtb::probe {

const Handle& handle_of(const dtb_tb* tb) { return *tb->handle; }

}  // namespace dtb::probe
