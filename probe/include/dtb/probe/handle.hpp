// An open tablebase directory: its variant and its store of tables. The C handle (dtb_tb)
// and the C++ wrapper (probe.hpp) are this object.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "dtb/core/variant.hpp"
#include "dtb/probe/status.hpp"
#include "dtb/probe/store.hpp"

namespace dtb::probe {

class Handle {
  public:
    // Opens dir: the variant is `variant` when given, else the "variant" of dir/manifest.json.
    // Reads no table. On failure returns directory or variant and says why in `message`.
    static Status open(const std::filesystem::path& dir, std::optional<std::string_view> variant,
                       std::size_t cache_bytes, std::unique_ptr<Handle>& out, std::string& message);

    VariantId variant() const { return store_.variant(); }
    std::string_view variant_name() const { return dtb::variant_name(store_.variant()); }
    const Store& store() const { return store_; }
    // The counter rule set the directory's rules tables follow (manifest "counters"), or ""
    // for the variant's default.
    const std::string& rule_set_name() const { return rule_set_; }

  private:
    Handle(const std::filesystem::path& dir, VariantId v, std::size_t cache_bytes,
           std::string rule_set)
        : store_(dir, v, cache_bytes), rule_set_(std::move(rule_set)) {}
    Store store_;
    std::string rule_set_;
};

}  // namespace dtb::probe
