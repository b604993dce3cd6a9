// Shared by the C interface's files: the handle, this thread's last error, and turning
// statuses and exceptions into C return codes (no exception crosses into C).
#pragma once

#include <memory>
#include <new>
#include <string>

#include "dtb/core/notation.hpp"
#include "dtb/probe.h"
#include "dtb/probe.hpp"
#include "dtb/probe/handle.hpp"
#include "dtb/probe/prober.hpp"

struct dtb_tb {
    std::unique_ptr<dtb::probe::Handle> handle;
};

namespace dtb::probe {

// The detail of this thread's last error (errno-like; see dtb_error_message).
inline std::string& last_error() {
    thread_local std::string message;
    return message;
}

inline dtb_status fail(Status s, std::string message) {
    last_error() = std::move(message);
    return dtb_status(s);
}

inline dtb_status finish(Status s, std::string& message) {
    if (s != Status::ok) return fail(s, message.empty() ? to_string(s) : message);
    return DTB_OK;
}

// Runs f, turning exceptions into status codes.
template <class F>
dtb_status guarded(F&& f) {
    try {
        return f();
    } catch (const Error& e) {
        return fail(e.status(), e.what());
    } catch (const NotationError& e) {
        return fail(Status::fen, e.what());
    } catch (const std::bad_alloc&) {
        return fail(Status::memory, "out of memory");
    } catch (const std::exception& e) {
        return fail(Status::position, e.what());
    }
}

inline dtb_value to_c(const Value& v, int want) {
    return {int(v.wdl), want & want_dtw ? int(v.dtw) : -1, want & want_dtc ? int(v.dtc) : -1};
}

}  // namespace dtb::probe

namespace dtb::probe {

// Runs f(V{}) for the variant of tb's tables, after checking the handle and the argument
// the call cannot do without; exceptions become status codes.
template <class F>
dtb_status with_variant(const dtb_tb* tb, const void* arg, F&& f) {
    if (!tb || !tb->handle || !arg) return fail(Status::argument, "a null argument");
    return guarded([&] { return dispatch(tb->handle->variant(), f); });
}

}  // namespace dtb::probe
