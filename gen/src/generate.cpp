#include "dtb/gen/generate.hpp"

#include "variant_entry_points.hpp"

namespace dtb::gen {

GenEstimate estimate(VariantId id, const GenOptions& o) {
    return dispatch(id, [&](auto v) { return estimate_variant<decltype(v)>(o); });
}

RanksEstimate estimate_ranks(VariantId id, const GenOptions& o, int ranks) {
    return dispatch(id, [&](auto v) { return estimate_ranks_variant<decltype(v)>(o, ranks); });
}

probe::Status counters_report(const probe::Tablebase& tb, const Material& m, Color side,
                              probe::CountersReportRow& row, std::string* message,
                              const probe::CountersReportOptions& options) {
    return dispatch(tb.variant_id(), [&](auto v) {
        return counters_report_variant<decltype(v)>(tb, m, side, row, message, options);
    });
}

GenSummary generate(VariantId id, const GenOptions& o, const GenCallbacks& cb) {
    return dispatch(id, [&](auto v) { return generate_variant<decltype(v)>(id, o, cb); });
}

}  // namespace dtb::gen
