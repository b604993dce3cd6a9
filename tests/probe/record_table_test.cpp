// The record tables' search (probe/record_table.hpp) over a store held in memory: every record
// found, every index between them not, whether the indexes spread evenly or crowd at one end,
// and no more words read than a bisection needs.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <string>
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

// One word a record: the index's low word.
WordStore table_of(const std::vector<std::uint64_t>& indexes) {
    WordStore s;
    s.words = {std::uint16_t(kStepsKeyWords + 1)};
    for (int i = 0; i < kStepsKeyWords; ++i)
        s.words.push_back(std::uint16_t(std::uint64_t(indexes.size()) >> (16 * i)));
    for (const std::uint64_t x : indexes) {
        for (int i = 0; i < kStepsKeyWords; ++i) s.words.push_back(std::uint16_t(x >> (16 * i)));
        s.words.push_back(std::uint16_t(x));
    }
    return s;
}

void expect_finds(const std::vector<std::uint64_t>& indexes, std::uint64_t keys) {
    const WordStore s = table_of(indexes);
    probe::RecordTable<WordStore> t(s, Material{}, ValueKind::counters_distance);
    ASSERT_EQ(t.open(nullptr), probe::Status::ok);
    const std::set<std::uint64_t> present(indexes.begin(), indexes.end());
    std::uint64_t most = 0;
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
    // A bisection's steps, each reading an index, then the record.
    int steps = 1;
    while ((std::uint64_t(1) << steps) <= indexes.size()) ++steps;
    EXPECT_LE(most, std::uint64_t(steps * kStepsKeyWords + kStepsKeyWords + 1));
}

TEST(RecordTable, FindsEveryRecordAndNothingElse) {
    std::mt19937_64 rng(7);
    for (const double share : {0.02, 0.5, 1.0}) {
        std::vector<std::uint64_t> even;
        for (std::uint64_t x = 0; x < 20000; ++x)
            if (std::uniform_real_distribution<double>(0, 1)(rng) < share) even.push_back(x);
        expect_finds(even, 20000);
    }
    // Crowded at one end, where guessing from the ends is far off.
    std::vector<std::uint64_t> crowded;
    for (std::uint64_t x = 0; x < 3000; ++x) crowded.push_back(x);
    crowded.push_back(19999);
    expect_finds(crowded, 20000);
    expect_finds({}, 100);
    expect_finds({0}, 1);
    expect_finds({99}, 100);
}

}  // namespace
}  // namespace dtb::test
