// The record tables' search (probe/record_table.hpp) over a store held in memory: every record
// found, every index between them not, whether the indexes spread evenly or crowd at one end,
// and no more words read than a bisection needs; where the store keeps the blocks' first keys
// (Store::memo), no more than a bisection within one block needs once they are kept.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "dtb/probe/record_table.hpp"

namespace dtb::test {
namespace {

// A record table's words, as the store would give them; counts the lookups.
struct WordStore {
    std::vector<std::uint16_t> words;
    mutable std::uint64_t lookups = 0;
    probe::Status lookup(const Material&, ValueKind, std::uint64_t at, std::uint16_t& w,
                         std::string* message) const {
        ++lookups;
        if (at >= words.size()) {
            if (message) *message = "past the end";
            return probe::Status::corrupt;
        }
        w = words[at];
        return probe::Status::ok;
    }
};

// The same words in blocks of kBlock, and a memo as probe::Store keeps one.
struct MemoStore : WordStore {
    static constexpr std::uint32_t kBlock = 64;
    std::unique_ptr<std::atomic<std::uint64_t>[]> numbers;
    std::size_t size = 0;
    probe::Store::Memo memo(const Material&, ValueKind) const {
        return {std::span(numbers.get(), size), kBlock};
    }
};

// One word a record: the index's low word.
template <class S = WordStore>
S table_of(const std::vector<std::uint64_t>& indexes) {
    S s;
    s.words = {std::uint16_t(kStepsKeyWords + 1)};
    for (int i = 0; i < kStepsKeyWords; ++i)
        s.words.push_back(std::uint16_t(std::uint64_t(indexes.size()) >> (16 * i)));
    for (const std::uint64_t x : indexes) {
        for (int i = 0; i < kStepsKeyWords; ++i) s.words.push_back(std::uint16_t(x >> (16 * i)));
        s.words.push_back(std::uint16_t(x));
    }
    if constexpr (std::is_same_v<S, MemoStore>) {
        s.size = 1 + (s.words.size() + MemoStore::kBlock - 1) / MemoStore::kBlock;
        s.numbers = std::make_unique<std::atomic<std::uint64_t>[]>(s.size);
        for (std::size_t i = 0; i < s.size; ++i) s.numbers[i] = probe::Store::kNotKept;
    }
    return s;
}

// The bisection steps over n records.
std::uint64_t steps_over(std::uint64_t n) {
    std::uint64_t steps = 1;
    while ((std::uint64_t(1) << steps) <= n) ++steps;
    return steps;
}

template <class S = WordStore>
void expect_finds(const std::vector<std::uint64_t>& indexes, std::uint64_t keys) {
    const S s = table_of<S>(indexes);
    probe::RecordTable<S> t(s, Material{}, ValueKind::counters_distance);
    ASSERT_EQ(t.open(nullptr), probe::Status::ok);
    const std::set<std::uint64_t> present(indexes.begin(), indexes.end());
    std::uint64_t most = 0;
    if constexpr (std::is_same_v<S, MemoStore>) {  // the blocks' keys kept by a first pass
        for (std::uint64_t x = 0; x < keys; ++x) {
            std::vector<std::uint16_t> words;
            bool found = false;
            ASSERT_EQ(t.find(x, words, found, nullptr), probe::Status::ok);
        }
        probe::RecordTable<S> again(s, Material{}, ValueKind::counters_distance);
        s.lookups = 0;
        ASSERT_EQ(again.open(nullptr), probe::Status::ok);
        EXPECT_EQ(s.lookups, 0U);  // the head is kept too
    }
    for (std::uint64_t x = 0; x < keys; ++x) {
        std::vector<std::uint16_t> words;
        bool found = true;
        s.lookups = 0;
        ASSERT_EQ(t.find(x, words, found, nullptr), probe::Status::ok);
        most = std::max(most, s.lookups);
        ASSERT_EQ(found, present.count(x) == 1) << x;
        if (found) {
            ASSERT_EQ(words.size(), 1U);
            EXPECT_EQ(words[0], std::uint16_t(x));
        }
    }
    // A bisection's steps, each reading an index, then the record: over every record, or over
    // those beginning in one block where the blocks' first keys are kept.
    const std::uint64_t per = kStepsKeyWords + 1;
    const std::uint64_t over =
        std::is_same_v<S, MemoStore> ? MemoStore::kBlock / per + 1 : indexes.size();
    EXPECT_LE(most, steps_over(over) * kStepsKeyWords + kStepsKeyWords + 1);
}

// Records spread evenly at three densities, crowded at one end (where guessing from the ends
// is far off), and the smallest tables, among `keys` indexes.
template <class S>
void expect_finds_at_every_spread(std::uint64_t keys, unsigned seed) {
    std::mt19937_64 rng(seed);
    for (const double share : {0.02, 0.5, 1.0}) {
        std::vector<std::uint64_t> even;
        for (std::uint64_t x = 0; x < keys; ++x)
            if (std::uniform_real_distribution<double>(0, 1)(rng) < share) even.push_back(x);
        expect_finds<S>(even, keys);
    }
    std::vector<std::uint64_t> crowded;
    for (std::uint64_t x = 0; x < keys * 3 / 20; ++x) crowded.push_back(x);
    crowded.push_back(keys - 1);
    expect_finds<S>(crowded, keys);
    expect_finds<S>({}, 100);
    expect_finds<S>({0}, 1);
    expect_finds<S>({99}, 100);
}

TEST(RecordTable, FindsEveryRecordAndNothingElse) {
    expect_finds_at_every_spread<WordStore>(20000, 7);
}

TEST(RecordTable, FindsEveryRecordWithTheBlocksKeysKept) {
    expect_finds_at_every_spread<MemoStore>(5000, 11);
}

}  // namespace
}  // namespace dtb::test
