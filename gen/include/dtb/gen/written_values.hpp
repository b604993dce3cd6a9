// The values of materials a run has written but does not hold in memory (dtb gen --memory
// lets go of slices a later one still looks into when the budget says so): read from their
// tables, the positions the tables leave unstored recomputed as the prober does. ExitTables
// asks it where it holds neither a material nor its twin; the run implements it over the
// probing library (gen/src/probed_values.hpp).
#pragma once

#include <optional>

#include "dtb/core/position.hpp"
#include "dtb/core/value.hpp"
#include "dtb/gen/exit_value.hpp"

namespace dtb::gen {

template <class V>
class WrittenValues {
  public:
    virtual ~WrittenValues() = default;
    // WDL and DTW of p; throws compress::TableError when p's tables cannot be read.
    virtual ExitValue exit_value(const Position<V>& p) const = 0;
    // WDL, DTW and DTC of p, or nullopt when its tables are not written.
    virtual std::optional<Value> value(const Position<V>& p) const = 0;
};

}  // namespace dtb::gen
