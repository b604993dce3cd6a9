#include "argument_text.hpp"

#include <stdexcept>

#include "dtb/probe/counted_position.hpp"
#include "failure.hpp"

namespace dtb::python {

std::string counters_text(const std::vector<CounterArgument>& counters) {
    std::string out;
    for (const CounterArgument& c : counters) {
        // What separates the counters, or a name from its plies, would read as another counter.
        if (c.name.find_first_of(",=") != std::string::npos)
            throw probe::CountersError("'" + c.name +
                                       "' is not a counter's name: it holds ',' or '='");
        if (c.plies && c.plies->find(',') != std::string::npos)
            throw probe::CountersError(c.name + ": '" + *c.plies +
                                       "' is not a number of plies: it holds ','");
        if (!out.empty()) out += ',';
        out += c.name;
        out += '=';
        out += c.plies.value_or("idle");
    }
    return out;
}

std::string moves_text(const std::vector<std::string>& moves) {
    std::string out;
    for (const std::string& m : moves) {
        // Space in a move would read as two moves, an empty one as none.
        if (m.empty() || m.find_first_of(" \t\n\v\f\r") != std::string::npos)
            throw NotationError("'" + m + "' is not a move: give each move as one string, " +
                                "such as 'c3-d4'");
        if (!out.empty()) out += ' ';
        out += m;
    }
    return out;
}

VariantName variant_named(const std::string& name) {
    if (const auto v = find_variant(name)) return *v;
    std::string known;
    for (const auto& v : variant_names()) {
        if (!known.empty()) known += ", ";
        known += v.name;
    }
    throw ProbeFailure(probe::Status::variant, "unknown variant '" + name + "'; known: " + known);
}

std::optional<VariantId> variant_argument(const std::optional<std::string>& name) {
    if (!name) return std::nullopt;
    return variant_named(*name).id;
}

bool ranks_by_counters(const std::string& rank) {
    if (rank != "pure" && rank != "counters" && rank != "rules")
        throw std::invalid_argument("rank is 'pure' or 'counters', not '" + rank + "'");
    return rank != "pure";
}

}  // namespace dtb::python
