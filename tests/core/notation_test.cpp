// PDN FEN and move notation: round trips for every variant, the accepted forms, and the
// malformed inputs that must be refused with NotationError.
#include <gtest/gtest.h>

#include "all_variants.hpp"

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/variant.hpp"

namespace dtb {
namespace {

// The bit of a numbered square; fails the test if the number is not a square.
template <class V>
typename V::board::bb sq(int number) {
    const auto b = Squares<V>::from_number(number);
    EXPECT_TRUE(b.has_value()) << number;
    return b ? bit<typename V::board::bb>(*b) : 0;
}

template <class V>
typename V::board::bb squares(std::initializer_list<int> numbers) {
    typename V::board::bb x = 0;
    for (int n : numbers) x |= sq<V>(n);
    return x;
}

// ---------------------------------------------------------------------------------------
// Round trips.

// Men per side at the start and the side that moves first (docs/variants.md#common-ground).
struct StartFacts {
    int men;
    Color first;
};

const std::map<std::string_view, StartFacts>& start_facts() {
    static const std::map<std::string_view, StartFacts> m = {
        {"russian", {12, Color::white}},     {"brazilian", {12, Color::white}},
        {"pool", {12, Color::black}},        {"portuguese", {12, Color::white}},
        {"spanish", {12, Color::white}},     {"czech", {12, Color::white}},
        {"thai", {8, Color::black}},         {"english", {12, Color::black}},
        {"african", {12, Color::black}},     {"giveaway", {12, Color::black}},
        {"italian", {12, Color::white}},     {"international", {20, Color::white}},
        {"canadian", {30, Color::white}},    {"frisian", {20, Color::white}},
        {"turkish", {16, Color::white}},     {"armenian", {16, Color::white}},
        {"restriction", {12, Color::black}}, {"ballot11", {12, Color::black}},
        {"czech8", {8, Color::white}},
    };
    return m;
}

TEST(FenRoundTrip, EveryVariantAndAliasStart) {
    ASSERT_EQ(variant_names().size(), start_facts().size());
    for (const auto& vn : variant_names()) {
        SCOPED_TRACE(std::string(vn.name) + " " + std::string(vn.start));
        dispatch(vn.id, [&](auto v) {
            using V = decltype(v);
            const Position<V> p = parse_fen<V>(vn.start);
            const std::string text = write_fen(p);
            const Position<V> q = parse_fen<V>(text);
            EXPECT_TRUE(p == q) << text;
            EXPECT_EQ(write_fen(q), text);
            const auto it = start_facts().find(vn.name);
            ASSERT_NE(it, start_facts().end());
            EXPECT_EQ(popcount(p.white), it->second.men);
            EXPECT_EQ(popcount(p.black), it->second.men);
            EXPECT_EQ(p.kings, typename V::board::bb{0});
            EXPECT_EQ(p.side, it->second.first);
        });
    }
}

template <class V>
class FenRandomRoundTrip : public testing::Test {};

// Default (numeric) type names: CMake's test discovery names the tests after the type.
TYPED_TEST_SUITE(FenRandomRoundTrip, dtb::test::AllVariants);

// Every position met on random games from the start (fixed seed) reads back as itself,
// kings and (frisian) king-move streaks included.
TYPED_TEST(FenRandomRoundTrip, PositionsOfRandomGames) {
    using V = TypeParam;
    std::mt19937 rng(12345);
    MoveList<typename V::board> moves;
    int kings_seen = 0;
    for (int game = 0; game < 20; ++game) {
        Position<V> p = parse_fen<V>(V::start);
        for (int ply = 0; ply < 200; ++ply) {
            const std::string text = write_fen(p);
            const Position<V> q = parse_fen<V>(text);
            ASSERT_TRUE(p == q) << text;
            ASSERT_EQ(write_fen(q), text);
            kings_seen += p.kings != 0;
            MoveGen<V>::generate(p, moves);
            if (moves.empty()) break;
            p = apply(p, moves[int(rng() % std::uint32_t(moves.size()))]);
        }
    }
    EXPECT_GT(kings_seen, 0) << "the random games should reach positions with kings";
}

// ---------------------------------------------------------------------------------------
// Accepted forms (international unless said otherwise).

using I = International;

TEST(FenParse, StartPosition) {
    const auto p = parse_fen<I>(I::start);
    EXPECT_EQ(p.side, Color::white);
    EXPECT_EQ(p.white, squares<I>({31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
                                   41, 42, 43, 44, 45, 46, 47, 48, 49, 50}));
    EXPECT_EQ(p.black,
              squares<I>({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}));
    EXPECT_EQ(write_fen(p),
              "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50"
              ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");
}

TEST(FenParse, EitherColourFieldFirst) {
    EXPECT_TRUE(parse_fen<I>("W:B1,2:W31,32") == parse_fen<I>("W:W31,32:B1,2"));
    EXPECT_TRUE(parse_fen<I>("B:BK5:W50") == parse_fen<I>("B:W50:BK5"));
}

TEST(FenParse, Ranges) {
    EXPECT_TRUE(parse_fen<I>("W:W31-35:B1-3") == parse_fen<I>("W:W31,32,33,34,35:B1,2,3"));
    EXPECT_TRUE(parse_fen<I>("W:W31-31,40:B1") == parse_fen<I>("W:W31,40:B1"));
    EXPECT_TRUE(parse_fen<I>("W:W31-33,K45:B1") == parse_fen<I>("W:W31,32,33,K45:B1"));
}

TEST(FenParse, Kings) {
    const auto p = parse_fen<I>("B:WK28,31:BK1,K2,3");
    EXPECT_EQ(p.side, Color::black);
    EXPECT_EQ(p.kings_of(Color::white), sq<I>(28));
    EXPECT_EQ(p.men(Color::white), sq<I>(31));
    EXPECT_EQ(p.kings_of(Color::black), squares<I>({1, 2}));
    EXPECT_EQ(p.men(Color::black), sq<I>(3));
    EXPECT_EQ(write_fen(p), "B:WK28,31:BK1,K2,3");
    // Kings may stand on any row, including their own promotion row.
    EXPECT_EQ(parse_fen<I>("W:WK3:BK48").kings, squares<I>({3, 48}));
}

TEST(FenParse, EmptySide) {
    const auto p = parse_fen<I>("W:W31:B");
    EXPECT_EQ(p.white, sq<I>(31));
    EXPECT_EQ(p.black, I::board::bb{0});
    EXPECT_TRUE(parse_fen<I>("W:W31") == p);
    EXPECT_TRUE(parse_fen<I>("W:B:W31") == p);
    const auto q = parse_fen<I>("B:W:B1");
    EXPECT_EQ(q.white, I::board::bb{0});
    EXPECT_EQ(q.black, sq<I>(1));
    EXPECT_TRUE(parse_fen<I>("B:B1") == q);
}

TEST(FenParse, QuotesTrailingDotAndSpaces) {
    const auto p = parse_fen<I>("W:W31,K40:B1,2");
    EXPECT_TRUE(parse_fen<I>("\"W:W31,K40:B1,2\"") == p);
    EXPECT_TRUE(parse_fen<I>("W:W31,K40:B1,2.") == p);
    EXPECT_TRUE(parse_fen<I>("\"W:W31,K40:B1,2.\"") == p);
    EXPECT_TRUE(parse_fen<I>("  W:W31, K40 :B1 ,2  ") == p);
}

// Algebraic names are accepted for the numbered variants: files from White's left, ranks
// from White's side.
TEST(FenParse, AlgebraicInputForNumberedVariants) {
    // International: 46 = a1, 28 = e5, 5 = j10, 1 = b10, 50 = i1.
    EXPECT_TRUE(parse_fen<I>("W:Wa1,e5,i1:Bj10,b10") == parse_fen<I>("W:W46,28,50:B5,1"));
    // English: 1 = b8 ... 32 = g1; 29 = a1, 4 = h8.
    EXPECT_TRUE(parse_fen<English>("B:Wg1,a1:Bb8,h8") == parse_fen<English>("B:W32,29:B1,4"));
    // Pool numbers as english.
    EXPECT_TRUE(parse_fen<Pool>("B:Wc3:Bf6") == parse_fen<Pool>("B:W22:B11"));
    // Italian: dark corner at the lower right; 1 = a8 (top left), 4 = g8, 32 = h1, 29 = b1.
    EXPECT_TRUE(parse_fen<Italian>("W:Wh1,b1:Ba8,g8") == parse_fen<Italian>("W:W32,29:B1,4"));
    // Spanish and portuguese: 1 = h1 (White's lower right), right to left, upwards:
    // 4 = b1, 5 = g2, 32 = a8.
    EXPECT_TRUE(parse_fen<Spanish>("W:Wh1,b1,g2:Ba8") == parse_fen<Spanish>("W:W1,4,5:B32"));
    EXPECT_TRUE(parse_fen<Portuguese>("W:Wh1,b1,g2:Ba8") == parse_fen<Portuguese>("W:W1,4,5:B32"));
    // Canadian: 12x12, 67 = a1, 72 = k1, 1 = b12.
    EXPECT_TRUE(parse_fen<Canadian>("W:Wa1,k1:Bb12") == parse_fen<Canadian>("W:W67,72:B1"));
}

// The other way round: russian (algebraic output) also reads the 1..32 numbers of the
// english board (1 = b8 ... 32 = g1), and writes algebraic.
TEST(FenParse, RussianNumbersAndAlgebraicOutput) {
    const auto p = parse_fen<Russian>("W:W22,K32:B11,1");
    EXPECT_TRUE(p == parse_fen<Russian>("W:Wc3,Kg1:Bf6,b8"));
    // Written algebraically (docs/variants.md#notation); the order within a side is not
    // specified.
    const std::string text = write_fen(p);
    EXPECT_TRUE(text == "W:Wc3,Kg1:Bb8,f6" || text == "W:WKg1,c3:Bb8,f6" ||
                text == "W:Wc3,Kg1:Bf6,b8" || text == "W:WKg1,c3:Bf6,b8")
        << text;
    // The start, written: the twelve squares of each side (in some order), all algebraic.
    const std::string start = write_fen(parse_fen<Russian>(Russian::start));
    const auto fields = detail::split(start, ':');
    ASSERT_EQ(fields.size(), 3u) << start;
    EXPECT_EQ(fields[0], "W");
    const auto sorted_squares = [](const std::string& field) {
        auto v = detail::split(std::string_view(field).substr(1), ',');
        std::sort(v.begin(), v.end());
        return v;
    };
    ASSERT_EQ(fields[1][0], 'W');
    EXPECT_EQ(sorted_squares(fields[1]),
              (std::vector<std::string>{"a1", "a3", "b2", "c1", "c3", "d2", "e1", "e3", "f2", "g1",
                                        "g3", "h2"}));
    ASSERT_EQ(fields[2][0], 'B');
    EXPECT_EQ(sorted_squares(fields[2]),
              (std::vector<std::string>{"a7", "b6", "b8", "c7", "d6", "d8", "e7", "f6", "f8", "g7",
                                        "h6", "h8"}));
}

// Letters in either case, where no other reading exists: the side, the colours, the king's
// K and algebraic files. On 12x12 (a k file) a lowercase k before a rank is the square.
TEST(FenParse, EitherCase) {
    EXPECT_TRUE(parse_fen<Russian>("w:wkc3:bke5") == parse_fen<Russian>("W:WKc3:BKe5"));
    EXPECT_TRUE(parse_fen<Russian>("b:WKC3,A1:Be5") == parse_fen<Russian>("B:WKc3,a1:Be5"));
    EXPECT_TRUE(parse_fen<I>("w:wk31,32:b1") == parse_fen<I>("W:WK31,32:B1"));
    EXPECT_TRUE(parse_fen<Frisian>("W:WK28,45:B1:rw28/2") ==
                parse_fen<Frisian>("W:WK28,45:B1:RW28/2"));
    const auto k1 = parse_fen<Canadian>("W:Wk1:B1");  // the square k1 (72), a man
    EXPECT_EQ(k1.white, sq<Canadian>(72));
    EXPECT_EQ(k1.kings, 0u);
    EXPECT_TRUE(parse_fen<Canadian>("W:WK1:B2") == parse_fen<Canadian>("W:Wkb12:B2"));
}

// A PDN tag line holding the FEN, the tag name in either case.
TEST(FenParse, PdnTagLine) {
    const auto p = parse_fen<I>("W:W31,K40:B1,2");
    EXPECT_TRUE(parse_fen<I>("[FEN \"W:W31,K40:B1,2\"]") == p);
    EXPECT_TRUE(parse_fen<I>("  [Fen \"W:W31,K40:B1,2.\"] ") == p);
    EXPECT_THROW(parse_fen<I>("[Event \"W:W31:B1\"]"), NotationError);
    EXPECT_THROW(parse_fen<I>("[FEN W:W31:B1]"), NotationError);
}

// The one rule for positions that cannot occur (core/position.hpp), as every command and
// the library apply it: no piece at all, or none of the side not to move.
TEST(ImpossibleReason, NoPieceOrGameAlreadyOver) {
    EXPECT_NE(impossible_reason(parse_fen<Russian>("W:W:B")), nullptr);
    EXPECT_NE(impossible_reason(parse_fen<Russian>("B:W:B")), nullptr);
    EXPECT_NE(std::string(impossible_reason(parse_fen<Russian>("W:WKc3:B"))).find("already over"),
              std::string::npos);
    EXPECT_EQ(impossible_reason(parse_fen<Russian>("B:Wg7:B")), nullptr);  // just over
    EXPECT_EQ(impossible_reason(parse_fen<Russian>("W:WKc3:Bh8")), nullptr);
    Position<Russian> p = parse_fen<Russian>("W:Wc3:Bh8");
    p.kings |= p.white << 1;  // a king of no colour
    EXPECT_NE(impossible_reason(p), nullptr);
}

TEST(FenParse, TurkishAlgebraic) {
    const auto p = parse_fen<Turkish>("W:Wa2,Kh8:Bb7");
    EXPECT_EQ(popcount(p.white), 2);
    EXPECT_EQ(popcount(p.kings), 1);
    EXPECT_EQ(write_fen(p), "W:Wa2,Kh8:Bb7");
}

// ---------------------------------------------------------------------------------------
// Malformed FEN: each must be refused with NotationError.

TEST(FenMalformed, International) {
    const std::vector<std::string> bad = {
        "",              // empty
        "   ",           // only spaces
        "\"\"",          // empty between quotes
        "X:W31:B1",      // bad side letter
        "WB:W31:B1",     // side is one letter
        ":W31:B1",       // no side
        "W:W0:B1",       // square 0
        "W:W51:B1",      // square 51 on 10x10
        "W:W31,31:B1",   // square given twice
        "W:W31:B31",     // square given twice, once per colour
        "W:W31-35:B35",  // twice through a range
        "W:W31:Bxyz",    // garbage token
        "W:W31:B1x",     // garbage after a number
        "W:W31:B-1",     // garbage token
        "W:W31,:B1",     // empty item
        "W:W35-31:B1",   // reversed range
        "W:W31-:B1",     // half a range
        "W:W3:B20",      // white man on its own promotion row
        "W:W31:B48",     // black man on its own promotion row
        "W:31,32:B1",    // field without W/B
        "W:W31:X1",      // field with another letter
        "W:W31:W32",     // the same colour twice
        "W:B1:B2",       // the same colour twice
        "W:W31::B1",     // empty field
        "W:Wa2:B1",      // a2 is a light square
        "W:Wl1:B1",      // no file l on 10x10
        "W:WKk31:B1",    // K, then k and no square
        "W:Wa11:B1",     // no rank 11
        "W:KW31:B1",     // K before the colour
        "W:WKK31:B1",    // K twice
    };
    for (const auto& fen : bad) {
        EXPECT_THROW(parse_fen<I>(fen), NotationError) << "'" << fen << "'";
    }
}

TEST(FenMalformed, OtherBoards) {
    EXPECT_THROW(parse_fen<Russian>("W:W33:B1"), NotationError);   // 1..32 on 8x8
    EXPECT_THROW(parse_fen<Russian>("W:Wa2:B1"), NotationError);   // light square
    EXPECT_THROW(parse_fen<Russian>("W:Wi1:B1"), NotationError);   // no file i
    EXPECT_THROW(parse_fen<Russian>("W:Wb8:Ba7"), NotationError);  // white man on row 8
    EXPECT_THROW(parse_fen<English>("B:W1:B32"), NotationError);   // men on promotion rows
    EXPECT_THROW(parse_fen<Canadian>("W:W73:B1"), NotationError);  // 1..72 on 12x12
    EXPECT_THROW(parse_fen<Spanish>("W:W29:B20"), NotationError);  // 29 = g8, white's last row
    EXPECT_THROW(parse_fen<Italian>("W:W1:B20"), NotationError);   // 1 = a8, white's last row
    // Turkish squares are algebraic only: numbers are refused.
    EXPECT_THROW(parse_fen<Turkish>("W:W10:B50"), NotationError);
    EXPECT_THROW(parse_fen<Turkish>("W:W9-16:B49-56"), NotationError);
    EXPECT_THROW(parse_fen<Turkish>("W:Wa2,i2:Ba7"), NotationError);  // no file i
    EXPECT_THROW(parse_fen<Turkish>("W:Wa8:Ba7"), NotationError);     // white man on row 8
    EXPECT_THROW(parse_fen<Armenian>("W:W10:B50"), NotationError);
}

TEST(FenMalformed, MessageNamesTheProblem) {
    try {
        parse_fen<I>("W:W51:B1");
        FAIL() << "no exception";
    } catch (const NotationError& e) {
        EXPECT_NE(std::string(e.what()).find("51"), std::string::npos) << e.what();
    }
    try {
        parse_fen<I>("W:W31,31:B1");
        FAIL() << "no exception";
    } catch (const NotationError& e) {
        EXPECT_NE(std::string(e.what()).find("31"), std::string::npos) << e.what();
    }
}

// ---------------------------------------------------------------------------------------
// Moves.

TEST(ParseMove, QuietMoveByText) {
    const auto p = parse_fen<I>(I::start);
    const auto m = parse_move(p, "32-28");
    EXPECT_EQ(bit<I::board::bb>(m.from), sq<I>(32));
    EXPECT_EQ(bit<I::board::bb>(m.to), sq<I>(28));
    EXPECT_FALSE(m.is_capture());
    EXPECT_FALSE(m.promotes);
    // Surrounding spaces are tolerated.
    EXPECT_TRUE(parse_move(p, " 32-28 ") == m);
}

TEST(ParseMove, IllegalTextThrows) {
    const auto p = parse_fen<I>(I::start);
    EXPECT_THROW(parse_move(p, "46-41"), NotationError);  // own piece on 41
    EXPECT_THROW(parse_move(p, "31-22"), NotationError);  // not a step
    EXPECT_THROW(parse_move(p, "17-21"), NotationError);  // black's man, white to move
    EXPECT_THROW(parse_move(p, "32-51"), NotationError);  // no square 51
    EXPECT_THROW(parse_move(p, "32"), NotationError);     // no destination
    EXPECT_THROW(parse_move(p, ""), NotationError);
    EXPECT_THROW(parse_move(p, "32--28"), NotationError);
    EXPECT_THROW(parse_move(p, "foo"), NotationError);
    // A capture is compulsory: with one on the board a quiet move is illegal.
    const auto q = parse_fen<I>("W:W31,K46:B23");
    EXPECT_THROW(parse_move(q, "31-27"), NotationError);
    EXPECT_NO_THROW(parse_move(q, "46x19"));
}

TEST(ParseMove, CaptureByText) {
    const auto p = parse_fen<I>("W:WK46:B23");
    const auto m = parse_move(p, "46x14");
    EXPECT_EQ(m.captured, sq<I>(23));
    EXPECT_EQ(bit<I::board::bb>(m.to), sq<I>(14));
}

// English: the man on 31 (e1) can take 27 and 19 via 24, or 26 and 18 via 22, ending on 15
// (e5) both times (men capture forward only, so neither path goes on). "31x15" names two
// moves; the landing square in between tells them apart.
TEST(ParseMove, AmbiguousTextThrows) {
    const auto p = parse_fen<English>("W:W31:B18,19,26,27");
    EXPECT_THROW(parse_move(p, "31x15"), NotationError);
    const auto right = parse_move(p, "31x24x15");
    EXPECT_EQ(right.captured, squares<English>({27, 19}));
    const auto left = parse_move(p, "31x22x15");
    EXPECT_EQ(left.captured, squares<English>({26, 18}));
    // The move list writes them with their full paths.
    std::vector<std::string> texts;
    for (const auto& [pm, text] : legal_moves_with_text(p)) texts.push_back(text);
    std::sort(texts.begin(), texts.end());
    EXPECT_EQ(texts, (std::vector<std::string>{"31x22x15", "31x24x15"}));
}

TEST(ParseMove, RussianAcceptsNumbersAndAlgebraic) {
    const auto p = parse_fen<Russian>(Russian::start);
    const auto m = parse_move(p, "c3-d4");
    EXPECT_TRUE(parse_move(p, "22-18") == m);  // c3 = 22, d4 = 18
    const auto q = parse_fen<Russian>("W:Wc3:Bd4");
    EXPECT_EQ(parse_move(q, "c3:e5").captured,
              bit<Russian::board::bb>(*Squares<Russian>::from_algebraic("d4")));
    EXPECT_TRUE(parse_move(q, "c3xe5") == parse_move(q, "c3:e5"));
}

// The text of every legal move parses back to that move.
TEST(ParseMove, EveryListedTextNamesItsMove) {
    std::mt19937 rng(99);
    Position<I> p = parse_fen<I>(I::start);
    for (int ply = 0; ply < 120; ++ply) {
        const auto moves = legal_moves_with_text(p);
        if (moves.empty()) break;
        for (const auto& [pm, text] : moves) EXPECT_TRUE(parse_move(p, text) == pm.move) << text;
        p = apply(p, moves[rng() % moves.size()].first.move);
    }
}

}  // namespace
}  // namespace dtb
