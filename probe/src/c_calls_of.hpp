// What the C interface (c_api.cpp, c_api_counters.cpp) reaches through dispatch: the work of
// each call of dtb/probe.h for one variant V, compiled once per variant in the objects made
// from prober.cpp.in (definitions in c_calls_of_impl.hpp). The callers check the pointers
// and turn exceptions into statuses; these may throw.
#pragma once

#include <cstddef>

#include "dtb/probe.h"
#include "dtb/probe/handle.hpp"

namespace dtb::probe {

template <class V>
struct CCalls {
    static dtb_status probe_fen(const Handle& h, const char* fen, int want, dtb_value* out);
    static dtb_status probe_position(const Handle& h, const dtb_position& pos, int want,
                                     dtb_value* out);
    static dtb_status best_moves(const Handle& h, const char* fen, dtb_move* moves,
                                 std::size_t capacity, std::size_t* count);
    static dtb_status best_line(const Handle& h, const char* fen, dtb_move* moves,
                                std::size_t capacity, std::size_t* count);
    // counters: null to rank by the pure values.
    static dtb_status root(const Handle& h, const dtb_position& pos, const dtb_counters* counters,
                           dtb_root_move* moves, std::size_t capacity, std::size_t* count);

    // Under the counters of the handle's counter set; counters null: fresh at the position.
    static const char* counter_set(const Handle& h);
    static int counter_count(const Handle& h);
    static const char* counter_name(const Handle& h, int i);
    static dtb_status counters_after(const Handle& h, const char* fen, const char* moves,
                                     dtb_counters* out, char* fen_out, std::size_t fen_capacity);
    static dtb_status probe_counters(const Handle& h, const char* fen, const dtb_counters* counters,
                                     dtb_counters_value* out);
    static dtb_status best_moves_counters(const Handle& h, const char* fen,
                                          const dtb_counters* counters, dtb_counters_move* moves,
                                          std::size_t capacity, std::size_t* count);
    static dtb_status best_line_counters(const Handle& h, const char* fen,
                                         const dtb_counters* counters, dtb_counters_move* moves,
                                         std::size_t capacity, std::size_t* count);
};

}  // namespace dtb::probe
