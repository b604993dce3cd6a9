// The table directory: file names both ways (its manifest: manifest_test.cpp).
#include <gtest/gtest.h>

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

// Directories of format 2 and earlier named the counters' kinds "rules": both names read, and
// a name is written the way the directory's format names it.
TEST(TableDir, CountersKindsUnderTheirOldNames) {
    const Material m{1, 2, 0, 1};
    EXPECT_EQ(table_file_name(m, ValueKind::counters), "KKMvK.counters.dtb");
    EXPECT_EQ(table_file_name(m, ValueKind::counters_idle_steps, kCountersNamedFrom - 1),
              "KKMvK.rules-idle-steps.dtb");
    EXPECT_EQ(table_file_name(m, ValueKind::wdl, kCountersNamedFrom - 1), "KKMvK.wdl.dtb");
    for (const ValueKind k : kEveryKind)
        for (const int format : {kCountersNamedFrom - 1, kDirectoryFormatVersion}) {
            const auto back = parse_table_file_name(table_file_name(m, k, format));
            ASSERT_TRUE(back) << table_file_name(m, k, format);
            EXPECT_EQ(back->material, m);
            EXPECT_EQ(back->kind, k);
        }
}

TEST(TableDir, NotTableNames) {
    for (const char* name : {"", ".dtb", "KvK.dtb", "KvK.wdl", "KvK.wdl.dtb.tmp", "KvK.dtz.dtb",
                             "KXvK.wdl.dtb", "Kv.wdl.dtb", "manifest.json", "KvK..dtb"})
        EXPECT_FALSE(parse_table_file_name(name)) << name;
}

}  // namespace
}  // namespace dtb::test
