// The writer's text read back gives the game written: tags, moves, comments, NAGs,
// variations and result.
#include <gtest/gtest.h>

#include "dtb/pdn/read.hpp"
#include "dtb/pdn/write.hpp"

namespace dtb::pdn {
namespace {

void expect_same(const Line& a, const Line& b) {
    EXPECT_EQ(a.comments, b.comments);
    ASSERT_EQ(a.moves.size(), b.moves.size());
    for (std::size_t i = 0; i < a.moves.size(); ++i) {
        const MoveNode &x = a.moves[i], &y = b.moves[i];
        EXPECT_EQ(x.text, y.text);
        EXPECT_EQ(x.number, y.number);
        EXPECT_EQ(x.suffix, y.suffix);
        EXPECT_EQ(x.nags, y.nags);
        EXPECT_EQ(x.comments, y.comments);
        ASSERT_EQ(x.variations.size(), y.variations.size());
        for (std::size_t v = 0; v < x.variations.size(); ++v)
            expect_same(x.variations[v], y.variations[v]);
    }
}

TEST(PdnWrite, RoundTrip) {
    const std::string text =
        "[Event \"Quote \\\" and backslash \\\\\"]\n[White \"A\"]\n[Result \"2-0\"]\n"
        "{start} 1. 32-28! $1 {a long comment that makes the line wrap past the width of "
        "eighty columns} (1. 33-29 (1. 34-30) 18-23) 19-23?? 2. 28x19 14x23 3. 37-32 2-0\n"
        "1. c3-d4 *\n";
    const auto games = read_games(text);
    ASSERT_EQ(games.size(), 2u);
    const std::string written = write_games(games);
    for (std::size_t p = 0, e; (e = written.find('\n', p)) != std::string::npos; p = e + 1)
        EXPECT_LT(e - p, 80u);
    const auto again = read_games(written);
    ASSERT_EQ(again.size(), 2u);
    for (std::size_t i = 0; i < games.size(); ++i) {
        EXPECT_EQ(again[i].tags.size(), games[i].tags.size());
        for (std::size_t t = 0; t < games[i].tags.size(); ++t) {
            EXPECT_EQ(again[i].tags[t].name, games[i].tags[t].name);
            EXPECT_EQ(again[i].tags[t].value, games[i].tags[t].value);
        }
        expect_same(again[i].main, games[i].main);
        EXPECT_EQ(again[i].result, games[i].result);
        EXPECT_TRUE(again[i].problems.empty());
    }
}

TEST(PdnWrite, BraceInsideACommentCannotEndIt) {
    Game g;
    g.main.moves.push_back({"32-28", 1, "", {}, {"a } b"}, {}});
    const auto again = read_games(write_game(g));
    ASSERT_EQ(again.size(), 1u);
    EXPECT_EQ(again[0].main.moves.at(0).comments.at(0), "a ) b");
    EXPECT_EQ(again[0].result, "*");
}

}  // namespace
}  // namespace dtb::pdn
