// The C interface (dtb/probe.h): the runtime variant becomes a type once per call
// (with_variant), the work is CCalls<V>'s, compiled once per variant (c_calls_of.hpp), and no
// exception crosses into C.
#include <string>

#include "c_api_support.hpp"
#include "c_calls_of.hpp"
#include "dtb/probe.h"
#include "dtb/probe/handle.hpp"

namespace dtb::probe {

namespace {

dtb_status probe_fen(dtb_tb* tb, const char* fen, int want, dtb_value* out) {
    if (!out) return fail(Status::argument, "a null argument");
    if (want < 0 || want > want_all) return fail(Status::argument, "unknown want flags");
    return with_variant(tb, fen, [&](auto v) {
        return CCalls<decltype(v)>::probe_fen(*tb->handle, fen, want, out);
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
           (has(ValueKind::dtc) ? DTB_HAS_DTC : 0) |
           (has(ValueKind::counters) ? DTB_HAS_COUNTERS : 0);
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
    return with_variant(tb, pos, [&](auto v) {
        return CCalls<decltype(v)>::probe_position(*tb->handle, *pos, want, out);
    });
}

dtb_status dtb_best_moves(dtb_tb* tb, const char* fen, dtb_move* moves, size_t capacity,
                          size_t* count) {
    if (!count || (capacity > 0 && !moves)) return fail(Status::argument, "a null argument");
    return with_variant(tb, fen, [&](auto v) {
        return CCalls<decltype(v)>::best_moves(*tb->handle, fen, moves, capacity, count);
    });
}

dtb_status dtb_best_line(dtb_tb* tb, const char* fen, dtb_move* moves, size_t capacity,
                         size_t* count) {
    if (!count || (capacity > 0 && !moves)) return fail(Status::argument, "a null argument");
    return with_variant(tb, fen, [&](auto v) {
        return CCalls<decltype(v)>::best_line(*tb->handle, fen, moves, capacity, count);
    });
}

dtb_status dtb_probe_root(dtb_tb* tb, const dtb_position* pos, const dtb_counters* counters,
                          dtb_root_move* moves, size_t capacity, size_t* count) {
    if (!count || (capacity > 0 && !moves)) return fail(Status::argument, "a null argument");
    return with_variant(tb, pos, [&](auto v) {
        return CCalls<decltype(v)>::root(*tb->handle, *pos, counters, moves, capacity, count);
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
