// The generator's tables written and read back: every value of every position, both sides
// to move (Black to move from the flipped material's table, positions with a capture by the
// capture search), equals the solver's.
#include <gtest/gtest.h>

#include <array>
#include <span>
#include <string>
#include <vector>

#include "../compress/compress_test_support.hpp"
#include "dtb/core/large_array.hpp"
#include "dtb/gen/run/array_stock.hpp"
#include "dtb/gen/run/solved_slices.hpp"
#include "dtb/gen/tables/table_files.hpp"
#include "read_tables.hpp"

namespace dtb::test {
namespace {

template <class V>
void expect_tables_read_back(int pieces, compress::Compression c = compress::Compression::small) {
    TempDir dir;
    const auto tb = solved_and_written<V>(pieces, dir.path, c);
    const auto variant = find_variant(V::name)->id;
    Mismatches seen;
    for (const Material& m : materials_up_to(pieces)) {
        const auto back =
            read_tables<V>(dir.path, variant, m, [&](const Position<V>& p) { return tb.probe(p); });
        const auto* s = tb.slice(m);
        for (int side = 0; side < 2; ++side) {
            for (std::uint64_t i = 0; i < s->index.size(); ++i) {
                const Value a = s->value(Color(side), i), b = back->value(Color(side), i);
                seen.add(a.wdl == b.wdl && (a.wdl == Wdl::draw || a == b), [&] {
                    return m.name() + " side " + std::to_string(side) + " index " +
                           std::to_string(i) + ": " + to_string(a.wdl) + " " +
                           std::to_string(a.dtw) + " " + std::to_string(a.dtc) + " read back " +
                           to_string(b.wdl) + " " + std::to_string(b.dtw) + " " +
                           std::to_string(b.dtc);
                });
            }
        }
    }
    EXPECT_EQ(seen.wrong, 0u) << "of " << seen.compared << "; first: " << seen.first;
    EXPECT_GT(seen.compared, 0u);
}

TEST(GenTables, RussianUpTo3ReadBack) { expect_tables_read_back<Russian>(3); }
TEST(GenTables, EnglishUpTo3ReadBack) { expect_tables_read_back<English>(3); }
TEST(GenTables, GiveawayUpTo3ReadBack) { expect_tables_read_back<Giveaway>(3); }
TEST(GenTables, InternationalUpTo3ReadBack) { expect_tables_read_back<International>(3); }
// Fast tables store their threats' values, which the reader recomputes all the same.
TEST(GenTables, RussianUpTo3FastReadBack) {
    expect_tables_read_back<Russian>(3, compress::Compression::fast);
}
// The writer needs what the solver knows and the tables leave out: a slice that no longer
// holds its DTC or its capture flags is refused, not written with a wrong mask.
TEST(GenTables, SliceWithoutDtcOrCaptureFlagsIsRefused) {
    const auto tb = gen::SolvedSlices<Russian>::solve(2);
    TempDir dir;
    const auto variant = VariantId::russian;
    const Material m = *Material::parse("KvK");
    gen::Slice<Russian> no_capture = *tb.slice(m);
    no_capture.capture[1] = {};
    EXPECT_THROW(gen::write_tables(dir.path, variant, no_capture), compress::TableError);
    gen::Slice<Russian> no_dtc = *tb.slice(m);
    no_dtc.dtc[0] = {};
    EXPECT_THROW(gen::write_tables(dir.path, variant, no_dtc), compress::TableError);
    EXPECT_NO_THROW(gen::write_tables(dir.path, variant, *tb.slice(m)));
    // Only the arrays of the kinds written are needed (dtb pack holds no more).
    gen::Slice<Russian> wdl_alone = *tb.slice(m);
    wdl_alone.dtw[0] = {};
    wdl_alone.dtc[0] = {};
    EXPECT_NO_THROW(gen::write_tables(dir.path, variant, wdl_alone, compress::Compression::small,
                                      {true, false, false}));
    EXPECT_THROW(gen::write_tables(dir.path, variant, wdl_alone, compress::Compression::small,
                                   {true, true, false}),
                 compress::TableError);
}

// A table is read into an array of its own size, and WDL into bytes only where every value
// fits one: else an error, not values cut short.
TEST(GenTables, ReadIntoAnArrayThatDoesNotFitIsRefused) {
    const auto tb = gen::SolvedSlices<Russian>::solve(3);
    TempDir dir;
    const auto variant = VariantId::russian;
    const Material m = *Material::parse("KKvK");
    gen::write_tables(dir.path, variant, *tb.slice(m), compress::Compression::fast);
    const std::uint64_t n = tb.slice(m)->index.size();
    std::vector<std::uint8_t> bytes(n);
    EXPECT_NO_THROW(gen::read_checked_table(dir.path, variant, m, ValueKind::wdl,
                                            std::span<std::uint8_t>(bytes)));
    for (std::uint64_t i = 0; i < n; ++i) {
        if (tb.slice(m)->wdl[0][i] != std::uint8_t(Wdl::unknown) && !tb.slice(m)->capture[0][i]) {
            ASSERT_EQ(bytes[i], tb.slice(m)->wdl[0][i]) << i;
        }
    }
    std::vector<std::uint8_t> short_of_one(n - 1);
    EXPECT_THROW(gen::read_checked_table(dir.path, variant, m, ValueKind::wdl,
                                         std::span<std::uint8_t>(short_of_one)),
                 compress::TableError);
    // A distance table whose values pass a byte (a DTW of 300 plies everywhere).
    const std::vector<std::uint16_t> long_wins(n, 300);
    const std::vector<std::uint8_t> stored(n, 0);
    compress::write_table(dir.path / compress::table_file_name(m, ValueKind::dtw),
                          {variant, m, ValueKind::dtw}, std::span<const std::uint16_t>(long_wins),
                          std::span<const std::uint8_t>(stored), compress::WriteOptions{});
    EXPECT_THROW(gen::read_checked_table(dir.path, variant, m, ValueKind::dtw,
                                         std::span<std::uint8_t>(bytes)),
                 compress::TableError);
}

// The writer's mask, built from the solver's capture flags, leaves out exactly the
// positions the prober recomputes (left_out_kind, from the position alone) and the broken
// indices.
template <class V>
void expect_mask_is_what_the_prober_recomputes(int pieces) {
    const auto tb = gen::SolvedSlices<V>::solve(pieces);
    std::uint64_t left_out = 0;
    for (const Material& m : materials_up_to(pieces)) {
        const auto* s = tb.slice(m);
        const auto mask = gen::left_out_captures_and_threats(*s);
        for (std::uint64_t i = 0; i < s->index.size(); ++i) {
            Position<V> p;
            const bool broken = !s->index.unrank(i, Color::white, p);
            const bool expected = broken || left_out_kind(p) != LeftOut::no;
            ASSERT_EQ(mask[i] != 0, expected) << m.name() << " index " << i;
            left_out += expected;
        }
    }
    EXPECT_GT(left_out, 0u);
}
// The fast preset's mask leaves out the broken indices and the positions with a capture,
// nothing else: the threats keep their values.
TEST(GenTables, FastMaskIsTheCaptures) {
    const auto tb = gen::SolvedSlices<Russian>::solve(4);
    std::uint64_t captures = 0, threats = 0;
    for (const Material& m : materials_up_to(4)) {
        const auto* s = tb.slice(m);
        const auto mask = gen::left_out_mask(*s, compress::Compression::fast);
        ASSERT_TRUE(mask == gen::left_out_captures(*s)) << m.name();
        for (std::uint64_t i = 0; i < s->index.size(); ++i) {
            Position<Russian> p;
            const bool broken = !s->index.unrank(i, Color::white, p);
            const LeftOut r = broken ? LeftOut::no : left_out_kind(p);
            ASSERT_EQ(mask[i] != 0, broken || r == LeftOut::captures) << m.name() << " index " << i;
            captures += r == LeftOut::captures;
            threats += r == LeftOut::successors;
        }
    }
    EXPECT_GT(captures, 0u);
    EXPECT_GT(threats, 0u);  // the masks differ somewhere
}
TEST(GenTables, RussianMaskIsWhatTheProberRecomputes) {
    expect_mask_is_what_the_prober_recomputes<Russian>(4);
}
TEST(GenTables, TurkishMaskIsWhatTheProberRecomputes) {
    expect_mask_is_what_the_prober_recomputes<Turkish>(3);
}
TEST(GenTables, InternationalMaskIsWhatTheProberRecomputes) {
    expect_mask_is_what_the_prober_recomputes<International>(3);
}

// A twin's tables written a kind at a time from its solved slice (write_twin_tables) are
// the bytes write_tables writes from the whole twin, at either preset, for WDL alone too,
// with arrays in memory or in files; the slice's White-to-move DTC, which the run frees
// before, is not read.
template <class V>
void expect_twin_tables_as_from_the_whole_twin(int pieces, bool in_files = false) {
    const auto tb = gen::SolvedSlices<V>::solve(pieces);
    const auto variant = find_variant(V::name)->id;
    TempDir scratch;
    const ArrayFiles files(scratch.path / "arrays");
    gen::ArrayStock stock;
    if (in_files) stock.put_in(&files);
    int written = 0;
    for (const auto c : {compress::Compression::small, compress::Compression::fast})
        for (const std::array<bool, 3> which :
             {std::array<bool, 3>{true, true, true}, std::array<bool, 3>{true, false, false}}) {
            TempDir whole, by_kind;
            for (const Material& m : materials_up_to(pieces)) {
                if (m.flipped() == m) continue;
                const auto* s = tb.slice(m);
                const gen::TwinIndex<V> twins(s->index);
                gen::write_tables(whole.path, variant,
                                  *gen::Symmetry<V>::flipped(*s, twins, gen::Sides::white), c,
                                  which);
                gen::Slice<V> without_white_dtc = *s;
                without_white_dtc.dtc[0] = {};
                gen::write_twin_tables(by_kind.path, variant, without_white_dtc, twins, c, which,
                                       stock);
                ++written;
            }
            expect_same_files(whole.path, by_kind.path);
        }
    EXPECT_GT(written, 0);
}
TEST(GenTables, RussianTwinTablesAsFromTheWholeTwin) {
    expect_twin_tables_as_from_the_whole_twin<Russian>(4);
}
TEST(GenTables, FrisianTwinTablesAsFromTheWholeTwin) {
    expect_twin_tables_as_from_the_whole_twin<Frisian>(3);
}
TEST(GenTables, InternationalTwinTablesAsFromTheWholeTwinInFiles) {
    expect_twin_tables_as_from_the_whole_twin<International>(3, true);
}
// What the twin's tables are written from is checked: a slice without Black to move's DTC
// (when DTC is written) or without its capture flags is refused, not written wrong.
TEST(GenTables, TwinTablesWithoutWhatTheyNeedAreRefused) {
    const auto tb = gen::SolvedSlices<Russian>::solve(3);
    TempDir dir;
    gen::ArrayStock stock;
    const gen::Slice<Russian>& solved = *tb.slice(*Material::parse("KMvK"));
    const gen::TwinIndex<Russian> twins(solved.index);
    const auto write = [&](const gen::Slice<Russian>& s, std::array<bool, 3> which) {
        gen::write_twin_tables(dir.path, VariantId::russian, s, twins, compress::Compression::fast,
                               which, stock);
    };
    gen::Slice<Russian> no_dtc = solved;
    no_dtc.dtc[1] = {};
    EXPECT_THROW(write(no_dtc, {true, true, true}), compress::TableError);
    EXPECT_NO_THROW(write(no_dtc, {true, false, false}));
    for (int side = 0; side < 2; ++side) {
        gen::Slice<Russian> no_capture = solved;
        no_capture.capture[side] = {};
        EXPECT_THROW(write(no_capture, {true, false, false}), compress::TableError);
    }
    EXPECT_NO_THROW(write(solved, {true, true, true}));
}

TEST(GenTablesLong, LongRussianUpTo4ReadBack) { expect_tables_read_back<Russian>(4); }

}  // namespace
}  // namespace dtb::test
