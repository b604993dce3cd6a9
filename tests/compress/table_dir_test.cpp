// The table directory: file names both ways, and the manifest written, read and refused.
#include <gtest/gtest.h>

#include <fstream>

#include "compress_test_support.hpp"
#include "dtb/compress/table_dir.hpp"

namespace dtb::test {
namespace {

using namespace dtb::compress;

TEST(TableDir, FileNamesBothWays) {
    EXPECT_EQ(table_file_name(kKKvK, ValueKind::wdl), "KKvK.wdl.dtb");
    EXPECT_EQ(table_file_name(Material{1, 2, 0, 1}, ValueKind::dtc), "KKMvK.dtc.dtb");
    EXPECT_STREQ(to_string(ValueKind::dtw), "dtw");
    for (const Material& m : materials_up_to(5))
        for (const ValueKind k : kValueKinds) {
            const auto back = parse_table_file_name(table_file_name(m, k));
            ASSERT_TRUE(back) << table_file_name(m, k);
            EXPECT_EQ(back->material, m);
            EXPECT_EQ(back->kind, k);
        }
}

TEST(TableDir, NotTableNames) {
    for (const char* name : {"", ".dtb", "KvK.dtb", "KvK.wdl", "KvK.wdl.dtb.tmp", "KvK.dtz.dtb",
                             "KXvK.wdl.dtb", "Kv.wdl.dtb", "manifest.json", "KvK..dtb"})
        EXPECT_FALSE(parse_table_file_name(name)) << name;
}

TEST(TableDir, ManifestWrittenAndRead) {
    TempDir dir;
    SideSummary white{Color::white, 10, 4, 3, 3, 7, 5, "W:WK1:BK2", "W:WK1:BK3"};
    SideSummary black{Color::black, 10, 3, 3, 4, 8, 6, "B:WK1:BK2", "B:WK1:BK3"};
    const auto entry = slice_entry(kKvK, {white, black});
    EXPECT_EQ(entry.at("material"), "KvK");
    EXPECT_EQ(entry.at("tables").at(2), "KvK.dtc.dtb");
    EXPECT_TRUE(entry_describes(entry, 10));
    EXPECT_FALSE(entry_describes(entry, 9));  // more positions than the index has
    write_manifest(dir.path, VariantId::english, 2, {{"KvK", entry}});
    const auto j = read_manifest(dir.path);
    EXPECT_EQ(j.at("format"), "dtb-tables");
    EXPECT_EQ(j.at("variant"), "english");
    EXPECT_EQ(j.at("rules").at("board"), "8x8");
    EXPECT_EQ(j.at("slice_count"), 1);
    EXPECT_EQ(manifest_variant(j, dir.path), VariantId::english);
    EXPECT_EQ(read_manifest_slices(dir.path).at("KvK"), entry);
}

TEST(TableDir, ManifestRefused) {
    TempDir dir;
    EXPECT_THROW(read_manifest(dir.path), TableError);  // none
    EXPECT_TRUE(read_manifest_slices(dir.path).empty());
    std::ofstream(dir.path / "manifest.json") << "{not json";
    EXPECT_THROW(read_manifest(dir.path), TableError);
    EXPECT_TRUE(read_manifest_slices(dir.path).empty());
    EXPECT_THROW(manifest_variant(nlohmann::ordered_json{{"variant", 3}}, dir.path), TableError);
    EXPECT_THROW(manifest_variant(nlohmann::ordered_json{{"variant", "chess"}}, dir.path),
                 TableError);
    EXPECT_THROW(manifest_variant(nlohmann::ordered_json::object(), dir.path), TableError);
}

// Rules tables written under an earlier reading of their rule set (the portuguese river
// count before revision 2) are refused, by the probe and by a run that would complete them;
// the current revision, and a set never revised, are read.
TEST(TableDir, RulesTablesOfAnEarlierRevisionRefused) {
    TempDir dir;
    const RuleSet& portuguese = Portuguese::rule_sets[0];
    ASSERT_GT(portuguese.revision, 1);
    write_manifest(dir.path, VariantId::portuguese, 2, {}, &portuguese);
    auto j = read_manifest(dir.path);
    EXPECT_EQ(manifest_rule_set_revision(j), portuguese.revision);
    EXPECT_EQ(stale_rules_reason(j, VariantId::portuguese), "");
    EXPECT_FALSE(directory_conflict(dir.path, VariantId::portuguese, portuguese.name));
    // As written before revisions were: no "revision" at all.
    j["counters"].erase("revision");
    std::ofstream(manifest_path(dir.path)) << j.dump();
    EXPECT_EQ(manifest_rule_set_revision(j), 1);
    const std::string why = stale_rules_reason(j, VariantId::portuguese);
    EXPECT_NE(why.find("revision 1 of portuguese rule set standard"), std::string::npos) << why;
    const auto conflict = directory_conflict(dir.path, VariantId::portuguese, "");
    ASSERT_TRUE(conflict);
    EXPECT_NE(conflict->find("generate them again"), std::string::npos) << *conflict;
    // Russian's rule set was never revised: its manifests without a revision read.
    write_manifest(dir.path, VariantId::russian, 2, {}, &Russian::rule_sets[0]);
    j = read_manifest(dir.path);
    j["counters"].erase("revision");
    EXPECT_EQ(stale_rules_reason(j, VariantId::russian), "");
}

}  // namespace
}  // namespace dtb::test
