// gen's distance tables (gen/src/distance_tables.hpp) where a move out of a class reaches a child
// whose distance the bounded search leaves unfound (here the classes of two counts are left
// without their tables, and the search may look at one state): that class gets no table and is
// left to the prober's search, the others are written, and what is written verifies.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "../../gen/src/distance_tables.hpp"
#include "../compress/compress_test_support.hpp"
#include "dtb/compress/manifest.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/verify.hpp"

namespace dtb::test {
namespace {

namespace fs = std::filesystem;

TEST(DistanceTables, AClassWhoseChildIsUnfoundIsLeftToTheSearch) {
    TempDir dir;
    gen::GenOptions o;
    o.pieces = 4;
    o.out = dir.path;
    o.compression = compress::Compression::fast;
    gen::generate(VariantId::russian, o);

    // A search bound of one state: every child in a class without a table is unfound.
    const CounterSet& set = Russian::counter_sets[0];
    auto two_counts = [&](const Material& m) {
        for (const bool idle : {false, true})
            if (counters_class(set, m, idle).binding == Binding::two_counts) return true;
        return false;
    };
    std::set<Material> done;
    int written = 0, unfound = 0;
    for (const Material& m : materials_up_to(4)) {
        if (done.count(m) || two_counts(m)) continue;
        done.insert(m.flipped());
        const auto w = gen::write_distance_tables<Russian>(dir.path, VariantId::russian, set, m,
                                                           nullptr, compress::Compression::fast, 1);
        unfound += int(w.unfound.size());
        for (const ValueKind kind : gen::distance_table_kinds(set, m)) {
            const bool idle = kind == ValueKind::counters_idle_distance;
            const std::string name = m.name() + (idle ? " (idle)" : "") + ":";
            bool left = false;
            for (const std::string& why : w.unfound) left |= why.rfind(name, 0) == 0;
            EXPECT_EQ(fs::exists(dir.path / compress::table_file_name(m, kind)), !left) << name;
            written += !left;
        }
    }
    EXPECT_GT(unfound, 0);
    EXPECT_GT(written, 0);

    // The tables written hold (the manifest does not list them: only the samples are asked).
    const auto manifest = compress::Manifest::read(dir.path);
    const gen::VerifyReport r = gen::verify_tables(dir.path, VariantId::russian, &manifest, {});
    EXPECT_GT(r.distance_samples.checked, 0U);
    EXPECT_EQ(r.distance_samples.failed, 0U);
}

}  // namespace
}  // namespace dtb::test
