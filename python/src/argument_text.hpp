// The part of the argument converters (arguments.hpp) that holds no Python object: the text the
// library reads for the counters and moves Python passes as a dict or a sequence, and the
// variants and rankings named by strings. Compiled without an interpreter into the arguments
// fuzz target (tests/fuzz/arguments_fuzz.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dtb/core/variant.hpp"

namespace dtb::python {

// One counter of a dict given as counters=: its name, and its plies as text (an int written
// out, or the string given), none for None (a rule that waits).
struct CounterArgument {
    std::string name;
    std::optional<std::string> plies;
};

// The counters of a dict as the library reads them: "NAME=PLIES,...", in the dict's order,
// NAME=idle for None. Throws probe::CountersError (dtb.CountersError) for a name holding ',' or
// '=', or plies holding ',': the text would read as other counters.
std::string counters_text(const std::vector<CounterArgument>& counters);

// The moves of a sequence as the library reads them: one string, separated by spaces. Throws
// NotationError (dtb.FenError) for a move that is empty or holds white space: it would read as
// none, or as several.
std::string moves_text(const std::vector<std::string>& moves);

// The variant a name means; throws ProbeFailure (status variant: dtb.VariantError) listing the
// names dtb knows.
VariantName variant_named(const std::string& name);

// The variant a variant= argument names (None: nullopt); throws as variant_named.
std::optional<VariantId> variant_argument(const std::optional<std::string>& name);

// Whether best_moves ranks the moves under the counters: rank 'counters' (or 'rules', its
// earlier name) rather than 'pure'. Throws std::invalid_argument (ValueError) for another.
bool ranks_by_counters(const std::string& rank);

}  // namespace dtb::python
