// The C interface (dtb/probe.h): the runtime variant becomes a type once per call
// (dispatch), and no exception crosses into C.
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
                      size_t* count, const char* what) {
    *count = from.size();
    for (std::size_t i = 0; i < from.size() && i < capacity; ++i) {
        dtb_move& m = moves[i];
        std::memset(m.text, 0, sizeof m.text);
        std::strncpy(m.text, from[i].text.c_str(), sizeof m.text - 1);
        m.after = to_c(from[i].after, want_all);
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
        const Status s = prober.rate_moves(parse_fen<V>(fen), rated, &message);
        if (s != Status::ok) return finish(s, message);
        return copy_moves(rated, moves, capacity, count, "legal moves");
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
