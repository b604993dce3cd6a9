// libFuzzer target: any bytes read as a PDN file, each game replayed in the variant the first
// byte picks, written back and read again: never a crash, a hang or an exception (the reader
// notes problems per game, the replay reports a failure).
//
// Build: cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DDTB_FUZZ=ON
//        make -C build-fuzz dtb_pdn_fuzz && build-fuzz/tests/fuzz/dtb_pdn_fuzz -max_total_time=60
#include <cstdint>
#include <string_view>

#include "dtb/pdn/read.hpp"
#include "dtb/pdn/replay.hpp"
#include "dtb/pdn/write.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const auto id = dtb::VariantId(data[0] % dtb::kVariantCount);
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    const auto games = dtb::pdn::read_games(text);
    for (const auto& g : games) (void)dtb::pdn::replay(g, id);
    (void)dtb::pdn::read_games(dtb::pdn::write_games(games));
    return 0;
}
