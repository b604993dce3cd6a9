// The solver's loops over work items: on every thread of a parallel region when several
// threads share a region, in order on the calling thread when one thread has it alone (no
// parallel region to start, which would cost more than a small block's work).
#pragma once

#include <omp.h>

#include <cstddef>

namespace dtb::gen {

// Calls f(k, thread) for k in [0, n): spread over the threads, Chunk items at a time,
// when Shared.
template <bool Shared, int Chunk = 1, class F>
void for_range(std::size_t n, F&& f) {
    if constexpr (Shared) {
#pragma omp parallel for schedule(dynamic, Chunk)
        for (std::size_t k = 0; k < n; ++k) f(k, omp_get_thread_num());
    } else {
        for (std::size_t k = 0; k < n; ++k) f(k, 0);
    }
}

}  // namespace dtb::gen
