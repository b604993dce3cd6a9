// The variants dtb knows, the one runtime switch from a variant id to its rule struct, and
// the names (with aliases) users type.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "dtb/core/variants/african.hpp"
#include "dtb/core/variants/armenian.hpp"
#include "dtb/core/variants/brazilian.hpp"
#include "dtb/core/variants/canadian.hpp"
#include "dtb/core/variants/czech.hpp"
#include "dtb/core/variants/english.hpp"
#include "dtb/core/variants/frisian.hpp"
#include "dtb/core/variants/giveaway.hpp"
#include "dtb/core/variants/international.hpp"
#include "dtb/core/variants/italian.hpp"
#include "dtb/core/variants/pool.hpp"
#include "dtb/core/variants/portuguese.hpp"
#include "dtb/core/variants/russian.hpp"
#include "dtb/core/variants/spanish.hpp"
#include "dtb/core/variants/thai.hpp"
#include "dtb/core/variants/turkish.hpp"

namespace dtb {

enum class VariantId : std::uint8_t {
    russian,
    brazilian,
    pool,
    portuguese,
    spanish,
    czech,
    thai,
    english,
    african,
    giveaway,
    italian,
    international,
    canadian,
    frisian,
    turkish,
    armenian,
};

inline constexpr int kVariantCount = 16;

// X(RuleStruct) for every variant, in VariantId order: for declaring what a library compiles
// once per variant (explicit instantiations; CMake reads its list of those sources from here).
#define DTB_FOR_EACH_VARIANT(X)                                                          \
    X(Russian)                                                                           \
    X(Brazilian) X(Pool) X(Portuguese) X(Spanish) X(Czech) X(Thai) X(English) X(African) \
        X(Giveaway) X(Italian) X(International) X(Canadian) X(Frisian) X(Turkish) X(Armenian)

// Calls f(Rules{}) with the rule struct of `id`. The only place a runtime variant becomes a
// type: everything behind it is compiled once per variant.
template <class F>
decltype(auto) dispatch(VariantId id, F&& f) {
    switch (id) {
        case VariantId::russian:
            return f(Russian{});
        case VariantId::brazilian:
            return f(Brazilian{});
        case VariantId::pool:
            return f(Pool{});
        case VariantId::portuguese:
            return f(Portuguese{});
        case VariantId::spanish:
            return f(Spanish{});
        case VariantId::czech:
            return f(Czech{});
        case VariantId::thai:
            return f(Thai{});
        case VariantId::english:
            return f(English{});
        case VariantId::african:
            return f(African{});
        case VariantId::giveaway:
            return f(Giveaway{});
        case VariantId::italian:
            return f(Italian{});
        case VariantId::international:
            return f(International{});
        case VariantId::canadian:
            return f(Canadian{});
        case VariantId::frisian:
            return f(Frisian{});
        case VariantId::turkish:
            return f(Turkish{});
        case VariantId::armenian:
            return f(Armenian{});
    }
    return f(Russian{});  // unreachable: every enumerator is handled above
}

// A name a user may type: a variant, or an alias that plays by a variant's rules from its
// own starting position.
struct VariantName {
    std::string_view name;
    VariantId id;
    std::string_view start;  // starting position in the variant's notation
    std::string_view summary;
};

// Every name, variants first (in VariantId order), then aliases.
std::span<const VariantName> variant_names();

// The name entry for a typed name (case-sensitive, as listed), or nullopt.
std::optional<VariantName> find_variant(std::string_view name);

std::string_view variant_name(VariantId id);

}  // namespace dtb
