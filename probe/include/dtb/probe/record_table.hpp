// A table of records, the steps and distance tables beside a counters' table (docs/file-format.md
// "Record tables"). Word 0 is the words a record; words 1 to kStepsKeyWords the number of
// records, low word first; then the records by rising index of the position (White to move),
// each its index in kStepsKeyWords words, low first, and its words, the unused ones kNoStep.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dtb/core/counters_value.hpp"
#include "dtb/core/material.hpp"
#include "dtb/core/value.hpp"
#include "dtb/probe/status.hpp"

namespace dtb::probe {

template <class S>
class RecordTable {
  public:
    RecordTable(const S& store, const Material& m, ValueKind kind)
        : store_(&store), m_(m), kind_(kind) {}

    // Reads the table's head; the other calls need it read.
    Status open(std::string* message) {
        if (const Status st = word(0, per_, message); st != Status::ok) return st;
        return number(1, count_, message);
    }
    std::uint64_t size() const { return per_ > kStepsKeyWords ? count_ : 0; }

    // Record r: the position's index and its words up to the first unused one.
    Status read(std::uint64_t r, std::uint64_t& index, std::vector<std::uint16_t>& words,
                std::string* message) const {
        words.clear();
        const std::uint64_t at = kBase + r * per_;
        if (const Status st = number(at, index, message); st != Status::ok) return st;
        for (std::uint64_t i = kStepsKeyWords; i < per_; ++i) {
            std::uint16_t w = 0;
            if (const Status st = word(at + i, w, message); st != Status::ok) return st;
            if (w == kNoStep) break;
            words.push_back(w);
        }
        return Status::ok;
    }

    // The record of the position at `index`, by bisection, and whether there is one.
    Status find(std::uint64_t index, std::vector<std::uint16_t>& words, bool& found,
                std::string* message) const {
        found = false;
        std::uint64_t lo = 0, hi = size();
        while (lo < hi) {
            const std::uint64_t mid = lo + (hi - lo) / 2;
            std::uint64_t at = 0;
            if (const Status st = number(kBase + mid * per_, at, message); st != Status::ok)
                return st;
            if (at < index) {
                lo = mid + 1;
            } else if (at > index) {
                hi = mid;
            } else {
                found = true;
                return read(mid, at, words, message);
            }
        }
        return Status::ok;
    }

  private:
    static constexpr std::uint64_t kBase = 1 + kStepsKeyWords;

    Status word(std::uint64_t at, std::uint16_t& w, std::string* message) const {
        return store_->lookup(m_, kind_, at, w, message);
    }
    Status number(std::uint64_t at, std::uint64_t& x, std::string* message) const {
        x = 0;
        for (int i = 0; i < kStepsKeyWords; ++i) {
            std::uint16_t w = 0;
            if (const Status st = word(at + std::uint64_t(i), w, message); st != Status::ok)
                return st;
            x |= std::uint64_t(w) << (16 * i);
        }
        return Status::ok;
    }

    const S* store_;
    Material m_;
    ValueKind kind_;
    std::uint16_t per_ = 0;
    std::uint64_t count_ = 0;
};

}  // namespace dtb::probe
