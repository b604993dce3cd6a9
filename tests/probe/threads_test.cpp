// Eight threads probing random positions at once through one handle, with a cache small
// enough that blocks are evicted and rewritten while others read them; every answer is
// compared with the raw values. Run under ThreadSanitizer by scripts/sanitize.sh tsan.
#include <atomic>
#include <random>
#include <thread>

#include "dtb/probe.hpp"
#include "probe_test_support.hpp"

namespace dtb::test {
namespace {

TEST(ProbeThreads, EightThreadsRandomPositions) {
    // One generator thread: ThreadSanitizer does not see OpenMP's synchronisation.
    const auto& f = probe_fixture<Russian>(3, 1);
    // About 40 cache slots for ~200 blocks: constant eviction.
    probe::Tablebase tb(f.dir, 40 * 8300);
    const auto prober = tb.prober<Russian>();
    const std::vector<Material> materials = materials_up_to(3);
    std::atomic<int> mismatches{0}, failures{0};
    std::atomic<std::uint64_t> probes{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&, t] {
            std::mt19937_64 rng(1234 + t);
            for (int k = 0; k < 4000; ++k) {
                const Material& m = materials[rng() % materials.size()];
                const gen::Slice<Russian>* s = f.raw->slice(m);
                const Color side = rng() & 1 ? Color::white : Color::black;
                const std::uint64_t i = rng() % s->index.size();
                Position<Russian> p;
                if (!s->index.unrank(i, side, p)) continue;
                Value got;
                if (prober.probe(p, probe::want_all, got) != probe::Status::ok) {
                    ++failures;
                    continue;
                }
                const Value want = s->value(side, i);
                if (got.wdl != want.wdl ||
                    (want.wdl != Wdl::draw && (got.dtw != want.dtw || got.dtc != want.dtc)))
                    ++mismatches;
                ++probes;
            }
        });
    }
    for (auto& t : threads) t.join();
    EXPECT_EQ(failures.load(), 0);
    EXPECT_EQ(mismatches.load(), 0);
    EXPECT_GT(probes.load(), 20000u);
}

}  // namespace
}  // namespace dtb::test
