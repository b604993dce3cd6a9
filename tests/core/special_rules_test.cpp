// Hand-built positions for the special rules of african, giveaway, thai, turkish, armenian
// and frisian (docs/variants.md; Roberto's Rules of Draughts). Every expected move list below
// was derived by hand from the rules, square by square, as the comments show; none was copied
// from the generator's output.
//
// Square names used in the comments:
//   8x8 numbered (english, african, giveaway, thai), White at the bottom:
//     1 b8  2 d8  3 f8  4 h8 |  5 a7  6 c7  7 e7  8 g7 |  9 b6 10 d6 11 f6 12 h6
//    13 a5 14 c5 15 e5 16 g5 | 17 b4 18 d4 19 f4 20 h4 | 21 a3 22 c3 23 e3 24 g3
//    25 b2 26 d2 27 f2 28 h2 | 29 a1 30 c1 31 e1 32 g1
//   10x10 numbered (frisian):
//     1 b10  2 d10  3 f10  4 h10  5 j10 |  6 a9  7 c9  8 e9  9 g9 10 i9
//    11 b8  12 d8  13 f8  14 h8  15 j8  | 16 a7 17 c7 18 e7 19 g7 20 i7
//    21 b6  22 d6  23 f6  24 h6  25 j6  | 26 a5 27 c5 28 e5 29 g5 30 i5
//    31 b4  32 d4  33 f4  34 h4  35 j4  | 36 a3 37 c3 38 e3 39 g3 40 i3
//    41 b2  42 d2  43 f2  44 h2  45 j2  | 46 a1 47 c1 48 e1 49 g1 50 i1
//   Frisian orthogonal neighbours are two files or two ranks away (e5 -> e7, g5, e3, c5).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/perft.hpp"
#include "dtb/core/variant.hpp"

