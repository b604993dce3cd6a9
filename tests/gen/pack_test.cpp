// dtb pack (gen/pack.hpp): a directory generated with the fast preset, packed, is byte for
// byte the directory generated with the small one, manifest included; packing again rewrites
// nothing; what cannot be packed is refused with the file named.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "../compress/compress_test_support.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/gen/pack.hpp"
#include "dtb/gen/tables/table_files.hpp"

namespace dtb::test {
namespace {

void generate(const std::filesystem::path& dir, compress::Compression c) {
    gen::GenOptions o;
    o.pieces = 3;
    o.out = dir;
    o.compression = c;
    gen::generate(VariantId::russian, o);
}

std::vector<std::string> compressions(const std::filesystem::path& dir) {
    std::ifstream in(dir / "manifest.json");
    const auto j = nlohmann::json::parse(in);
    std::vector<std::string> out;
    for (const auto& s : j.at("slices")) out.push_back(s.at("compression").get<std::string>());
    return out;
}

// Per material: WDL, DTW, DTC and the counters' table (russian up to 3 pieces has them all).
constexpr int kTablesPerMaterial = 4;

TEST(Pack, FastTablesPackedAreTheSmallOnes) {
    TempDir fast, small;
    generate(fast.path, compress::Compression::fast);
    generate(small.path, compress::Compression::small);
    for (const auto& c : compressions(fast.path)) EXPECT_EQ(c, "fast");
    for (const auto& c : compressions(small.path)) EXPECT_EQ(c, "small");

    int events = 0;
    gen::PackCallbacks cb;
    cb.finished = [&](const gen::PackEvent& e) {
        ++events;
        EXPECT_EQ(e.tables_rewritten, kTablesPerMaterial) << e.material.name();
    };
    const auto sum = gen::pack_tables(fast.path, {compress::Compression::small}, cb);
    const int slices = int(materials_up_to(3).size());
    EXPECT_EQ(events, slices);
    EXPECT_EQ(sum.tables_rewritten, kTablesPerMaterial * slices);
    EXPECT_EQ(sum.tables_kept, 0);
    EXPECT_LT(sum.bytes_after, sum.bytes_before);  // in total (a tiny table may grow)
    expect_same_files(fast.path, small.path);

    const auto again = gen::pack_tables(fast.path, {compress::Compression::small});
    EXPECT_EQ(again.tables_rewritten, 0);
    EXPECT_EQ(again.tables_kept, kTablesPerMaterial * slices);
    expect_same_files(fast.path, small.path);

    gen::pack_tables(fast.path, {compress::Compression::fast});
    for (const auto& c : compressions(fast.path)) EXPECT_EQ(c, "fast");
}

// Small tables packed to fast only change level (they do not hold their threats' values, so
// the threats stay left out), and packed back to small they are the small ones again.
TEST(Pack, SmallTablesPackedToFastAndBack) {
    TempDir dir, small;
    generate(dir.path, compress::Compression::small);
    generate(small.path, compress::Compression::small);
    const auto to_fast = gen::pack_tables(dir.path, {compress::Compression::fast});
    const int tables = kTablesPerMaterial * int(materials_up_to(3).size());
    EXPECT_EQ(to_fast.tables_rewritten, tables);
    for (const auto& c : compressions(dir.path)) EXPECT_EQ(c, "fast");
    const auto back = gen::pack_tables(dir.path, {compress::Compression::small});
    EXPECT_EQ(back.tables_rewritten, tables);
    expect_same_files(dir.path, small.path);
}

std::map<std::string, bool> one_ply_flags(const std::filesystem::path& dir) {
    std::ifstream in(dir / "manifest.json");
    const auto j = nlohmann::json::parse(in);
    std::map<std::string, bool> out;
    for (const auto& s : j.at("slices"))
        out[s.at("material").get<std::string>()] = s.value("wdl_one_ply", false);
    return out;
}

// --wdl-sides one: of each pair of colour-flipped materials the larger WDL table goes to
// one-ply form where that makes it smaller, the smaller stays; a second run changes nothing;
// --wdl-sides both brings back the very bytes, manifest included. From fast tables, packed to small
// at once, then to fast and back to small with the one-ply tables kept: the distances rewritten
// read WDL from the prober.
TEST(Pack, OneWdlSideAPairAndBack) {
    TempDir fast, small;
    generate(fast.path, compress::Compression::fast);
    generate(small.path, compress::Compression::small);
    const auto sum =
        gen::pack_tables(fast.path, {compress::Compression::small, gen::WdlSides::one});
    const auto flags = one_ply_flags(fast.path);
    int pairs = 0;
    for (const Material& m : materials_up_to(3)) {
        const Material twin = m.flipped();
        const auto wdl_bytes = [&](const Material& x) {
            return std::filesystem::file_size(small.path /
                                              compress::table_file_name(x, ValueKind::wdl));
        };
        if (twin == m) {
            EXPECT_FALSE(flags.at(m.name())) << m.name();
            continue;
        }
        EXPECT_FALSE(flags.at(m.name()) && flags.at(twin.name())) << m.name();
        if (flags.at(m.name())) {
            ++pairs;
            EXPECT_GE(wdl_bytes(m), wdl_bytes(twin)) << m.name() << " one-ply, the larger";
        }
    }
    EXPECT_GT(pairs, 0);
    EXPECT_EQ(sum.wdl_one_ply, pairs);
    std::uint64_t small_bytes = 0;
    for (const auto& e : std::filesystem::directory_iterator(small.path))
        if (e.path().extension() == ".dtb") small_bytes += e.file_size();
    EXPECT_LT(sum.bytes_after, small_bytes);

    const auto again =
        gen::pack_tables(fast.path, {compress::Compression::small, gen::WdlSides::one});
    EXPECT_EQ(again.tables_rewritten, 0);
    EXPECT_EQ(again.wdl_one_ply, pairs);
    EXPECT_EQ(again.bytes_after, again.bytes_before);

    const auto to_fast = gen::pack_tables(fast.path, {compress::Compression::fast});
    EXPECT_EQ(to_fast.wdl_one_ply, pairs);
    for (const auto& c : compressions(fast.path)) EXPECT_EQ(c, "fast");
    const auto back =
        gen::pack_tables(fast.path, {compress::Compression::small, gen::WdlSides::both});
    EXPECT_EQ(back.wdl_one_ply, 0);
    expect_same_files(fast.path, small.path);
}

// A pack killed after rewriting tables and before recording them, run again, rewrites
// nothing and records the tables as they are: the kill harness (tests/crash) found the
// manifest left behind them, naming the old sizes, for good.
TEST(Pack, RunAgainRecordsWhatAKilledPackLeftUnrecorded) {
    TempDir dir, clean;
    generate(dir.path, compress::Compression::fast);
    std::filesystem::copy(dir.path, clean.path);
    const gen::PackOptions o{compress::Compression::small, gen::WdlSides::one};
    gen::pack_tables(clean.path, o);
    const auto before = read_bytes(dir.path / "manifest.json");
    gen::pack_tables(dir.path, o);
    write_bytes(dir.path / "manifest.json", before);  // killed before recording any
    EXPECT_EQ(gen::pack_tables(dir.path, o).tables_rewritten, 0);
    expect_same_files(dir.path, clean.path);
}

// Both tables of a pair in one-ply form could send each search to the other: refused.
TEST(Pack, RefusesAPairWithNoWholeWdlTable) {
    TempDir dir;
    generate(dir.path, compress::Compression::small);
    for (const char* name : {"KKvK", "KvKK"})
        gen::write_one_ply_wdl<Russian>(dir.path, VariantId::russian, *Material::parse(name));
    try {
        gen::pack_tables(dir.path, {compress::Compression::small, gen::WdlSides::one});
        ADD_FAILURE() << "a pair without a WDL table was accepted";
    } catch (const compress::TableError& e) {
        EXPECT_NE(std::string(e.what()).find("KKvK"), std::string::npos) << e.what();
    }
}

TEST(Pack, RefusesWhatItCannotPack) {
    TempDir dir;
    EXPECT_THROW(gen::pack_tables(dir.path, {compress::Compression::small}), compress::TableError);
    std::ofstream(dir.path / "manifest.json") << "{not json";
    EXPECT_THROW(gen::pack_tables(dir.path, {compress::Compression::small}), compress::TableError);

    generate(dir.path, compress::Compression::fast);
    // A damaged table: refused with its name; the materials before it are packed and
    // recorded so, the damaged one and those after it are left as they were.
    const auto victim = dir.path / "KKvK.dtw.dtb";
    auto bytes = read_bytes(victim);
    bytes[bytes.size() - 2] ^= 0x10;
    write_bytes(victim, bytes);
    try {
        gen::pack_tables(dir.path, {compress::Compression::small});
        ADD_FAILURE() << "a damaged table was packed";
    } catch (const compress::TableError& e) {
        EXPECT_NE(std::string(e.what()).find("KKvK.dtw.dtb"), std::string::npos) << e.what();
    }
    EXPECT_EQ(read_bytes(victim), bytes);
    const auto c = compressions(dir.path);
    EXPECT_EQ(c.front(), "small");  // KvK, first in the order
    EXPECT_EQ(c.back(), "fast");
}

}  // namespace
}  // namespace dtb::test
