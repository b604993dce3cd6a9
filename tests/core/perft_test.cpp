// Perft against the published counts (docs/variants.md#published-counts, which names their
// sources), both duplicate conventions, and the colour symmetry of the move generator on
// random positions.
//
// Every expected number below is copied from those published counts (or follows from a
// statement there, such as "equal up to d11"); none was taken from dtb's own output.
#include <gtest/gtest.h>

#include "all_variants.hpp"

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/flip.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/perft.hpp"
#include "dtb/core/variant.hpp"

namespace dtb {
namespace {

using Counts = std::vector<std::uint64_t>;
using PerftFn = std::uint64_t (*)(std::string_view fen, int depth, Duplicates dups);

template <class V>
std::uint64_t perft_of(std::string_view fen, int depth, Duplicates dups) {
    return perft(parse_fen<V>(fen), depth, dups);
}

// The "keep" counts: the "drop" counts with the published differences (depth -> count).
Counts with_keep(Counts drop, std::initializer_list<std::pair<int, std::uint64_t>> diffs) {
    for (auto [depth, n] : diffs) drop.at(std::size_t(depth - 1)) = n;
    return drop;
}

// One line of a published table. `keep` is empty where no "keep" counts are published.
// Depths deeper than `default_depth` run only in the long suite.
struct Row {
    std::string label;  // part of the test name: letters, digits, underscores
    PerftFn fn;
    std::string_view fen;
    Counts drop;
    Counts keep;
    int default_depth;
};

// The 8x8 counts shared by several variants, depths 1..10.
const Counts kRussianDrop = {7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032};
const Counts kBrazilianDrop = {7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022};
const Counts kPoolDrop = {7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534, 22435955};
const Counts kEnglishDrop = {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564};
const Counts kCzechDrop = {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671, 18368918};
const Counts kSpanishDrop = {7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866, 17743464};
const Counts kItalianDrop = {7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384};
const Counts kThaiDrop = {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648, 18363523};
const Counts kInternationalDrop = {9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423};
const Counts kFrisianDrop = {9, 81, 658, 3874, 21265, 102431, 540126, 2825779};
const Counts kFrisianKeep = {9, 81, 658, 3880, 21345, 103584, 550314, 2907905};
const Counts kCanadianDrop = {11, 121, 1222, 10053, 79049, 584100, 4369366, 31839056};

// Thai perft is published from the 12-man start with White first, not from thai's own
// 8-man start (docs/variants.md#published-counts).
constexpr std::string_view kThai12Man = "W:W21-32:B1-12";

const std::vector<Row>& rows() {
    static const std::vector<Row> r = {
        {"russian", perft_of<Russian>, Russian::start, kRussianDrop,
         with_keep(kRussianDrop, {{8, 929905}, {9, 4570667}, {10, 22450628}}), 9},
        {"brazilian", perft_of<Brazilian>, Brazilian::start, kBrazilianDrop,
         with_keep(kBrazilianDrop, {{8, 907836}, {9, 4431847}, {10, 21566606}}), 9},
        {"pool", perft_of<Pool>, Pool::start, kPoolDrop,
         with_keep(kPoolDrop, {{8, 929902}, {9, 4570615}, {10, 22442551}}), 9},
        // "same to d11": keep equals drop (depth 11 is checked in KeepEqualsDropLong).
        {"english", perft_of<English>, English::start, kEnglishDrop, kEnglishDrop, 9},
        {"czech", perft_of<Czech>, Czech::start, kCzechDrop, kCzechDrop, 9},
        {"spanish", perft_of<Spanish>, Spanish::start, kSpanishDrop, kSpanishDrop, 9},
        {"portuguese", perft_of<Portuguese>, Portuguese::start, kSpanishDrop, kSpanishDrop, 9},
        {"italian", perft_of<Italian>, Italian::start, kItalianDrop, kItalianDrop, 9},
        {"thai12", perft_of<Thai>, kThai12Man, kThaiDrop, kThaiDrop, 9},
        {"international", perft_of<International>, International::start, kInternationalDrop,
         with_keep(kInternationalDrop, {{8, 6483971}, {9, 41022614}}), 8},
        {"frisian", perft_of<Frisian>, Frisian::start, kFrisianDrop, kFrisianKeep, 7},
        // Canadian: no "keep" counts published.
        {"canadian", perft_of<Canadian>, Canadian::start, kCanadianDrop, {}, 7},
        // Turkish: no "keep" counts published.
        {"turkish", perft_of<Turkish>, Turkish::start, {8, 64, 708, 7538, 85090, 931312}, {}, 6},
        // Perft from positions (international, drop).
        {"international_pos1",
         perft_of<International>,
         "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
         {14, 55, 1168, 5432, 87195},
         {},
         5},
        {"international_pos2",
         perft_of<International>,
         "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
         {6, 12, 30, 73, 215},
         {},
         5},
        {"international_pos3",
         perft_of<International>,
         "W:W6,7,8,9,10:B41,42,43,44,45",
         {9, 81, 795, 7578, 86351},
         {},
         5},
    };
    return r;
}

struct PerftCase {
    const Row* row;
    Duplicates dups;
    int depth;
    std::uint64_t expected;
};

// gtest prints the parameter in the test list; CMake's test discovery turns it into the
// ctest name (e.g. Reference/PerftReference.Count/russian_drop_d8).
void PrintTo(const PerftCase& c, std::ostream* os) {
    *os << c.row->label << (c.dups == Duplicates::drop ? "_drop_d" : "_keep_d") << c.depth;
}

std::vector<PerftCase> cases(bool long_run) {
    std::vector<PerftCase> out;
    for (const Row& r : rows()) {
        for (Duplicates d : {Duplicates::drop, Duplicates::keep}) {
            const Counts& counts = d == Duplicates::drop ? r.drop : r.keep;
            for (std::size_t i = 0; i < counts.size(); ++i) {
                const int depth = int(i) + 1;
                if ((depth > r.default_depth) == long_run) out.push_back({&r, d, depth, counts[i]});
            }
        }
    }
    return out;
}

class PerftReference : public testing::TestWithParam<PerftCase> {};

TEST_P(PerftReference, Count) {
    const auto& c = GetParam();
    EXPECT_EQ(c.row->fn(c.row->fen, c.depth, c.dups), c.expected)
        << c.row->label << " from " << c.row->fen << ", depth " << c.depth << ", "
        << (c.dups == Duplicates::drop ? "drop" : "keep") << " duplicates";
}

INSTANTIATE_TEST_SUITE_P(Reference, PerftReference, testing::ValuesIn(cases(false)));
INSTANTIATE_TEST_SUITE_P(ReferenceLong, PerftReference, testing::ValuesIn(cases(true)));

// docs/variants.md#published-counts: for these variants "keep" equals "drop" up to depth 11
// (the page gives their equality, not the depth-11 counts).
struct KeepEqualsDropCase {
    std::string label;
    PerftFn fn;
    std::string_view fen;
};

void PrintTo(const KeepEqualsDropCase& c, std::ostream* os) { *os << c.label; }

class KeepEqualsDropLong : public testing::TestWithParam<KeepEqualsDropCase> {};

TEST_P(KeepEqualsDropLong, Depth11) {
    const auto& c = GetParam();
    EXPECT_EQ(c.fn(c.fen, 11, Duplicates::keep), c.fn(c.fen, 11, Duplicates::drop));
}

INSTANTIATE_TEST_SUITE_P(
    Reference, KeepEqualsDropLong,
    testing::Values(KeepEqualsDropCase{"english", perft_of<English>, English::start},
                    KeepEqualsDropCase{"czech", perft_of<Czech>, Czech::start},
                    KeepEqualsDropCase{"spanish", perft_of<Spanish>, Spanish::start},
                    KeepEqualsDropCase{"portuguese", perft_of<Portuguese>, Portuguese::start},
                    KeepEqualsDropCase{"italian", perft_of<Italian>, Italian::start},
                    KeepEqualsDropCase{"thai12", perft_of<Thai>, kThai12Man}));

// ---------------------------------------------------------------------------------------
// Colour symmetry: every variant's rules are the same for both colours once the board is
// turned round, and every direction set is symmetric left-right, so turning the board 180
// degrees and swapping the colours (and the side to move) must give the same perft.

// A position reached by `plies` random legal moves from the start (fewer if the game ends).
template <class V>
Position<V> random_position(std::mt19937& rng, int plies) {
    Position<V> p = parse_fen<V>(V::start);
    MoveList<typename V::board> moves;
    for (int i = 0; i < plies; ++i) {
        MoveGen<V>::generate(p, moves);
        if (moves.empty()) break;
        p = apply(p, moves[int(rng() % std::uint32_t(moves.size()))]);
    }
    return p;
}

template <class V>
class PerftSymmetry : public testing::Test {};

// Default (numeric) type names: CMake's test discovery names the tests after the type,
// e.g. PerftSymmetry.RotatedColourSwappedPositionHasSamePerft<dtb::Russian>.
TYPED_TEST_SUITE(PerftSymmetry, dtb::test::AllVariants);

TYPED_TEST(PerftSymmetry, RotatedColourSwappedPositionHasSamePerft) {
    using V = TypeParam;
    constexpr int depth = std::is_same_v<typename V::board, Board12x12> ? 3 : 4;
    std::mt19937 rng(20240611);
    for (int plies : {0, 7, 15, 24, 33, 45, 60, 80}) {
        const Position<V> p = random_position<V>(rng, plies);
        const Position<V> q = Flip<V>::apply(p);
        SCOPED_TRACE(write_fen(p) + "  vs  " + write_fen(q));
        EXPECT_EQ(Flip<V>::apply(q), p);
        for (Duplicates d : {Duplicates::drop, Duplicates::keep})
            EXPECT_EQ(perft(p, depth, d), perft(q, depth, d));
    }
}

// The half turn takes every square to the square of its table, whether the board turns by
// a bit reversal (every board of geometry.hpp) or square by square.
TYPED_TEST(PerftSymmetry, HalfTurnMovesEverySquareWhereItsTableSays) {
    using V = TypeParam;
    using G = typename V::board;
    static_assert(Flip<V>::kReverses, "every board turns by a bit reversal");
    typename G::bb all = 0;
    for (int b = 0; b < G::bits; ++b) {
        if (!G::is_square(b)) continue;
        all |= bit<typename G::bb>(b);
        EXPECT_EQ(Flip<V>::turn(bit<typename G::bb>(b)), bit<typename G::bb>(Flip<V>::kTurned[b]))
            << b;
    }
    EXPECT_EQ(Flip<V>::turn(all), G::board);
}

// The bulk count at the last ply agrees with the generated list, and perft(d) is the sum of
// perft(d-1) over the moves; keeping duplicates never counts fewer moves.
TYPED_TEST(PerftSymmetry, BulkCountMatchesGeneratedMoves) {
    using V = TypeParam;
    std::mt19937 rng(7);
    for (int plies : {0, 9, 18, 27, 36, 50, 70, 90}) {
        const Position<V> p = random_position<V>(rng, plies);
        SCOPED_TRACE(write_fen(p));
        MoveList<typename V::board> drop, keep;
        MoveGen<V>::generate(p, drop, Duplicates::drop);
        MoveGen<V>::generate(p, keep, Duplicates::keep);
        EXPECT_EQ(MoveGen<V>::count(p, Duplicates::drop), drop.size());
        EXPECT_EQ(MoveGen<V>::count(p, Duplicates::keep), keep.size());
        EXPECT_GE(keep.size(), drop.size());
        EXPECT_EQ(MoveGen<V>::has_capture(p), !drop.empty() && drop[0].is_capture());
        std::uint64_t sum = 0;
        for (const auto& m : drop) sum += perft(apply(p, m), 2);
        EXPECT_EQ(perft(p, 3), sum);
    }
}

// MoveGen::for_each_capture hands the sink every capture the list holds, and nothing else
// once the clears of higher-precedence captures are applied: the same set as
// generate_captures, each capture as many times as Duplicates::keep lists it.
template <class G>
struct RecordingSink {
    static constexpr bool records_paths = false;
    std::vector<Move<G>> moves;
    void clear() { moves.clear(); }
    void push(const Move<G>& m, const Path&) { moves.push_back(m); }
};

TYPED_TEST(PerftSymmetry, CaptureSinkSeesTheGeneratedCaptures) {
    using V = TypeParam;
    using G = typename V::board;
    std::mt19937 rng(11);
    int with_capture = 0;
    for (int game = 0; game < 40; ++game) {
        Position<V> p = parse_fen<V>(V::start);
        for (int ply = 0; ply < 120; ++ply) {
            SCOPED_TRACE(write_fen(p));
            RecordingSink<G> sink;
            const bool found = MoveGen<V>::for_each_capture(p, sink);
            MoveList<G> drop, keep;
            MoveGen<V>::generate_captures(p, drop, Duplicates::drop);
            MoveGen<V>::generate_captures(p, keep, Duplicates::keep);
            EXPECT_EQ(found, MoveGen<V>::has_capture(p));
            EXPECT_EQ(found, !drop.empty());
            EXPECT_EQ(sink.moves.size(), std::size_t(keep.size()));
            std::vector<Move<G>> listed(drop.begin(), drop.end());
            std::sort(listed.begin(), listed.end());
            std::sort(sink.moves.begin(), sink.moves.end());
            sink.moves.erase(std::unique(sink.moves.begin(), sink.moves.end()), sink.moves.end());
            EXPECT_EQ(sink.moves, listed);
            with_capture += found;
            MoveList<G> moves;
            MoveGen<V>::generate(p, moves);
            if (moves.empty()) break;
            p = apply(p, moves[int(rng() % std::uint32_t(moves.size()))]);
        }
    }
    EXPECT_GT(with_capture, 100);  // the games met captures enough to say something
}

}  // namespace
}  // namespace dtb
