// An open tablebase: its directories (a search path), their variant, its store of tables
// and what is installed. The C handle (dtb_tb) and the C++ wrapper (probe.hpp) are this
// object.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dtb/core/material.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/probe/status.hpp"
#include "dtb/probe/store.hpp"

namespace dtb::probe {

// A material with its WDL table in one of the directories, and the kinds of table it has
// there: bit kind_index(k) for kind k (value.hpp).
struct InstalledMaterial {
    Material material;
    int kinds = 0;
};

class Handle {
  public:
    // Opens a directory, or several as "DIR1:DIR2:..." (a search path: a table is taken from
    // the first that has it). The variant is `variant` when given, else the "variant" of the
    // directories' manifest.json; every manifest must name the same variant, and the same
    // counter set for its counters' tables. Reads no table, lists the directories' table files. On
    // failure returns directory or variant and says why in `message`.
    static Status open(const std::string& search_path, std::optional<std::string_view> variant,
                       std::size_t cache_bytes, std::unique_ptr<Handle>& out, std::string& message);

    VariantId variant() const { return store_.variant(); }
    std::string_view variant_name() const { return dtb::variant_name(store_.variant()); }
    const Store& store() const { return store_; }
    // The counter set the directory's counters' tables follow (manifest "counters"), or ""
    // for the variant's default.
    const std::string& counter_set_name() const { return counter_set_; }
    // Why the counters' tables must not be read (written under an earlier revision of their counter
    // set: compress::stale_counters_reason), or "". The pure tables read all the same.
    const std::string& stale_counters() const { return stale_counters_; }

    // The materials installed when the handle was opened (those with a WDL table), fewest
    // pieces first, their names, and the largest number of pieces among them (0: none).
    const std::vector<InstalledMaterial>& materials() const { return materials_; }
    const std::vector<std::string>& material_names() const { return material_names_; }
    int largest() const { return largest_; }
    // Whether every installed material has a table of kind k (false when none is installed).
    bool all_have(ValueKind k) const {
        for (const auto& m : materials_)
            if (!(m.kinds & (1 << kind_index(k)))) return false;
        return !materials_.empty();
    }

  private:
    Handle(const std::vector<std::filesystem::path>& dirs, VariantId v, std::size_t cache_bytes,
           std::string counter_set);
    Store store_;
    std::string counter_set_;
    std::string stale_counters_;
    std::vector<InstalledMaterial> materials_;
    std::vector<std::string> material_names_;
    int largest_ = 0;
};

}  // namespace dtb::probe
