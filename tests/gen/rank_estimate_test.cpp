// What a distributed dtb gen run needs of each rank (gen/rank_estimate.hpp): on one rank the
// single run's estimate; on more, the work and the tables shared out, each rank reading
// only what other ranks solved, the wall time no shorter than the ranks can share, each rank
// holding no more than the run alone beside its table cache; and the run on two ranks it was
// checked against.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "dtb/core/counter_rules.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/gen/estimate.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/rank_estimate.hpp"

namespace dtb::gen {
namespace {

const auto kFast = compress::Compression::fast;

struct PlannedRun {
    std::vector<Material> order;
    std::vector<MaterialLoad> loads;
    const CounterSet* set = nullptr;
    PlannedRun(int pieces, bool counters) {
        GenOptions o;
        o.pieces = pieces;
        o.counters = counters;
        order = run_order(o);
        set = counter_set_of<Russian>(o);
        loads = loads_of_run<Russian>(order, set);
    }
    RanksEstimate over(int ranks, std::uint64_t budget = 0) const {
        return estimate_ranks_from_loads(order, loads, set, ranks, kFast, false, budget, 2);
    }
};

TEST(RanksEstimate, OneRankIsTheRunAlone) {
    for (const bool counters : {false, true}) {
        const PlannedRun run(5, counters);
        const GenEstimate alone = estimate_from_loads(run.loads, kFast, false);
        const RanksEstimate one = run.over(1);
        ASSERT_EQ(one.shares.size(), 1u);
        EXPECT_EQ(one.shares[0].memory, alone.memory);
        EXPECT_EQ(one.shares[0].read, 0u);
        EXPECT_EQ(one.shares[0].written, one.tables);
        EXPECT_NEAR(one.seconds, alone.seconds, 1e-6 * alone.seconds);
        EXPECT_NEAR(one.shares[0].busy_seconds, alone.seconds, 1e-6 * alone.seconds);
    }
}

TEST(RanksEstimate, TheWorkAndTheTablesAreSharedOut) {
    const PlannedRun run(6, false);
    std::uint64_t solved = 0;
    for (std::size_t k = 0; k < run.loads.size(); ++k)
        if (run.loads[k].solved_at == k) solved += run.loads[k].entries;
    const RanksEstimate one = run.over(1);
    for (const int ranks : {2, 3, 8}) {
        const RanksEstimate e = run.over(ranks);
        ASSERT_EQ(e.shares.size(), std::size_t(ranks));
        EXPECT_EQ(e.tables, one.tables);
        std::uint64_t positions = 0, written = 0;
        for (const RankShare& s : e.shares) {
            positions += s.positions;
            written += s.written;
            EXPECT_LE(s.busy_seconds, s.seconds + 1e-9);
            EXPECT_LE(s.seconds, e.seconds + 1e-9);
        }
        EXPECT_EQ(positions, solved) << ranks;
        EXPECT_NEAR(double(written), double(e.tables), double(ranks)) << ranks;  // rounding
        // Not sooner than the ranks can share the work, which costs more where a rank reads
        // another's tables than what the run alone reads from memory.
        double busy = 0;
        for (const RankShare& s : e.shares) busy += s.busy_seconds;
        EXPECT_GE(busy, one.seconds * (1 - 1e-9)) << ranks;
        EXPECT_GE(e.seconds * ranks, busy * (1 - 1e-9)) << ranks;
    }
}

// The runs it was checked against (docs/performance.md, "Across machines"): russian, pure
// values, fast preset, on two ranks of one thread and 9.8 GiB each, against one process of
// two threads (the machines the model and the runs were measured on differ, so the wall
// time is compared as a multiple of the run alone). Up to 5 pieces: 25.5-27.9 s against
// 16.1 s; peaks of 251 and 258 MiB; rank 0 read back 17 materials and their twins, 16.0 MiB
// of WDL and DTW tables, rank 1 18. Up to 6: 566 s against 306.5 s; peaks of 2,488 and
// 2,663 MiB; 26 and 38 materials read back.
struct MeasuredRanks {
    int pieces;
    double slower_min, slower_max;  // the wall time against the run alone
    double peaks_mib[2];
    int read_back[2];
};

TEST(RanksEstimate, TwoRanksOfMeasuredRuns) {
    for (const MeasuredRanks& m :
         {MeasuredRanks{5, 25.5 / 16.1, 27.9 / 16.1, {251, 258}, {17, 18}},
          MeasuredRanks{6, 566 / 306.5, 566 / 306.5, {2488, 2663}, {26, 38}}}) {
        GenOptions o;
        o.pieces = m.pieces;
        o.counters = false;
        o.compression = kFast;
        o.threads = 1;
        o.memory = std::uint64_t(9.8 * double(1ull << 30));
        const RanksEstimate e = estimate_ranks(VariantId::russian, o, 2);
        GenOptions alone = o;
        alone.threads = 2;
        const double slower = e.seconds / estimate(VariantId::russian, alone).seconds;
        EXPECT_GE(slower, 0.8 * m.slower_min) << m.pieces;
        EXPECT_LE(slower, 1.2 * m.slower_max) << m.pieces;
        for (int r = 0; r < 2; ++r) {
            const RankShare& s = e.shares[std::size_t(r)];
            EXPECT_GE(double(s.memory), m.peaks_mib[r] * (1 << 20)) << m.pieces << " " << r;
            EXPECT_LE(double(s.memory), 1.2 * m.peaks_mib[r] * (1 << 20)) << m.pieces << " " << r;
            EXPECT_EQ(s.read_back, m.read_back[r]) << m.pieces << " " << r;
        }
        if (m.pieces == 5) {
            EXPECT_GE(double(e.shares[0].read), 16784064.0);
            EXPECT_LE(double(e.shares[0].read), 1.2 * 16784064.0);
        }
    }
}

// A rank reads what other ranks solved that its materials move into, and nothing of its own:
// a material's pure tables when one of its steps moves into it or its twin (read back
// together), each pair read back once.
TEST(RanksEstimate, ARankReadsOnlyOtherRanksTables) {
    for (const bool counters : {false, true}) {
        const PlannedRun run(5, counters);
        const RanksEstimate e = run.over(2);
        const RankPlan plan = plan_of_run(run.order, run.loads, run.set, 2);
        for (int r = 0; r < 2; ++r) {
            double pure_tables = 0;
            std::set<Material> pairs;
            for (std::size_t i = 0; i < run.order.size(); ++i) {
                if (plan.rank[i] == r) continue;
                bool read = false;
                for (std::size_t j = run.loads[i].solved_at + 1; j < run.order.size(); ++j)
                    read |= plan.rank[j] == r && run.loads[j].solved_at == j &&
                            looks_into(run.order, j, i);
                if (!read) continue;
                MaterialLoad pure = run.loads[i];
                pure.counters = false;
                pure_tables += table_bytes(pure, kFast, false);
                pairs.insert(std::min(run.order[i], run.order[i].flipped()));
            }
            const RankShare& s = e.shares[std::size_t(r)];
            EXPECT_GT(pure_tables, 0) << r;
            EXPECT_EQ(s.read_back, int(pairs.size())) << r;
            if (counters)  // and the counters' tables of what it moves into
                EXPECT_GT(double(s.read), pure_tables) << r;
            else
                EXPECT_NEAR(double(s.read), pure_tables, run.order.size()) << r;
        }
    }
}

// A rank holds its own slices and those it read back, the latter without their values under
// the counters: at most what the run alone holds, beside the cache of the tables it reads;
// under a budget, the budget.
TEST(RanksEstimate, ARankHoldsNoMoreThanTheRunAlone) {
    const PlannedRun run(6, true);
    const GenEstimate alone = estimate_from_loads(run.loads, kFast, false);
    const std::uint64_t budget = 8ull << 30;
    for (const int ranks : {2, 4}) {
        for (const RankShare& s : run.over(ranks).shares)
            EXPECT_LE(s.memory, alone.memory + table_cache_bytes(0)) << ranks;
        for (const RankShare& s : run.over(ranks, budget).shares) EXPECT_LE(s.memory, budget);
    }
}

// The run's plan keeps together what must share a rank: twins, and with the counters the
// materials whose budgets one reads (run/rank_coordination.hpp plans from the same pairs).
TEST(RanksEstimate, ThePlanKeepsTogetherWhatMustShareARank) {
    const PlannedRun run(5, true);
    ASSERT_NE(run.set, nullptr);
    const auto together = kept_together(run.order, run.set);
    bool budgets = false;
    for (std::size_t k = 0; k < run.order.size(); ++k)
        budgets |= !budgets_read(*run.set, run.order[k]).empty();
    EXPECT_TRUE(budgets);  // russian's force rules carry a count through promotions
    EXPECT_GT(together.size(), kept_together(run.order, nullptr).size());
    const RankPlan plan = plan_of_run(run.order, run.loads, run.set, 3);
    for (const auto& [a, b] : together) EXPECT_EQ(plan.rank[a], plan.rank[b]);
}

// What a step costs the plan (rank_plan.hpp step_costs, the run's and the estimate's): a
// material solved there its entries, its own twin included; a twin written earlier with its
// material, or a material found finished, nothing; a material whose twin was found finished
// its entries, as it is solved alone.
TEST(RanksEstimate, AStepCostsWhatItSolves) {
    const std::vector<Material> order = {*Material::parse("KvKK"), *Material::parse("KKvK"),
                                         *Material::parse("KKvKK"), *Material::parse("KvKM"),
                                         *Material::parse("KMvK")};
    const std::vector<std::uint64_t> entries = {10, 11, 12, 13, 14};
    EXPECT_EQ(step_costs(order, entries, {true, true, true, true, true}),
              (std::vector<std::uint64_t>{10, 0, 12, 13, 0}));
    EXPECT_EQ(step_costs(order, entries, {true, true, false, false, true}),
              (std::vector<std::uint64_t>{10, 0, 0, 0, 14}));
}

}  // namespace
}  // namespace dtb::gen
