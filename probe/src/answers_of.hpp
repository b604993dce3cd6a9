// What answers.cpp reaches through dispatch: the answers of dtb/probe/answers.hpp for one
// variant V, defined and compiled once per variant in the objects made from answers.cpp.in.
#pragma once

#include <string>
#include <string_view>

#include "dtb/probe/answers.hpp"

namespace dtb::probe {

template <class V>
PositionAnswer answer_position_of(const Tablebase& tb, std::string_view fen,
                                  const CounterInput& counters, ReportMoves moves);
template <class V>
LineAnswer answer_line_of(const Tablebase& tb, std::string_view fen, const CounterInput& counters,
                          bool pure);

}  // namespace dtb::probe
