// Moves as written matched to legal moves: every capture notation, a [FEN] start, GameType,
// captures told apart by the next move, and each way a move can fail.
#include <gtest/gtest.h>

#include "dtb/pdn/read.hpp"
#include "dtb/pdn/replay.hpp"

namespace dtb::pdn {
namespace {

Replay replay_text(const std::string& text, std::optional<VariantId> given = std::nullopt) {
    const auto games = read_games(text);
    EXPECT_EQ(games.size(), 1u);
    std::string why;
    const auto v = game_variant(games.at(0), given, &why);
    EXPECT_TRUE(v) << why;
    return replay(games.at(0), v.value_or(VariantId::russian));
}

std::vector<std::string> played(const Replay& r) {
    std::vector<std::string> out;
    for (const auto& p : r.plies) out.push_back(p.move);
    return out;
}

using Texts = std::vector<std::string>;

TEST(PdnReplay, GameTypeNamesTheVariant) {
    EXPECT_EQ(variant_of_game_type("20"), VariantId::international);
    EXPECT_EQ(variant_of_game_type("20,W,10,10,N1,0"), VariantId::international);
    EXPECT_EQ(variant_of_game_type("25"), VariantId::russian);
    EXPECT_EQ(variant_of_game_type("29"), VariantId::czech);
    EXPECT_EQ(variant_of_game_type("0"), std::nullopt);
    Game g;
    std::string why;
    EXPECT_EQ(game_variant(g, std::nullopt, &why), std::nullopt);
    EXPECT_NE(why.find("GameType"), std::string::npos);
    EXPECT_EQ(game_variant(g, VariantId::czech), VariantId::czech);
}

TEST(PdnReplay, InternationalFullPathStartEndAndScrambled) {
    const std::string fen = "[GameType \"20\"]\n[FEN \"W:W13,18:B23,34,39,44\"]\n";
    for (const char* capture : {"18x29x40x49", "18x49", "18x40x29x49", "18X49"}) {
        const Replay r = replay_text(fen + "1. " + capture + " 39-44 2. 49x40 *");
        ASSERT_TRUE(r.complete()) << capture << ": " << r.failure->reason;
        EXPECT_EQ(played(r), (Texts{"18x49", "39-44", "49x40"})) << capture;
        EXPECT_EQ(r.plies[0].written, capture);
        EXPECT_EQ(r.plies[0].pieces_before, 6);
        EXPECT_EQ(r.end_fen, "B:W13,40:B");
    }
}

TEST(PdnReplay, EnglishAndItalianPathsPromotionAndZeroPadding) {
    const Replay en =
        replay_text("[FEN \"W:W8,27:B5,7,15,23\"]\n27x18x11x2 05-09", VariantId::english);
    ASSERT_TRUE(en.complete()) << en.failure->reason;
    EXPECT_EQ(played(en), (Texts{"27x2", "5-9"}));
    const Replay it =
        replay_text("[GameType \"22\"]\n[FEN \"W:W19,28:B4,6,14,17\"]\n19x10x3 17-21");
    ASSERT_TRUE(it.complete()) << it.failure->reason;
    EXPECT_EQ(played(it), (Texts{"19x3", "17-21"}));
}

TEST(PdnReplay, AlgebraicWithColonsAndX) {
    for (const char* capture : {"f2:d4:b6", "f2:b6", "f2xb6", "F2XB6"}) {
        const Replay r =
            replay_text("[FEN \"W:Wf2,h2:Be3,a5,c5,d8\"]\n1. " + std::string(capture) + " a5:c7",
                        VariantId::russian);
        ASSERT_TRUE(r.complete()) << capture << ": " << r.failure->reason;
        EXPECT_EQ(played(r), (Texts{"f2:b6", "a5:c7"}));
    }
}

TEST(PdnReplay, FromTheVariantsStart) {
    const Replay r = replay_text("1. c3-d4 f6-e5 2. d4xf6 g7xe5 *", VariantId::russian);
    ASSERT_TRUE(r.complete()) << r.failure->reason;
    EXPECT_EQ(played(r), (Texts{"c3-d4", "f6-e5", "d4:f6", "g7:e5"}));
    EXPECT_EQ(r.start_fen.substr(0, 2), "W:");
}

// Czech: f4 takes two men to f8 by two paths (over g5 and g7, or over e5 and e7).
constexpr const char* kTwoPaths = "[GameType \"29\"]\n[FEN \"W:Wf4:Bc3,d4,e5,g5,e7,g7\"]\n";

TEST(PdnReplay, NextMoveDecidesBetweenCaptures) {
    const Replay r = replay_text(std::string(kTwoPaths) + "1. f4xf8 e5-f4 *");
    ASSERT_TRUE(r.complete()) << r.failure->reason;
    EXPECT_EQ(played(r), (Texts{"f4:h6:f8", "e5-f4"}));
}

TEST(PdnReplay, AmbiguousCaptureIsReported) {
    const Replay r = replay_text(std::string(kTwoPaths) + "1. f4xf8 *");
    ASSERT_FALSE(r.complete());
    EXPECT_EQ(r.failure->ply, 1);
    EXPECT_NE(r.failure->reason.find("2 legal captures match"), std::string::npos);
    EXPECT_TRUE(r.plies.empty());
}

TEST(PdnReplay, FailuresNameThePlyAndWhy) {
    const Replay illegal = replay_text("1. c3-d4 f6-e5 2. a1-b2 *", VariantId::russian);
    ASSERT_FALSE(illegal.complete());
    EXPECT_EQ(illegal.failure->ply, 3);
    EXPECT_EQ(illegal.failure->written, "a1-b2");
    EXPECT_NE(illegal.failure->reason.find("no legal move"), std::string::npos);
    EXPECT_EQ(illegal.plies.size(), 2u);

    const Replay square = replay_text("1. c3-d9 *", VariantId::russian);
    ASSERT_FALSE(square.complete());
    EXPECT_NE(square.failure->reason.find("not a square"), std::string::npos);

    const Replay unknown = replay_text("1. c3-d4 - 2. - - *", VariantId::russian);
    EXPECT_EQ(unknown.failure->ply, 2);
    const Replay none = replay_text("1. - - 2. - - *", VariantId::russian);
    EXPECT_NE(none.failure->reason.find("no move"), std::string::npos);

    const Replay fen = replay_text("[FEN \"W:W31,Q:B1\"]\n1. 31-26 *", VariantId::international);
    EXPECT_EQ(fen.failure->ply, 0);
    EXPECT_TRUE(fen.start_fen.empty());
}

TEST(PdnReplay, OneBadGameDoesNotStopTheRest) {
    const auto games = read_games("1. c3-d4 h6-g5 2. d4-e5 * 1. c3-b9 * 1. a3-b4 *");
    ASSERT_EQ(games.size(), 3u);
    EXPECT_TRUE(replay(games[0], VariantId::russian).complete());
    EXPECT_FALSE(replay(games[1], VariantId::russian).complete());
    EXPECT_TRUE(replay(games[2], VariantId::russian).complete());
}

// The moves dtb writes, read back: each ply of a replay, written by dtb, replays the same.
TEST(PdnReplay, DtbMovesReadBack) {
    const Replay first = replay_text(std::string(kTwoPaths) + "1. f4xf8 e5-f4 *");
    std::string again = std::string(kTwoPaths);
    for (const auto& p : first.plies) again += p.move + " ";
    const Replay second = replay_text(again + "*");
    ASSERT_TRUE(second.complete()) << second.failure->reason;
    EXPECT_EQ(played(second), played(first));
}

// A result's first score is the first player's: White's, or Black's where Black starts
// (English files write "1-0" for a win of Black).
TEST(PdnReplay, ScoreOrderFollowsTheFirstPlayer) {
    EXPECT_EQ(score_order(VariantId::international), ScoreOrder::white_first);
    EXPECT_EQ(score_order(VariantId::russian), ScoreOrder::white_first);
    EXPECT_EQ(score_order(VariantId::english), ScoreOrder::black_first);
    const auto games = read_games("[Result \"1-0\"]\n11-15 *\n\n1. 11-15 0-1\n\n11-15 1/2-1/2");
    ASSERT_EQ(games.size(), 3u);
    EXPECT_EQ(games[0].outcome(ScoreOrder::black_first), Outcome::black_wins);
    EXPECT_EQ(games[0].outcome(), Outcome::white_wins);
    EXPECT_EQ(games[1].outcome(ScoreOrder::black_first), Outcome::white_wins);
    EXPECT_EQ(games[2].outcome(ScoreOrder::black_first), Outcome::draw);
}

}  // namespace
}  // namespace dtb::pdn
