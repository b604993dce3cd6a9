// Compile-time checks of each variant's rule struct against docs/variants.md (the variants'
// sections, #common-ground and #notation), and of the board geometries. A wrong rule member
// fails the build, not just a test.
//
// Where men capture forward only, or crowning is declared to end the move
// (docs/variants.md#common-ground, "Promotion during a capture"), Promotion::stops and
// Promotion::end_of_move behave the same: a man on the last row has no forward capture left.
// Only in_passing is excluded.
#include <gtest/gtest.h>

#include <set>
#include <string_view>
#include <type_traits>

#include "dtb/core/variant.hpp"

namespace dtb {
namespace {

// ---------------------------------------------------------------------------------------
// Geometry.

static_assert(Board8x8::files == 8 && Board8x8::ranks == 8 && Board8x8::dark_only);
static_assert(Board8x8::squares == 32);
static_assert(Board8x8::bits == 36);  // ghost layout: bit (r*9 + c)/2, last = (63+7)/2 = 35
static_assert(std::is_same_v<Board8x8::bb, std::uint64_t>);
static_assert(popcount(Board8x8::board) == 32);

static_assert(Board10x10::squares == 50);
static_assert(Board10x10::bits == 55);  // (9*11 + 9)/2 + 1
static_assert(std::is_same_v<Board10x10::bb, std::uint64_t>);
static_assert(popcount(Board10x10::board) == 50);

static_assert(Board12x12::squares == 72);
static_assert(Board12x12::bits == 78);  // (11*13 + 11)/2 + 1: more than 64
static_assert(std::is_same_v<Board12x12::bb, u128>);
static_assert(popcount(Board12x12::board) == 72);

static_assert(Board8x8Full::squares == 64 && !Board8x8Full::dark_only);
static_assert(Board8x8Full::bits == 64);
static_assert(std::is_same_v<Board8x8Full::bb, std::uint64_t>);
static_assert(popcount(Board8x8Full::board) == 64);

// a1 is dark on the dark-square boards; row_of/col_of invert bit_of on every square.
template <class G>
constexpr bool coordinates_round_trip() {
    for (int r = 0; r < G::ranks; ++r)
        for (int c = 0; c < G::files; ++c) {
            if (!G::on_board(r, c)) continue;
            const int b = G::bit_of(r, c);
            if (G::row_of(b) != r || G::col_of(b) != c || !G::is_square(b)) return false;
        }
    return true;
}
static_assert(Board8x8::on_board(0, 0) && !Board8x8::on_board(0, 1));
static_assert(Board10x10::on_board(0, 0) && Board12x12::on_board(0, 0));
static_assert(coordinates_round_trip<Board8x8>());
static_assert(coordinates_round_trip<Board10x10>());
static_assert(coordinates_round_trip<Board12x12>());
static_assert(coordinates_round_trip<Board8x8Full>());

// Promotion rows: the far row for White, the near row for Black.
static_assert(popcount(Board8x8::promotion_row(Color::white)) == 4);
static_assert(popcount(Board10x10::promotion_row(Color::black)) == 5);
static_assert(popcount(Board12x12::promotion_row(Color::white)) == 6);
static_assert(popcount(Board8x8Full::promotion_row(Color::black)) == 8);
static_assert((Board8x8::promotion_row(Color::white) & Board8x8::promotion_row(Color::black)) == 0);

constexpr DirSet kForwardDiagonal = dirs({Dir::ne, Dir::nw});

// ---------------------------------------------------------------------------------------
// Russian: 8x8, White first, men capture both ways, flying kings, free choice, promotion in
// passing; algebraic notation, PDN GameType 25.
static_assert(std::is_same_v<Russian::board, Board8x8> && !Russian::mirrored);
static_assert(Russian::first_player == Color::white);
static_assert(Russian::man_moves == kForwardDiagonal && Russian::man_captures == kDiagonal);
static_assert(Russian::king_range == Range::flying && Russian::king_landing == Landing::any_beyond);
static_assert(Russian::precedence == Precedence::free);
static_assert(Russian::promotion == Promotion::in_passing);
static_assert(Russian::removal == Removal::at_end);
static_assert(Russian::algebraic_output && Russian::pdn_gametype == 25);

// Brazilian: as russian, but most pieces and no promotion in passing.
static_assert(std::is_same_v<Brazilian::board, Board8x8> && !Brazilian::mirrored);
static_assert(Brazilian::first_player == Color::white);
static_assert(Brazilian::man_captures == kDiagonal && Brazilian::king_range == Range::flying);
static_assert(Brazilian::precedence == Precedence::most_pieces);
static_assert(Brazilian::promotion == Promotion::end_of_move);
static_assert(Brazilian::removal == Removal::at_end);
static_assert(Brazilian::algebraic_output && Brazilian::pdn_gametype == 26);

// Pool: Black first, flying kings, free choice, no promotion in passing.
static_assert(std::is_same_v<Pool::board, Board8x8> && !Pool::mirrored);
static_assert(Pool::first_player == Color::black);
static_assert(Pool::man_captures == kDiagonal && Pool::king_range == Range::flying);
static_assert(Pool::precedence == Precedence::free);
static_assert(Pool::promotion == Promotion::end_of_move);
static_assert(Pool::removal == Removal::at_end && Pool::pdn_gametype == 23);

// Portuguese and spanish: mirrored board numbered from White's lower right, men capture
// forward only, flying kings, most pieces then most kings.
static_assert(std::is_same_v<Portuguese::board, Board8x8> && Portuguese::mirrored);
static_assert(Portuguese::first_player == Color::white);
static_assert(Portuguese::man_captures == kForwardDiagonal);
static_assert(Portuguese::king_range == Range::flying);
static_assert(Portuguese::precedence == Precedence::most_pieces_then_kings);
static_assert(Portuguese::promotion != Promotion::in_passing);
static_assert(Portuguese::numbering == Numbering::bottom_right && Portuguese::pdn_gametype == 28);
static_assert(std::is_same_v<Spanish::board, Board8x8> && Spanish::mirrored);
static_assert(Spanish::first_player == Color::white);
static_assert(Spanish::man_captures == kForwardDiagonal && Spanish::king_range == Range::flying);
static_assert(Spanish::precedence == Precedence::most_pieces_then_kings);
static_assert(Spanish::promotion != Promotion::in_passing);
static_assert(Spanish::numbering == Numbering::bottom_right && Spanish::pdn_gametype == 24);

// Czech: russian board, men capture forward only, flying kings, a king must capture if one
// can.
static_assert(std::is_same_v<Czech::board, Board8x8> && !Czech::mirrored);
static_assert(Czech::first_player == Color::white);
static_assert(Czech::man_captures == kForwardDiagonal && Czech::king_range == Range::flying);
static_assert(Czech::precedence == Precedence::king_first);
static_assert(Czech::promotion != Promotion::in_passing);
static_assert(Czech::algebraic_output && Czech::pdn_gametype == 29);

// Thai: Black first, 8 men each, men capture forward only, flying moves but a capturing
// king lands right behind and may turn 180 degrees, immediate removal, free choice.
static_assert(std::is_same_v<Thai::board, Board8x8> && !Thai::mirrored);
static_assert(Thai::first_player == Color::black);
static_assert(Thai::man_captures == kForwardDiagonal);
static_assert(Thai::king_range == Range::flying && Thai::king_landing == Landing::first_beyond);
static_assert(Thai::turn_180 && Thai::removal == Removal::immediate);
static_assert(Thai::precedence == Precedence::free);
static_assert(Thai::promotion != Promotion::in_passing && Thai::pdn_gametype == 31);

// English: Black first, men forward only, short kings in all four directions, free choice,
// crowning ends the move; 1 = b8.
static_assert(std::is_same_v<English::board, Board8x8> && !English::mirrored);
static_assert(English::first_player == Color::black);
static_assert(English::man_moves == kForwardDiagonal && English::man_captures == kForwardDiagonal);
static_assert(English::king_moves == kDiagonal && English::king_captures == kDiagonal);
static_assert(English::king_range == Range::short_);
static_assert(English::precedence == Precedence::free);
static_assert(English::promotion != Promotion::in_passing);
static_assert(English::removal == Removal::at_end && English::goal == Goal::normal);
static_assert(English::numbering == Numbering::top_left && English::pdn_gametype == 21);

// African: english with flying kings.
static_assert(std::is_same_v<African::board, Board8x8>);
static_assert(African::first_player == Color::black);
static_assert(African::man_captures == kForwardDiagonal);
static_assert(African::king_range == Range::flying && African::king_landing == Landing::any_beyond);
static_assert(African::precedence == Precedence::free);

// Giveaway: english, but the side that cannot move wins.
static_assert(std::is_same_v<Giveaway::board, Board8x8>);
static_assert(Giveaway::first_player == Color::black);
static_assert(Giveaway::king_range == Range::short_ && Giveaway::precedence == Precedence::free);
static_assert(Giveaway::goal == Goal::giveaway);

// Italian: mirrored board, White first, men forward only and never take a king, short
// kings, the italian precedence; 1 = top left.
static_assert(std::is_same_v<Italian::board, Board8x8> && Italian::mirrored);
static_assert(Italian::first_player == Color::white);
static_assert(Italian::man_captures == kForwardDiagonal && !Italian::man_captures_king);
static_assert(Italian::king_range == Range::short_);
static_assert(Italian::precedence == Precedence::italian);
static_assert(Italian::promotion != Promotion::in_passing);
static_assert(Italian::numbering == Numbering::top_left && Italian::pdn_gametype == 22);

// International: 10x10, White first, men capture both ways, flying kings, most pieces, no
// promotion in passing, removal at the end.
static_assert(std::is_same_v<International::board, Board10x10>);
static_assert(International::first_player == Color::white);
static_assert(International::man_moves == kForwardDiagonal);
static_assert(International::man_captures == kDiagonal && International::man_captures_king);
static_assert(International::king_range == Range::flying);
static_assert(International::king_landing == Landing::any_beyond);
static_assert(International::precedence == Precedence::most_pieces);
static_assert(International::promotion == Promotion::end_of_move);
static_assert(International::removal == Removal::at_end && !International::turn_180);
static_assert(International::numbering == Numbering::top_left);
static_assert(International::pdn_gametype == 20);

// Canadian: international rules on 12x12.
static_assert(std::is_same_v<Canadian::board, Board12x12>);
static_assert(Canadian::first_player == Color::white);
static_assert(Canadian::man_captures == kDiagonal && Canadian::king_range == Range::flying);
static_assert(Canadian::precedence == Precedence::most_pieces);
static_assert(Canadian::promotion == Promotion::end_of_move);
static_assert(Canadian::removal == Removal::at_end && Canadian::pdn_gametype == 27);

// Frisian: 10x10, men move diagonally forward and capture in 8 directions, flying kings
// moving diagonally and capturing in 8 directions, the value rule, the 3-move king limit.
static_assert(std::is_same_v<Frisian::board, Board10x10>);
static_assert(Frisian::first_player == Color::white);
static_assert(Frisian::man_moves == kForwardDiagonal && Frisian::man_captures == kAllDirs);
static_assert(Frisian::king_moves == kDiagonal && Frisian::king_captures == kAllDirs);
static_assert(Frisian::king_range == Range::flying);
static_assert(Frisian::precedence == Precedence::frisian_value);
static_assert(Frisian::promotion == Promotion::end_of_move);
static_assert(Frisian::king_streak_limit == 3 && Frisian::pdn_gametype == 40);

// Turkish: 64 squares, men one square forward or sideways (never backward, never diagonal),
// flying orthogonal kings, most pieces, immediate removal, no 180-degree turn.
static_assert(std::is_same_v<Turkish::board, Board8x8Full>);
static_assert(Turkish::first_player == Color::white);
static_assert(Turkish::man_moves == dirs({Dir::n, Dir::e, Dir::w}));
static_assert(Turkish::man_captures == dirs({Dir::n, Dir::e, Dir::w}));
static_assert(Turkish::king_moves == kOrthogonal && Turkish::king_captures == kOrthogonal);
static_assert(Turkish::king_range == Range::flying);
static_assert(Turkish::king_landing == Landing::any_beyond);
static_assert(Turkish::precedence == Precedence::most_pieces);
static_assert(Turkish::removal == Removal::immediate && !Turkish::turn_180);
static_assert(Turkish::numbering == Numbering::algebraic && Turkish::pdn_gametype == 30);

// Armenian: turkish with diagonally forward man steps and 8-way king moves; captures stay
// orthogonal.
static_assert(std::is_same_v<Armenian::board, Board8x8Full>);
static_assert(Armenian::first_player == Color::white);
static_assert(Armenian::man_moves == dirs({Dir::n, Dir::ne, Dir::nw, Dir::e, Dir::w}));
static_assert(Armenian::man_captures == dirs({Dir::n, Dir::e, Dir::w}));
static_assert(Armenian::king_moves == kAllDirs && Armenian::king_captures == kOrthogonal);
static_assert(Armenian::king_range == Range::flying);
static_assert(Armenian::precedence == Precedence::most_pieces);
static_assert(Armenian::removal == Removal::immediate && !Armenian::turn_180);

// Only frisian carries king-move state.
static_assert(std::is_same_v<International::extra_state, NoExtraState>);
static_assert(std::is_same_v<Russian::extra_state, NoExtraState>);
static_assert(std::is_same_v<Turkish::extra_state, NoExtraState>);
static_assert(!std::is_same_v<Frisian::extra_state, NoExtraState>);

// No variant but frisian has a king streak limit; only giveaway inverts the goal.
template <class... V>
constexpr int count_streak_limits() {
    return ((V::king_streak_limit > 0 ? 1 : 0) + ...);
}
static_assert(count_streak_limits<DTB_VARIANT_TYPES>() == 1);

// The ids table headers and manifests hold (docs/file-format.md): a new variant is appended
// to core/variants.txt, and none of these changes.
static_assert(int(VariantId::russian) == 0 && int(VariantId::brazilian) == 1 &&
              int(VariantId::pool) == 2 && int(VariantId::portuguese) == 3 &&
              int(VariantId::spanish) == 4 && int(VariantId::czech) == 5 &&
              int(VariantId::thai) == 6 && int(VariantId::english) == 7 &&
              int(VariantId::african) == 8 && int(VariantId::giveaway) == 9 &&
              int(VariantId::italian) == 10 && int(VariantId::international) == 11 &&
              int(VariantId::canadian) == 12 && int(VariantId::frisian) == 13 &&
              int(VariantId::turkish) == 14 && int(VariantId::armenian) == 15);
static_assert(kVariantCount >= 16);

// ---------------------------------------------------------------------------------------
// Runtime: the names users type.

TEST(RulesStatic, CompiledAbove) { SUCCEED(); }

TEST(VariantNames, EveryVariantAndTheAliases) {
    std::set<std::string_view> summaries;
    for (int i = 0; i < kVariantCount; ++i) {
        const auto id = VariantId(i);
        const auto name = variant_name(id);
        const auto found = find_variant(name);
        ASSERT_TRUE(found.has_value()) << name;
        EXPECT_EQ(found->id, id) << name;
        // The variant's start and summary are the ones the name lists.
        dispatch(id, [&](auto v) {
            EXPECT_EQ(found->start, decltype(v)::start) << name;
            EXPECT_EQ(found->summary, decltype(v)::summary) << name;
        });
        // Its own, not the one of the rule struct it derives from.
        EXPECT_TRUE(summaries.insert(found->summary).second) << name;
    }
    const auto restriction = find_variant("restriction");
    ASSERT_TRUE(restriction.has_value());
    EXPECT_EQ(restriction->id, VariantId::english);
    const auto ballot = find_variant("ballot11");
    ASSERT_TRUE(ballot.has_value());
    EXPECT_EQ(ballot->id, VariantId::english);
    const auto czech8 = find_variant("czech8");
    ASSERT_TRUE(czech8.has_value());
    EXPECT_EQ(czech8->id, VariantId::czech);
    EXPECT_FALSE(find_variant("chess").has_value());
    EXPECT_FALSE(find_variant("").has_value());
    EXPECT_EQ(variant_names().size(), std::size_t(kVariantCount) + 3);
}

}  // namespace
}  // namespace dtb
