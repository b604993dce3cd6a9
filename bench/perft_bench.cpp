// Move generation speed per board family: perft (nodes/s, last ply bulk-counted), move
// generation alone (moves/s) and MoveGen::count (moves/s) over fixed sets of positions.
//
// Run: dtb_bench --benchmark_filter=Perft   (or MoveGen, Count)

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/perft.hpp"
#include "dtb/core/variant.hpp"

namespace dtb {
namespace {

// ---------------------------------------------------------------------------------------
// Perft

template <class V>
void perft_bench(benchmark::State& state, std::string_view fen, int depth) {
    const Position<V> p = parse_fen<V>(fen);
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        const std::uint64_t n = perft(p, depth, Duplicates::drop);
        benchmark::DoNotOptimize(n);
        nodes += n;
    }
    state.SetItemsProcessed(std::int64_t(nodes));
    state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
    if (state.iterations() > 0)
        state.counters["nodes"] = double(nodes / std::uint64_t(state.iterations()));
}

template <class V>
void register_perft(const char* what, std::string_view fen, int depth) {
    const std::string name =
        "Perft/" + std::string(V::name) + "/" + what + "/depth:" + std::to_string(depth);
    benchmark::RegisterBenchmark(name.c_str(), perft_bench<V>, fen, depth)
        ->Unit(benchmark::kMillisecond);
}

// ---------------------------------------------------------------------------------------
// Fixed position sets: the given FENs plus the positions met along a few deterministic
// pseudo-random games from the start, so openings, middle games with captures and king
// endings are all represented.

struct Rng {
    std::uint64_t s;
    std::uint32_t next() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return std::uint32_t(s >> 32);
    }
};

template <class V>
std::vector<Position<V>> position_set(std::initializer_list<std::string_view> fens) {
    constexpr int kGames = 16;
    constexpr int kMaxPlies = 120;
    std::vector<Position<V>> set;
    for (const auto fen : fens) set.push_back(parse_fen<V>(fen));
    Rng rng{0x9e3779b97f4a7c15ull};
    MoveList<typename V::board> moves;
    for (int g = 0; g < kGames; ++g) {
        Position<V> p = parse_fen<V>(V::start);
        for (int ply = 0; ply < kMaxPlies; ++ply) {
            MoveGen<V>::generate(p, moves);
            if (moves.empty()) break;
            set.push_back(p);
            p = apply(p, moves[int(rng.next() % std::uint32_t(moves.size()))]);
        }
    }
    return set;
}

template <class V>
void movegen_bench(benchmark::State& state, const std::vector<Position<V>>& set) {
    MoveList<typename V::board> list;
    std::int64_t moves = 0;
    for (auto _ : state) {
        for (const auto& p : set) {
            MoveGen<V>::generate(p, list);
            benchmark::DoNotOptimize(list);
            moves += list.size();
        }
    }
    const auto positions = std::int64_t(state.iterations()) * std::int64_t(set.size());
    state.SetItemsProcessed(moves);
    state.counters["moves/s"] = benchmark::Counter(double(moves), benchmark::Counter::kIsRate);
    state.counters["pos/s"] = benchmark::Counter(double(positions), benchmark::Counter::kIsRate);
    state.counters["positions"] = double(set.size());
}

template <class V>
void count_bench(benchmark::State& state, const std::vector<Position<V>>& set) {
    std::int64_t moves = 0;
    for (auto _ : state) {
        for (const auto& p : set) {
            int n = MoveGen<V>::count(p);
            benchmark::DoNotOptimize(n);
            moves += n;
        }
    }
    const auto positions = std::int64_t(state.iterations()) * std::int64_t(set.size());
    state.SetItemsProcessed(moves);
    state.counters["moves/s"] = benchmark::Counter(double(moves), benchmark::Counter::kIsRate);
    state.counters["pos/s"] = benchmark::Counter(double(positions), benchmark::Counter::kIsRate);
    state.counters["positions"] = double(set.size());
}

template <class V>
void register_movegen(std::initializer_list<std::string_view> fens) {
    // Built once, at registration; each benchmark keeps its own copy.
    const auto set = position_set<V>(fens);
    const std::string v(V::name);
    benchmark::RegisterBenchmark(("MoveGen/" + v).c_str(), [set](benchmark::State& s) {
        movegen_bench<V>(s, set);
    })->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("Count/" + v).c_str(), [set](benchmark::State& s) {
        count_bench<V>(s, set);
    })->Unit(benchmark::kMicrosecond);
}

// A mid-game 10x10 position with kings on both sides.
constexpr std::string_view kInternationalKings =
    "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46";

[[maybe_unused]] const bool registered = [] {
    // 8x8 on 32 squares
    register_perft<Russian>("start", Russian::start, 9);
    register_perft<English>("start", English::start, 8);
    // 10x10
    register_perft<International>("start", International::start, 8);
    register_perft<International>("kings", kInternationalKings, 5);
    // 12x12
    register_perft<Canadian>("start", Canadian::start, 6);
    // 8x8 on 64 squares
    register_perft<Turkish>("start", Turkish::start, 6);
    // 10x10, eight capture directions and king-move streaks
    register_perft<Frisian>("start", Frisian::start, 7);

    register_movegen<Russian>({Russian::start});
    register_movegen<English>({English::start});
    register_movegen<International>({International::start, kInternationalKings});
    register_movegen<Canadian>({Canadian::start});
    register_movegen<Turkish>({Turkish::start});
    register_movegen<Frisian>({Frisian::start});
    return true;
}();

}  // namespace
}  // namespace dtb
