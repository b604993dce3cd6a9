// A dtb gen run (generation.hpp) spread over the ranks of an MPI job (ranks.hpp): the plan of
// which rank solves which material (rank_plan.hpp), each rank waiting until what its next
// material looks into is finished, on whichever rank, and reading that from the tables. A
// rank announces each material it finishes with its manifest entry; rank 0, which writes
// the manifest, collects them. Alone (no ranks, or one), every material is this process's
// and nothing waits.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "dtb/compress/kill_point.hpp"
#include "dtb/core/index.hpp"
#include "dtb/gen/counters/counters_solve.hpp"
#include "dtb/gen/run/rank_plan.hpp"
#include "dtb/gen/run/ranks.hpp"
#include "dtb/gen/run/resume_plan.hpp"
#include "plan.hpp"

namespace dtb::gen {

class RankCoordination {
  public:
    // What the other ranks finished, for the run to record (their entries, their materials
    // left without counters' tables).
    using Take = std::function<void(const std::vector<StepDone>&)>;

    // ranks: null, or a single rank, for a process alone.
    explicit RankCoordination(Ranks* ranks)
        : ranks_(ranks && ranks->size() > 1 ? ranks : nullptr) {}

    bool distributed() const { return ranks_ != nullptr; }
    Ranks* ranks() const { return ranks_; }
    // Alone, or rank 0 of a distributed run: the other ranks send it their entries.
    bool writes_manifest() const { return !ranks_ || ranks_->rank() == 0; }
    // Whether step k of the plan is this rank's to solve.
    bool mine(std::size_t k) const { return !ranks_ || plan_.rank[k] == ranks_->rank(); }

    // The plan of which rank takes which material: a material and its twin together (one is
    // written with the other), as are the materials whose counters' budgets one reads. The
    // cost of a material is its index when it is solved. After it every rank has planned
    // from the directory as it was.
    template <class V>
    void spread(const Plan<V>& plan, const CountersSlices<V>* counters) {
        const auto& order = plan.order();
        std::vector<std::uint64_t> entries(order.size());
        std::vector<bool> solved(order.size());
        for (std::size_t k = 0; k < order.size(); ++k) {
            entries[k] = Index<V>(order[k]).size();
            solved[k] = plan.action(k) == SliceAction::solve;
        }
        const auto together = kept_together(order, counters ? &counters->counter_set() : nullptr);
        plan_ = plan_ranks(order, step_costs(order, entries, solved), together, ranks_->size());
        done_.assign(order.size(), false);
        ranks_->barrier();
        compress::kill_point("ranks.spread");
    }

    // This rank finished step k: the others may read its tables.
    void announce(std::size_t k, std::string entry, bool counters_skipped) {
        if (!ranks_) return;
        compress::kill_point("ranks.announce");
        ranks_->announce({k, std::move(entry), counters_skipped});
        done_[k] = true;
    }

    // Until every material step k may look into is finished, on whichever rank; the seconds
    // waited.
    double wait_for_dependencies(std::size_t k, const Take& take) {
        if (!ranks_) return 0;
        collect(false, take);
        const auto& waits = plan_.waits[k];
        const auto t0 = Clock::now();
        while (std::any_of(waits.begin(), waits.end(), [&](std::size_t j) { return !done_[j]; }))
            collect(true, take);
        return seconds_since(t0);
    }

    // Until every rank has finished: rank 0 has every entry in the manifest before any rank
    // returns. The seconds waited.
    double wait_for_all(const Take& take) {
        if (!ranks_) return 0;
        const auto t0 = Clock::now();
        while (std::find(done_.begin(), done_.end(), false) != done_.end()) collect(true, take);
        compress::kill_point("ranks.all_done");
        ranks_->barrier();
        return seconds_since(t0);
    }

  private:
    using Clock = std::chrono::steady_clock;
    static double seconds_since(Clock::time_point t) {
        return std::chrono::duration<double>(Clock::now() - t).count();
    }

    void collect(bool wait, const Take& take) {
        const std::vector<StepDone> finished = ranks_->collect(wait);
        for (const StepDone& d : finished) done_[d.step] = true;
        take(finished);
        if (!finished.empty()) compress::kill_point("ranks.collected");
    }

    Ranks* const ranks_;      // null when this process runs alone
    RankPlan plan_;           // which rank solves each material, and what it waits for
    std::vector<bool> done_;  // per material of the order: its tables written
};

}  // namespace dtb::gen
