// Memory for arrays of many megabytes (a slice's values, a solver's cells, a table being
// written), in transparent huge pages where the kernel offers them, or in files.
//
// Why: the generator allocates and fills gigabytes, slice after slice, and the first touch of
// every 4 KB page is a page fault, far dearer than filling 2 MB pages (madvise
// MADV_HUGEPAGE; figures in docs/performance.md). Small arrays keep the ordinary allocator.
// A slice larger than the memory a run may hold takes its arrays from ArrayFiles instead:
// unnamed files mapped shared, of which the kernel keeps in memory only the pages in use.
#pragma once

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#if defined(__linux__)
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
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

// Arrays kept in files of a directory rather than in memory: each an unnamed file (gone with
// its array, or with the process if it is killed), its blocks reserved when it is made so that
// a full disk is an error then and not a fault later, mapped shared.
class ArrayFiles {
  public:
    // Throws std::runtime_error when `dir` cannot be made.
    explicit ArrayFiles(std::filesystem::path dir) : dir_(std::move(dir)) {
        std::filesystem::create_directories(dir_);
    }
    // A mapping of `bytes`, to be unmapped with unmap(). Throws
    // std::runtime_error when the file cannot be made, reserved or mapped.
    void* map(std::size_t bytes) const {
#if defined(__linux__) && defined(O_TMPFILE)
        const std::size_t size = detail::round_up(bytes, detail::kPage);
        const int fd = ::open(dir_.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
        if (fd < 0) fail("cannot make a file in", size);
        if (const int e = ::posix_fallocate(fd, 0, off_t(size)); e != 0) {
            ::close(fd);
            errno = e;
            fail("cannot reserve", size);
        }
        void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        ::close(fd);
        if (p == MAP_FAILED) fail("cannot map", size);
        return p;
#else
        (void)bytes;
        throw std::runtime_error("arrays in files need Linux");
#endif
    }

    static void unmap(void* p, std::size_t bytes) {
#if defined(__linux__)
        munmap(p, detail::round_up(bytes, detail::kPage));
#else
        (void)p, (void)bytes;
#endif
    }

  private:
    [[noreturn]] void fail(const char* what, std::size_t size) const {
        throw std::runtime_error(dir_.string() + ": " + what + " " + std::to_string(size) +
                                 " bytes of array file: " + std::strerror(errno));
    }
    std::filesystem::path dir_;
};

// A std::allocator that takes arrays of kLargeArrayBytes or more straight from the kernel, in
// huge pages, or every array from `files` when it has them. The files travel with the array
// (a moved vector keeps its place).
template <class T>
struct LargeArrayAllocator {
    using value_type = T;
    using propagate_on_container_move_assignment = std::true_type;
    using propagate_on_container_swap = std::true_type;
    using is_always_equal = std::false_type;
    LargeArrayAllocator() = default;
    explicit LargeArrayAllocator(const ArrayFiles* f) noexcept : files(f) {}
    template <class U>
    LargeArrayAllocator(const LargeArrayAllocator<U>& o) noexcept : files(o.files) {}
    T* allocate(std::size_t n) {
        if (n > std::size_t(-1) / sizeof(T)) throw std::bad_array_new_length();
        if (files) return static_cast<T*>(files->map(n * sizeof(T)));
        return static_cast<T*>(detail::allocate_large(n * sizeof(T)));
    }
    void deallocate(T* p, std::size_t n) noexcept {
        if (files) {
            ArrayFiles::unmap(p, n * sizeof(T));
        } else {
            detail::free_large(p, n * sizeof(T));
        }
    }
    // Copies are made in memory.
    LargeArrayAllocator select_on_container_copy_construction() const { return {}; }
    template <class U>
    bool operator==(const LargeArrayAllocator<U>& o) const noexcept {
        return files == o.files;
    }

    const ArrayFiles* files = nullptr;  // null: memory
};

template <class T>
using LargeVector = std::vector<T, LargeArrayAllocator<T>>;

// Whether v's elements live in a file (ArrayFiles) rather than in memory.
template <class T>
bool in_files(const LargeVector<T>& v) {
    return v.get_allocator().files != nullptr && v.capacity() > 0;
}

// Elements [begin, end) of an array in files written out and dropped from memory: the pages a
// solver is done with for now. Nothing for an array in memory.
template <class T>
void page_out(const LargeVector<T>& v, std::size_t begin, std::size_t end) {
#if defined(__linux__) && defined(MADV_PAGEOUT)
    if (!in_files(v) || begin >= end) return;
    const auto first =
        reinterpret_cast<std::uintptr_t>(v.data() + begin) / detail::kPage * detail::kPage;
    const auto last = reinterpret_cast<std::uintptr_t>(v.data() + end);
    madvise(reinterpret_cast<void*>(first), last - first, MADV_PAGEOUT);
#else
    (void)v, (void)begin, (void)end;
#endif
}

}  // namespace dtb
