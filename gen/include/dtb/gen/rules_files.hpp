// A material's values under the rules written as tables of kind `rules` (and `rules_idle`):
// one 16-bit entry per position, White to move (core/rules_value.hpp's encoding). Positions
// whose side to move has a capture are not stored: the prober's capture search finds their
// value from the fresh values of the captures' children.
#pragma once

#include <cstdint>
#include <filesystem>

#include "dtb/compress/table_dir.hpp"
#include "dtb/compress/table_writer.hpp"
#include "dtb/core/large_array.hpp"
#include "dtb/core/rules_value.hpp"
#include "dtb/gen/slice.hpp"
#include "dtb/gen/table_files.hpp"

namespace dtb::gen {

// Writes the rules table of kind k from s (White to move, capture flags held); its size.
template <class V>
std::uint64_t write_rules_table(const std::filesystem::path& dir, VariantId variant,
                                const Slice<V>& s, ValueKind k, compress::Compression compression) {
    const std::int64_t n = std::int64_t(s.index.size());
    LargeVector<std::uint16_t> values(s.index.size());
    std::uint16_t* const out = values.data();  // plain pointers: see capture_mask
    const std::uint8_t* const wdl = s.wdl[0].data();
    const std::uint16_t* const plies = s.dtw[0].data();
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) {
        const Wdl w = Wdl(wdl[i]);
        out[i] = w == Wdl::win || w == Wdl::loss ? encode(RulesValue{w, plies[i]}) : 0;
    }
    compress::WriteOptions options;
    options.compression = compression;
    options.period = s.index.block_size() / s.index.white_king_ranks();
    const auto path = dir / compress::table_file_name(s.material(), k);
    compress::write_table(path, {variant, s.material(), k}, std::span<const std::uint16_t>(values),
                          capture_mask(s), options);
    return std::filesystem::file_size(path);
}

}  // namespace dtb::gen
