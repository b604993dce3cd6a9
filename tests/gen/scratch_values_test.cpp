// The scratch files of slices a run lets go (gen/src/scratch_values.hpp, scratch_file.hpp):
// whichever way a slice's values are written (coded, in words, WDL alone), every position
// reads back as the slice answered it, and the file is one a stopped run's successor takes
// over.
#include <gtest/gtest.h>

#include <stdexcept>

#include "../../gen/src/scratch_values.hpp"
#include "../compress/compress_test_support.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/gen/run/solved_slices.hpp"

namespace dtb::gen {
namespace {

// The written tables, where no lookup may go: every slice of the test is in scratch.
template <class V>
class NoTables final : public WrittenValues<V> {
  public:
    ExitValue exit_value(const Position<V>&) const override {
        throw std::logic_error("looked past the scratch files");
    }
    std::optional<Value> value(const Position<V>&) const override { return std::nullopt; }
};

enum class Form { coded, arrays, words, wdl };

// m of V solved, held in `form`, written to scratch and read back at every index entry.
template <class V>
void expect_read_back(VariantId id, const Material& m, Form form, ScratchKind kind) {
    const auto tb = SolvedSlices<V>::solve(m.pieces(), 2);
    Slice<V> s(m);
    for (int side = 0; side < 2; ++side) {
        s.wdl[side] = tb.slice(m)->wdl[side];
        s.dtw[side] = tb.slice(m)->dtw[side];
    }
    ArrayStock stock;
    if (form == Form::coded) {
        ASSERT_TRUE(code_for_exits(s, stock));
    }
    if (form == Form::words) {
        // A long win no byte codes: the file keeps words.
        for (std::uint64_t i = 0; i < s.index.size(); ++i)
            if (Wdl(s.wdl[0][i]) == Wdl::win) {
                s.dtw[0][i] = 301;
                break;
            }
    }
    if (form == Form::wdl) s.dtw[0] = s.dtw[1] = {};

    test::TempDir dir;
    const NoTables<V> tables;
    ScratchValues<V> scratch(dir.path / "pure", tables, id);
    scratch.add(s);
    const auto file = dir.path / "pure" / (m.name() + ".exit");
    const auto h = decode_scratch_header(MappedScratch(file).data());
    ASSERT_TRUE(h);
    EXPECT_EQ(h->kind, kind);
    EXPECT_EQ(scratch_left_behind<V>(dir.path / "pure", id, {m}).size(),
              has_dtw(kind) ? 1u : 0u);  // WDL alone cannot stand for a slice

    int read = 0;
    for (const Color side : {Color::white, Color::black})
        for (std::uint64_t i = 0; i < s.index.size(); ++i) {
            Position<V> p;
            if (!s.index.unrank(i, side, p)) continue;
            const ExitValue want = s.exit_value(int(side), i), got = scratch.exit_value(p);
            ASSERT_EQ(want.wdl(), got.wdl()) << m.name() << " " << i;
            ASSERT_EQ(want.dtw(), got.dtw()) << m.name() << " " << i;
            ++read;
        }
    EXPECT_GT(read, 0);
}

TEST(ScratchValues, EveryKindReadsBackAsTheSliceAnswers) {
    const Material kmvk = *Material::parse("KMvK");
    expect_read_back<Russian>(VariantId::russian, kmvk, Form::coded, ScratchKind::codes_odd_wins);
    expect_read_back<Russian>(VariantId::russian, kmvk, Form::arrays, ScratchKind::codes_odd_wins);
    expect_read_back<Giveaway>(VariantId::giveaway, kmvk, Form::arrays,
                               ScratchKind::codes_even_wins);
    expect_read_back<Russian>(VariantId::russian, kmvk, Form::words, ScratchKind::words);
    expect_read_back<Russian>(VariantId::russian, kmvk, Form::wdl, ScratchKind::wdl);
}

}  // namespace
}  // namespace dtb::gen
