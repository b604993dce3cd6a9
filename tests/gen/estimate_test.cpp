// dtb gen's estimate of what a run needs (gen/estimate.hpp) against the runs it was fitted
// to (docs/performance.md, docs/rules.md: peak memory and tables of `dtb gen ...
// --compression fast`, 2 threads): at or above each measured peak, and not far above.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "dtb/core/index.hpp"
#include "dtb/gen/estimate.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/resume_plan.hpp"

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

// The disk at the peak, by hand: A is needed until C, B only by the next; C's work passes
// the budget, so it is solved in files beside A's scratch file and the tables of A and B.
TEST(GenEstimate, PeakDiskCountsTheScratchOfWhatIsStillNeeded) {
    std::vector<MaterialLoad> loads(4);
    loads[0] = {.entries = 1000, .needed_until = 2};
    loads[1] = {.entries = 2000, .needed_until = 1};
    loads[2] = {.entries = 5000, .needed_until = 2};
    loads[3] = {.entries = 5000, .twin = true, .needed_until = 3};  // C's twin: written only
    const std::vector<double> tables = {10, 20, 30, 30};
    const std::uint64_t budget = 100000;  // C's work, 150000, does not fit
    ASSERT_GT(working_bytes(5000, false), budget);
    ASSERT_LE(working_bytes(2000, false), budget);
    EXPECT_EQ(peak_disk(loads, tables, budget), 10 + 20 + 2 * 1000 + 13 * 5000);
    EXPECT_EQ(peak_disk(loads, tables, 0), 90u);  // unbounded: no scratch, the tables at the end
    // A slice of less than a thousandth of the budget stays in memory without a copy.
    EXPECT_EQ(peak_disk(loads, tables, 2000 * 1000 + 1), 90u);
}

// Each material with its place of last need: a twin looks into nothing, so what only twins
// move into is needed until its last solved reader.
TEST(GenEstimate, LoadsKnowTheirLastReader) {
    const std::vector<Material> order = materials_up_to(4);
    std::vector<std::uint64_t> entries;
    for (const Material& m : order) entries.push_back(Index<Russian>(m).size());
    const auto loads = loads_of(order, entries, std::vector<bool>(order.size(), false));
    std::set<Material> seen;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const Material& m = order[k];
        EXPECT_EQ(loads[k].twin, m.flipped() != m && seen.count(m.flipped()) > 0) << m.name();
        seen.insert(m);
        const std::size_t last = loads[k].needed_until;
        ASSERT_GE(last, k) << m.name();
        for (std::size_t j = last + 1; j < order.size(); ++j) {
            if (!loads[j].twin) {
                EXPECT_FALSE(moves_into(order[j], m) || moves_into(order[j], m.flipped()))
                    << order[j].name() << " moves into " << m.name();
            }
        }
        if (last > k) {
            EXPECT_TRUE(moves_into(order[last], m) || moves_into(order[last], m.flipped()));
        }
    }
}

// Under --memory the estimate holds the scratch files: international up to 6 pieces at the
// default budget of this machine, where the tables alone take some 12 GiB.
TEST(GenEstimate, WithinABudgetTheScratchIsCounted) {
    GenOptions o;
    o.pieces = 6;
    o.compression = compress::Compression::fast;
    o.rules = false;
    const GenEstimate all = estimate(VariantId::international, o);
    o.memory = std::uint64_t(19.6 * double(1ull << 30));
    const GenEstimate bounded = estimate(VariantId::international, o);
    EXPECT_EQ(bounded.memory, o.memory);
    EXPECT_GT(all.memory, o.memory);
    EXPECT_GT(bounded.disk, 3 * all.disk);
    // A budget that holds everything still copies the large slices (for a resume).
    o.memory = all.memory;
    EXPECT_GT(estimate(VariantId::international, o).disk, all.disk);
}

}  // namespace
}  // namespace dtb::gen
