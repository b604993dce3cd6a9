// Which rank of a distributed dtb gen takes each material (gen/run/rank_plan.hpp): every material
// one rank, groups on one rank, each material waiting for exactly what it may look into, the
// work shared, and the plan finishing whatever each material takes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include "dtb/core/index.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/gen/run/rank_plan.hpp"

namespace dtb::gen {
namespace {

struct Inputs {
    std::vector<Material> order = materials_up_to(5);
    std::vector<std::uint64_t> cost;
    std::vector<std::pair<std::size_t, std::size_t>> together;  // twins
    Inputs() {
        std::map<Material, std::size_t> at;
        for (std::size_t k = 0; k < order.size(); ++k) at[order[k]] = k;
        for (std::size_t k = 0; k < order.size(); ++k) {
            const std::size_t twin = at.at(order[k].flipped());
            cost.push_back(twin < k ? 0 : Index<Russian>(order[k]).size());
            if (twin != k) together.emplace_back(k, twin);
        }
    }
};

// Runs the plan as the ranks would, each material taking `seconds` of its rank once all it
// waits for is finished; returns when each finished, or an empty vector on a deadlock.
std::vector<double> simulate(const RankPlan& plan, const std::vector<double>& seconds, int ranks) {
    const std::size_t n = plan.rank.size();
    const auto nr = std::size_t(ranks);
    std::vector<std::vector<std::size_t>> queue(nr);
    for (std::size_t k = 0; k < n; ++k) queue[std::size_t(plan.rank[k])].push_back(k);
    std::vector<std::size_t> next(nr, 0);
    std::vector<double> free_at(nr, 0), finish(n, -1);
    for (std::size_t done = 0; done < n;) {
        bool moved = false;
        for (std::size_t r = 0; r < nr; ++r) {
            if (next[r] == queue[r].size()) continue;
            const std::size_t k = queue[r][next[r]];
            double ready = free_at[r];
            bool waiting = false;
            for (const std::size_t j : plan.waits[k]) {
                if (finish[j] < 0) waiting = true;
                ready = std::max(ready, finish[j]);
            }
            if (waiting) continue;
            finish[k] = free_at[r] = ready + seconds[k];
            ++next[r];
            ++done;
            moved = true;
        }
        if (!moved) return {};
    }
    return finish;
}

TEST(RankPlan, EveryMaterialOneRankAndTwinsTogether) {
    const Inputs in;
    for (const int ranks : {1, 2, 3, 8}) {
        const RankPlan plan = plan_ranks(in.order, in.cost, in.together, ranks);
        ASSERT_EQ(plan.rank.size(), in.order.size());
        for (const int r : plan.rank) {
            EXPECT_GE(r, 0);
            EXPECT_LT(r, ranks);
        }
        for (const auto& [a, b] : in.together) EXPECT_EQ(plan.rank[a], plan.rank[b]);
        if (ranks == 1) {
            EXPECT_TRUE(
                std::all_of(plan.rank.begin(), plan.rank.end(), [](int r) { return r == 0; }));
        }
    }
}

TEST(RankPlan, GroupsAreTransitive) {
    const Inputs in;
    auto together = in.together;
    together.emplace_back(1, 5);
    together.emplace_back(5, 9);
    const RankPlan plan = plan_ranks(in.order, in.cost, together, 4);
    EXPECT_EQ(plan.rank[1], plan.rank[5]);
    EXPECT_EQ(plan.rank[1], plan.rank[9]);
}

TEST(RankPlan, EachMaterialWaitsForWhatItMayLookInto) {
    const Inputs in;
    const RankPlan plan = plan_ranks(in.order, in.cost, in.together, 2);
    for (std::size_t k = 0; k < in.order.size(); ++k) {
        std::vector<std::size_t> expected;
        for (std::size_t j = 0; j < in.order.size(); ++j)
            if (may_depend_on(in.order[k], in.order[j])) expected.push_back(j);
        EXPECT_EQ(plan.waits[k], expected) << in.order[k].name();
        for (std::size_t j = 0; j < in.order.size(); ++j)
            if (moves_into(in.order[k], in.order[j])) {
                EXPECT_TRUE(std::count(expected.begin(), expected.end(), j))
                    << in.order[k].name() << " moves into " << in.order[j].name();
            }
    }
}

TEST(RankPlan, TwoRanksShareTheWork) {
    const Inputs in;
    const RankPlan plan = plan_ranks(in.order, in.cost, in.together, 2);
    std::uint64_t work[2] = {0, 0}, total = 0;
    for (std::size_t k = 0; k < in.order.size(); ++k) {
        work[plan.rank[k]] += in.cost[k];
        total += in.cost[k];
    }
    // Neither rank idle: each has at least a quarter of the positions to solve.
    EXPECT_GT(4 * work[0], total);
    EXPECT_GT(4 * work[1], total);
}

// Whatever each material really takes (not what the plan assumed), the ranks finish.
TEST(RankPlan, NoDeadlockWhateverTheTimes) {
    const Inputs in;
    std::mt19937 rng(2026);
    std::uniform_real_distribution<double> time(0.0, 10.0);
    for (const int ranks : {2, 3, 5}) {
        const RankPlan plan = plan_ranks(in.order, in.cost, in.together, ranks);
        for (int trial = 0; trial < 20; ++trial) {
            std::vector<double> seconds(in.order.size());
            for (auto& s : seconds) s = time(rng);
            const auto finish = simulate(plan, seconds, ranks);
            ASSERT_EQ(finish.size(), in.order.size()) << ranks << " ranks deadlock";
            for (std::size_t k = 0; k < in.order.size(); ++k)
                for (const std::size_t j : plan.waits[k])
                    EXPECT_LE(finish[j] + seconds[k], finish[k] + 1e-9);
        }
    }
}

}  // namespace
}  // namespace dtb::gen
