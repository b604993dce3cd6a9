// The replay of one variant, declared for dispatch (replay.cpp) and instantiated once per
// variant from replay.cpp.in.
#pragma once

#include "dtb/core/variant.hpp"
#include "dtb/pdn/replay.hpp"

namespace dtb::pdn {

template <class V>
Replay replay_of(const Game& g);

#define DTB_PDN_DECLARE(V) extern template Replay replay_of<V>(const Game&);
DTB_FOR_EACH_VARIANT(DTB_PDN_DECLARE)
#undef DTB_PDN_DECLARE

}  // namespace dtb::pdn
