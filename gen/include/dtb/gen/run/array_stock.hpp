// Arrays of slices a run no longer needs (a twin once written, a slice's DTC and capture
// flags, a slice nothing later reads), kept for the slices after it instead of handed back to
// the kernel, which zeroes a fresh array's pages when first touched. Owned by the run
// (gen/src/run/residency.hpp), used between the parallel loops only. While the run puts a
// slice too large for its memory in files (put_in), the arrays it hands out are new ones
// in those files; arrays in files given back are freed, not kept.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "dtb/core/large_array.hpp"

namespace dtb::gen {

class ArrayStock {
  public:
    // Keeps v's memory (v is left empty).
    template <class T>
    void give(LargeVector<T>& v) {
        if (dtb::in_files(v)) LargeVector<T>().swap(v);  // freed: memory is what is short
        if (v.capacity() == 0) return;
        v.clear();
        auto& k = kept<T>();
        k.push_back(std::move(v));
        v = {};
        // The largest are kept: a run's slices grow more often than they shrink.
        std::sort(k.begin(), k.end(),
                  [](const auto& a, const auto& b) { return a.capacity() > b.capacity(); });
        if (k.size() > kKept) k.resize(kKept);
    }

    // An empty array whose capacity holds n elements: the smallest kept one that does,
    // unless it is more than twice as large (it would hold memory a smaller slice does not
    // need), else a new one. On a miss the kept arrays too small for n are freed: they would
    // stay kept beside the new one, and the run's peak memory with them.
    template <class T>
    LargeVector<T> take(std::size_t n) {
        if (files_) {
            LargeVector<T> v{LargeArrayAllocator<T>(files_)};
            v.reserve(n);
            return v;
        }
        auto& k = kept<T>();
        for (std::size_t i = k.size(); i-- > 0;) {  // smallest first
            if (k[i].capacity() < n) continue;
            if (k[i].capacity() / 2 > n) break;
            LargeVector<T> v = std::move(k[i]);
            k.erase(k.begin() + std::ptrdiff_t(i));
            return v;
        }
        std::erase_if(k, [&](const LargeVector<T>& v) { return v.capacity() < n; });
        LargeVector<T> v;
        v.reserve(n);
        return v;
    }

    // The memory the kept arrays take, and letting go of it.
    std::uint64_t bytes() const {
        std::uint64_t n = 0;
        for (const auto& v : bytes_) n += v.capacity();
        for (const auto& v : words_) n += 2 * v.capacity();
        return n;
    }
    void clear() {
        bytes_.clear();
        words_.clear();
    }

    // From now on the arrays handed out are in `files` (null: in memory again).
    void put_in(const ArrayFiles* files) { files_ = files; }

    // How many arrays of element type T are kept.
    template <class T>
    std::size_t kept_count() const {
        return kept_of<T>(*this).size();
    }

  private:
    // Of each element type: what one slice takes (WDL and capture flags, DTW and DTC, both
    // sides); more would be memory held for nothing at the run's peak.
    static constexpr std::size_t kKept = 4;

    template <class T>
    std::vector<LargeVector<T>>& kept() {
        return kept_of<T>(*this);
    }
    template <class T, class Self>
    static auto& kept_of(Self& self) {
        static_assert(std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::uint16_t>,
                      "bytes and half-words are kept");
        if constexpr (std::is_same_v<T, std::uint8_t>) {
            return self.bytes_;
        } else {
            return self.words_;
        }
    }

    std::vector<LargeVector<std::uint8_t>> bytes_;
    std::vector<LargeVector<std::uint16_t>> words_;
    const ArrayFiles* files_ = nullptr;
};

}  // namespace dtb::gen
