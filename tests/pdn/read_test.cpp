// The reader on PDN written as real files write it: each notation and each defect once.
#include <gtest/gtest.h>

#include "dtb/pdn/read.hpp"

namespace dtb::pdn {
namespace {

std::vector<std::string> texts(const Line& l) {
    std::vector<std::string> out;
    for (const MoveNode& m : l.moves) out.push_back(m.text);
    return out;
}

using Texts = std::vector<std::string>;

TEST(PdnRead, TagsMovesAndResult) {
    const auto games = read_games(
        "[Event \"Test \\\"cup\\\"\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"2-0\"]\n\n"
        "1. 32-28 19-23 2. 28x19 14x23 2-0\n");
    ASSERT_EQ(games.size(), 1u);
    const Game& g = games[0];
    EXPECT_EQ(g.tag("event"), "Test \"cup\"");
    EXPECT_EQ(g.white(), "A");
    EXPECT_EQ(g.black(), "B");
    EXPECT_EQ(texts(g.main), (Texts{"32-28", "19-23", "28x19", "14x23"}));
    EXPECT_EQ(g.main.moves[0].number, 1);
    EXPECT_EQ(g.main.moves[1].number, 0);
    EXPECT_EQ(g.result, "2-0");
    EXPECT_EQ(g.outcome(), Outcome::white_wins);
    EXPECT_TRUE(g.problems.empty());
}

TEST(PdnRead, EveryResultNotation) {
    const auto games = read_games(
        "1. 32-28 2-0 1. 32-28 1-1 1. 32-28 0-2 1. 32-28 1-0 1. 32-28 1/2-1/2 "
        "1. 32-28 0-1 1. 32-28 * 1. 32-28 \xC2\xBD-\xC2\xBD");
    ASSERT_EQ(games.size(), 8u);
    const Outcome want[] = {Outcome::white_wins, Outcome::draw, Outcome::black_wins,
                            Outcome::white_wins, Outcome::draw, Outcome::black_wins,
                            Outcome::unknown,    Outcome::draw};
    for (std::size_t i = 0; i < games.size(); ++i) {
        EXPECT_EQ(games[i].outcome(), want[i]) << i;
        EXPECT_EQ(games[i].index, int(i) + 1);
    }
}

TEST(PdnRead, NumbersGluedZeroPaddedAndResultGluedToNextGame) {
    const auto games = read_games("01.34-29 20-25 {0} 02.33-28 0-201.33-29 18-23 1-0");
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(texts(games[0].main), (Texts{"34-29", "20-25", "33-28"}));
    EXPECT_EQ(games[0].main.moves[1].comments, (Texts{"0"}));
    EXPECT_EQ(games[0].result, "0-2");
    EXPECT_EQ(texts(games[1].main), (Texts{"33-29", "18-23"}));
    EXPECT_EQ(games[1].result, "1-0");
}

TEST(PdnRead, CapturesInEveryNotation) {
    const auto games = read_games("1. 39x28x17x6 d8xb6xd4xb2 2. 13x33 d4:b6 3. 26x17x10x1 1- 7");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(texts(games[0].main),
              (Texts{"39x28x17x6", "d8xb6xd4xb2", "13x33", "d4:b6", "26x17x10x1", "1-7"}));
}

TEST(PdnRead, CommentsVariationsNagsAndSuffixes) {
    const auto games = read_games(
        "{before} 1. 32-28! $1 {good} (1. 33-29 {alt} (1. 34-30) 18-23) 19-23?? ; to the end\n"
        "2. 28x19 *");
    ASSERT_EQ(games.size(), 1u);
    const Line& main = games[0].main;
    EXPECT_EQ(main.comments, (Texts{"before"}));
    ASSERT_EQ(main.moves.size(), 3u);
    const MoveNode& first = main.moves[0];
    EXPECT_EQ(first.suffix, "!");
    EXPECT_EQ(first.nags, (std::vector<int>{1}));
    EXPECT_EQ(first.comments, (Texts{"good"}));
    ASSERT_EQ(first.variations.size(), 1u);
    const Line& var = first.variations[0];
    EXPECT_EQ(texts(var), (Texts{"33-29", "18-23"}));
    EXPECT_EQ(var.moves[0].comments, (Texts{"alt"}));
    ASSERT_EQ(var.moves[0].variations.size(), 1u);
    EXPECT_EQ(texts(var.moves[0].variations[0]), (Texts{"34-30"}));
    EXPECT_EQ(main.moves[1].suffix, "??");
    EXPECT_EQ(main.moves[1].comments, (Texts{" to the end"}));
    EXPECT_TRUE(games[0].problems.empty());
}

TEST(PdnRead, CrlfBomTabsAndEscapeLines) {
    const auto games = read_games(
        "\xEF\xBB\xBF[Event \"x\"]\r\n\t[Result \"1-1\"]\r\n%engine data\r\n\r\n1. 32-28 "
        "19-23\r\n1-1\r\n");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].tag("Event"), "x");
    EXPECT_EQ(texts(games[0].main), (Texts{"32-28", "19-23"}));
    EXPECT_EQ(games[0].outcome(), Outcome::draw);
}

