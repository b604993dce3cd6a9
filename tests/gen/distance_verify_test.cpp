// dtb verify on the distance tables (gen/src/verify_distances.hpp): a set written with
// --distances checks, and a distance table whose records were stretched by two plies does not.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "../compress/compress_test_support.hpp"
#include "dtb/compress/manifest.hpp"
#include "dtb/compress/table_dir.hpp"
#include "dtb/compress/table_writer.hpp"
#include "dtb/core/counters_value.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/verify.hpp"
#include "dtb/probe/store.hpp"

namespace dtb::test {
namespace {

namespace fs = std::filesystem;

void generate_with_distances(const fs::path& dir) {
    gen::GenOptions o;
    o.pieces = 3;
    o.out = dir;
    o.compression = compress::Compression::fast;
    o.distances = true;
    gen::generate(VariantId::english, o, {});
}

gen::VerifyReport verify(const fs::path& dir, int samples) {
    const auto manifest = compress::Manifest::read(dir);
    gen::VerifyOptions o;
    o.samples = samples;
    return gen::verify_tables(dir, VariantId::english, &manifest, o);
}

// The words of a record table, read back whole.
std::vector<std::uint16_t> table_words(const fs::path& dir, const Material& m, ValueKind kind) {
    const probe::Store store(dir, VariantId::english, 1 << 20);
    std::uint16_t per = 0;
    std::uint64_t count = 0;
    EXPECT_EQ(store.lookup(m, kind, 0, per), probe::Status::ok);
    for (int i = 0; i < kStepsKeyWords; ++i) {
        std::uint16_t w = 0;
        EXPECT_EQ(store.lookup(m, kind, std::uint64_t(1 + i), w), probe::Status::ok);
        count |= std::uint64_t(w) << (16 * i);
    }
    std::vector<std::uint16_t> words(1 + kStepsKeyWords + count * per);
    for (std::uint64_t i = 0; i < words.size(); ++i)
        EXPECT_EQ(store.lookup(m, kind, i, words[i]), probe::Status::ok);
    return words;
}

TEST(DistanceVerify, ASetWithDistancesChecksAndAStretchedRecordIsFound) {
    TempDir dir;
    generate_with_distances(dir.path);
    const gen::VerifyReport sound = verify(dir.path, 200);
    EXPECT_TRUE(sound.ok());
    EXPECT_GT(sound.distance_samples.checked, 1000U);
    EXPECT_EQ(sound.distance_samples.failed, 0U);

    // The distance table with the fewest records, at least one: all of them are sampled.
    const ValueKind kind = ValueKind::counters_distance;
    Material m;
    std::vector<std::uint16_t> words;
    std::uint64_t records = 0;
    for (const auto& e : fs::directory_iterator(dir.path)) {
        const auto t = compress::parse_table_file_name(e.path().filename().string());
        if (!t || t->kind != kind) continue;
        auto w = table_words(dir.path, t->material, kind);
        const std::uint64_t n = (w.size() - 1 - kStepsKeyWords) / w[0];
        if (n > 0 && (records == 0 || n < records)) {
            m = t->material;
            words = std::move(w);
            records = n;
        }
    }
    ASSERT_GT(records, 0U);
    ASSERT_LE(records, 1000U) << m.name();
    const std::uint16_t per = words[0];
    for (std::uint64_t r = 0; r < records; ++r)
        for (std::uint64_t w = kStepsKeyWords; w + 1 < per; w += kWordsPerDistanceStep) {
            std::uint16_t* step = &words[1 + kStepsKeyWords + r * per + w];
            if (step[0] != kNoStep) step[1] = std::uint16_t(step[1] + 2);
        }
    const std::vector<std::uint8_t> left_out(words.size(), 0);
    compress::write_table(dir.path / compress::table_file_name(m, kind),
                          {VariantId::english, m, kind}, std::span<const std::uint16_t>(words),
                          std::span<const std::uint8_t>(left_out), {});
    const gen::VerifyReport longer = verify(dir.path, int(2 * records));
    EXPECT_FALSE(longer.ok());
    EXPECT_GT(longer.distance_samples.failed, 0U);
    ASSERT_FALSE(longer.distance_samples.failures.empty());
    EXPECT_NE(longer.distance_samples.failures[0].stored.find("plies"), std::string::npos);
}

}  // namespace
}  // namespace dtb::test
