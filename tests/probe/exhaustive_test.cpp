// Every position of every material (or every stride-th), both sides to move, probed through the
// library and compared with the generator's own values (positions with a capture included: the
// generator computes those too, the prober recomputes them by its capture search).
#include <chrono>

#include "dtb/probe.hpp"
#include "probe_test_support.hpp"

namespace dtb::test {
namespace {

template <class V>
void compare_every_position(int max_pieces, std::size_t cache_bytes, std::uint64_t stride = 1) {
    const auto& f = probe_fixture<V>(max_pieces);
    probe::Tablebase tb(f.dir, cache_bytes);
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
TEST(ProbeExhaustive, LongRussianUpTo5) { compare_every_position<Russian>(5, 256 << 20); }

}  // namespace
}  // namespace dtb::test
