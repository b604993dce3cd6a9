// Memory for arrays of many megabytes (a slice's values, a solver's cells, a table being
// written), in transparent huge pages where the kernel offers them.
//
// Why: the generator allocates and fills gigabytes, slice after slice, and the first touch of
// every 4 KB page is a page fault, far dearer than filling 2 MB pages (madvise
// MADV_HUGEPAGE; figures in docs/performance.md). Small arrays keep the ordinary allocator.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace dtb {

namespace detail {

inline constexpr std::size_t kHugePage = std::size_t{2} << 20;
inline constexpr std::size_t kPage = 4096;
// Below this an array takes ordinary memory.
inline constexpr std::size_t kLargeArrayBytes = std::size_t{4} << 20;

inline std::size_t round_up(std::size_t bytes, std::size_t unit) {
    return (bytes + unit - 1) / unit * unit;
}

inline void* allocate_large(std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= kLargeArrayBytes) {
        // Map a huge page more than needed and trim both ends, so that the array starts on a
        // huge-page boundary (the kernel only uses huge pages for aligned 2 MB ranges). Only
        // whole huge pages are asked for: a last, partly used one would add up to 2 MB of
        // resident memory per array.
        const std::size_t size = round_up(bytes, kPage);
        void* m = mmap(nullptr, size + kHugePage, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED) throw std::bad_alloc();
        const auto start = reinterpret_cast<std::uintptr_t>(m);
        const auto aligned = round_up(start, kHugePage);
        if (aligned > start) munmap(m, aligned - start);
        const std::uintptr_t end = aligned + size, mapped_end = start + size + kHugePage;
        if (mapped_end > end) munmap(reinterpret_cast<void*>(end), mapped_end - end);
        void* p = reinterpret_cast<void*>(aligned);
        madvise(p, bytes / kHugePage * kHugePage, MADV_HUGEPAGE);  // a hint only
        return p;
    }
#endif
    return ::operator new(bytes);
}

inline void free_large(void* p, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= kLargeArrayBytes) {
        munmap(p, round_up(bytes, kPage));
        return;
    }
#endif
    ::operator delete(p);
}

}  // namespace detail

// A std::allocator that takes arrays of kLargeArrayBytes or more straight from the kernel, in
// huge pages.
template <class T>
struct LargeArrayAllocator {
    using value_type = T;
    LargeArrayAllocator() = default;
    template <class U>
    LargeArrayAllocator(const LargeArrayAllocator<U>&) noexcept {}
    T* allocate(std::size_t n) {
        if (n > std::size_t(-1) / sizeof(T)) throw std::bad_array_new_length();
        return static_cast<T*>(detail::allocate_large(n * sizeof(T)));
    }
    void deallocate(T* p, std::size_t n) noexcept { detail::free_large(p, n * sizeof(T)); }
    template <class U>
    bool operator==(const LargeArrayAllocator<U>&) const noexcept {
        return true;
    }
};

template <class T>
using LargeVector = std::vector<T, LargeArrayAllocator<T>>;

}  // namespace dtb
