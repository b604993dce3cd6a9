// The "Legal moves in a position" table of docs/variants.md#published-counts (from the FMJD
// and FID rules' examples): the exact set of legal moves, as move text, for positions that
// pin down a capture rule each.
#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "dtb/core/notation.hpp"
#include "dtb/core/variant.hpp"

namespace dtb {
namespace {

template <class V>
std::vector<std::string> sorted_move_texts(std::string_view fen) {
    std::vector<std::string> out;
    for (const auto& [pm, text] : legal_moves_with_text(parse_fen<V>(fen), Duplicates::drop))
        out.push_back(text);
    std::sort(out.begin(), out.end());
    return out;
}

struct LegalCase {
    std::string label;  // names the rule the position tests
    std::string_view fen;
    std::vector<std::string> moves;
};

std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

// gtest prints the parameter in the test list; CMake's test discovery makes it the ctest
// name (e.g. Reference/InternationalLegalMoves.ExactSet/MostPieces).
void PrintTo(const LegalCase& c, std::ostream* os) { *os << c.label; }

// International. Square 28 is e5, on the long diagonal 46-5 (46 41 37 32 28 23 19 14 10 5),
// and on the diagonal 6-50 (6 11 17 22 28 33 39 44 50): a flying king there has 4 + 5
// squares on the first and 4 + 4 on the second, 17 moves.
class InternationalLegalMoves : public testing::TestWithParam<LegalCase> {};

TEST_P(InternationalLegalMoves, ExactSet) {
    const auto& c = GetParam();
    EXPECT_EQ(sorted_move_texts<International>(c.fen), sorted(c.moves)) << c.fen;
}

INSTANTIATE_TEST_SUITE_P(
    Reference, InternationalLegalMoves,
    testing::Values(
        LegalCase{"LoneKingHas17Moves",
                  "W:WK28",
                  {"28-23", "28-19", "28-14", "28-10", "28-5", "28-32", "28-37", "28-41", "28-46",
                   "28-22", "28-17", "28-11", "28-6", "28-33", "28-39", "28-44", "28-50"}},
        LegalCase{
            "FlyingKingLandsAnywhereBeyond", "W:WK46:B23", {"46x19", "46x14", "46x10", "46x5"}},
        LegalCase{"MostPieces", "W:W48:B24,K31,34,K42,43", {"48x19"}},
        LegalCase{"KingsCountAsOnePiece", "W:W26:B12,K21,31,32", {"26x8", "26x28"}},
        LegalCase{"NoPromotionInPassing", "W:W15:B9,10", {"15x13"}},
        LegalCase{"JumpedPieceCannotBePassedAgain", "W:WK41,49:B9,10,12,19,38", {"41x43"}}));

// Italian, numbering 1 = top left.
class ItalianLegalMoves : public testing::TestWithParam<LegalCase> {};

TEST_P(ItalianLegalMoves, ExactSet) {
    const auto& c = GetParam();
    EXPECT_EQ(sorted_move_texts<Italian>(c.fen), sorted(c.moves)) << c.fen;
}

INSTANTIATE_TEST_SUITE_P(
    Reference, ItalianLegalMoves,
    testing::Values(LegalCase{"ManCannotTakeKing", "W:W30:BK26", {"30-27"}},
                    LegalCase{"CaptureWithTheKing", "W:WK23,31:B19,26,27", {"23x21"}},
                    LegalCase{"MostKings", "W:WK23:B19,K28", {"23x32"}},
                    LegalCase{"KingMetEarliest", "W:WK30:B10,12,18,K20,K26,27", {"30x5"}}));

// Worked out from the rules (docs/variants.md#russian), not from a published table.

// Russian start: the seven moves of the third row, written algebraically.
TEST(RussianLegalMoves, StartPositionAlgebraic) {
    EXPECT_EQ(sorted_move_texts<Russian>(Russian::start),
              sorted({"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}));
}

// Russian captures are written with ':' (docs/variants.md#notation, russian style).
TEST(RussianLegalMoves, CaptureWrittenWithColon) {
    EXPECT_EQ(sorted_move_texts<Russian>("W:Wc3:Bd4"), sorted({"c3:e5"}));
}

// Promotion in passing (docs/variants.md#russian): the white man on f6 jumps e7 and lands on
// d8, the last row. In russian it is crowned at once and goes on as a flying king down d8-a5
// over b6 (not adjacent to d8, so a man could not take it); e7 stays on the board until the
// end of the capture, so the king cannot come back over it. In brazilian the man stays a man
// and stops on d8.
TEST(RussianLegalMoves, PromotionInPassingContinuesAsKing) {
    EXPECT_EQ(sorted_move_texts<Russian>("W:Wf6:Be7,b6"), sorted({"f6:a5"}));
    EXPECT_EQ(sorted_move_texts<Brazilian>("W:Wf6:Be7,b6"), sorted({"f6:d8"}));
}

}  // namespace
}  // namespace dtb
