#include "dtb/gen/run/allocator.hpp"

#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

namespace dtb::gen {

void tune_allocator_for_generation() {
#if defined(M_MMAP_THRESHOLD) && defined(M_ARENA_MAX)
    // glibc's mmap threshold adapts upwards to 32 MB, and freed arrays below it stay in the
    // thread's heap: a fixed 4 MB threshold and two arenas hand them back to the system.
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    mallopt(M_ARENA_MAX, 2);
#endif
#if defined(M_TRIM_THRESHOLD) && defined(M_TOP_PAD)
    // Below 4 MB, a heap that keeps 64 MB of free top and grows 16 MB at a time lets the many
    // small arrays of each slice (blocks being compressed, work lists) reuse pages instead of
    // faulting fresh ones in (docs/performance.md has the figures).
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    mallopt(M_TOP_PAD, 16 << 20);
#endif
}

}  // namespace dtb::gen
