// Which sweep finds the distance under the counters of a class (docs/counters.md "The distance
// under the counters"): the sweep over the binding count's plies where one count binds or none
// (counters_distance_sweep.hpp), the sweep over (balance, kings-only) where two do
// (counters_two_count_distance.hpp).
#pragma once

#include <utility>

#include "dtb/core/counters_classes.hpp"
#include "dtb/gen/counters/counters_distance_sweep.hpp"
#include "dtb/gen/counters/counters_two_count_distance.hpp"

namespace dtb::gen {

// Whether m's class (`idle`) has a distance table: one of the sweeps solves it.
inline bool has_distance_table(const CounterSet& set, const Material& m, bool idle) {
    return sweeps_class(set, m, idle) ||
           counters_class(set, m, idle).binding == Binding::two_counts;
}

// The records of m's class (`idle`) from the sweep that solves it; `restart` and `carried` as
// solve_distances takes them (a class of two counts carries no count out of it).
template <class V, class Restart, class Carried>
DistanceSolution solve_class_distances(const CounterSet& set, const Material& m, bool idle,
                                       const Slice<V>& pure, Restart&& restart, Carried&& carried) {
    if (counters_class(set, m, idle).binding == Binding::two_counts)
        return solve_two_count_distances(set, m, idle, pure, std::forward<Restart>(restart));
    return solve_distances(set, m, idle, pure, std::forward<Restart>(restart),
                           std::forward<Carried>(carried));
}

}  // namespace dtb::gen
