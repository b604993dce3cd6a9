// The solver's loops over work items: on every thread of a parallel region when several
// threads share a region, in order on the calling thread when one thread has it alone (no
// parallel region to start, which would cost more than a small block's work).
#pragma once

#include <omp.h>

#include <atomic>
#include <cstddef>
#include <exception>

namespace dtb::gen {

// Calls f(k, thread) for k in [0, n): spread over the threads, Chunk items at a time,
// when Shared and there is more than one chunk (one chunk stays on the calling thread, as
// thread 0: waking the others for it cost more than it gave). An exception cannot leave a parallel
// region (it would terminate the program): the first one is kept, the remaining items are skipped,
// and it is thrown after.
template <bool Shared, int Chunk = 1, class F>
void for_range(std::size_t n, F&& f) {
    if constexpr (Shared) {
        std::exception_ptr error;
        bool failed = false;
#pragma omp parallel for schedule(dynamic, Chunk) if (n > std::size_t(Chunk))
        for (std::size_t k = 0; k < n; ++k) {
            if (std::atomic_ref<bool>(failed).load(std::memory_order_relaxed)) continue;
            try {
                f(k, omp_get_thread_num());
            } catch (...) {
#pragma omp critical(dtb_for_range_error)
                if (!error) error = std::current_exception();
                std::atomic_ref<bool>(failed).store(true, std::memory_order_relaxed);
            }
        }
        if (error) std::rethrow_exception(error);
    } else {
        for (std::size_t k = 0; k < n; ++k) f(k, 0);
    }
}

}  // namespace dtb::gen