TEST(PdnRead, ItalianTagsAndMatchScoreResult) {
    const auto games = read_games(
        "[Bianco \"Rossi\"]\n[Nero \"Bianchi\"]\n[Risultato \"0-1\"]\n1. 21-17 12-15\n"
        "[Result \"4-6\"]\n1. 32-28 4-6\n");
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].white(), "Rossi");
    EXPECT_EQ(games[0].black(), "Bianchi");
    EXPECT_EQ(games[0].outcome(), Outcome::black_wins);
    EXPECT_EQ(texts(games[1].main), (Texts{"32-28"}));
    EXPECT_EQ(games[1].result, "4-6");
    EXPECT_EQ(games[1].outcome(), Outcome::unknown);
}

TEST(PdnRead, PlaceholdersAndGamesWithoutMoves) {
    const auto games = read_games("[Result \"0-2\"]\n1. 0-2\n[Result \"1-1\"]\n1. - - 2. - - 1-1");
    ASSERT_EQ(games.size(), 2u);
    EXPECT_TRUE(games[0].main.moves.empty());
    EXPECT_EQ(games[0].outcome(), Outcome::black_wins);
    EXPECT_EQ(games[1].main.moves.size(), 4u);
    EXPECT_EQ(games[1].recorded_moves(), 0);
}

TEST(PdnRead, DefectsAreNotedAndReadingGoesOn) {
    const auto games = read_games(
        "[Event \"a\"]\n1. 32-28 ) 19-23 $ (2. 33-29\n[Event \"b\"]\n1. 31-27 "
        "8-11Whiteoverstepped. 2-0\n[Broken\n[Event \"c\"]\n1. 34-30 {never closed");
    ASSERT_EQ(games.size(), 3u);
    EXPECT_EQ(texts(games[0].main), (Texts{"32-28", "19-23"}));
    EXPECT_EQ(games[0].problems.size(), 3u);  // ')' alone, '$' alone, '(' not closed
    EXPECT_EQ(texts(games[1].main), (Texts{"31-27", "8-11"}));
    EXPECT_EQ(games[1].main.moves[1].comments, (Texts{"Whiteoverstepped."}));
    EXPECT_EQ(games[1].problems.size(), 2u);  // glued text, malformed tag
    EXPECT_EQ(games[2].tag("Event"), "c");
    EXPECT_EQ(games[2].main.moves[0].comments, (Texts{"never closed"}));
    EXPECT_EQ(games[2].problems.size(), 1u);
}

TEST(PdnRead, LiteralBackslashRIsALineBreak) {
    const auto games = read_games("[Event \"x\"]\\r\n1. 32-28 19-23\\r\n2-0");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(texts(games[0].main), (Texts{"32-28", "19-23"}));
}

TEST(PdnRead, MissingFileThrows) {
    EXPECT_THROW(read_file("/nonexistent/dir/games.pdn"), ReadError);
}

}  // namespace
}  // namespace dtb::pdn
