// Unmove generation speed: predecessors per second on endgame positions of the kind the
// generator works on (few pieces, kings and men), 8x8 and 10x10.
//
// Run: dtb_bench --benchmark_filter=Unmove

#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "dtb/core/unmove.hpp"
#include "dtb/core/variant.hpp"

namespace dtb {
namespace {

// Endgame positions: `pieces` pieces in all, at random, half of them kings, men never on
// their promotion row. Fixed seed, so every run measures the same set.
template <class V>
std::vector<Position<V>> endgames(int pieces, int count) {
    using G = typename V::board;
    using bb = typename G::bb;
    std::mt19937_64 rng(1234);
    std::vector<Position<V>> out;
    while (int(out.size()) < count) {
        Position<V> p;
        p.side = rng() & 1 ? Color::white : Color::black;
        for (int i = 0; i < pieces;) {
            const int b = int(rng() % G::bits);
            const Color c = i % 2 ? Color::black : Color::white;
            if (!G::is_square(b) || (p.occupied() & bit<bb>(b))) continue;
            const bool king = rng() % 2 || (bit<bb>(b) & G::promotion_row(c));
            p.pieces(c) |= bit<bb>(b);
            if (king) p.kings |= bit<bb>(b);
            ++i;
        }
        out.push_back(p);
    }
    return out;
}

template <class V>
void unmove_bench(benchmark::State& state, int pieces) {
    const auto positions = endgames<V>(pieces, 4096);
    std::int64_t predecessors = 0;
    for (auto _ : state) {
        for (const auto& p : positions) {
            Unmoves<V>::for_each(p, [&](const Position<V>& q, int, int) {
                benchmark::DoNotOptimize(q);
                ++predecessors;
            });
        }
    }
    state.SetItemsProcessed(predecessors);
    state.counters["positions/s"] = benchmark::Counter(
        double(state.iterations()) * double(positions.size()), benchmark::Counter::kIsRate);
    state.counters["unmoves/s"] =
        benchmark::Counter(double(predecessors), benchmark::Counter::kIsRate);
}

template <class V>
void register_unmove(int pieces) {
    const std::string name = "Unmove/" + std::string(V::name) + "/pieces:" + std::to_string(pieces);
    benchmark::RegisterBenchmark(name.c_str(), unmove_bench<V>, pieces)
        ->Unit(benchmark::kMicrosecond);
}

const bool registered = [] {
    register_unmove<Russian>(4);
    register_unmove<Russian>(6);
    register_unmove<English>(6);
    register_unmove<International>(5);
    register_unmove<Frisian>(5);
    return true;
}();

}  // namespace
}  // namespace dtb
