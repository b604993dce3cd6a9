// Generator speed: positions resolved per second on representative slices — kings only,
// men only, mixed; 8x8 and 10x10 — with the slices they depend on solved once beforehand.
// Run: dtb_bench --benchmark_filter=Gen   (threads: OMP_NUM_THREADS)
#include <benchmark/benchmark.h>
#include <omp.h>
#include <sys/resource.h>

#include <map>
#include <memory>
#include <string>

#include "dtb/core/variant.hpp"
#include "dtb/gen/generate.hpp"

namespace dtb::gen {
namespace {

// Every material the target may depend on, solved once per variant and kept.
template <class V>
const Tablebase<V>& dependencies(int pieces) {
    static std::map<int, std::unique_ptr<Tablebase<V>>> cache;
    auto& tb = cache[pieces];
    if (!tb) tb = std::make_unique<Tablebase<V>>(Tablebase<V>::solve(pieces - 1));
    return *tb;
}

template <class V>
void gen_bench(benchmark::State& state, const char* material) {
    const Material m = *Material::parse(material);
    const auto& tb = dependencies<V>(m.pieces());
    // Same piece count, fewer men (promotions): solved into a private copy per run.
    std::uint64_t positions = 0;
    for (auto _ : state) {
        state.PauseTiming();
        Tablebase<V> local;
        for (const auto& d : materials_up_to(m.pieces()))
            if (d.pieces() < m.pieces())
                if (const auto* s = tb.slice(d)) local.add(std::make_unique<Slice<V>>(*s));
        for (const auto& d : materials_up_to(m.pieces())) {
            if (d.pieces() != m.pieces() || d.men() >= m.men()) continue;
            SliceSolver<V> pre(d, &local, Tablebase<V>::exit_lookup);
            local.add(pre.solve());
        }
        state.ResumeTiming();
        SliceSolver<V> solver(m, &local, Tablebase<V>::exit_lookup);
        auto slice = solver.solve();
        benchmark::DoNotOptimize(slice);
        positions += 2 * slice->index.size();
    }
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    state.counters["positions/s"] =
        benchmark::Counter(double(positions), benchmark::Counter::kIsRate);
    state.counters["per_thread/s"] =
        benchmark::Counter(double(positions) / omp_get_max_threads(), benchmark::Counter::kIsRate);
    state.counters["peak_MiB"] = double(u.ru_maxrss) / 1024.0;
}

template <class V>
void register_gen(const char* material) {
    const std::string name = "Gen/" + std::string(V::name) + "/" + material;
    benchmark::RegisterBenchmark(name.c_str(), gen_bench<V>, material)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(2)
        ->UseRealTime();
}

const bool registered = [] {
    register_gen<Russian>("KKKvK");   // kings only
    register_gen<Russian>("MMvMM");   // men only
    register_gen<Russian>("KMvKM");   // mixed
    register_gen<Russian>("KMvKKM");  // mixed, 5 pieces: 19.1 M entries, blocks of 13 K
    register_gen<International>("KKvK");
    register_gen<International>("KMvM");
    return true;
}();

}  // namespace
}  // namespace dtb::gen
