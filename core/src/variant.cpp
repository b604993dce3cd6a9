#include "dtb/core/variant.hpp"

#include <array>

namespace dtb {

namespace {

// The variant's enumerator, header and typed name are one word (core/variants.txt).
#define DTB_CHECK_NAME(V, enumerator) static_assert(V::name == #enumerator);
DTB_FOR_EACH_VARIANT_ID(DTB_CHECK_NAME)
#undef DTB_CHECK_NAME

constexpr std::array kNames = {
#define DTB_NAME_ENTRY(V, enumerator) \
    VariantName{V::name, VariantId::enumerator, V::start, V::summary},
    DTB_FOR_EACH_VARIANT_ID(DTB_NAME_ENTRY)  // the variants, then the aliases
#undef DTB_NAME_ENTRY
    VariantName{"restriction", VariantId::english, English::start,
                "english rules; the first three moves are balloted"},
    VariantName{"ballot11", VariantId::english, English::start,
                "english rules, 11-man ballot: one man per side removed by ballot"},
    VariantName{"czech8", VariantId::czech, "W:W25-32:B1-8", "czech rules, 8 men each"},
};

}  // namespace

std::span<const VariantName> variant_names() { return kNames; }

std::optional<VariantName> find_variant(std::string_view name) {
    for (const auto& v : kNames)
        if (v.name == name) return v;
    return std::nullopt;
}

std::string_view variant_name(VariantId id) {
    return dispatch(id, [](auto v) { return decltype(v)::name; });
}

}  // namespace dtb
