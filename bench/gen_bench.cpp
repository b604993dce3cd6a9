// Generator speed: positions resolved per second on representative slices — kings only,
// men only, mixed; 8x8 and 10x10 — with the slices they depend on solved once beforehand.
// And what dtb gen does with a solved slice before the next: its tables written (fast preset),
// and of that the search for the entries they leave out; and its values under the counters.
// Run: dtb_bench --benchmark_filter=Gen   (threads: OMP_NUM_THREADS)
#include <benchmark/benchmark.h>
#include <omp.h>
#include <sys/resource.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "dtb/core/variant.hpp"
#include "dtb/gen/counters/counters_solve.hpp"
#include "dtb/gen/run/solved_slices.hpp"
#include "dtb/gen/tables/table_files.hpp"

namespace dtb::gen {
namespace {

// Every material the target may depend on, solved once per variant and kept.
template <class V>
const SolvedSlices<V>& dependencies(int pieces) {
    static std::map<int, std::unique_ptr<SolvedSlices<V>>> cache;
    auto& tb = cache[pieces];
    if (!tb) tb = std::make_unique<SolvedSlices<V>>(SolvedSlices<V>::solve(pieces - 1));
    return *tb;
}

// What a slice of material m needs before it is solved: a copy of the smaller materials and,
// solved here, those with as many pieces and fewer men (promotions).
template <class V>
SolvedSlices<V> needed_by(const Material& m) {
    const auto& tb = dependencies<V>(m.pieces());
    SolvedSlices<V> local;
    for (const auto& d : materials_up_to(m.pieces()))
        if (d.pieces() < m.pieces())
            if (const auto* s = tb.slice(d)) local.add(std::make_unique<Slice<V>>(*s));
    for (const auto& d : materials_up_to(m.pieces())) {
        if (d.pieces() != m.pieces() || d.men() >= m.men()) continue;
        SliceSolver<V> pre(d, local.exits());
        local.add(pre.solve());
    }
    return local;
}

template <class V>
void gen_bench(benchmark::State& state, const char* material) {
    const Material m = *Material::parse(material);
    std::uint64_t positions = 0;
    for (auto _ : state) {
        state.PauseTiming();
        const SolvedSlices<V> local = needed_by<V>(m);  // a private copy per run
        state.ResumeTiming();
        SliceSolver<V> solver(m, local.exits());
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

// A solved russian slice with its capture flags, kept for the writing benchmarks.
const Slice<Russian>& solved(const char* material) {
    static std::map<std::string, std::unique_ptr<Slice<Russian>>> cache;
    auto& s = cache[material];
    if (!s) {
        const Material m = *Material::parse(material);
        const SolvedSlices<Russian> tb = needed_by<Russian>(m);
        SliceSolver<Russian> solver(m, tb.exits());
        s = solver.solve();
    }
    return *s;
}

// White-to-move entries of s handled per second, over the iterations.
void count_entries(benchmark::State& state, const Slice<Russian>& s) {
    state.counters["entries/s"] = benchmark::Counter(double(s.index.size() * state.iterations()),
                                                     benchmark::Counter::kIsRate);
}

// The entries a table leaves out (left_out_captures_and_threats: captures, and threats no move
// answers).
void left_out_bench(benchmark::State& state, const char* material) {
    const Slice<Russian>& s = solved(material);
    for (auto _ : state) benchmark::DoNotOptimize(left_out_captures_and_threats(s));
    count_entries(state, s);
}

// The three tables of White to move, as dtb gen russian --compression fast writes them.
void write_bench(benchmark::State& state, const char* material) {
    const Slice<Russian>& s = solved(material);
    const auto dir =
        std::filesystem::temp_directory_path() / ("dtb_gen_bench_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    for (auto _ : state)
        benchmark::DoNotOptimize(
            write_tables(dir, VariantId::russian, s, compress::Compression::fast));
    std::filesystem::remove_all(dir);
    count_entries(state, s);
}

// What the counters of material m are solved from: m's pure values, and the counters of every
// material before it in the run's order, held (solved once, from their pure values).
struct CountersInputs {
    SolvedSlices<Russian> pure;
    CountersSlices<Russian> counters{Russian::counter_sets[0]};
    std::unique_ptr<Slice<Russian>> target;
};
const CountersInputs& counters_inputs(const Material& m) {
    static std::map<Material, std::unique_ptr<CountersInputs>> cache;
    auto& in = cache[m];
    if (in) return *in;
    in = std::make_unique<CountersInputs>();
    in->pure = needed_by<Russian>(m);
    for (const auto& d : materials_up_to(m.pieces())) {
        if (d == m) break;
        if (const auto* pure = in->pure.slice(d)) in->counters.add(d, in->counters.solve(d, pure));
    }
    in->target = SliceSolver<Russian>(m, in->pure.exits()).solve();
    return *in;
}

// m's values under russian's counters (the two-count solver where m has men), its pure values
// at hand as in a run.
void counters_bench(benchmark::State& state, const char* material) {
    const Material m = *Material::parse(material);
    const CountersInputs& in = counters_inputs(m);
    for (auto _ : state) benchmark::DoNotOptimize(in.counters.solve(m, in.target.get()));
    count_entries(state, *in.target);
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
    register_gen<Russian>("MvKKKK");  // a side without king (solve_one_sided)
    register_gen<Russian>("KMvMM");   // one-sided, blocks of 29 positions a side
    register_gen<International>("KKvK");
    register_gen<International>("KMvM");
    benchmark::RegisterBenchmark("GenLeftOut/russian/KMvKKM", left_out_bench, "KMvKKM")
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark("GenWrite/russian/KMvKKM", write_bench, "KMvKKM")
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    for (const char* m : {"KMvKKM", "KMvKM"})
        benchmark::RegisterBenchmark(("GenCounters/russian/" + std::string(m)).c_str(),
                                     counters_bench, m)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
    return true;
}();

}  // namespace
}  // namespace dtb::gen
