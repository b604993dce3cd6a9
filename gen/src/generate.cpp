#include "dtb/gen/generate.hpp"

#include "variant_entry_points.hpp"

namespace dtb::gen {

GenSummary generate(VariantId id, const GenOptions& o, const GenCallbacks& cb) {
    return dispatch(id, [&](auto v) -> GenSummary {
        using V = decltype(v);
        if constexpr (kHasTables<V>) {
            return generate_variant<V>(id, o, cb);
        } else {
            throw Unsupported(no_tables_reason<V>());
        }
    });
}

}  // namespace dtb::gen
