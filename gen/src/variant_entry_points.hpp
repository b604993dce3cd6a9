// What gen compiles once per variant (entry_points.cpp.in, one object per variant), declared for
// the sources that reach it through dispatch: the generator run and the table rewrites of
// dtb pack.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>

#include "dtb/compress/table_writer.hpp"
#include "dtb/gen/generate.hpp"

namespace dtb::gen {

template <class V>
GenSummary generate_variant(VariantId id, const GenOptions& o, const GenCallbacks& cb);

template <class V>
GenEstimate estimate_variant(const GenOptions& o);

template <class V>
std::array<std::uint64_t, 3> rewrite_variant_tables(const std::filesystem::path& dir,
                                                    VariantId variant, const Material& m,
                                                    compress::Compression compression,
                                                    std::array<bool, 3> which);

template <class V>
std::uint64_t write_variant_one_ply_wdl(const std::filesystem::path& dir, VariantId variant,
                                        const Material& m, const std::filesystem::path& to);

}  // namespace dtb::gen
