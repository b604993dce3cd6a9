// Every position of every material (or every stride-th), both sides to move, probed through the
// library (all values, and WDL alone) and compared with the generator's own values (positions
// with a capture included: the generator computes those too, the prober recomputes them by its
// capture search).
#include <chrono>
#include <filesystem>

#include "dtb/compress/table_writer.hpp"
#include "dtb/probe.hpp"
#include "probe_test_support.hpp"

namespace dtb::test {
namespace {

template <class V>
void compare_every_position(int max_pieces, std::size_t cache_bytes, std::uint64_t stride = 1,
                            const std::filesystem::path* dir = nullptr) {
    const auto& f = probe_fixture<V>(max_pieces);
    probe::Tablebase tb(dir ? *dir : f.dir, cache_bytes);
    const auto prober = tb.prober<V>();
    std::uint64_t checked = 0, captures = 0;
    for (const Material& m : materials_up_to(max_pieces)) {
        const gen::Slice<V>* s = f.raw->slice(m);
        ASSERT_NE(s, nullptr) << m.name();
        for (Color side : {Color::white, Color::black}) {
            for (std::uint64_t i = 0; i < s->index.size(); i += stride) {
                Position<V> p;
                if (!s->index.unrank(i, side, p)) continue;
                const Value want = s->value(side, i);
                Value got;
                std::string why;
                ASSERT_EQ(prober.probe(p, probe::want_all, got, &why), probe::Status::ok)
                    << write_fen(p) << ": " << why;
                ASSERT_EQ(got.wdl, want.wdl) << write_fen(p);
                // WDL alone takes another road: searches that stop once the answer is known.
                Value wdl;
                ASSERT_EQ(prober.probe(p, probe::want_wdl, wdl, &why), probe::Status::ok)
                    << write_fen(p) << ": " << why;
                ASSERT_EQ(wdl.wdl, want.wdl) << write_fen(p) << " (WDL alone)";
                if (want.wdl != Wdl::draw) {
                    ASSERT_EQ(got.dtw, want.dtw) << write_fen(p);
                    ASSERT_EQ(got.dtc, want.dtc) << write_fen(p);
                }
                ++checked;
                captures += s->capture[int(side)][i];
            }
        }
    }
    std::printf("%llu positions equal (%llu with a capture)\n", (unsigned long long)checked,
                (unsigned long long)captures);
}

TEST(ProbeExhaustive, RussianUpTo4) { compare_every_position<Russian>(4, 64 << 20); }
// Every 3rd (7th) position: with a cache of four slots blocks are evicted all the time,
// without one every probe decodes its block.
TEST(ProbeExhaustive, RussianUpTo3TinyCache) { compare_every_position<Russian>(3, 40000, 3); }
TEST(ProbeExhaustive, RussianUpTo3NoCache) { compare_every_position<Russian>(3, 0, 7); }
TEST(ProbeExhaustive, EnglishUpTo3) { compare_every_position<English>(3, 64 << 20); }
TEST(ProbeExhaustive, GiveawayUpTo3) { compare_every_position<Giveaway>(3, 64 << 20); }
TEST(ProbeExhaustive, InternationalUpTo3) { compare_every_position<International>(3, 64 << 20); }
// The fixture's tables with, of each pair of colour-flipped materials, the larger WDL table
// in one-ply form (as dtb pack --wdl-sides one leaves them): every position's values the same,
// most of those of the one-ply side found by a search one move deep.
template <class V>
void compare_with_one_wdl_side_a_pair(int max_pieces, std::uint64_t stride = 1) {
    const auto& f = probe_fixture<V>(max_pieces);
    TempDir dir(std::string(V::name) + "_one_side");
    for (const auto& e : std::filesystem::directory_iterator(f.dir))
        std::filesystem::copy_file(e.path(), dir.path() / e.path().filename());
    const auto variant = variant_id_of(V::name);
    int one_ply = 0;
    for (const Material& m : materials_up_to(max_pieces)) {
        const Material twin = m.flipped();
        if (!(m < twin)) continue;  // each pair once; a material that is its own twin keeps it
        const auto size = [&](const Material& x) {
            return std::filesystem::file_size(dir.path() /
                                              compress::table_file_name(x, ValueKind::wdl));
        };
        gen::write_one_ply_wdl<V>(dir.path(), variant, size(twin) >= size(m) ? twin : m);
        ++one_ply;
    }
    ASSERT_GT(one_ply, 0);
    compare_every_position<V>(max_pieces, 64 << 20, stride, &dir.path());
}

TEST(ProbeExhaustive, RussianUpTo4OneWdlSide) { compare_with_one_wdl_side_a_pair<Russian>(4, 3); }
TEST(ProbeExhaustive, GiveawayUpTo3OneWdlSide) { compare_with_one_wdl_side_a_pair<Giveaway>(3); }
TEST(ProbeExhaustive, InternationalUpTo3OneWdlSide) {
    compare_with_one_wdl_side_a_pair<International>(3);
}
TEST(ProbeExhaustive, FrisianUpTo3OneWdlSide) { compare_with_one_wdl_side_a_pair<Frisian>(3); }

// Both tables of a pair in one-ply form with every entry 0 (pack never makes them) would send
// each search to the other: every position answers, or is refused as damaged; none hangs.
TEST(ProbeExhaustive, BothOfAPairOnePlyIsRefused) {
    const auto& f = probe_fixture<Russian>(3);
    TempDir dir("russian_both_one_ply");
    for (const auto& e : std::filesystem::directory_iterator(f.dir))
        std::filesystem::copy_file(e.path(), dir.path() / e.path().filename());
    for (const char* name : {"KKvK", "KvKK"}) {
        const Material m = *Material::parse(name);
        const std::vector<std::uint8_t> zeros(Index<Russian>(m).size(), 0);
        compress::WriteOptions o;
        o.form = compress::TableForm::one_ply;
        compress::write_table(dir.path() / compress::table_file_name(m, ValueKind::wdl),
                              {VariantId::russian, m, ValueKind::wdl}, zeros, zeros, o);
    }
    probe::Tablebase tb(dir.path(), 1 << 20);
    const auto prober = tb.prober<Russian>();
    int refused = 0;
    for (const char* name : {"KKvK", "KvKK"}) {
        const Index<Russian> idx(*Material::parse(name));
        for (std::uint64_t i = 0; i < idx.size(); ++i) {
            Position<Russian> p;
            if (!idx.unrank(i, Color::white, p)) continue;
            Value v;
            std::string why;
            const probe::Status st = prober.value(p, probe::want_wdl, v, &why);
            ASSERT_TRUE(st == probe::Status::ok || st == probe::Status::corrupt) << why;
            if (st == probe::Status::corrupt) {
                ++refused;
                ASSERT_NE(why.find("one-ply"), std::string::npos) << why;
            }
        }
    }
    EXPECT_GT(refused, 0);
}

TEST(ProbeExhaustive, LongRussianUpTo5) { compare_every_position<Russian>(5, 256 << 20); }

}  // namespace
}  // namespace dtb::test
