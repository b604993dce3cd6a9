// Bad input and missing tables: each is an error code with a message, never a crash and
// never a value.
#include <filesystem>

#include "dtb/probe.h"
#include "dtb/probe.hpp"
#include "probe_test_support.hpp"

namespace dtb::test {
namespace {

const std::filesystem::path& russian3() { return probe_fixture<Russian>(3).dir; }

TEST(ProbeErrors, OpenFailures) {
    dtb_tb* tb = reinterpret_cast<dtb_tb*>(1);
    EXPECT_EQ(dtb_open("/nonexistent/dtb/dir", 1 << 20, &tb), DTB_ERR_DIRECTORY);
    EXPECT_EQ(tb, nullptr);
    EXPECT_NE(std::string(dtb_error_message()).find("/nonexistent/dtb/dir"), std::string::npos);
    EXPECT_EQ(dtb_open(nullptr, 0, &tb), DTB_ERR_ARGUMENT);
    EXPECT_EQ(dtb_open(russian3().c_str(), 0, nullptr), DTB_ERR_ARGUMENT);

    TempDir empty("empty");  // a directory without manifest.json
    EXPECT_EQ(dtb_open(empty.path().c_str(), 0, &tb), DTB_ERR_DIRECTORY);
    EXPECT_NE(std::string(dtb_error_message()).find("manifest.json"), std::string::npos);
    EXPECT_EQ(dtb_open_variant(empty.path().c_str(), "nosuchvariant", 0, &tb), DTB_ERR_VARIANT);
    std::ofstream(empty.path() / "manifest.json") << "{not json";
    EXPECT_EQ(dtb_open(empty.path().c_str(), 0, &tb), DTB_ERR_DIRECTORY);
    // Named explicitly, a directory without tables opens, and everything is not available.
    ASSERT_EQ(dtb_open_variant(empty.path().c_str(), "russian", 0, &tb), DTB_OK);
    int wdl = 0;
    EXPECT_EQ(dtb_probe_wdl(tb, "W:WKa1:Bh8", &wdl), DTB_ERR_NOT_AVAILABLE);
    // A side without pieces needs no table.
    EXPECT_EQ(dtb_probe_wdl(tb, "W:W:BKh8", &wdl), DTB_OK);
    EXPECT_EQ(wdl, DTB_LOSS);
    dtb_close(tb);
    dtb_close(nullptr);

    EXPECT_THROW(probe::Tablebase("/nonexistent/dtb/dir"), probe::Error);
}

TEST(ProbeErrors, BadFenAndPositions) {
    probe::Tablebase tb(russian3(), 1 << 20);
    dtb_tb* c = tb.c_handle();
    int wdl = 0, dtw = 0;
    for (const char* fen : {"", "X:Wa1:Bh8", "W:Wz9:Bh8", "W:Wa1,a1:Bh8", "W:Wa1:Wb2", "garbage"})
        EXPECT_EQ(dtb_probe_wdl(c, fen, &wdl), DTB_ERR_FEN) << fen;
    EXPECT_FALSE(std::string(dtb_error_message()).empty());
    EXPECT_EQ(dtb_probe_wdl(c, "W:Wa8:Bh8", &wdl), DTB_ERR_FEN);  // man on its promotion row
    EXPECT_EQ(dtb_probe_wdl(c, nullptr, &wdl), DTB_ERR_ARGUMENT);
    EXPECT_EQ(dtb_probe_wdl(nullptr, "W:WKa1:Bh8", &wdl), DTB_ERR_ARGUMENT);
    EXPECT_EQ(dtb_probe_dtw(c, "W:WKa1:Bh8", &wdl, nullptr), DTB_ERR_ARGUMENT);
    dtb_value v;
    EXPECT_EQ(dtb_probe_fen(c, "W:WKa1:Bh8", 17, &v), DTB_ERR_ARGUMENT);
    // The game is over before the position: the side not to move has no piece; and a board
    // with no piece at all cannot come from a game.
    EXPECT_EQ(dtb_probe_wdl(c, "W:WKa1:B", &wdl), DTB_ERR_POSITION);
    EXPECT_EQ(dtb_probe_wdl(c, "W:W:B", &wdl), DTB_ERR_POSITION);
    EXPECT_EQ(dtb_probe_wdl(c, "B:W:B", &wdl), DTB_ERR_POSITION);
    // More pieces than the tables hold, directly or after a capture.
    EXPECT_EQ(dtb_probe_wdl(c, "W:WKa1,Kc1:BKh8,Kf8", &wdl), DTB_ERR_NOT_AVAILABLE);
    EXPECT_NE(std::string(dtb_error_message()).find("KKvKK"), std::string::npos);
    EXPECT_EQ(dtb_probe_dtw(c, "W:WKa1,Kc1,Ke1:BKh8,Kf8,Kd8,Kb8", &wdl, &dtw),
              DTB_ERR_NOT_AVAILABLE);
    // Nine pieces: beyond any table.
    EXPECT_EQ(dtb_probe_wdl(c, "W:WKa1,c1,e1,g1,b2:Bb8,d8,f8,h8", &wdl), DTB_ERR_NOT_AVAILABLE);

    // Engine positions: overlapping colours, a square off the board, bad side.
    dtb_position p{};
    p.white[0] = 1, p.black[0] = 1;
    EXPECT_EQ(dtb_probe_position(c, &p, DTB_WANT_WDL, &v), DTB_ERR_POSITION);
    p = {};
    p.white[0] = 1ull << 40, p.black[0] = 1;  // square 41 on a 32-square board
    EXPECT_EQ(dtb_probe_position(c, &p, DTB_WANT_WDL, &v), DTB_ERR_POSITION);
    p = {};
    p.white[0] = 1ull << 0;   // square 1 = b8: a white man there is on its promotion row
    p.black[0] = 1ull << 19;  // square 20 = h4
    EXPECT_EQ(dtb_probe_position(c, &p, DTB_WANT_WDL, &v), DTB_ERR_POSITION);
    p.kings[0] = 1ull << 0;  // as a king it is fine
    EXPECT_EQ(dtb_probe_position(c, &p, DTB_WANT_DTW, &v), DTB_OK);
    p.side_to_move = 2;
    EXPECT_EQ(dtb_probe_position(c, &p, DTB_WANT_WDL, &v), DTB_ERR_POSITION);
    p.kings[0] = 1ull << 5;  // a king of no colour
    p.side_to_move = 0;
    EXPECT_EQ(dtb_probe_position(c, &p, DTB_WANT_WDL, &v), DTB_ERR_POSITION);
    EXPECT_EQ(dtb_probe_position(c, nullptr, DTB_WANT_WDL, &v), DTB_ERR_ARGUMENT);
}

TEST(ProbeErrors, OnlyWdlInstalled) {
    // A directory with the WDL tables alone answers WDL; distances are not available.
    TempDir dir("wdlonly");
    for (const auto& e : std::filesystem::directory_iterator(russian3())) {
        const std::string name = e.path().filename().string();
        if (name.find(".wdl.") != std::string::npos || name == "manifest.json")
            std::filesystem::copy_file(e.path(), dir.path() / name);
    }
    probe::Tablebase tb(dir.path(), 1 << 20);
    int wdl = 0, dtw = 0, dtc = 0;
    EXPECT_EQ(dtb_probe_wdl(tb.c_handle(), "W:WKa1,Kc3:Bh8", &wdl), DTB_OK);
    EXPECT_EQ(wdl, DTB_WIN);
    EXPECT_EQ(dtb_probe_dtw(tb.c_handle(), "W:WKa1,Kc3:Bh8", &wdl, &dtw), DTB_ERR_NOT_AVAILABLE);
    EXPECT_EQ(dtb_probe_dtc(tb.c_handle(), "W:WKa1,Kc3:Bh8", &wdl, &dtc), DTB_ERR_NOT_AVAILABLE);
    // A draw needs no distance table.
    EXPECT_EQ(dtb_probe_dtw(tb.c_handle(), "W:WKa1:BKh6", &wdl, &dtw), DTB_OK);
    EXPECT_EQ(wdl, DTB_DRAW);
    EXPECT_EQ(dtw, 0);
}

TEST(ProbeErrors, StatusStrings) {
    for (int s = DTB_OK; s <= DTB_ERR_BUFFER; ++s)
        EXPECT_STRNE(dtb_status_string(dtb_status(s)), "unknown status");
    EXPECT_STREQ(dtb_status_string(dtb_status(99)), "unknown status");
}

}  // namespace
}  // namespace dtb::test
