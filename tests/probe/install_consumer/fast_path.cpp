// The C++ API of an installed dtb: open, take the russian prober, probe a Position.
#include <cstdio>

#include "dtb/probe.hpp"

int main(int argc, char** argv) {
    if (argc != 3) return 2;
    try {
        dtb::probe::Tablebase tb(argv[1], 1 << 20);
        const auto prober = tb.prober<dtb::Russian>();
        const auto p = dtb::parse_fen<dtb::Russian>(argv[2]);
        dtb::Value v;
        const auto s = prober.probe(p, dtb::probe::want_all, v);
        if (s != dtb::probe::Status::ok) return 1;
        std::printf("fast path: %s dtw %d dtc %d\n", dtb::to_string(v.wdl), v.dtw, v.dtc);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
