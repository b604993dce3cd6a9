// A material's values under the counters written as tables of kind `counters` (and
// `counters_idle`): one 16-bit entry per position, White to move (core/counters_value.hpp's
// encoding). Positions whose side to move has a capture are not stored: the prober's capture search
// finds their value from the fresh values of the captures' children. Where two counts bind, the
// staircases of more than one step go to a steps table beside (core/counters_value.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "dtb/compress/table_dir.hpp"
#include "dtb/compress/table_writer.hpp"
#include "dtb/core/counters_value.hpp"
#include "dtb/core/flip.hpp"
#include "dtb/core/large_array.hpp"
#include "dtb/gen/counters/counters_two_counts.hpp"
#include "dtb/gen/solver/slice.hpp"
#include "dtb/gen/tables/table_files.hpp"

namespace dtb::gen {

// Whether m's counters' tables are the ones its manifest entry lists (counters_table_bytes: kinds
// and sizes), each there with that size, opened as such and checked whole: what a resumed
// run keeps instead of solving m's rules again.
bool counters_tables_intact(const std::filesystem::path& dir, VariantId variant, const Material& m,
                            const compress::ManifestEntry& entry);

// Writes the counters' table of kind k from s (White to move, capture flags held); its size.
template <class V>
std::uint64_t write_counters_table(const std::filesystem::path& dir, VariantId variant,
                                   const Slice<V>& s, ValueKind k,
                                   compress::Compression compression) {
    const std::int64_t n = std::int64_t(s.index.size());
    LargeVector<std::uint16_t> values(s.index.size());
    std::uint16_t* const out = values.data();  // plain pointers: see left_out_captures
    const std::uint8_t* const wdl = s.wdl[0].data();
    const std::uint16_t* const plies = s.dtw[0].data();
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) {
        const Wdl w = Wdl(wdl[i]);
        out[i] = w == Wdl::win || w == Wdl::loss ? encode(CountersValue{w, plies[i]}) : 0;
    }
    compress::WriteOptions options;
    options.compression = compression;
    options.period = s.index.block_size() / s.index.white_king_ranks();
    const auto path = dir / compress::table_file_name(s.material(), k);
    compress::write_table(path, {variant, s.material(), k}, std::span<const std::uint16_t>(values),
                          left_out_captures(s), options);
    return std::filesystem::file_size(path);
}

// The steps table of `records` (by rising index) as words: core/counters_value.hpp's layout.
inline std::vector<std::uint16_t> steps_table_words(const std::vector<StepRecord>& records) {
    std::size_t most = 1;
    for (const StepRecord& r : records) most = std::max(most, r.steps.size());
    const std::size_t per = kStepsKeyWords + most;
    std::vector<std::uint16_t> words{std::uint16_t(per)};
    for (int k = 0; k < kStepsKeyWords; ++k)
        words.push_back(std::uint16_t(std::uint64_t(records.size()) >> (16 * k)));
    for (const StepRecord& r : records) {
        for (int k = 0; k < kStepsKeyWords; ++k)
            words.push_back(std::uint16_t(r.index >> (16 * k)));
        for (std::size_t k = 0; k < most; ++k)
            words.push_back(k < r.steps.size() ? encode(r.steps[k]) : kNoStep);
    }
    return words;
}

// Writes the steps tables of m's class `counters` (kind k) and of its twin's; their size.
template <class V>
std::uint64_t write_steps_tables(const std::filesystem::path& dir, VariantId variant,
                                 const Material& m, ValueKind k,
                                 const std::array<std::vector<StepRecord>, 2>& records,
                                 compress::Compression compression) {
    auto write = [&](const Material& mat, const std::vector<StepRecord>& r) {
        const auto words = steps_table_words(r);
        const std::vector<std::uint8_t> left_out(words.size(), 0);
        compress::WriteOptions options;
        options.compression = compression;
        const auto path = dir / compress::table_file_name(mat, steps_kind(k));
        compress::write_table(path, {variant, mat, steps_kind(k)}, std::span(words),
                              std::span(left_out), options);
        return std::filesystem::file_size(path);
    };
    std::uint64_t bytes = write(m, records[0]);
    if (m.flipped() == m) return bytes;
    // The twin's White to move is m's Black to move, at the flipped position's index there.
    const Index<V> from(m), to(m.flipped());
    std::vector<StepRecord> twin;
    for (const StepRecord& r : records[1]) {
        Position<V> p;
        from.unrank(r.index, Color::black, p);
        twin.push_back({to.rank(Flip<V>::apply(p)), r.steps});
    }
    std::sort(twin.begin(), twin.end(),
              [](const StepRecord& a, const StepRecord& b) { return a.index < b.index; });
    return bytes + write(m.flipped(), twin);
}

}  // namespace dtb::gen
