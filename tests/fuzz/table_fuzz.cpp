// libFuzzer target: any byte string given to the table reader as a file must open with an
// error code and a message, or open and then decode every block and verify, each with an
// error code — never crash, never read outside the file.
//
// The first input byte chooses which checksums the harness recomputes after the mutation
// (bit 0 the blocks', bit 1 the index's, bit 2 the header's): without them nearly every
// mutation would stop at a checksum, and the structural checks and the zstd decoding of
// garbage behind them would never be reached.
//
// Build: cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DDTB_FUZZ=ON
//        make -C build-fuzz dtb_table_fuzz
// Seed:  tests/fuzz/table_seed.sh build/cli/dtb corpus/  (small valid tables)
// Run:   build-fuzz/tests/fuzz/dtb_table_fuzz corpus/ -max_total_time=120
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "dtb/compress/table_reader.hpp"

namespace {

using namespace dtb::compress;

void put64(std::vector<std::uint8_t>& f, std::size_t at, std::uint64_t v) {
    for (int b = 0; b < 8; ++b) f[at + b] = std::uint8_t(v >> (8 * b));
}

// Recomputes the checksums the flags ask for, wherever the (possibly nonsensical) header
// and index leave them inside the file.
void fix_checksums(std::vector<std::uint8_t>& f, std::uint8_t flags) {
    if (f.size() < sizeof(TableHeader)) return;
    TableHeader h{};
    decode_header(f.data(), h);
    const std::uint64_t size = f.size();
    const bool index_fits = h.index_offset <= size && h.blocks <= size / sizeof(BlockEntry) &&
                            h.index_offset + h.blocks * sizeof(BlockEntry) <= size;
    if ((flags & 1) && index_fits && h.data_offset <= size) {
        for (std::uint64_t b = 0; b < h.blocks; ++b) {
            BlockEntry e{}, next{};
            decode_entry(f.data() + h.index_offset + b * sizeof(BlockEntry), e);
            std::uint64_t end = size - h.data_offset;
            if (b + 1 < h.blocks) {
                decode_entry(f.data() + h.index_offset + (b + 1) * sizeof(BlockEntry), next);
                end = next.offset;
            }
            if (e.offset > end || end > size - h.data_offset) continue;
            put64(f, h.index_offset + b * sizeof(BlockEntry) + 8,
                  xxh64(f.data() + h.data_offset + e.offset, end - e.offset));
        }
    }
    if ((flags & 2) && h.index_offset <= h.data_offset && h.data_offset <= size)
        put64(f, 104, xxh64(f.data() + h.index_offset, h.data_offset - h.index_offset));
    if (flags & 4) {
        put64(f, 120, xxh64(f.data() + sizeof(TableHeader), size - sizeof(TableHeader)));
        put64(f, 112, xxh64(f.data(), kHeaderHashedBytes));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    std::vector<std::uint8_t> file(data + 1, data + size);
    fix_checksums(file, data[0]);
    static const std::string path =
        (std::filesystem::temp_directory_path() / ("dtb_table_fuzz_" + std::to_string(getpid())))
            .string();
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(file.data()), std::streamsize(file.size()));
    }
    // Expect what the header claims, so that the mismatch check lets the input through.
    TableSpec spec{};
    if (file.size() >= 18) {
        spec.variant = dtb::VariantId(file[12]);
        spec.material = {file[13], file[14], file[15], file[16]};
        spec.kind = file[17] >= 1 && file[17] <= 7 ? ValueKind(file[17]) : ValueKind::wdl;
    }
    std::unique_ptr<TableReader> r;
    std::string message;
    const ErrorCode c = TableReader::open(path, spec, r, message);
    if ((c == ErrorCode::ok) != (r != nullptr) || (c != ErrorCode::ok && message.empty()))
        std::abort();
    if (!r) return 0;
    DecodeContext ctx;
    std::vector<std::uint16_t> out(r->block_entries(0));  // the first block is the largest
    for (std::uint64_t b = 0; b < r->blocks() && b < 64; ++b) {
        const ErrorCode d = r->decode_block(b, ctx, out.data(), message);
        if (d != ErrorCode::ok && message.empty()) std::abort();
    }
    (void)r->verify(ctx, message);
    return 0;
}
