// The byte a run holds a looked-into slice's WDL and DTW in (gen/solver/exit_code.hpp,
// coded_slice.hpp): every value it codes decodes to itself, every other is refused,
// and coding a solved slice changes no value a solver reads of it.
#include <gtest/gtest.h>

#include <cstdint>

#include "dtb/core/variant.hpp"
#include "dtb/gen/run/array_stock.hpp"
#include "dtb/gen/run/solved_slices.hpp"
#include "dtb/gen/solver/coded_slice.hpp"
#include "dtb/gen/solver/exit_code.hpp"

namespace dtb::gen {
namespace {

TEST(ExitCode, CodesExactlyTheValuesItGivesBack) {
    for (const bool odd_wins : {true, false}) {
        const ExitCode code(odd_wins);
        int coded = 0;
        for (const Wdl w : {Wdl::unknown, Wdl::win, Wdl::draw, Wdl::loss})
            for (std::uint16_t dtw = 0; dtw < 600; ++dtw) {
                const auto c = code.encode(w, dtw);
                const bool decisive = w == Wdl::win || w == Wdl::loss;
                const bool fits = decisive ? dtw <= ExitCode::kMaxDtw &&
                                                 ((dtw % 2 == 1) == odd_wins) == (w == Wdl::win)
                                           : dtw == 0;
                EXPECT_EQ(c.has_value(), fits) << int(w) << " " << dtw;
                if (!c) continue;
                ++coded;
                EXPECT_EQ(code.decode(*c).wdl(), w);
                EXPECT_EQ(code.decode(*c).dtw(), dtw);
            }
        EXPECT_EQ(coded, 256);  // every byte is some value's code
    }
}

// Each slice of V up to `pieces`, coded, answers every entry as before.
template <class V>
void expect_coding_keeps_every_value(int pieces) {
    const auto tb = SolvedSlices<V>::solve(pieces, 2);
    for (const Material& m : materials_up_to(pieces)) {
        ArrayStock stock;  // fresh: a kept array may be larger than the slice
        const Slice<V>* solved = tb.slice(m);
        ASSERT_NE(solved, nullptr);
        Slice<V> coded(m);
        for (int s = 0; s < 2; ++s) {
            coded.wdl[s] = solved->wdl[s];
            coded.dtw[s] = solved->dtw[s];
        }
        ASSERT_TRUE(code_for_exits(coded, stock)) << m.name();
        EXPECT_TRUE(coded.wdl[0].empty() && coded.dtw[1].empty() && coded.dtc[0].empty());
        EXPECT_EQ(slice_bytes(coded), 2 * coded.index.size());
        for (int s = 0; s < 2; ++s)
            for (std::uint64_t i = 0; i < coded.index.size(); ++i) {
                const ExitValue a = solved->exit_value(s, i), b = coded.exit_value(s, i);
                ASSERT_EQ(a.wdl(), b.wdl()) << m.name() << " " << s << " " << i;
                ASSERT_EQ(a.dtw(), b.dtw()) << m.name() << " " << s << " " << i;
            }
    }
}

TEST(ExitCode, CodedSlicesAnswerAsSolved) {
    expect_coding_keeps_every_value<Russian>(4);
    expect_coding_keeps_every_value<Giveaway>(3);  // wins at even distances
    expect_coding_keeps_every_value<International>(3);
}

TEST(ExitCode, ASliceWithAValueWithoutCodeKeepsItsArrays) {
    const auto tb = SolvedSlices<Russian>::solve(2, 2);
    const Material m = materials_up_to(2).front();
    Slice<Russian> s(m);
    for (int side = 0; side < 2; ++side) {
        s.wdl[side] = tb.slice(m)->wdl[side];
        s.dtw[side] = tb.slice(m)->dtw[side];
    }
    s.wdl[1][7] = std::uint8_t(Wdl::win);
    s.dtw[1][7] = 300;  // beyond kMaxDtw
    ArrayStock stock;
    EXPECT_FALSE(code_for_exits(s, stock));
    EXPECT_FALSE(s.coding.has_value());
    EXPECT_EQ(s.dtw[1][7], 300);
    EXPECT_TRUE(s.exit[0].empty() && s.exit[1].empty());
}

}  // namespace
}  // namespace dtb::gen
