// Compressed tables: size (positions per byte, bytes per position) per value kind and piece
// count on russian, write speed, and block decoding speed (what a cold probe pays).
// Run: dtb_bench --benchmark_filter=Compress
//      (tables up to 4 pieces are solved once, some seconds; positions = index entries with
//      White to move, bytes = whole files)
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "dtb/compress/table_dir.hpp"
#include "dtb/compress/table_reader.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/gen/run/solved_slices.hpp"
#include "dtb/gen/tables/table_files.hpp"

namespace dtb::compress {
namespace {

constexpr int kMaxPieces = 4;

const gen::SolvedSlices<Russian>& russian_tables() {
    static const auto tb = gen::SolvedSlices<Russian>::solve(kMaxPieces);
    return tb;
}

struct BenchDir {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("dtb_compress_bench_" + std::to_string(getpid()));
    BenchDir() { std::filesystem::create_directories(path); }
    ~BenchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    }
};

const BenchDir& bench_dir() {
    static const BenchDir d;
    return d;
}

// What dtb gen writes with (gen::write_tables): the index's period for the WDL fill.
WriteOptions options_of(const gen::Slice<Russian>& s) {
    WriteOptions o;
    o.period = s.index.block_size() / s.index.white_king_ranks();
    return o;
}

std::vector<std::uint16_t> values_of(const gen::Slice<Russian>& s, ValueKind k) {
    std::vector<std::uint16_t> v(s.index.size());
    for (std::uint64_t i = 0; i < v.size(); ++i)
        v[i] = k == ValueKind::wdl ? s.wdl[0][i] : k == ValueKind::dtw ? s.dtw[0][i] : s.dtc[0][i];
    return v;
}

// Writes every table of one kind for the materials with exactly `pieces` pieces.
void BM_CompressSize(benchmark::State& state) {
    const auto kind = ValueKind(state.range(0));
    const int pieces = int(state.range(1));
    const auto& tb = russian_tables();
    std::uint64_t positions = 0, bytes = 0;
    for (auto _ : state) {
        positions = bytes = 0;
        for (const Material& m : materials_up_to(pieces)) {
            if (m.pieces() != pieces) continue;
            const auto& s = *tb.slice(m);
            const auto path = bench_dir().path / table_file_name(m, kind);
            write_table(path, {VariantId::russian, m, kind}, values_of(s, kind),
                        gen::left_out_of_kind(s, kind), options_of(s));
            positions += s.index.size();
            bytes += std::filesystem::file_size(path);
        }
    }
    state.counters["positions_per_byte"] = double(positions) / double(bytes);
    state.counters["bytes_per_position"] = double(bytes) / double(positions);
    state.counters["bytes"] = double(bytes);
    state.counters["positions_written_per_s"] =
        benchmark::Counter(double(positions), benchmark::Counter::kIsIterationInvariantRate);
    state.SetLabel(std::string(to_string(kind)) + ", " + std::to_string(pieces) + " pieces");
}
BENCHMARK(BM_CompressSize)
    ->ArgsProduct({{1, 2, 3}, {3, kMaxPieces}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// The largest 4-piece table of a kind, written as dtb gen writes it, opened; null (and the
// benchmark skipped) when it cannot be.
std::unique_ptr<TableReader> decode_table(benchmark::State& state, ValueKind kind) {
    const Material m = *Material::parse("KKvKM");
    const auto& s = *russian_tables().slice(m);
    const auto path = bench_dir().path / ("decode_" + table_file_name(m, kind));
    write_table(path, {VariantId::russian, m, kind}, values_of(s, kind),
                gen::left_out_of_kind(s, kind), options_of(s));
    std::unique_ptr<TableReader> r;
    std::string message;
    if (TableReader::open(path, {VariantId::russian, m, kind}, r, message) != ErrorCode::ok)
        state.SkipWithError(message.c_str());
    return r;
}

// The blocks of the largest 4-piece table of the kind state.range(0) names, round robin, each
// by decode(reader, block, context, message).
template <class Decode>
void decode_round_robin(benchmark::State& state, Decode&& decode) {
    const auto kind = ValueKind(state.range(0));
    const auto r = decode_table(state, kind);
    if (!r) return;
    DecodeContext ctx;
    std::string message;
    std::uint64_t b = 0, entries = 0;
    for (auto _ : state) {
        if (decode(*r, b, ctx, message) != ErrorCode::ok) {
            state.SkipWithError(message.c_str());
            return;
        }
        entries += r->block_entries(b);
        b = (b + 1) % r->blocks();
    }
    state.SetItemsProcessed(std::int64_t(entries));
    state.counters["block_positions"] = r->block_positions();
    state.SetLabel(std::string(to_string(kind)) + ", " + to_string(r->encoding()) + " in " +
                   to_string(r->frame_coding()) + ", " + std::to_string(r->blocks()) + " blocks");
}

// Into values, as dtb gen reads a table back.
void BM_CompressDecodeBlock(benchmark::State& state) {
    std::vector<std::uint16_t> out;
    decode_round_robin(state, [&](const TableReader& r, std::uint64_t b, DecodeContext& ctx,
                                  std::string& message) {
        out.resize(r.block_positions());
        const ErrorCode e = r.decode_block(b, ctx, out.data(), message);
        benchmark::DoNotOptimize(out.data());
        return e;
    });
}
BENCHMARK(BM_CompressDecodeBlock)->Arg(1)->Arg(2)->Arg(3)->Unit(benchmark::kMicrosecond);

// Into the blocks' encoding (WDL packed four a byte): what a probe of a block not in the cache
// pays on top of its lookup.
void BM_CompressDecodeBlockEncoded(benchmark::State& state) {
    decode_round_robin(
        state, [](const TableReader& r, std::uint64_t b, DecodeContext& ctx, std::string& message) {
            const unsigned char* encoded = nullptr;
            const ErrorCode e = r.decompress_block(b, ctx, encoded, message);
            benchmark::DoNotOptimize(encoded);
            return e;
        });
}
BENCHMARK(BM_CompressDecodeBlockEncoded)->Arg(1)->Arg(2)->Arg(3)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace dtb::compress