namespace dtb {
namespace {

using Texts = std::vector<std::string>;

Texts sorted(Texts v) {
    std::sort(v.begin(), v.end());
    return v;
}

// The legal move texts of a position, sorted.
template <class V>
Texts moves(const Position<V>& p) {
    Texts out;
    for (const auto& [pm, text] : legal_moves_with_text<V>(p)) out.push_back(text);
    return sorted(out);
}

template <class V>
Texts moves(std::string_view fen) {
    return moves<V>(parse_fen<V>(fen));
}

// The legal moves written with every square landed on ("18x8x29"), sorted: tells apart
// captures that share from and to but take different routes.
template <class V>
Texts full_paths(const Position<V>& p) {
    PathMoveList<typename V::board> list;
    MoveGen<V>::generate(p, list);
    Texts out;
    for (const auto& pm : list) out.push_back(move_text<V>(pm, true));
    return sorted(out);
}

// The number of pieces each legal move captures, keyed by its text.
template <class V>
std::vector<std::pair<std::string, int>> capture_counts(const Position<V>& p) {
    std::vector<std::pair<std::string, int>> out;
    for (const auto& [pm, text] : legal_moves_with_text<V>(p))
        out.push_back({text, pm.move.capture_count()});
    std::sort(out.begin(), out.end());
    return out;
}

// Plays the legal move written `text`; fails the test if there is none.
template <class V>
Position<V> play(const Position<V>& p, std::string_view text) {
    for (const auto& [pm, t] : legal_moves_with_text<V>(p))
        if (t == text) return apply(p, pm.move);
    ADD_FAILURE() << "no legal move '" << text << "' in " << write_fen(p);
    return p;
}

// The FEN of a position, normalised through the writer, so that orders do not matter.
template <class V>
std::string norm(std::string_view fen) {
    return write_fen(parse_fen<V>(fen));
}

// ---------------------------------------------------------------------------------------
// African-American straight checkers: english with flying kings.

TEST(SpecialAfrican, FlyingKingMovesAnyDistance) {
    // King c3. NE: d4, e5, f6, g7 and the black man on h8 stops it (no square beyond h8, so
    // no capture). NW: b4, a5. SE: d2, e1. SW: b2, a1.
    EXPECT_EQ(moves<African>("W:WK22:B4"), sorted({"22-18", "22-15", "22-11", "22-8", "22-17",
                                                   "22-13", "22-26", "22-31", "22-25", "22-29"}));
}

TEST(SpecialAfrican, FlyingKingCapturesAtDistanceAndLandsAnywhereBeyond) {
    // King c3, black man e5 two squares away: the king flies over d4, takes e5 and may land
    // on f6, g7 or h8 (nothing to continue from any of them). A short (english) king could
    // not take it.
    EXPECT_EQ(moves<African>("W:WK22:B15"), sorted({"22x11", "22x8", "22x4"}));
    EXPECT_EQ(moves<English>("W:WK22:B15"), sorted({"22-17", "22-18", "22-25", "22-26"}));
}

TEST(SpecialAfrican, FlyingKingMustLandWhereTheCaptureContinues) {
    // King a1, black men c3 and f4. After c3 the king may land on d4, e5, f6, g7 or h8; only
    // from e5 can it go on (SE over f4, landing g3 or h2). It must land there.
    const auto p = parse_fen<African>("W:WK29:B19,22");
    EXPECT_EQ(moves(p), sorted({"29x24", "29x28"}));
    EXPECT_EQ(full_paths(p), sorted({"29x15x24", "29x15x28"}));
}

TEST(SpecialAfrican, ManCapturesForwardOnly) {
    // White man d4: black c5 is ahead (NW, landing b6), black e3 behind (SE, landing f2).
    EXPECT_EQ(moves<African>("W:W18:B14,23"), Texts{"18x9"});
    // Only the backward capture exists: it is not a capture, the man just moves.
    EXPECT_EQ(moves<African>("W:W18:B23"), sorted({"18-14", "18-15"}));
    // Black man c5 moving down: takes d4 (landing e3), never d6 behind it (landing e7).
    EXPECT_EQ(moves<African>("B:W10,18:B14"), Texts{"14x23"});
}

TEST(SpecialAfrican, CrowningEndsTheMove) {
    // White man f6 takes e7 and lands on d8, the last row. As a flying king it could go on
    // over c7 to b6 or a5, but crowning ends the move.
    const auto p = parse_fen<African>("W:W11:B6,7");
    EXPECT_EQ(moves(p), Texts{"11x2"});
}

TEST(SpecialAfrican, ApplyRemovesCapturedAndCrowns) {
    const auto p = parse_fen<African>("W:W11:B6,7");
    EXPECT_EQ(write_fen(play(p, "11x2")), norm<African>("B:WK2:B6"));
    const auto q = parse_fen<African>("W:WK29:B19,22");
    EXPECT_EQ(write_fen(play(q, "29x28")), norm<African>("B:WK28:B"));
}

// ---------------------------------------------------------------------------------------
// Giveaway: english moves, inverted goal. Each list is checked for english as well.

template <class V>
void expect_english_moves() {
    // Short king c3: one square in each direction; e5 two squares away cannot be taken.
    EXPECT_EQ(moves<V>("W:WK22:B15"), sorted({"22-17", "22-18", "22-25", "22-26"}));
    // A king takes backward too: d4 over e3 to f2.
    EXPECT_EQ(moves<V>("W:WK18:B23"), Texts{"18x27"});
    // Captures are compulsory (free choice between them): c3 over d4 to e5, e3 over d4 to c5.
    EXPECT_EQ(moves<V>("W:W22,23:B18"), sorted({"22x15", "23x14"}));
    // A man never takes backward: d4 cannot take e3.
    EXPECT_EQ(moves<V>("W:W18:B23"), sorted({"18-14", "18-15"}));
    // A started capture must be finished: a1 over b2 to c3, then over d4 to e5.
    EXPECT_EQ(moves<V>("W:W29:B18,25"), Texts{"29x15"});
    // Crowning ends the move: f6 over e7 to d8; the new (short) king does not go on over c7.
    EXPECT_EQ(moves<V>("W:W11:B6,7"), Texts{"11x2"});
}

TEST(SpecialGiveaway, SameMovesAsEnglish) {
    expect_english_moves<Giveaway>();
    expect_english_moves<English>();
}

TEST(SpecialGiveaway, SideWithoutMovesHasEmptyList) {
    // The white man on a1 is blocked: b2 is black and c3 behind it is taken too.
    EXPECT_TRUE(moves<Giveaway>("W:W29:B22,25").empty());
    // White has no pieces at all.
    EXPECT_TRUE(moves<Giveaway>("W:W:B1").empty());
    EXPECT_EQ(Giveaway::goal, Goal::giveaway);
}

TEST(SpecialGiveaway, ApplyRemovesCapturedAndCrowns) {
    const auto p = parse_fen<Giveaway>("W:W29:B18,25");
    EXPECT_EQ(write_fen(play(p, "29x15")), norm<Giveaway>("B:W15:B"));
    const auto q = parse_fen<Giveaway>("W:W11:B6,7");
    EXPECT_EQ(write_fen(play(q, "11x2")), norm<Giveaway>("B:WK2:B6"));
}

// ---------------------------------------------------------------------------------------
// Thai: flying king moves, a capturing king lands right behind the piece, pieces removed at
// once, the king may turn 180 degrees; men capture forward only.

TEST(SpecialThai, StartPositionFirstMoves) {
    // Black to move, men on 1-8. The back row (1-4) is blocked by the men on 5-8.
    // a7: b6. c7: b6, d6. e7: d6, f6. g7: f6, h6. Seven moves.
    const auto p = parse_fen<Thai>(Thai::start);
    EXPECT_EQ(p.side, Color::black);
    EXPECT_EQ(moves(p), sorted({"5-9", "6-9", "6-10", "7-10", "7-11", "8-11", "8-12"}));
    EXPECT_EQ(perft(p, 1), 7u);
}

TEST(SpecialThai, KingFliesWhenNotCapturing) {
    // King a1; the black man on h8 cannot be taken (no square behind it).
    EXPECT_EQ(moves<Thai>("W:WK29:B4"),
              sorted({"29-25", "29-22", "29-18", "29-15", "29-11", "29-8"}));
}

TEST(SpecialThai, KingLandsOnFirstSquareBeyond) {
    // King a1 flies over b2, c3 and takes d4: it lands on e5 only, not f6, g7 or h8.
    EXPECT_EQ(moves<Thai>("W:WK29:B18"), Texts{"29x15"});
    // With e5 taken too there is no landing square: no capture, the king just moves.
    EXPECT_EQ(moves<Thai>("W:WK29:B15,18"), sorted({"29-22", "29-25"}));
}

TEST(SpecialThai, KingTurnsBackOverTheSquareItEmptied) {
    // King d4 between black men on f6 and b2 (all on the long diagonal). Taking f6 it lands
    // on g7, turns 180 degrees and flies back over f6 (already removed), e5, d4, c3 to take
    // b2 and land on a1; or the other way round. Either way it takes both.
    const auto p = parse_fen<Thai>("W:WK18:B11,25");
    EXPECT_EQ(moves(p), sorted({"18x29", "18x8"}));
    EXPECT_EQ(full_paths(p), sorted({"18x8x29", "18x29x8"}));
    for (const auto& [text, n] : capture_counts(p)) EXPECT_EQ(n, 2) << text;
}

TEST(SpecialThai, ManCapturesForwardOnly) {
    // Black man d4 moves down: takes c3 (landing b2), never c5 behind it (landing b6).
    EXPECT_EQ(moves<Thai>("B:W14,22:B18"), Texts{"18x25"});
}

TEST(SpecialThai, ApplyRemovesCapturedAndCrowns) {
    const auto p = parse_fen<Thai>("W:WK18:B11,25");
    EXPECT_EQ(write_fen(play(p, "18x29")), norm<Thai>("B:WK29:B"));
    // Black man c3 takes d2 and lands on e1, its last row: crowned.
    const auto q = parse_fen<Thai>("B:W26:B22");
    EXPECT_EQ(moves(q), Texts{"22x31"});
    EXPECT_EQ(write_fen(play(q, "22x31")), norm<Thai>("W:W:BK31"));
}

// ---------------------------------------------------------------------------------------
// Turkish: all 64 squares; men forward or sideways; flying orthogonal kings; immediate
// removal; no 180-degree turn; most pieces compulsory; crowned on ending on the last row.

TEST(SpecialTurkish, ManMovesForwardOrSideways) {
    EXPECT_EQ(moves<Turkish>("W:Wd4:Ba7"), sorted({"d4-c4", "d4-d5", "d4-e4"}));
    // Black's forward is down.
    EXPECT_EQ(moves<Turkish>("B:Wa2:Bd5"), sorted({"d5-c5", "d5-d4", "d5-e5"}));
}

TEST(SpecialTurkish, ManCapturesForwardAndSidewaysOnly) {
    // White man d4 with black on d5 (ahead), c4 and e4 (sides), d3 (behind), e5 (diagonal).
    // Only d5 (to d6), c4 (to b4), e4 (to f4) can be taken; no landing square continues.
    EXPECT_EQ(moves<Turkish>("W:Wd4:Bc4,d3,d5,e4,e5"), sorted({"d4xb4", "d4xd6", "d4xf4"}));
}

TEST(SpecialTurkish, MostPiecesIsCompulsory) {
    // White man b2: over c2 to d2 (one piece, ends), or over b3 to b4, c4 to d4, d5 to d6
    // (three pieces). Only the three-piece capture is legal.
    EXPECT_EQ(moves<Turkish>("W:Wb2:Bb3,c2,c4,d5"), Texts{"b2xd6"});
}

TEST(SpecialTurkish, KingFliesOrthogonally) {
    // King d4: d5, d6 (d7-d8 both black: nothing to take), d3-d1, e4-h4, c4-a4; no diagonal.
    EXPECT_EQ(moves<Turkish>("W:WKd4:Bd7,d8"),
              sorted({"d4-d5", "d4-d6", "d4-d3", "d4-d2", "d4-d1", "d4-e4", "d4-f4", "d4-g4",
                      "d4-h4", "d4-c4", "d4-b4", "d4-a4"}));
}

TEST(SpecialTurkish, KingPassesOverEmptiedSquare) {
    // King d1; white men d6, h5, g2 limit its landings; black men d3, f5, g4, b3.
    //   up the d-file over d3, landing d4 or d5 (d6 is white);
    //   from d4: right over g4 to h4, then nothing (h5 white, h3-h1 empty): 2 pieces;
    //   from d5: right over f5 to g5 (h5 white); down over g4 to g3 (g2 white); left along
    //   the third rank over f3, e3, d3 -- removed at once, so free -- c3, then b3 to a3:
    //   4 pieces, the most, so the only legal move.
    const auto p = parse_fen<Turkish>("W:WKd1,d6,h5,g2:Bd3,f5,g4,b3");
    EXPECT_EQ(moves(p), Texts{"d1xa3"});
    EXPECT_EQ(full_paths(p), Texts{"d1xd5xg5xg3xa3"});
}

TEST(SpecialTurkish, KingNeverTurns180Degrees) {
    // King d4 between black men d6 and d2. Each can be taken (landing d7, d8, or d1), but
    // the king may not turn back down (or up) the d-file for the other one.
    const auto p = parse_fen<Turkish>("W:WKd4:Bd2,d6");
    EXPECT_EQ(moves(p), sorted({"d4xd1", "d4xd7", "d4xd8"}));
    EXPECT_EQ(full_paths(p), sorted({"d4xd1", "d4xd7", "d4xd8"}));
    for (const auto& [text, n] : capture_counts(p)) EXPECT_EQ(n, 1) << text;
}

TEST(SpecialTurkish, ManCrownedOnlyWhenItEnds) {
    // White man d6 over d7 to d8: on the last row it stays a man for the rest of the move
    // (g8 three squares away cannot be reached by a man), and is crowned at the end.
    const auto p = parse_fen<Turkish>("W:Wd6:Bd7,g8");
    EXPECT_EQ(moves(p), Texts{"d6xd8"});
    EXPECT_EQ(write_fen(play(p, "d6xd8")), norm<Turkish>("B:WKd8:Bg8"));
    // Going on sideways along the last row as a man, over e8 to f8, then crowned.
    const auto q = parse_fen<Turkish>("W:Wd6:Bd7,e8");
    EXPECT_EQ(moves(q), Texts{"d6xf8"});
    EXPECT_EQ(write_fen(play(q, "d6xf8")), norm<Turkish>("B:WKf8:B"));
    // A plain move onto the last row crowns too.
    const auto r = parse_fen<Turkish>("W:Wc7:Ba3");
    EXPECT_EQ(moves(r), sorted({"c7-b7", "c7-c8", "c7-d7"}));
    EXPECT_EQ(write_fen(play(r, "c7-c8")), norm<Turkish>("B:WKc8:Ba3"));
}

TEST(SpecialTurkish, ApplyRemovesCaptured) {
    const auto p = parse_fen<Turkish>("W:WKd1,d6,h5,g2:Bd3,f5,g4,b3");
    EXPECT_EQ(write_fen(play(p, "d1xa3")), norm<Turkish>("B:WKa3,d6,g2,h5:B"));
}

// ---------------------------------------------------------------------------------------
// Armenian: turkish, with men stepping diagonally forward too and kings moving (not
// capturing) in eight directions.

TEST(SpecialArmenian, ManAlsoStepsDiagonallyForward) {
    EXPECT_EQ(moves<Armenian>("W:Wd4:Ba8"), sorted({"d4-c4", "d4-c5", "d4-d5", "d4-e4", "d4-e5"}));
    EXPECT_EQ(moves<Armenian>("B:Wa1:Bd5"), sorted({"d5-c4", "d5-c5", "d5-d4", "d5-e4", "d5-e5"}));
}

TEST(SpecialArmenian, ManCapturesOrthogonallyOnly) {
    // Black e5 is diagonal to the white man d4 (f6 free): no capture, ordinary moves.
    EXPECT_EQ(moves<Armenian>("W:Wd4:Be5"), sorted({"d4-c4", "d4-c5", "d4-d5", "d4-e4"}));
    // d5 ahead is taken (to d6); c5, e5 diagonal and d3 behind are not.
    EXPECT_EQ(moves<Armenian>("W:Wd4:Bc5,d3,d5,e5"), Texts{"d4xd6"});
}

TEST(SpecialArmenian, KingMovesEightWaysCapturesOrthogonally) {
    // King d4, black f6 on its NE diagonal (g7 free): not capturable diagonally.
    // N d5-d8, S d3-d1, E e4-h4, W c4-a4, NE e5, NW c5-a7, SE e3-g1, SW c3-a1: 24 moves.
    EXPECT_EQ(moves<Armenian>("W:WKd4:Bf6"),
              sorted({"d4-d5", "d4-d6", "d4-d7", "d4-d8", "d4-d3", "d4-d2", "d4-d1", "d4-e4",
                      "d4-f4", "d4-g4", "d4-h4", "d4-c4", "d4-b4", "d4-a4", "d4-e5", "d4-c5",
                      "d4-b6", "d4-a7", "d4-e3", "d4-f2", "d4-g1", "d4-c3", "d4-b2", "d4-a1"}));
    // With d6 black as well, the orthogonal capture is compulsory (landing d7 or d8).
    EXPECT_EQ(moves<Armenian>("W:WKd4:Bd6,f6"), sorted({"d4xd7", "d4xd8"}));
}

TEST(SpecialArmenian, KingCapturesAsTurkish) {
    // The turkish position above: the same unique four-piece capture through an emptied
    // square.
    EXPECT_EQ(moves<Armenian>("W:WKd1,d6,h5,g2:Bd3,f5,g4,b3"), Texts{"d1xa3"});
}

TEST(SpecialArmenian, ApplyRemovesCapturedAndCrowns) {
    const auto p = parse_fen<Armenian>("W:We6:Be7");
    EXPECT_EQ(moves(p), Texts{"e6xe8"});
    EXPECT_EQ(write_fen(play(p, "e6xe8")), norm<Armenian>("B:WKe8:B"));
    // A diagonal step onto the last row crowns too.
    const auto q = parse_fen<Armenian>("W:Wc7:Ba3");
    EXPECT_EQ(moves(q), sorted({"c7-b7", "c7-b8", "c7-c8", "c7-d7", "c7-d8"}));
    EXPECT_EQ(write_fen(play(q, "c7-b8")), norm<Armenian>("B:WKb8:Ba3"));
}

// ---------------------------------------------------------------------------------------
// Frisian: men capture in eight directions; value rule; king-move restriction.

TEST(SpecialFrisian, ManCapturesOrthogonally) {
    // White man e5, black e7, e3, g5, c5 (two rows or files away): landing e9, e1, i5, a5.
    // No landing square continues (the taken piece stays and cannot be taken twice).
    EXPECT_EQ(moves<Frisian>("W:W28:B18,27,29,38"), sorted({"28x8", "28x48", "28x30", "28x26"}));
}

TEST(SpecialFrisian, ManCapturesDiagonallyBothWays) {
    // White man e5: f6 ahead (landing g7) and d4 behind (landing c3).
    EXPECT_EQ(moves<Frisian>("W:W28:B23,32"), sorted({"28x19", "28x37"}));
}

TEST(SpecialFrisian, KingWorthMoreThanOneMan) {
    // White man e5: a black king on f6 (to g7) or a black man on d6 (to c7). The king.
    EXPECT_EQ(moves<Frisian>("W:W28:B22,K23"), Texts{"28x19"});
}

TEST(SpecialFrisian, TwoMenWorthMoreThanOneKing) {
    // White man e5: the king on d6 (to c7, ends), or men f6 and h8 (g7, then i9). Two men.
    EXPECT_EQ(moves<Frisian>("W:W28:B14,23,K22"), Texts{"28x10"});
}

TEST(SpecialFrisian, KingAndManWorthLessThanThreeMen) {
    // White man e5: king d6 (to c7) then man b8 (to a9), or men f4 (to g3), h2 (to i1),
    // i3 (up to i5). A king and a man are worth less than three men.
    EXPECT_EQ(moves<Frisian>("W:W28:B11,33,40,44,K22"), Texts{"28x30"});
}

TEST(SpecialFrisian, TwoKingsWorthMoreThanThreeMen) {
    // As above with b8 a king too: two kings rank above three men (but below four), though
    // they are fewer pieces.
    EXPECT_EQ(moves<Frisian>("W:W28:B33,40,44,K11,K22"), Texts{"28x6"});
}

TEST(SpecialFrisian, OnEqualValueTheKingMustCapture) {
    // Man e5 can take d6 (to c7); king a1 can take a5 up the a-file (orthogonally, landing
    // a7 or a9; from a9 the line b8, c7, d6 ends on the white e5). One man each: the king
    // must capture.
    EXPECT_EQ(moves<Frisian>("W:W28,K46:B22,26"), sorted({"46x16", "46x6"}));
}

// King e5 and its 17 diagonal moves (it never moves orthogonally without capturing).
const Texts kKing28Moves = {"28-23", "28-19", "28-14", "28-10", "28-5",  "28-22",
                            "28-17", "28-11", "28-6",  "28-33", "28-39", "28-44",
                            "28-50", "28-32", "28-37", "28-41", "28-46"};

TEST(SpecialFrisian, KingRestrictionFromFen) {
    // After two non-capturing moves the king may move again: its 17 moves and j2-i3.
    Texts free = kKing28Moves;
    free.push_back("45-40");
    EXPECT_EQ(moves<Frisian>("W:W45,K28:B1:RW28/2"), sorted(free));
    // After three it may not: only the man moves.
    EXPECT_EQ(moves<Frisian>("W:W45,K28:B1:RW28/3"), Texts{"45-40"});
    // Another king is free: i1 up its diagonal to h2, g3, f4 (e5 is white).
    EXPECT_EQ(moves<Frisian>("W:W45,K28,K50:B1:RW28/3"),
              sorted({"45-40", "50-33", "50-39", "50-44"}));
    // The same for black: the king on f6 is frozen, the man on b10 moves.
    EXPECT_EQ(moves<Frisian>("B:W50:B1,K23:RB23/3"), sorted({"1-6", "1-7"}));
}

TEST(SpecialFrisian, RestrictedKingMayStillCapture) {
    // Black f6 next to the frozen king: it takes it, landing g7, h8, i9 or j10.
    const auto p = parse_fen<Frisian>("W:W45,K28:B1,23:RW28/3");
    EXPECT_EQ(moves(p), sorted({"28x19", "28x14", "28x10", "28x5"}));
    // The capture ends the streak.
    const auto q = play(p, "28x19");
    EXPECT_EQ(q.extra.square[0], KingStreak::kNone);
    EXPECT_EQ(q.extra.count[0], 0);
}

TEST(SpecialFrisian, RestrictionLiftedWithoutMen) {
    // Read from a FEN: with no white man the streak is meaningless.
    EXPECT_EQ(moves<Frisian>("W:WK28:B1:RW28/3"), sorted(kKing28Moves));
    // Built directly: the streak is kept, but white has no man left.
    auto p = parse_fen<Frisian>("W:W45,K28:B1:RW28/3");
    p.white = p.kings_of(Color::white);
    ASSERT_EQ(p.extra.count[0], 3);
    EXPECT_EQ(moves(p), sorted(kKing28Moves));
}

TEST(SpecialFrisian, ThreeKingMovesInARowByApply) {
    // White king h2 shuttles to g3 and back while black's man walks a7-b6-a5-b4; no piece
    // ever stands on a line where it could be taken.
    auto p = parse_fen<Frisian>("W:W50,K44:B16");
    p = play(p, "44-39");
    EXPECT_EQ(write_fen(p), "B:WK39,50:B16:RW39/1");
    p = play(p, "16-21");
    p = play(p, "39-44");
    EXPECT_EQ(write_fen(p), "B:WK44,50:B21:RW44/2");
    p = play(p, "21-26");
    // Two moves made: the king may still move. h2: NW g3, f4, e5, d6, c7, b8, a9; NE i3,
    // j4; SW g1 (i1 is white); and the man i1-j2.
    EXPECT_EQ(moves(p), sorted({"44-39", "44-33", "44-28", "44-22", "44-17", "44-11", "44-6",
                                "44-40", "44-35", "44-49", "50-45"}));
    p = play(p, "44-39");
    EXPECT_EQ(write_fen(p), "B:WK39,50:B26:RW39/3");
    p = play(p, "26-31");
    // Three made: the king on g3 is frozen; the man on i1 goes to j2 or h2.
    EXPECT_EQ(moves(p), sorted({"50-44", "50-45"}));

    // A man move ends the streak; after black's a3 the king moves freely again:
    // NE h4, i5, j6; NW f4, e5, d6, c7, b8, a9; SE h2, i1; SW f2, e1; and the man j2-i3.
    p = play(p, "50-45");
    EXPECT_EQ(p.extra.square[0], KingStreak::kNone);
    EXPECT_EQ(p.extra.count[0], 0);
    p = play(p, "31-36");
    EXPECT_EQ(moves(p), sorted({"39-34", "39-30", "39-25", "39-33", "39-28", "39-22", "39-17",
                                "39-11", "39-6", "39-44", "39-50", "39-43", "39-48", "45-40"}));
}

TEST(SpecialFrisian, MovingAnotherKingEndsTheStreak) {
    // King g3 is frozen; king a1 moves up the long diagonal, the man i1 to j2 or h2.
    auto p = parse_fen<Frisian>("W:W50,K39,K46:B1:RW39/3");
    EXPECT_EQ(moves(p), sorted({"46-41", "46-37", "46-32", "46-28", "46-23", "46-19", "46-14",
                                "46-10", "46-5", "50-44", "50-45"}));
    p = play(p, "46-41");
    EXPECT_EQ(write_fen(p), "B:WK39,K41,50:B1:RW41/1");
    p = play(p, "1-7");
    // Now g3 moves again. g3: NE h4-j6, NW f4-a9, SE h2 (i1 white), SW f2, e1.
    // b2: NE c3-j10, NW a3, SE c1, SW a1. i1: j2, h2.
    EXPECT_EQ(moves(p), sorted({"39-34", "39-30", "39-25", "39-33", "39-28", "39-22", "39-17",
                                "39-11", "39-6",  "39-44", "39-43", "39-48", "41-37", "41-32",
                                "41-28", "41-23", "41-19", "41-14", "41-10", "41-5",  "41-36",
                                "41-47", "41-46", "50-44", "50-45"}));
}

TEST(SpecialFrisian, ApplyRemovesCapturedAndCrowns) {
    // White man d6 over d8 to d10 (orthogonally), then along the last row over f10 to h10,
    // where it ends and is crowned.
    const auto p = parse_fen<Frisian>("W:W22:B3,12");
    EXPECT_EQ(moves(p), Texts{"22x4"});
    EXPECT_EQ(full_paths(p), Texts{"22x2x4"});
    EXPECT_EQ(write_fen(play(p, "22x4")), "B:WK4:B");
}

}  // namespace
}  // namespace dtb
