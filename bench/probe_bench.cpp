// Probe speed: latency of one probe with a warm cache (the block decoded before) and cold
// (the file in the page cache, the block not decoded: a library opened without a cache, so
// every probe decodes its block, unless the probe before it in the thread decoded the same
// one), and probes per second with 1 and 2 threads; the distribution of single probes'
// latencies over random positions.
// Tables: $DTB_BENCH_TABLES, or russian up to 4 pieces generated once into the temporary
// directory (dtb_probe_bench_russian4_counters, kept for later runs). The positions are of the
// materials with $DTB_BENCH_PIECES pieces (default 4), which the directory must hold.
// Run: dtb_bench --benchmark_filter=Probe --benchmark_repetitions=9
//      --benchmark_report_aggregates_only=true   (the median is the figure to quote)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "dtb/compress/table_dir.hpp"
#include "dtb/compress/table_reader.hpp"
#include "dtb/core/flip.hpp"
#include "dtb/core/left_out.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/probe.hpp"

namespace dtb::probe {
namespace {

using V = Russian;

std::filesystem::path tables_dir() {
    if (const char* d = std::getenv("DTB_BENCH_TABLES")) return d;
    const auto dir = std::filesystem::temp_directory_path() / "dtb_probe_bench_russian4_counters";
    if (!std::filesystem::exists(dir / "manifest.json")) {
        gen::GenOptions o;
        o.pieces = 4;
        o.out = dir;
        gen::generate(VariantId::russian, o);
    }
    return dir;
}

int sampled_pieces() {
    const char* p = std::getenv("DTB_BENCH_PIECES");
    return p ? std::atoi(p) : 4;
}

// Whether the WDL table of m (White to move) is in one-ply form (dtb pack --wdl-sides one).
bool wdl_one_ply(const Material& m) {
    static std::map<Material, bool> known;
    const auto it = known.find(m);
    if (it != known.end()) return it->second;
    std::unique_ptr<compress::TableReader> t;
    std::string message;
    const bool one_ply =
        compress::TableReader::open(tables_dir() / compress::table_file_name(m, ValueKind::wdl),
                                    {VariantId::russian, m, ValueKind::wdl}, t,
                                    message) == compress::ErrorCode::ok &&
        t->form() == compress::TableForm::one_ply;
    return known[m] = one_ply;
}

enum class Kind { stored, one_ply, any, captures, threats };

// Random positions of the sampled_pieces() materials, White or Black to move: any (a capture
// or a threat resolved by a search over stored values), only those the tables store
// (core/left_out.hpp: a single table lookup) — in a table of values, or in one in one-ply
// form (a search one move deep) — or only those left out for a capture, or for a threat.
std::vector<Position<V>> sample(Kind kind, std::size_t n) {
    std::mt19937_64 rng(42);
    const int pieces = sampled_pieces();
    std::vector<Material> materials;
    for (const auto& m : materials_up_to(pieces))
        if (m.pieces() == pieces) materials.push_back(m);
    std::vector<Position<V>> out;
    if (kind == Kind::one_ply && std::none_of(materials.begin(), materials.end(),
                                              [](const Material& m) { return wdl_one_ply(m); }))
        return out;
    while (out.size() < n) {
        const Index<V> index(materials[rng() % materials.size()]);
        Position<V> p;
        if (!index.unrank(rng() % index.size(), rng() & 1 ? Color::white : Color::black, p))
            continue;
        if (kind == Kind::captures || kind == Kind::threats) {
            const LeftOut want = kind == Kind::captures ? LeftOut::captures : LeftOut::successors;
            if (left_out_kind(p) != want) continue;
        } else if (kind != Kind::any) {
            if (left_out_kind(p) != LeftOut::no) continue;
            const auto m = material_of(p.side == Color::white ? p : Flip<V>::apply(p));
            if (wdl_one_ply(m) != (kind == Kind::one_ply)) continue;
        }
        out.push_back(p);
    }
    return out;
}

struct Setup {
    std::unique_ptr<Tablebase> warm, cold;
    std::vector<Position<V>> stored, one_ply, any, captures, threats;
};
const Setup& setup() {
    static const Setup s = [] {
        Setup x;
        const auto dir = tables_dir();
        x.warm = std::make_unique<Tablebase>(dir, std::size_t(256) << 20);
        x.cold = std::make_unique<Tablebase>(dir, 0);
        x.stored = sample(Kind::stored, 1 << 14);
        x.one_ply = sample(Kind::one_ply, 1 << 14);
        x.any = sample(Kind::any, 1 << 14);
        x.captures = sample(Kind::captures, 1 << 14);
        x.threats = sample(Kind::threats, 1 << 14);
        // Warm the cache with every sampled position (and open every table).
        const auto prober = x.warm->prober<V>();
        Value v;
        for (const auto* set : {&x.stored, &x.one_ply, &x.any, &x.captures, &x.threats})
            for (const auto& p : *set) prober.value(p, want_all, v);
        x.cold->prober<V>().value(x.stored[0], want_all, v);  // open the tables
        return x;
    }();
    return s;
}

void run(benchmark::State& state, const Tablebase& tb, const std::vector<Position<V>>& ps,
         int want) {
    const auto prober = tb.prober<V>();
    // Threads start at different places of the sample.
    std::size_t i = std::size_t(state.thread_index()) * 4099;
    Value v;
    for (auto _ : state) {
        const Status s = prober.value(ps[i++ % ps.size()], want, v);
        benchmark::DoNotOptimize(s);
        benchmark::DoNotOptimize(v);
    }
    state.SetItemsProcessed(state.iterations());
}

void BM_ProbeWarmStoredWdl(benchmark::State& state) {
    run(state, *setup().warm, setup().stored, want_wdl);
}
void BM_ProbeWarmAnyWdl(benchmark::State& state) {
    run(state, *setup().warm, setup().any, want_wdl);
}
// The two kinds of positions a warm probe of any position searches (core/left_out.hpp).
void BM_ProbeWarmCaptureWdl(benchmark::State& state) {
    run(state, *setup().warm, setup().captures, want_wdl);
}
void BM_ProbeWarmThreatWdl(benchmark::State& state) {
    run(state, *setup().warm, setup().threats, want_wdl);
}
void BM_ProbeWarmAnyAll(benchmark::State& state) {
    run(state, *setup().warm, setup().any, want_all);
}
void BM_ProbeColdStoredWdl(benchmark::State& state) {
    run(state, *setup().cold, setup().stored, want_wdl);
}
// Positions of WDL tables in one-ply form: a search one move deep into the twin's table.
void BM_ProbeWarmOnePlyWdl(benchmark::State& state) {
    if (setup().one_ply.empty()) return state.SkipWithError("no WDL table in one-ply form");
    run(state, *setup().warm, setup().one_ply, want_wdl);
}
void BM_ProbeColdOnePlyWdl(benchmark::State& state) {
    if (setup().one_ply.empty()) return state.SkipWithError("no WDL table in one-ply form");
    run(state, *setup().cold, setup().one_ply, want_wdl);
}

// The distribution of single probes' latencies over random positions (any kind): the mean
// above hides that most probes are one lookup and a few (captures, threats) a search.
// Counters p50, p90, p99 in ns (each includes ~20 ns of clock reading).
void latency(benchmark::State& state, const Tablebase& tb, int want) {
    const auto prober = tb.prober<V>();
    const auto& ps = setup().any;
    std::vector<double> ns;
    ns.reserve(1 << 20);
    std::size_t i = 0;
    Value v;
    for (auto _ : state) {
        const auto t0 = std::chrono::steady_clock::now();
        const Status s = prober.value(ps[i++ % ps.size()], want, v);
        const auto t1 = std::chrono::steady_clock::now();
        benchmark::DoNotOptimize(s);
        if (ns.size() < ns.capacity())
            ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
    }
    std::sort(ns.begin(), ns.end());
    auto at = [&](double q) {
        return ns.empty() ? 0.0 : ns[std::size_t(q * double(ns.size() - 1))];
    };
    state.counters["p50_ns"] = at(0.5);
    state.counters["p90_ns"] = at(0.9);
    state.counters["p99_ns"] = at(0.99);
}
void BM_ProbeLatencyWarmAnyWdl(benchmark::State& state) { latency(state, *setup().warm, want_wdl); }
void BM_ProbeLatencyColdAnyWdl(benchmark::State& state) { latency(state, *setup().cold, want_wdl); }
void BM_ProbeColdAnyAll(benchmark::State& state) {
    run(state, *setup().cold, setup().any, want_all);
}

// The C interface with a FEN: parsing and the variant dispatch included.
void BM_ProbeWarmFenC(benchmark::State& state) {
    std::vector<std::string> fens;
    for (std::size_t k = 0; k < 1024; ++k) fens.push_back(write_fen(setup().any[k]));
    dtb_tb* tb = setup().warm->c_handle();
    std::size_t i = 0;
    int wdl = 0;
    for (auto _ : state) {
        const dtb_status s = dtb_probe_wdl(tb, fens[i++ % fens.size()].c_str(), &wdl);
        benchmark::DoNotOptimize(s);
    }
    state.SetItemsProcessed(state.iterations());
}

// Under the draw counters: random positions of any kind whose material has counters' tables,
// each at counters run up from fresh by a random number of plies of the binding count (as
// far as the position allows), against the pure WDL probe of the same positions.
struct CountersSample {
    std::vector<Position<V>> positions;
    std::vector<CounterState> states;
};
const CountersSample& counters_sample() {
    static const CountersSample r = [] {
        CountersSample x;
        const auto rp = setup().warm->counters_prober<V>();
        const CounterSet& set = rp.counter_set();
        std::mt19937_64 rng(7);
        CountersAnswer a;
        for (const auto& p : setup().any) {
            CounterState s = fresh_state(set, p);
            const int run = int(rng() % 20);
            for (int i = 0; i < set.count; ++i)
                if (s.counting(i)) s.plies[i] = std::uint16_t(s.plies[i] + run);
            if (!invalid_state(set, s, p).empty()) s = fresh_state(set, p);
            if (rp.value(p, s, a, nullptr) != Status::ok) continue;  // no counters' table
            x.positions.push_back(p);
            x.states.push_back(s);
        }
        return x;
    }();
    return r;
}
void BM_ProbeCountersWarmAny(benchmark::State& state) {
    const auto rp = setup().warm->counters_prober<V>();
    const auto& r = counters_sample();
    if (r.positions.empty()) return state.SkipWithError("no counters' tables in the directory");
    std::size_t i = std::size_t(state.thread_index()) * 4099;
    CountersAnswer a;
    for (auto _ : state) {
        const std::size_t k = i++ % r.positions.size();
        const Status s = rp.value(r.positions[k], r.states[k], a, nullptr);
        benchmark::DoNotOptimize(s);
        benchmark::DoNotOptimize(a);
    }
    state.SetItemsProcessed(state.iterations());
}
void BM_ProbeCountersSamplePureWdl(benchmark::State& state) {
    if (counters_sample().positions.empty())
        return state.SkipWithError("no counters' tables in the directory");
    run(state, *setup().warm, counters_sample().positions, want_wdl);
}

// The pure value that a counters' value (WDL and budget) answers for: WDL and DTW.
void BM_ProbeCountersSamplePureDtw(benchmark::State& state) {
    if (counters_sample().positions.empty())
        return state.SkipWithError("no counters' tables in the directory");
    run(state, *setup().warm, counters_sample().positions, want_dtw);
}

// The distance under the counters (counters_distance.hpp) of the counters sample. A fresh
// search a position (what a one-shot probe pays) with the block cache warm or off (cold), or
// one search object kept over the sample (kept: what an engine or `dtb counters` pays once
// it has proved the states around). `bound` counts the searches that gave no distance (past
// the bound, say: the label is the first one's reason).
void distance_bench(benchmark::State& state, const Tablebase& tb, bool kept) {
    const auto rp = tb.counters_prober<V>();
    const auto pure = tb.prober<V>();
    const auto& r = counters_sample();
    if (r.positions.empty()) return state.SkipWithError("no counters' tables in the directory");
    std::size_t i = 0;
    std::int64_t bound = 0;
    CountersDistance<V> one(rp, pure);
    for (auto _ : state) {
        const std::size_t k = i++ % r.positions.size();
        CountersDistance<V> fresh(rp, pure);
        CountersDistance<V>& distance = kept ? one : fresh;
        int d = 0;
        std::string why;
        const Status s = distance.distance(r.positions[k], r.states[k], d, &why);
        if (s != Status::ok && bound++ == 0) state.SetLabel(why);
        benchmark::DoNotOptimize(d);
    }
    state.counters["bound"] = double(bound);
    state.SetItemsProcessed(state.iterations());
}
void BM_ProbeCountersDistance(benchmark::State& state) {
    distance_bench(state, *setup().warm, false);
}
void BM_ProbeCountersDistanceCold(benchmark::State& state) {
    distance_bench(state, *setup().cold, false);
}
void BM_ProbeCountersDistanceKept(benchmark::State& state) {
    distance_bench(state, *setup().warm, true);
}

// The same where the set stores the distance (dtb gen --distances; DTB_BENCH_TABLES names such a
// set): the states of the sample whose class has a distance table, so each distance is the
// counters' value, the pure DTW and a record looked up, block cache warm or off.
const CountersSample& stored_distance_sample() {
    static const CountersSample r = [] {
        CountersSample x;
        const auto rp = setup().warm->counters_prober<V>();
        const auto& all = counters_sample();
        for (std::size_t k = 0; k < all.positions.size(); ++k) {
            CountersAnswer a;
            int d = 0;
            if (rp.value(all.positions[k], all.states[k], a, nullptr) != Status::ok ||
                a.wdl == Wdl::draw ||
                rp.stored_distance(all.positions[k], all.states[k], d, nullptr) != Status::ok)
                continue;
            x.positions.push_back(all.positions[k]);
            x.states.push_back(all.states[k]);
        }
        return x;
    }();
    return r;
}
void stored_distance_bench(benchmark::State& state, const Tablebase& tb) {
    const auto rp = tb.counters_prober<V>();
    const auto pure = tb.prober<V>();
    const auto& r = stored_distance_sample();
    if (r.positions.empty())
        return state.SkipWithError("no distance tables in the directory (dtb gen --distances)");
    CountersDistance<V> distance(rp, pure);
    std::size_t i = 0;
    for (auto _ : state) {
        const std::size_t k = i++ % r.positions.size();
        int d = 0;
        benchmark::DoNotOptimize(distance.distance(r.positions[k], r.states[k], d, nullptr));
        benchmark::DoNotOptimize(d);
    }
    state.counters["positions"] = double(r.positions.size());
    state.SetItemsProcessed(state.iterations());
}
void BM_ProbeStoredDistance(benchmark::State& state) {
    stored_distance_bench(state, *setup().warm);
}
void BM_ProbeStoredDistanceCold(benchmark::State& state) {
    stored_distance_bench(state, *setup().cold);
}

BENCHMARK(BM_ProbeCountersWarmAny)->Threads(1)->Threads(2)->UseRealTime();
BENCHMARK(BM_ProbeCountersDistance)->Unit(benchmark::kMicrosecond)->MinTime(3);
BENCHMARK(BM_ProbeCountersDistanceCold)->Unit(benchmark::kMicrosecond)->MinTime(3);
BENCHMARK(BM_ProbeCountersDistanceKept)->Unit(benchmark::kMicrosecond)->MinTime(3);
BENCHMARK(BM_ProbeStoredDistance);
BENCHMARK(BM_ProbeStoredDistanceCold);
BENCHMARK(BM_ProbeCountersSamplePureWdl)->Threads(1)->Threads(2)->UseRealTime();
BENCHMARK(BM_ProbeCountersSamplePureDtw)->Threads(1)->Threads(2)->UseRealTime();
BENCHMARK(BM_ProbeWarmStoredWdl)->Threads(1)->Threads(2)->UseRealTime();
BENCHMARK(BM_ProbeWarmAnyWdl)->Threads(1)->Threads(2)->UseRealTime();
BENCHMARK(BM_ProbeWarmCaptureWdl)->Threads(1)->UseRealTime();
BENCHMARK(BM_ProbeWarmThreatWdl)->Threads(1)->UseRealTime();
BENCHMARK(BM_ProbeWarmAnyAll)->Threads(1)->Threads(2)->UseRealTime();
BENCHMARK(BM_ProbeColdStoredWdl)->Threads(1)->Threads(2)->UseRealTime();
BENCHMARK(BM_ProbeWarmOnePlyWdl)->Threads(1)->UseRealTime();
BENCHMARK(BM_ProbeColdOnePlyWdl)->Threads(1)->UseRealTime();
BENCHMARK(BM_ProbeLatencyWarmAnyWdl);
BENCHMARK(BM_ProbeLatencyColdAnyWdl);
BENCHMARK(BM_ProbeColdAnyAll)->Threads(1)->UseRealTime();
BENCHMARK(BM_ProbeWarmFenC)->Threads(1)->Threads(2)->UseRealTime();

}  // namespace
}  // namespace dtb::probe
