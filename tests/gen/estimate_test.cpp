// dtb gen's estimate of what a run needs (gen/estimate.hpp) against the runs it was fitted
// to (docs/performance.md, docs/rules.md: peak memory and tables of `dtb gen ...
// --compression fast`, 2 threads): at or above each measured peak, and not far above.
#include <gtest/gtest.h>

#include <algorithm>

#include "dtb/core/index.hpp"
#include "dtb/gen/estimate.hpp"
#include "dtb/gen/generate.hpp"

namespace dtb::gen {
namespace {

GenEstimate estimate_of(VariantId v, int pieces, bool rules, bool wdl_only = false) {
    GenOptions o;
    o.pieces = pieces;
    o.compression = compress::Compression::fast;
    o.rules = rules;
    o.wdl_only = wdl_only;
    return estimate(v, o);
}

// Within [1, 1.3] times the measured peak (bytes).
void expect_near_above(std::uint64_t estimate, double measured, const char* what) {
    EXPECT_GE(double(estimate), measured) << what;
    EXPECT_LE(double(estimate), 1.3 * measured) << what;
}

TEST(GenEstimate, MemoryOfMeasuredRuns) {
    constexpr double KiB = 1024, MiB = 1024 * KiB;
    expect_near_above(estimate_of(VariantId::russian, 6, false).memory, 7340192 * KiB,
                      "russian 6 pure");
    expect_near_above(estimate_of(VariantId::international, 5, false).memory, 5197800 * KiB,
                      "international 5 pure");
    expect_near_above(estimate_of(VariantId::russian, 5, false).memory, 515 * MiB,
                      "russian 5 pure");
    expect_near_above(estimate_of(VariantId::international, 4, false).memory, 192 * MiB,
                      "international 4 pure");
    expect_near_above(estimate_of(VariantId::russian, 5, true).memory, 1121 * MiB,
                      "russian 5 with the rules tables");
    EXPECT_GE(double(estimate_of(VariantId::international, 5, true).memory), 10.8e9);
    EXPECT_GE(double(estimate_of(VariantId::international, 4, true).memory), 457 * MiB);
    expect_near_above(estimate_of(VariantId::russian, 6, true).memory, 17960696 * KiB,
                      "russian 6 with the rules tables");
}

TEST(GenEstimate, DiskOfMeasuredRuns) {
    const auto r6 = estimate_of(VariantId::russian, 6, false);
    EXPECT_GE(double(r6.disk), 591e6);
    EXPECT_LE(double(r6.disk), 1.3 * 591e6);
    EXPECT_GE(double(estimate_of(VariantId::international, 5, false).disk), 246e6);
    EXPECT_GE(double(estimate_of(VariantId::russian, 5, true).disk), 71e6);
    EXPECT_GE(double(estimate_of(VariantId::international, 5, true).disk), 332e6);
    // WDL alone takes a fraction of the disk.
    EXPECT_LT(estimate_of(VariantId::russian, 6, true, true).disk, r6.disk / 4);
}

TEST(GenEstimate, OnlyCountsWhatTheMaterialNeeds) {
    GenOptions o;
    o.pieces = 5;
    const auto all = estimate(VariantId::russian, o);
    o.only = Material::parse("KKvKM");
    const auto one = estimate(VariantId::russian, o);
    EXPECT_LT(one.positions, all.positions);
    EXPECT_GT(one.positions, 0u);
}

// Frisian's king-move streaks are part of its index: in KMvK White's (none, or its king after
// 1, 2 or 3 moves) make four entries of each placement; what KMvK needs has no streak.
TEST(GenEstimate, FrisianCountsTheStreaks) {
    GenOptions o;
    o.pieces = 3;
    o.only = Material::parse("KMvK");
    const auto frisian = estimate(VariantId::frisian, o);
    const auto international = estimate(VariantId::international, o);
    EXPECT_EQ(frisian.positions - international.positions,
              3 * Index<International>(*o.only).size());
}

// Under --memory what passes the budget is counted on the disk: the russian 6-piece pure run
// at 2 GB (measured: 1.6 GB RssAnon, docs/performance.md) puts its largest materials in files.
TEST(GenEstimate, WithinABudgetTheRestGoesToTheDisk) {
    const GenEstimate all = estimate_of(VariantId::russian, 6, false);
    EXPECT_EQ(within_budget(all, 0).memory, all.memory);
    EXPECT_EQ(within_budget(all, all.memory).disk, all.disk);
    const std::uint64_t budget = 2ull << 30;
    ASSERT_GT(all.working, budget);
    const GenEstimate tight = within_budget(all, budget);
    EXPECT_EQ(tight.memory, budget);
    const double held = double(all.memory - all.working);
    EXPECT_NEAR(double(tight.disk - all.disk), held * 4 / 6 + double(all.in_files), 1e6);
    // In files: 13 bytes an entry of the largest material (measured: 13.0 for russian KMvKKM).
    std::uint64_t largest = 0;
    for (const Material& m : materials_up_to(6))
        largest = std::max(largest, Index<Russian>(m).size());
    EXPECT_EQ(all.in_files, 13 * largest);
    GenOptions o;
    o.pieces = 6;
    o.compression = compress::Compression::fast;
    o.rules = false;
    o.memory = budget;
    EXPECT_EQ(estimate(VariantId::russian, o).disk, tight.disk);  // the run's own estimate
    // A budget that holds the largest material's work lets go of held slices only.
    const GenEstimate roomy = within_budget(all, all.working + (1ull << 30));
    EXPECT_NEAR(double(roomy.disk - all.disk), (held - double(1ull << 30)) * 4 / 6, 1e6);
}

}  // namespace
}  // namespace dtb::gen
