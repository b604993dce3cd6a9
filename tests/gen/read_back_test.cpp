// A finished material read back from its tables for a resumed run (gen/tables/read_back.hpp):
// WDL and DTW of every position, both sides to move, equal the solver's, with the materials it
// looks into held and itself not; tables that hold too little give nothing, damaged ones an
// error.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "../compress/compress_test_support.hpp"
#include "dtb/gen/run/solved_slices.hpp"
#include "dtb/gen/tables/read_back.hpp"
#include "dtb/gen/tables/table_files.hpp"
#include "read_tables.hpp"

namespace dtb::test {
namespace {

// The held slices of tb but m's and its twin's.
template <class V>
gen::ExitTables<V> held_but(const gen::SolvedSlices<V>& tb, const Material& m, int pieces) {
    gen::ExitTables<V> exits;
    for (const Material& d : materials_up_to(pieces))
        if (d != m && d != m.flipped()) exits.hold(d, tb.slice(d));
    return exits;
}

template <class V>
void expect_read_back(int pieces, compress::Compression c) {
    TempDir dir;
    const auto tb = solved_and_written<V>(pieces, dir.path, c);
    const auto variant = find_variant(V::name)->id;
    Mismatches seen;
    for (const Material& m : materials_up_to(pieces)) {
        const auto back = gen::read_back<V>(dir.path, variant, m, held_but(tb, m, pieces));
        ASSERT_TRUE(back) << m.name();
        EXPECT_TRUE(back->dtc[0].empty() && back->capture[0].empty());
        const auto* s = tb.slice(m);
        for (int side = 0; side < 2; ++side)
            for (std::uint64_t i = 0; i < s->index.size(); ++i) {
                const gen::ExitValue a = s->exit_value(side, i), b = back->exit_value(side, i);
                const bool decisive = b.wdl() == Wdl::win || b.wdl() == Wdl::loss;
                seen.add(a.wdl() == b.wdl() && (decisive ? a.dtw() == b.dtw() : b.dtw() == 0), [&] {
                    return m.name() + " side " + std::to_string(side) + " index " +
                           std::to_string(i) + ": " + to_string(a.wdl()) + " " +
                           std::to_string(a.dtw()) + ", read back " + to_string(b.wdl()) + " " +
                           std::to_string(b.dtw());
                });
            }
    }
    EXPECT_EQ(seen.wrong, 0u) << "of " << seen.compared << "; first: " << seen.first;
    EXPECT_GT(seen.compared, 0u);
}

// The small preset leaves the threats out, the fast one stores them.
TEST(ReadBack, RussianUpTo4Small) { expect_read_back<Russian>(4, compress::Compression::small); }
TEST(ReadBack, RussianUpTo4Fast) { expect_read_back<Russian>(4, compress::Compression::fast); }
TEST(ReadBack, GiveawayUpTo3) { expect_read_back<Giveaway>(3, compress::Compression::small); }
TEST(ReadBack, TurkishUpTo3) { expect_read_back<Turkish>(3, compress::Compression::small); }
TEST(ReadBack, FrisianUpTo3) { expect_read_back<Frisian>(3, compress::Compression::small); }
TEST(ReadBack, InternationalUpTo3) {
    expect_read_back<International>(3, compress::Compression::small);
}

TEST(ReadBack, TablesWithoutDistancesGiveNothingAndDamagedOnesAnError) {
    TempDir dir;
    const auto tb = solved_and_written<Russian>(3, dir.path, compress::Compression::small);
    const Material m = *Material::parse("KMvK");
    const auto exits = held_but(tb, m, 3);
    ASSERT_TRUE(gen::read_back<Russian>(dir.path, VariantId::russian, m, exits));

    const auto dtw = dir.path / compress::table_file_name(m.flipped(), ValueKind::dtw);
    const auto bytes = read_bytes(dtw);
    std::filesystem::remove(dtw);
    EXPECT_FALSE(gen::read_back<Russian>(dir.path, VariantId::russian, m, exits));

    auto damaged = bytes;
    damaged[damaged.size() - 20] ^= 0x10;  // in the compressed blocks
    write_bytes(dtw, damaged);
    EXPECT_THROW(gen::read_back<Russian>(dir.path, VariantId::russian, m, exits),
                 compress::TableError);
}

}  // namespace
}  // namespace dtb::test
