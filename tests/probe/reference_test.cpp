// Reference values (docs/variants.md#published-counts), probed through the library on
// positions it enumerates itself: every placement of each small russian and english material,
// White to move, counted as wins / draws / losses.
#include <array>

#include "dtb/probe.hpp"
#include "probe_test_support.hpp"

namespace dtb::test {
namespace {

struct Counts {
    const char* material;
    std::uint64_t positions, wins, draws, losses;
};

template <class V>
void check_counts(const std::filesystem::path& dir, const Counts& c) {
    probe::Tablebase tb(dir, 16 << 20);
    const auto prober = tb.prober<V>();
    const Material m = *Material::parse(c.material);
    const Index<V> index(m);
    std::array<std::uint64_t, 4> n{};
    for (std::uint64_t i = 0; i < index.size(); ++i) {
        Position<V> p;
        if (!index.unrank(i, Color::white, p)) continue;
        Value v;
        ASSERT_EQ(prober.probe(p, probe::want_wdl, v), probe::Status::ok) << write_fen(p);
        ++n[std::size_t(v.wdl)];
    }
    EXPECT_EQ(n[1] + n[2] + n[3], c.positions) << c.material;
    EXPECT_EQ(n[1], c.wins) << c.material;
    EXPECT_EQ(n[2], c.draws) << c.material;
    EXPECT_EQ(n[3], c.losses) << c.material;
}

// docs/variants.md#published-counts, "Small endings", russian. The material names are dtb's
// (kings first).
TEST(ProbeReference, RussianSmallEndings) {
    const auto& dir = probe_fixture<Russian>(3).dir;
    for (const Counts& c :
         {Counts{"KvK", 992, 194, 796, 2}, Counts{"KvM", 868, 746, 122, 0},
          Counts{"MvK", 868, 67, 262, 539}, Counts{"MvM", 760, 284, 327, 149},
          Counts{"KvKK", 14880, 754, 13852, 274}, Counts{"KKvK", 14880, 5628, 9252, 0},
          Counts{"KvKM", 26040, 4058, 21729, 253}, Counts{"KKvM", 13020, 12626, 394, 0},
          Counts{"MvKK", 13020, 121, 2460, 10439}, Counts{"KMvK", 26040, 7241, 18797, 2},
          Counts{"KvMM", 11340, 6038, 5260, 42}, Counts{"MvKM", 22800, 625, 6434, 15741},
          Counts{"KMvM", 22800, 20632, 2167, 1}, Counts{"MMvK", 11340, 1762, 7703, 1875},
          Counts{"MvMM", 9936, 829, 4383, 4724}, Counts{"MMvM", 9936, 7161, 2713, 62}})
        check_counts<Russian>(dir, c);
}

// docs/variants.md#published-counts, "Small endings", english.
TEST(ProbeReference, EnglishSmallEndings) {
    const auto& dir = probe_fixture<English>(2).dir;
    for (const Counts& c : {Counts{"KvK", 992, 230, 654, 108}, Counts{"KvM", 868, 331, 531, 6},
                            Counts{"MvK", 868, 53, 574, 241}, Counts{"MvM", 760, 102, 611, 47}})
        check_counts<English>(dir, c);
}

// Single positions with known values.
TEST(ProbeReference, KnownPositions) {
    probe::Tablebase ru(probe_fixture<Russian>(3).dir, 1 << 20);
    Value v;
    // Russian: a lone king against a lone king is a draw unless one captures at once.
    ASSERT_EQ(ru.probe("W:WKa1:BKh6", probe::want_wdl, v), probe::Status::ok);
    EXPECT_EQ(v.wdl, Wdl::draw);
    ASSERT_EQ(ru.probe("W:WKa1:BKf6", probe::want_all, v), probe::Status::ok);
    EXPECT_EQ(v, (Value{Wdl::win, 1, 1}));  // a1:g7, Black has nothing left
    ASSERT_EQ(ru.probe("B:WKc3:BKa1", probe::want_all, v), probe::Status::ok);
    EXPECT_EQ(v, (Value{Wdl::win, 1, 1}));  // the same, Black to move (through the flip)
    // A side to move without a piece has lost, without a table.
    ASSERT_EQ(ru.probe("W:W:BKa1", probe::want_all, v), probe::Status::ok);
    EXPECT_EQ(v, (Value{Wdl::loss, 0, 0}));
}

}  // namespace
}  // namespace dtb::test
