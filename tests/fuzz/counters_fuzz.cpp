// libFuzzer target: the moves and counters a user gives with a position (dtb probe --moves
// --counters, the C API's dtb_counters_after, Python's moves= and counters=, the server's
// query), in the variant and counter set the first two bytes pick: either a checked
// (position, counters) or NotationError / CountersError — never a crash, a hang or a state
// the prober would be given but invalid_state refuses.
//
// Input: two bytes, then FEN|MOVES|COUNTERS.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "dtb/core/notation.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/probe/counted_position.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    const auto id = dtb::VariantId(data[0] % dtb::kVariantCount);
    std::string_view rest(reinterpret_cast<const char*>(data + 2), size - 2);
    // The next field of rest, up to a '|' or its end.
    const auto field = [&rest] {
        const auto bar = rest.find('|');
        const std::string_view f = rest.substr(0, bar);
        rest.remove_prefix(bar == std::string_view::npos ? rest.size() : bar + 1);
        return f;
    };
    const std::string_view fen = field(), moves = field(), counters = rest;
    dtb::dispatch(id, [&](auto v) {
        using V = decltype(v);
        const auto& sets = V::counter_sets;
        const dtb::CounterSet& set = sets[data[1] % std::size(sets)];
        try {
            const auto start = dtb::parse_fen<V>(fen);
            const auto c = dtb::probe::counted_position(set, start, moves, counters);
            if (!counters.empty() && !dtb::invalid_state(set, c.state, c.position).empty())
                std::abort();
            (void)dtb::probe::read_counters(set, c.state, c.position);
        } catch (const dtb::NotationError&) {
        } catch (const dtb::probe::CountersError&) {
        }
    });
    return 0;
}
