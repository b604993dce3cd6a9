#include "dtb/gen/run/memory_floor.hpp"

#include <algorithm>
#include <vector>

#include "dtb/core/counter_rules.hpp"
#include "dtb/core/index.hpp"
#include "dtb/gen/estimate.hpp"
#include "dtb/gen/run/resume_plan.hpp"

namespace dtb::gen {

std::uint64_t floor_bytes(std::uint64_t largest, bool counters) {
    return (16ull << 20) + table_cache_bytes(0) + (counters ? 2 : 1) * largest;
}

std::uint64_t memory_floor(VariantId id, const GenOptions& o) {
    return dispatch(id, [&](auto v) {
        using V = decltype(v);
        std::uint64_t largest = 0;
        for (const Material& m : materials_up_to(o.pieces))
            if (!o.only || m == *o.only || may_depend_on(*o.only, m))
                largest = std::max(largest, Index<V>(m).size());
        const CounterSet* set =
            o.counters && !o.wdl_only ? find_counter_set<V>(o.counter_set) : nullptr;
        return floor_bytes(largest, set && !set->empty());
    });
}

}  // namespace dtb::gen
