// The answers of every variant: the runtime variant becomes a type here, and the work is in
// the per-variant objects made from answers.cpp.in.
#include "answers_of.hpp"
#include "dtb/core/variant.hpp"

namespace dtb::probe {

PositionAnswer answer_position(const Tablebase& tb, std::string_view fen,
                               const CounterInput& counters, ReportMoves moves) {
    return dispatch(tb.variant_id(), [&](auto v) {
        return answer_position_of<decltype(v)>(tb, fen, counters, moves);
    });
}

LineAnswer answer_line(const Tablebase& tb, std::string_view fen, const CounterInput& counters,
                       bool pure) {
    return dispatch(tb.variant_id(),
                    [&](auto v) { return answer_line_of<decltype(v)>(tb, fen, counters, pure); });
}

}  // namespace dtb::probe
