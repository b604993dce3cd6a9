// The variants dtb knows, the one runtime switch from a variant id to its rule struct, and
// the names (with aliases) users type.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>

// The rule structs and the DTB_FOR_EACH_VARIANT macros, generated from core/variants.txt.
#include "dtb/core/variant_list.hpp"

namespace dtb {

// A variant's id is its place in core/variants.txt. Table headers and manifests hold it: a
// new variant is appended, and no id changes.
enum class VariantId : std::uint8_t {
#define DTB_VARIANT_ENUMERATOR(V, enumerator) enumerator,
    DTB_FOR_EACH_VARIANT_ID(DTB_VARIANT_ENUMERATOR)
#undef DTB_VARIANT_ENUMERATOR
};

inline constexpr int kVariantCount = int(std::tuple_size_v<std::tuple<DTB_VARIANT_TYPES>>);

// Calls f(Rules{}) with the rule struct of `id`. The only place a runtime variant becomes a
// type: everything behind it is compiled once per variant.
template <class F>
decltype(auto) dispatch(VariantId id, F&& f) {
    switch (id) {
#define DTB_DISPATCH_CASE(V, enumerator) \
    case VariantId::enumerator:          \
        return f(V{});
        DTB_FOR_EACH_VARIANT_ID(DTB_DISPATCH_CASE)
#undef DTB_DISPATCH_CASE
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
