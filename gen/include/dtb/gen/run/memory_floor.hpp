// The least memory a dtb gen run can be held to, however much it lets go under --memory: its
// floor, beside what it needs (estimate.hpp's model). A run started with less is refused.
#pragma once

#include <cstdint>

#include "dtb/core/variant.hpp"
#include "dtb/gen/generate.hpp"

namespace dtb::gen {

// The floor of a run whose largest material has `largest` White-to-move entries (`counters`: the
// values under the counters solved too): the tables' block cache at its least (a run under a
// small budget reads back what it spilled), what a material solved in files keeps in memory
// beside its mapped arrays (the blocks being solved, each thread's work, the counters'
// budgets a force rule needs), allowed a byte per entry of the largest, two with the
// counters, and 16 MiB of the program's own. Fitted to russian up to 5 pieces, pure, under
// --memory 100M (docs/performance.md).
std::uint64_t floor_bytes(std::uint64_t largest, bool counters);

// The floor of a run of variant `id` as `o` says (the materials of --only and those it needs;
// all up to --pieces otherwise).
std::uint64_t memory_floor(VariantId id, const GenOptions& o);

}  // namespace dtb::gen
