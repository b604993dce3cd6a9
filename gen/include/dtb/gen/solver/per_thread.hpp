// One object per thread of a parallel loop, each on cache lines of its own. Per-thread
// vectors side by side in one array would share a line between their headers, and every
// push_back of one thread would take the line from the other.
#pragma once

#include <cstddef>
#include <vector>

namespace dtb::gen {

template <class T>
class PerThread {
    struct alignas(64) Slot {
        T value;
    };
    template <class It, class U>
    struct Iterator {
        It it;
        U& operator*() const { return it->value; }
        Iterator& operator++() {
            ++it;
            return *this;
        }
        bool operator!=(const Iterator& o) const { return it != o.it; }
    };

  public:
    explicit PerThread(std::size_t threads = 0) : slots_(threads) {}
    void resize(std::size_t threads) { slots_.resize(threads); }
    std::size_t size() const { return slots_.size(); }
    T& operator[](std::size_t t) { return slots_[t].value; }
    const T& operator[](std::size_t t) const { return slots_[t].value; }
    auto begin() { return Iterator<typename std::vector<Slot>::iterator, T>{slots_.begin()}; }
    auto end() { return Iterator<typename std::vector<Slot>::iterator, T>{slots_.end()}; }
    auto begin() const {
        return Iterator<typename std::vector<Slot>::const_iterator, const T>{slots_.begin()};
    }
    auto end() const {
        return Iterator<typename std::vector<Slot>::const_iterator, const T>{slots_.end()};
    }

  private:
    std::vector<Slot> slots_;
};

}  // namespace dtb::gen
