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
#include "dtb/gen/counters/counters_distance_sweep.hpp"
#include "dtb/gen/counters/counters_distances.hpp"
#include "dtb/gen/counters/counters_two_counts.hpp"
#include "dtb/gen/solver/slice.hpp"
#include "dtb/gen/tables/table_files.hpp"

namespace dtb::gen {

// Whether m's counters' tables are the ones its manifest entry lists (counters_table_bytes: kinds
// and sizes), each there with that size, opened as such and checked whole: what a resumed
// run keeps instead of solving m's rules again.
bool counters_tables_intact(const std::filesystem::path& dir, VariantId variant, const Material& m,
                            const compress::ManifestEntry& entry);

// The kinds of m's distance tables: one for each class of its counters a sweep solves.
inline std::vector<ValueKind> distance_table_kinds(const CounterSet& set, const Material& m) {
    std::vector<ValueKind> kinds;
    for (const ValueKind k : kCountersKinds) {
        const bool idle = k == ValueKind::counters_idle;
        if ((!idle || has_idle_class(set, m)) && has_distance_table(set, m, idle))
            kinds.push_back(distance_kind(k));
    }
    return kinds;
}

// Whether m's distance tables and its twin's are all there, opened as such and checked whole.
bool distance_tables_intact(const std::filesystem::path& dir, VariantId variant,
                            const CounterSet& set, const Material& m);

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

// A record's steps as the words of a steps or distance table.
inline std::size_t word_count(const StepRecord& r) { return r.steps.size(); }
inline std::size_t word_count(const DistanceRecord& r) { return 2 * r.steps.size(); }
inline void append_words(const StepRecord& r, std::vector<std::uint16_t>& out) {
    for (const TwoCountStep& s : r.steps) out.push_back(encode(s));
}
inline void append_words(const DistanceRecord& r, std::vector<std::uint16_t>& out) {
    for (const DistanceStep& s : r.steps) {
        out.push_back(std::uint16_t(s.left));
        out.push_back(std::uint16_t(s.plies));
    }
}

// A record under the index it has in the table written: its own, or its twin's.
template <class Record>
struct KeyedRecord {
    std::uint64_t index = 0;
    const Record* record = nullptr;
};

// A table of `records` (by rising index) as words: core/counters_value.hpp's layout of the steps
// table, unused words kNoStep.
template <class Record>
std::vector<std::uint16_t> record_table_words(const std::vector<KeyedRecord<Record>>& records) {
    std::size_t most = 1;
    for (const auto& r : records) most = std::max(most, word_count(*r.record));
    const std::size_t per = kStepsKeyWords + most;
    std::vector<std::uint16_t> words{std::uint16_t(per)};
    words.reserve(1 + kStepsKeyWords + records.size() * per);
    for (int k = 0; k < kStepsKeyWords; ++k)
        words.push_back(std::uint16_t(std::uint64_t(records.size()) >> (16 * k)));
    for (const auto& r : records) {
        for (int k = 0; k < kStepsKeyWords; ++k)
            words.push_back(std::uint16_t(r.index >> (16 * k)));
        const std::size_t end = words.size() + most;
        append_words(*r.record, words);
        words.resize(end, kNoStep);
    }
    return words;
}

// Writes the record tables of kind `kind` (steps or distance) of m and of its twin, from the
// records of both sides to move (by rising index); their size.
template <class V, class Record>
std::uint64_t write_record_tables(const std::filesystem::path& dir, VariantId variant,
                                  const Material& m, ValueKind kind,
                                  const std::array<std::vector<Record>, 2>& records,
                                  compress::Compression compression) {
    auto write = [&](const Material& mat, const std::vector<KeyedRecord<Record>>& r) {
        const auto words = record_table_words(r);
        const std::vector<std::uint8_t> left_out(words.size(), 0);
        compress::WriteOptions options;
        options.compression = compression;
        const auto path = dir / compress::table_file_name(mat, kind);
        compress::write_table(path, {variant, mat, kind}, std::span(words), std::span(left_out),
                              options);
        return std::filesystem::file_size(path);
    };
    std::vector<KeyedRecord<Record>> keyed;
    keyed.reserve(records[0].size());
    for (const Record& r : records[0]) keyed.push_back({r.index, &r});
    std::uint64_t bytes = write(m, keyed);
    if (m.flipped() == m) return bytes;
    // The twin's White to move is m's Black to move, at the flipped position's index there.
    const Index<V> from(m), to(m.flipped());
    keyed.clear();
    keyed.reserve(records[1].size());
    for (const Record& r : records[1]) {
        Position<V> p;
        from.unrank(r.index, Color::black, p);
        keyed.push_back({to.rank(Flip<V>::apply(p)), &r});
    }
    std::sort(keyed.begin(), keyed.end(),
              [](const auto& a, const auto& b) { return a.index < b.index; });
    return bytes + write(m.flipped(), keyed);
}

}  // namespace dtb::gen
