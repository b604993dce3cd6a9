// libFuzzer target: any byte string given as a FEN (and as a move in the parsed position) to
// every variant must either parse or throw NotationError — never crash, never hang — and a
// parsed position must survive a write/parse round trip unchanged.
//
// Build: cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DDTB_FUZZ=ON
//        make -C build-fuzz dtb_fen_fuzz && build-fuzz/tests/fuzz/dtb_fen_fuzz -max_total_time=60
#include <cstdint>
#include <cstdlib>
#include <string>

#include "dtb/core/notation.hpp"
#include "dtb/core/variant.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const auto id = dtb::VariantId(data[0] % dtb::kVariantCount);
    const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
    const auto split = text.find('|');
    const std::string fen = text.substr(0, split);
    const std::string move = split == std::string::npos ? "" : text.substr(split + 1);
    dtb::dispatch(id, [&](auto v) {
        using V = decltype(v);
        try {
            const auto p = dtb::parse_fen<V>(fen);
            if (!(dtb::parse_fen<V>(dtb::write_fen(p)) == p)) std::abort();
            if (!move.empty()) (void)dtb::parse_move(p, move);
        } catch (const dtb::NotationError&) {
        }
    });
    return 0;
}
