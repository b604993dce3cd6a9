// The values of materials a run has written but does not hold in memory (dtb gen --memory
// lets go of slices a later one still looks into when the budget says so). ExitTables asks
// it where it holds neither a material nor its twin. The run implements it over mapped
// scratch files of the slices it spilled (gen/src/scratch_values.hpp), and over its tables
// through the probing library for what it never held (gen/src/probed_values.hpp).
#pragma once

#include <optional>

#include "dtb/core/position.hpp"
#include "dtb/core/value.hpp"
#include "dtb/gen/solver/exit_value.hpp"

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
