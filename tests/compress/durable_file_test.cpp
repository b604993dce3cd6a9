// Files put in place durably (compress/durable_file.hpp) and the kill points of the crash
// harness (compress/kill_point.hpp): a replaced file has the new bytes and no temporary is
// left; a failure names the path and the system's reason; a point kills at its N-th pass
// and counts passes only when the environment asks.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "compress_test_support.hpp"
#include "dtb/compress/durable_file.hpp"
#include "dtb/compress/kill_point.hpp"

namespace dtb::test {
namespace {

std::string text_of(const std::filesystem::path& p) {
    std::ifstream in(p);
    return {std::istreambuf_iterator<char>(in), {}};
}

TEST(DurableFile, ReplacesTheFileAndLeavesNoTemporary) {
    TempDir dir;
    const auto tmp = dir.path / "a.json.tmp", path = dir.path / "a.json";
    std::ofstream(path) << "old";
    std::ofstream(tmp) << "new";
    compress::durable_replace(tmp, path, "test");
    EXPECT_EQ(text_of(path), "new");
    EXPECT_FALSE(std::filesystem::exists(tmp));
    compress::sync_directory(dir.path);
}

TEST(DurableFile, FailuresNameThePathAndTheReason) {
    TempDir dir;
    const auto path = dir.path / "a.json";
    const auto expect_error = [](auto&& f, const std::string& part) {
        try {
            f();
            ADD_FAILURE() << "no error";
        } catch (const compress::TableError& e) {
            EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find("No such file or directory"), std::string::npos)
                << e.what();
        }
    };
    expect_error([&] { compress::durable_replace(dir.path / "gone.tmp", path, "test"); },
                 "gone.tmp");
    const auto tmp = dir.path / "a.json.tmp";
    std::ofstream(tmp) << "new";
    expect_error([&] { compress::durable_replace(tmp, dir.path / "no" / "a.json", "test"); },
                 "no/a.json");
    expect_error([&] { compress::sync_directory(dir.path / "no"); }, "no");
}

// The death tests run in a process of their own, started again ("threadsafe"): the points
// read the environment at their first pass, there.
TEST(KillPoint, KillsAtTheNthPassOfItsPoint) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(
        {
            setenv("DTB_KILL_AT", "test.point:3", 1);
            compress::kill_point("test.point");
            compress::kill_point("test", "other");
            compress::kill_point("test", "point");
            std::fputs("passed twice\n", stderr);
            compress::kill_point("test.point");
            std::exit(0);
        },
        testing::KilledBySignal(SIGKILL), "passed twice");
}

TEST(KillPoint, CountsPassesWhenAsked) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    // The parent's file: the child, started again, finds the variable set and keeps it.
    const auto mine =
        std::filesystem::temp_directory_path() / ("dtb_kill_counts_" + std::to_string(getpid()));
    setenv("DTB_TEST_KILL_COUNTS", mine.c_str(), 0);
    const std::filesystem::path counts = std::getenv("DTB_TEST_KILL_COUNTS");
    std::filesystem::remove(counts);
    EXPECT_EXIT(
        {
            setenv("DTB_KILL_COUNT", counts.c_str(), 1);
            setenv("DTB_KILL_AT", "test.point:2:1", 1);  // rank 1's, and this is rank 0
            compress::kill_point("test.point");
            compress::kill_point("test", "point");
            std::exit(0);
        },
        testing::ExitedWithCode(0), "");
    EXPECT_EQ(text_of(counts), "0 test.point\n0 test.point\n");
    std::filesystem::remove(counts);
}

TEST(KillPoint, InertWhenNotAsked) {
    if (std::getenv("DTB_KILL_AT") || std::getenv("DTB_KILL_COUNT")) GTEST_SKIP();
    for (int k = 0; k < 3; ++k) compress::kill_point("test.point");
}

}  // namespace
}  // namespace dtb::test
