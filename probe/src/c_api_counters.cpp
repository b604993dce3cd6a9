// The C interface under the draw counters (dtb/probe.h, "Under the draw counters"): the
// variant becomes a type here, the work is CCalls<V>'s (c_calls_of.hpp).
#include "c_api_support.hpp"
#include "c_calls_of.hpp"

using namespace dtb;
using namespace dtb::probe;

extern "C" {

const char* dtb_counter_set(const dtb_tb* tb) {
    if (!tb || !tb->handle) return "";
    return dispatch(tb->handle->variant(),
                    [&](auto v) { return CCalls<decltype(v)>::counter_set(*tb->handle); });
}

int dtb_counter_count(const dtb_tb* tb) {
    if (!tb || !tb->handle) return 0;
    return dispatch(tb->handle->variant(),
                    [&](auto v) { return CCalls<decltype(v)>::counter_count(*tb->handle); });
}

const char* dtb_counter_name(const dtb_tb* tb, int i) {
    if (!tb || !tb->handle) return "";
    return dispatch(tb->handle->variant(),
                    [&](auto v) { return CCalls<decltype(v)>::counter_name(*tb->handle, i); });
}

dtb_status dtb_counters_after(dtb_tb* tb, const char* fen, const char* moves, dtb_counters* out,
                              char* fen_out, size_t fen_capacity) {
    if (!out) return fail(Status::argument, "a null argument");
    return with_variant(tb, fen, [&](auto v) {
        return CCalls<decltype(v)>::counters_after(*tb->handle, fen, moves, out, fen_out,
                                                   fen_capacity);
    });
}

dtb_status dtb_probe_counters(dtb_tb* tb, const char* fen, const dtb_counters* counters,
                              dtb_counters_value* out) {
    if (!out) return fail(Status::argument, "a null argument");
    return with_variant(tb, fen, [&](auto v) {
        return CCalls<decltype(v)>::probe_counters(*tb->handle, fen, counters, out);
    });
}

dtb_status dtb_best_moves_counters(dtb_tb* tb, const char* fen, const dtb_counters* counters,
                                   dtb_counters_move* moves, size_t capacity, size_t* count) {
    if (!count || (capacity > 0 && !moves)) return fail(Status::argument, "a null argument");
    return with_variant(tb, fen, [&](auto v) {
        return CCalls<decltype(v)>::best_moves_counters(*tb->handle, fen, counters, moves, capacity,
                                                        count);
    });
}

dtb_status dtb_best_line_counters(dtb_tb* tb, const char* fen, const dtb_counters* counters,
                                  dtb_counters_move* moves, size_t capacity, size_t* count) {
    if (!count || (capacity > 0 && !moves)) return fail(Status::argument, "a null argument");
    return with_variant(tb, fen, [&](auto v) {
        return CCalls<decltype(v)>::best_line_counters(*tb->handle, fen, counters, moves, capacity,
                                                       count);
    });
}

}  // extern "C"
