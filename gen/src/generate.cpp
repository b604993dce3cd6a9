#include "dtb/gen/generate.hpp"

#include "variant_entry_points.hpp"

namespace dtb::gen {

GenEstimate estimate(VariantId id, const GenOptions& o) {
    return dispatch(id, [&](auto v) { return estimate_variant<decltype(v)>(o); });
}

GenSummary generate(VariantId id, const GenOptions& o, const GenCallbacks& cb) {
    return dispatch(id, [&](auto v) { return generate_variant<decltype(v)>(id, o, cb); });
}

}  // namespace dtb::gen
