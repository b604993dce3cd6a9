// libFuzzer target: the Python package's arguments as the converters' string part reads them
// (python/src/argument_text.hpp, what arguments.cpp hands it out of the Python objects): a
// variant name, a rank name, and a FEN with a sequence of moves and a dict of counters, turned
// into the text the library reads and read by it (what Tablebase.probe does before it probes).
// A name is known or refused (ProbeFailure, std::invalid_argument); the moves and the counters
// reach the library as given — their text reads back as the same moves and the same counters —
// or are refused, as are a position, moves and counters the library does not take
// (NotationError, ProbeFailure, CountersError). Anything else aborts.
//
// Input: a byte picking the counter set of the variant, then VARIANT|RANK|FEN|MOVES|COUNTERS,
// MOVES the sequence's moves one a line, COUNTERS the dict's entries one a line, each
// NAME<tab>PLIES (a string or an int written out), or NAME alone for None.
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "argument_text.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/probe/counted_position.hpp"
#include "failure.hpp"

namespace {

using namespace dtb;
using namespace dtb::python;

// The lines of s: none when it is empty.
std::vector<std::string> lines(std::string_view s) {
    return s.empty() ? std::vector<std::string>{} : detail::split(s, '\n');
}

// The moves of text as the library reads them (probe::play_moves).
std::vector<std::string> read_moves(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string m; in >> m;) out.push_back(m);
    return out;
}

// Whether text reads as the counters given, split as probe::set_counters splits it.
bool reads_as(const std::string& text, const std::vector<CounterArgument>& counters) {
    if (text.empty()) return counters.empty();
    const std::vector<std::string> items = detail::split(text, ',');
    if (items.size() != counters.size()) return false;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto eq = items[i].find('=');
        if (eq == std::string::npos || items[i].substr(0, eq) != counters[i].name ||
            items[i].substr(eq + 1) != counters[i].plies.value_or("idle"))
            return false;
    }
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
    // The next field of rest, up to a '|' or its end.
    const auto field = [&rest] {
        const auto bar = rest.find('|');
        const std::string_view f = rest.substr(0, bar);
        rest.remove_prefix(bar == std::string_view::npos ? rest.size() : bar + 1);
        return std::string(f);
    };
    const std::string variant = field(), rank = field(), fen = field();
    const std::vector<std::string> moves = lines(field());
    std::vector<CounterArgument> counters;
    for (const std::string& line : lines(rest)) {
        const auto tab = line.find('\t');
        counters.push_back({line.substr(0, tab), tab == std::string::npos
                                                     ? std::nullopt
                                                     : std::optional(line.substr(tab + 1))});
    }
    try {
        (void)ranks_by_counters(rank);
    } catch (const std::invalid_argument&) {
    }
    try {
        const VariantName v = variant_named(variant);
        if (variant_argument(variant) != v.id) std::abort();
        const std::string moves_given = moves_text(moves);
        if (read_moves(moves_given) != moves) std::abort();
        const std::string counters_given = counters_text(counters);
        if (!reads_as(counters_given, counters)) std::abort();
        dispatch(v.id, [&](auto tag) {
            using V = decltype(tag);
            const auto& sets = V::counter_sets;
            (void)probe::counted_position(sets[data[0] % std::size(sets)], read_position<V>(fen),
                                          moves_given, counters_given);
        });
    } catch (const ProbeFailure&) {
    } catch (const NotationError&) {
    } catch (const probe::CountersError&) {
    }
    return 0;
}
