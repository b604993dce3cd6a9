// dtb gen resuming in a directory that already holds tables (gen/generate.hpp,
// gen/run/resume_plan.hpp): whatever was there — a finished run, a killed one, a damaged table, a
// lost manifest — the directory ends byte for byte as a fresh run writes it, and finished
// slices are held again in memory (read back from their tables, or solved again where these
// hold too little) only where a slice still to solve needs them.
#include <gtest/gtest.h>

#include <algorithm>

#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "../compress/compress_test_support.hpp"
#include "dtb/compress/table_dir.hpp"
#include "dtb/gen/generate.hpp"

namespace dtb::test {
namespace {

constexpr int kPieces = 3;

gen::GenSummary generate(const std::filesystem::path& dir, std::vector<std::string>* warnings,
                         std::optional<Material> only = std::nullopt,
                         std::vector<gen::SliceEvent>* events = nullptr, bool distances = false) {
    gen::GenOptions o;
    o.pieces = kPieces;
    o.distances = distances;
    o.out = dir;
    o.compression = compress::Compression::fast;
    o.only = only;
    gen::GenCallbacks cb;
    if (warnings) cb.warning = [warnings](const std::string& w) { warnings->push_back(w); };
    if (events) cb.finished = [events](const gen::SliceEvent& e) { events->push_back(e); };
    return gen::generate(VariantId::russian, o, cb);
}

// A fresh run's directory, made once.
const std::filesystem::path& fresh() {
    static TempDir dir;
    static const bool made = (generate(dir.path, nullptr), true);
    (void)made;
    return dir.path;
}

void copy_fresh(const std::filesystem::path& to) {
    std::filesystem::copy(fresh(), to,
                          std::filesystem::copy_options::recursive |
                              std::filesystem::copy_options::overwrite_existing);
}

const int kSlices = int(materials_up_to(kPieces).size());

void remove_tables(const std::filesystem::path& dir, const Material& m) {
    for (const auto kind : kValueKinds)
        std::filesystem::remove(dir / compress::table_file_name(m, kind));
}

// Rewrites dir's manifest after f has changed its list of slice entries.
template <class F>
void edit_manifest(const std::filesystem::path& dir, F&& f) {
    nlohmann::ordered_json manifest;
    std::ifstream(dir / "manifest.json") >> manifest;
    f(manifest.at("slices"));
    std::ofstream(dir / "manifest.json") << manifest.dump(2) << "\n";
}

TEST(GenResume, AFinishedDirectoryIsCheckedAndKeptWithoutReadingItBack) {
    TempDir dir;
    copy_fresh(dir.path);
    std::vector<std::string> warnings;
    const auto sum = generate(dir.path, &warnings);
    EXPECT_EQ(sum.slices_solved, 0);
    EXPECT_EQ(sum.slices_kept, kSlices);
    EXPECT_EQ(sum.slices_read_back + sum.slices_solved_again, 0);
    EXPECT_TRUE(warnings.empty());
    expect_same_files(fresh(), dir.path);
}

TEST(GenResume, DistancesAskedOfAFinishedRunAreWrittenForWhatItKeeps) {
    TempDir dir, with;
    copy_fresh(dir.path);
    std::vector<std::string> warnings;
    const auto sum = generate(dir.path, &warnings, std::nullopt, nullptr, true);
    EXPECT_EQ(sum.slices_solved, 0);
    EXPECT_GT(sum.counters_kept, 0);  // the others are solved again (carries_force)
    EXPECT_GT(sum.distance_bytes, 0U);
    EXPECT_TRUE(warnings.empty());
    generate(with.path, nullptr, std::nullopt, nullptr, true);
    expect_same_files(with.path, dir.path);
    // Asked again, the same, and no distance table written again: those of the materials whose
    // counters are solved again to be held stand too.
    EXPECT_EQ(generate(dir.path, nullptr, std::nullopt, nullptr, true).distance_bytes, 0U);
    expect_same_files(with.path, dir.path);
    // Damaged ones are written again, wherever the counters come from.
    for (const auto& e : std::filesystem::directory_iterator(dir.path)) {
        if (e.path().string().find("distance.dtb") == std::string::npos) continue;
        auto bytes = read_bytes(e.path());
        bytes.back() ^= 0x5a;
        write_bytes(e.path(), bytes);
    }
    EXPECT_GT(generate(dir.path, nullptr, std::nullopt, nullptr, true).distance_bytes, 0U);
    expect_same_files(with.path, dir.path);
}

TEST(GenResume, AKilledRunEndsAsAFreshOne) {
    // Killed while writing the tables of the materials after the first half: their tables
    // are gone (one left as a temporary file) and the manifest stops before them.
    TempDir dir;
    copy_fresh(dir.path);
    const auto order = materials_up_to(kPieces);
    const std::size_t done = order.size() / 2;
    for (std::size_t k = done; k < order.size(); ++k) remove_tables(dir.path, order[k]);
    const auto partial = compress::table_file_name(order.back(), kValueKinds[0]);
    write_bytes(dir.path / (partial + ".tmp"), {'x', 'y'});
    edit_manifest(dir.path, [&](nlohmann::ordered_json& slices) {
        slices.erase(slices.begin() + std::ptrdiff_t(done), slices.end());
    });

    std::vector<std::string> warnings;
    std::vector<gen::SliceEvent> events;
    const auto sum = generate(dir.path, &warnings, std::nullopt, &events);
    EXPECT_TRUE(warnings.empty());
    EXPECT_GE(sum.slices_solved, kSlices - int(done));
    EXPECT_EQ(sum.slices_solved + sum.slices_kept, kSlices);
    // What the slices solved need is read back from its tables, not everything kept, and
    // nothing is solved again; the progress says which.
    EXPECT_GT(sum.slices_read_back, 0);
    EXPECT_LT(sum.slices_read_back, sum.slices_kept);
    EXPECT_EQ(sum.slices_solved_again, 0);
    EXPECT_EQ(std::count_if(events.begin(), events.end(),
                            [](const gen::SliceEvent& e) { return e.read_back && e.kept; }),
              sum.slices_read_back);
    expect_same_files(fresh(), dir.path);
}

TEST(GenResume, ADamagedTableIsNamedAndItsSliceSolvedAgain) {
    TempDir dir;
    copy_fresh(dir.path);
    const auto damaged = dir.path / "KMvK.dtw.dtb";
    auto bytes = read_bytes(damaged);
    ASSERT_GT(bytes.size(), 100u);
    bytes[bytes.size() - 20] ^= 0x10;  // in the compressed blocks
    write_bytes(damaged, bytes);

    std::vector<std::string> warnings;
    const auto sum = generate(dir.path, &warnings);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("KMvK.dtw.dtb"), std::string::npos) << warnings[0];
    EXPECT_NE(warnings[0].find("solving KMvK again"), std::string::npos) << warnings[0];
    // KMvK, and its twin KvKM when that comes later in the order (written with it).
    EXPECT_GE(sum.slices_solved, 1);
    EXPECT_LE(sum.slices_solved, 2);
    expect_same_files(fresh(), dir.path);
}

TEST(GenResume, ALostManifestIsRebuiltFromTheTables) {
    TempDir dir;
    copy_fresh(dir.path);
    std::filesystem::remove(dir.path / "manifest.json");
    const auto sum = generate(dir.path, nullptr);
    EXPECT_EQ(sum.slices_solved, 0);
    // The statistics come from the values: one material of each twin pair is solved again
    // (not read back, which gives no statistics), the other takes them flipped.
    const auto order = materials_up_to(kPieces);
    int pairs = 0;
    for (std::size_t k = 0; k < order.size(); ++k)
        pairs += std::find(order.begin(), order.begin() + std::ptrdiff_t(k), order[k].flipped()) ==
                 order.begin() + std::ptrdiff_t(k);
    EXPECT_EQ(sum.slices_kept, kSlices);
    EXPECT_EQ(sum.slices_solved_again, pairs);
    EXPECT_EQ(sum.slices_read_back, 0);
    expect_same_files(fresh(), dir.path);
}

TEST(GenResume, AManifestEntryThatCannotDescribeItsSliceIsRebuilt) {
    TempDir dir;
    copy_fresh(dir.path);
    edit_manifest(dir.path, [](nlohmann::ordered_json& slices) {
        for (auto& s : slices)
            if (s.at("material") == "KKvM") s.at("sides").at(1).at("wins") = 1;  // sum broken
    });
    const auto sum = generate(dir.path, nullptr);
    EXPECT_EQ(sum.slices_solved, 0);
    EXPECT_GT(sum.slices_solved_again, 0);
    expect_same_files(fresh(), dir.path);
}

TEST(GenResume, ATwinWithoutItsEntryTakesItFromTheSliceSolvedAgain) {
    // Stopped after the twin of KKvK and KvKK that comes later in the order was written but
    // before its turn recorded it, and before KMvK: the other, which KMvK promotes into (or
    // its twin), is solved again, and the later one's entry comes from its statistics; the
    // later one itself is not solved again.
    const auto order = materials_up_to(kPieces);
    const auto a = *Material::parse("KKvK"), b = *Material::parse("KvKK");
    const bool a_first =
        std::find(order.begin(), order.end(), a) < std::find(order.begin(), order.end(), b);
    const std::string first = (a_first ? a : b).name(), later = (a_first ? b : a).name();
    TempDir dir;
    copy_fresh(dir.path);
    remove_tables(dir.path, *Material::parse("KMvK"));
    edit_manifest(dir.path, [&](nlohmann::ordered_json& slices) {
        for (auto it = slices.begin(); it != slices.end(); ++it)
            if (it->at("material") == later) {
                slices.erase(it);
                break;
            }
    });
    std::vector<gen::SliceEvent> events;
    const auto sum = generate(dir.path, nullptr, std::nullopt, &events);
    auto event = [&](const std::string& name) {
        return *std::find_if(events.begin(), events.end(),
                             [&](const gen::SliceEvent& e) { return e.material.name() == name; });
    };
    EXPECT_TRUE(event(first).solved_again);
    EXPECT_TRUE(event(later).kept);
    EXPECT_FALSE(event(later).solved_again);
    // KMvK, and its twin KvKM when that comes later in the order (written with it).
    EXPECT_GE(sum.slices_solved, 1);
    EXPECT_LE(sum.slices_solved, 2);
    expect_same_files(fresh(), dir.path);
}

TEST(GenResume, OnlyNamesTheTableItCannotDoWithout) {
    // --only KMvK with KMvK gone: its promotion leads to KKvK, whose Black to move is in
    // KvKK's tables; without them KKvK cannot be read there, and --only solves nothing else.
    TempDir dir;
    copy_fresh(dir.path);
    remove_tables(dir.path, *Material::parse("KMvK"));
    std::filesystem::remove(dir.path / "KvKK.wdl.dtb");
    try {
        generate(dir.path, nullptr, Material::parse("KMvK"));
        FAIL() << "generated without a table it needs";
    } catch (const compress::TableError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("KvKK.wdl.dtb"), std::string::npos) << what;
        EXPECT_NE(what.find("KMvK needs KKvK"), std::string::npos) << what;
    }
    EXPECT_FALSE(std::filesystem::exists(dir.path / "KMvK.wdl.dtb"));
}

}  // namespace
}  // namespace dtb::test
