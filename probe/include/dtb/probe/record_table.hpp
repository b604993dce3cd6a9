// A table of records, the steps and distance tables beside a counters' table (docs/file-format.md
// "Record tables"). Word 0 is the words a record; words 1 to kStepsKeyWords the number of
// records, low word first; then the records by rising index of the position (White to move),
// each its index in kStepsKeyWords words, low first, and its words, the unused ones kNoStep.
#pragma once

#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <string>
#include <vector>

#include "dtb/core/counters_value.hpp"
#include "dtb/core/material.hpp"
#include "dtb/core/value.hpp"
#include "dtb/probe/status.hpp"
#include "dtb/probe/store.hpp"

namespace dtb::probe {

template <class S>
class RecordTable {
  public:
    RecordTable(const S& store, const Material& m, ValueKind kind)
        : store_(&store), m_(m), kind_(kind) {}

    // Reads the table's head; the other calls need it read.
    Status open(std::string* message) {
        if constexpr (kKeepsMemo) {
            memo_ = store_->memo(m_, kind_);
            if (!memo_.numbers.empty()) return open_kept(message);
        }
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
        if (const Status st = narrow(index, lo, hi, message); st != Status::ok) return st;
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
    // A store that keeps what a reader works out (Store::memo): the first key of each block,
    // so that a search reads words of one block only once the blocks' keys are known.
    static constexpr bool kKeepsMemo = requires(const S& s, const Material& m, ValueKind k) {
        { s.memo(m, k) } -> std::same_as<Store::Memo>;
    };

    // The head from the memo, else read and kept there; the blocks in which a record begins
    // (no more than the table has, whatever a damaged head says).
    Status open_kept(std::string* message) {
        static_assert(16 + 16 * kStepsKeyWords <= 64, "the head packs into one number");
        std::atomic<std::uint64_t>& head = memo_.numbers[0];
        if (const std::uint64_t kept = head.load(std::memory_order_relaxed);
            kept != Store::kNotKept) {
            per_ = std::uint16_t(kept);
            count_ = kept >> 16;
        } else {
            if (const Status st = word(0, per_, message); st != Status::ok) return st;
            if (const Status st = number(1, count_, message); st != Status::ok) return st;
            head.store(per_ | count_ << 16, std::memory_order_relaxed);
        }
        const std::uint64_t blocks = memo_.numbers.size() - 1, bp = memo_.block_positions;
        if (size() == 0 || bp == 0) return Status::ok;
        const std::uint64_t last = std::min(size() - 1, blocks * bp / per_);  // the last record
        blocks_ = std::min((kBase + last * per_) / bp + 1, blocks);
        return Status::ok;
    }

    // The first record that begins in block b.
    std::uint64_t first_in_block(std::uint64_t b) const {
        const std::uint64_t word = b * memo_.block_positions;
        return word <= kBase ? 0 : std::min((word - kBase + per_ - 1) / per_, size());
    }

    // Narrows [lo, hi) to the records beginning in the block where `index` would be, by
    // bisection over the blocks' first keys, each read once and kept (where the store keeps a
    // memo; else the bisection over every record is left as it is).
    Status narrow(std::uint64_t index, std::uint64_t& lo, std::uint64_t& hi,
                  std::string* message) const {
        if (blocks_ == 0) return Status::ok;
        // The last block whose first key is at most index; none: index precedes every record.
        std::uint64_t below = 0, above = blocks_;
        while (above - below > 1) {
            const std::uint64_t mid = below + (above - below) / 2;
            std::uint64_t key = 0;
            if (const Status st = block_key(mid, key, message); st != Status::ok) return st;
            (key <= index ? below : above) = mid;
        }
        lo = first_in_block(below);
        if (above < blocks_) hi = first_in_block(above);
        return Status::ok;
    }

    Status block_key(std::uint64_t b, std::uint64_t& key, std::string* message) const {
        std::atomic<std::uint64_t>& kept = memo_.numbers[1 + b];
        key = kept.load(std::memory_order_relaxed);
        if (key != Store::kNotKept) return Status::ok;
        if (const Status st = number(kBase + first_in_block(b) * per_, key, message);
            st != Status::ok)
            return st;
        kept.store(key, std::memory_order_relaxed);
        return Status::ok;
    }

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
    Store::Memo memo_;
    std::uint64_t blocks_ = 0;  // where memo_ is kept: the blocks in which a record begins
};

}  // namespace dtb::probe
