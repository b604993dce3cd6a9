// The manifest typed: written, read back to the same bytes, and refused with a message that
// names what is wrong.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "compress_test_support.hpp"
#include "dtb/compress/manifest.hpp"
#include "dtb/compress/table_dir.hpp"

namespace dtb::test {
namespace {

using namespace dtb::compress;

std::string file_text(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

ManifestEntry kvk_entry() {
    SideSummary white{Color::white, 10, 4, 3, 3, 7, 5, "W:WK1:BK2", "W:WK1:BK3"};
    SideSummary black{Color::black, 10, 3, 3, 4, 8, 6, "B:WK1:BK2", "B:WK1:BK3"};
    return ManifestEntry(kKvK, {white, black});
}

// An entry as dtb gen and then dtb pack --wdl-sides one write it, every optional key present.
constexpr std::string_view kEntryText =
    R"({"material":"KKvK","tables":["KKvK.wdl.dtb","KKvK.dtw.dtb","KKvK.dtc.dtb"],)"
    R"("white_men":0,"white_kings":2,"black_men":0,"black_kings":1,"sides":[)"
    R"({"side_to_move":"white","positions":14880,"wins":5628,"draws":9252,"losses":0,)"
    R"("max_dtw":7,"max_dtw_fen":"W:WKe1,Kg1:BKa7","max_dtc":7,"max_dtc_fen":"W:WKe1,Kg1:BKa7"},)"
    R"({"side_to_move":"black","positions":14880,"wins":0,"draws":14880,"losses":0,)"
    R"("max_dtw":-1,"max_dtw_fen":"","max_dtc":-1,"max_dtc_fen":""}],)"
    R"("table_bytes":{"wdl":619,"dtw":286,"dtc":344},"compression":"small",)"
    R"("counters_table_bytes":{"counters":1159},"wdl_one_ply":true})";

TEST(Manifest, EntryReadAndWrittenGivesTheSameBytes) {
    const ManifestEntry e = ManifestEntry::of_text(kEntryText);
    EXPECT_EQ(e.material, kKKvK);
    EXPECT_EQ(e.sides[1].max_dtw, -1);
    EXPECT_EQ(e.compression, "small");
    EXPECT_TRUE(e.wdl_one_ply);
    EXPECT_EQ(e.counters_table_bytes, (KindBytes{{ValueKind::counters, 1159}}));
    EXPECT_TRUE(e.describes(14880));
    EXPECT_EQ(e.text(), kEntryText);
    // Without the optional keys: still the bytes it was read from.
    const ManifestEntry bare = kvk_entry();
    EXPECT_FALSE(bare.tables_described());
    EXPECT_EQ(ManifestEntry::of_text(bare.text()), bare);
    EXPECT_EQ(ManifestEntry::of_text(bare.text()).text(), bare.text());
}

// A malformed entry is refused by a TableError naming the entry and the key.
TEST(Manifest, AMalformedEntryIsNamed) {
    auto refused = [](std::string text, const std::string& what, const std::string& with) {
        const auto at = text.find(what);
        if (at == std::string::npos) return "not in the entry: " + what;
        text.replace(at, what.size(), with);
        try {
            ManifestEntry::of_text(text);
            ADD_FAILURE() << "read: " << text;
        } catch (const TableError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    const std::string text(kEntryText);
    std::string why = refused(text, R"("wins":5628)", R"("wins":"5628")");
    EXPECT_NE(why.find("KKvK sides[0]: \"wins\" is not a count"), std::string::npos) << why;
    why = refused(text, R"("compression":"small",)", "");
    EXPECT_NE(why.find("KKvK has no \"compression\""), std::string::npos) << why;
    why = refused(text, R"("white_kings":2)", R"("white_kings":3)");
    EXPECT_NE(why.find("piece counts are not its material's"), std::string::npos) << why;
    why = refused(text, R"("dtc":344)", R"("dtz":344)");
    EXPECT_NE(why.find("table_bytes names a kind of table"), std::string::npos) << why;
    why = refused(text, R"("material":"KKvK")", R"("material":"KXvK")");
    EXPECT_NE(why.find("'KXvK' is not a material"), std::string::npos) << why;
    why = refused(text, R"("white_kings":2)", R"("white_kings":4294967298)");
    EXPECT_NE(why.find("\"white_kings\" is out of range"), std::string::npos) << why;
    why = refused(text, "{", "[");
    EXPECT_NE(why.find("not JSON"), std::string::npos) << why;
    // Well-formed, but statistics that cannot be its slice's: read, and not describing it.
    const ManifestEntry sum_broken =
        ManifestEntry::of_text(std::string(kEntryText).replace(text.find("5628"), 4, "5627"));
    EXPECT_FALSE(sum_broken.describes(14880));
    EXPECT_FALSE(kvk_entry().describes(9));  // more positions than the index has
}

TEST(Manifest, WrittenAndReadBackToTheSameBytes) {
    TempDir dir, again;
    const CounterSet& set = Russian::counter_sets[0];
    ManifestEntry e = ManifestEntry::of_text(kEntryText);
    const Manifest written(VariantId::russian, 5, {{"KKvK", e}, {"KvK", kvk_entry()}}, &set);
    written.write(dir.path);
    const std::string text = file_text(manifest_path(dir.path));
    EXPECT_EQ(text.find("{\n  \"format\": \"dtb-tables\",\n  \"format_version\": "), 0u) << text;
    EXPECT_NE(text.find("\"board\": \"8x8\""), std::string::npos);
    EXPECT_NE(text.find("\"slice_count\": 2"), std::string::npos);
    const Manifest read = Manifest::read(dir.path);
    EXPECT_EQ(read.variant, VariantId::russian);
    EXPECT_EQ(read.max_pieces, 5);
    EXPECT_EQ(read.counter_set(), set.name);
    ASSERT_EQ(read.slices.size(), 2u);
    EXPECT_EQ(read.slices[0], kvk_entry());  // in solving order
    EXPECT_EQ(read.slices[1], e);
    EXPECT_EQ(read_manifest_entries(dir.path).at("KvK"), kvk_entry());
    read.write(again.path);
    EXPECT_EQ(file_text(manifest_path(again.path)), text);
}

TEST(Manifest, Refused) {
    TempDir dir;
    auto why = [&](const std::string& text) {
        std::ofstream(manifest_path(dir.path)) << text;
        try {
            Manifest::read(dir.path);
        } catch (const TableError& e) {
            return std::string(e.what());
        }
        return std::string("read");
    };
    EXPECT_THROW(Manifest::read(dir.path), TableError);  // none
    EXPECT_TRUE(read_manifest_entries(dir.path).empty());
    EXPECT_NE(why("{not json").find("not valid JSON"), std::string::npos);
    EXPECT_TRUE(read_manifest_entries(dir.path).empty());
    EXPECT_NE(why(R"({"variant": 3})").find("has no \"variant\" string"), std::string::npos);
    EXPECT_NE(why(R"({"variant": "chess"})").find("unknown variant 'chess'"), std::string::npos);
    EXPECT_NE(why("{}").find("has no \"variant\" string"), std::string::npos);
    EXPECT_NE(why(R"({"variant": "russian", "format": "dtb-tables", "format_version": 1})")
                  .find("has no \"max_pieces\""),
              std::string::npos);
}

// A manifest of format 2 names the counters' tables "rules": read in today's names, its
// listing compared with files of the old names, and refused to a run that would add to it.
TEST(Manifest, OldNamesOfTheCountersRead) {
    TempDir dir;
    const CounterSet& set = Russian::counter_sets[0];
    Manifest(VariantId::russian, 3, {{"KKvK", ManifestEntry::of_text(kEntryText)}}, &set)
        .write(dir.path);
    std::string text = file_text(manifest_path(dir.path));
    auto replace = [&](const std::string& from, const std::string& to) {
        const auto at = text.find(from);
        ASSERT_NE(at, std::string::npos) << from;
        text.replace(at, from.size(), to);
    };
    replace("\"format_version\": 3", "\"format_version\": 2");
    replace("\"counter_set\"", "\"rule_set\"");
    replace("\"counters_table_bytes\": {\n        \"counters\"",
            "\"rules_table_bytes\": {\n        \"rules\"");
    std::ofstream(manifest_path(dir.path)) << text;
    const Manifest read = Manifest::read(dir.path);
    EXPECT_EQ(read.format_version, 2);
    EXPECT_EQ(read.counter_set(), set.name);
    ASSERT_EQ(read.slices.size(), 1u);
    EXPECT_EQ(read.slices[0].counters_table_bytes, (KindBytes{{ValueKind::counters, 1159}}));
    // The listing expects the old file name.
    std::ofstream(dir.path / "KKvK.rules.dtb") << std::string(1159, 'x');
    for (const auto& problem : compare_listing(dir.path, read))
        EXPECT_NE(problem.file, "KKvK.rules.dtb") << problem.message;
    const auto conflict = directory_conflict(dir.path, VariantId::russian, set.name);
    ASSERT_TRUE(conflict);
    EXPECT_NE(conflict->find("MATERIAL.rules.dtb"), std::string::npos) << *conflict;
    // A manifest of a later format than this dtb knows is refused.
    replace("\"format_version\": 2", "\"format_version\": 99");
    std::ofstream(manifest_path(dir.path)) << text;
    EXPECT_THROW(Manifest::read(dir.path), TableError);
}

// Counters' tables written under an earlier reading of their counter set (the portuguese river
// count before revision 2) are refused, by the probe and by a run that would complete them;
// the current revision, and a set never revised, are read.
TEST(Manifest, CountersTablesOfAnEarlierRevisionRefused) {
    TempDir dir;
    const CounterSet& portuguese = Portuguese::counter_sets[0];
    ASSERT_GT(portuguese.revision, 1);
    Manifest(VariantId::portuguese, 2, {}, &portuguese).write(dir.path);
    auto m = Manifest::read(dir.path);
    EXPECT_EQ(m.counter_set_revision(), portuguese.revision);
    EXPECT_EQ(m.stale_counters_reason(), "");
    EXPECT_FALSE(directory_conflict(dir.path, VariantId::portuguese, portuguese.name));
    // As written before revisions were: no "revision" at all.
    m.counters->revision.reset();
    m.write(dir.path);
    EXPECT_EQ(file_text(manifest_path(dir.path)).find("revision"), std::string::npos);
    m = Manifest::read(dir.path);
    EXPECT_EQ(m.counter_set_revision(), 1);
    const std::string why = m.stale_counters_reason();
    EXPECT_NE(why.find("revision 1 of portuguese counter set standard"), std::string::npos) << why;
    const auto conflict = directory_conflict(dir.path, VariantId::portuguese, "");
    ASSERT_TRUE(conflict);
    EXPECT_NE(conflict->find("generate them again"), std::string::npos) << *conflict;
    // Russian's counter set was never revised: its manifests without a revision read.
    Manifest russian(VariantId::russian, 2, {}, &Russian::counter_sets[0]);
    russian.counters->revision.reset();
    EXPECT_EQ(russian.stale_counters_reason(), "");
}

}  // namespace
}  // namespace dtb::test
