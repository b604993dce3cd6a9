// The generator against an independent brute-force solver (bruteforce_solver.hpp): WDL,
// DTW and DTC of every position with up to 3 pieces of every variant (frisian with every
// king-move streak), and up to 4 pieces on the 8x8 boards; published small-ending counts
// (docs/variants.md#published-counts) against both.
//
// Long tests (name contains "Long", out of the default run): the other 8x8 variants with 4
// pieces (gen_test_support.hpp says which run which), international with 4 pieces, and
// turkish and armenian with 4 pieces (the materials with at most one man among the 4: the
// whole 4-piece graph of the 64-square board does not fit in memory), and frisian with 4
// pieces in the same way, every king-move streak included; three english problem positions of
// 5 pieces with their materials' families.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bruteforce_solver.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/value.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/gen/run/solved_slices.hpp"
#include "gen_test_support.hpp"

namespace dtb::test {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

std::string brute_text(const BruteValue& v) {
    std::string s = outcome_name(v.wdl);
    if (v.wdl == Outcome::win || v.wdl == Outcome::loss)
        s += " dtw " + std::to_string(v.dtw) + " dtc " + std::to_string(v.dtc);
    return s;
}

std::string gen_text(const std::optional<Value>& v) {
    if (!v) return "nothing (probe gave nullopt)";
    std::string s = to_string(v->wdl);
    if (v->wdl == Wdl::win || v->wdl == Wdl::loss)
        s += " dtw " + std::to_string(v->dtw) + " dtc " + std::to_string(v->dtc);
    return s;
}

bool same(const BruteValue& b, const std::optional<Value>& g) {
    if (!g || int(g->wdl) != int(b.wdl)) return false;
    if (b.wdl == Outcome::draw) return true;  // distances mean nothing for draws
    return g->dtw == b.dtw && g->dtc == b.dtc;
}

// Every position of the brute-force family probed in the generator's table; the first
// disagreements are reported with their FEN and both values.
template <class V, class Probe>
void expect_same_values(const BruteForceSolver<V>& bf, Probe&& probe) {
    std::int64_t compared = 0, bad_wdl = 0, bad_dtw = 0, bad_dtc = 0, missing = 0;
    std::map<std::string, std::int64_t> bad_by_material;
    std::vector<std::string> first;
    bf.for_each([&](const Position<V>& p, const BruteValue& b) {
        ++compared;
        const std::optional<Value> g = probe(p);
        if (same(b, g)) return;
        if (!g) {
            ++missing;
        } else if (int(g->wdl) != int(b.wdl)) {
            ++bad_wdl;
        } else if (g->dtw != b.dtw) {
            ++bad_dtw;
        } else {
            ++bad_dtc;
        }
        ++bad_by_material[counts_name(counts_of(p)) + (p.side == Color::white ? " wtm" : " btm")];
        if (first.size() < 12)
            first.push_back(write_fen(p) + "  brute force: " + brute_text(b) +
                            "  generator: " + gen_text(g));
    });
    const std::int64_t bad = missing + bad_wdl + bad_dtw + bad_dtc;
    std::ostringstream msg;
    msg << V::name << ": " << bad << " of " << compared << " positions disagree (" << missing
        << " not in the table, " << bad_wdl << " WDL, " << bad_dtw << " DTW, " << bad_dtc
        << " DTC)\n";
    int shown = 0;
    for (const auto& [material, n] : bad_by_material) {
        if (shown++ == 20) break;
        msg << "  " << material << ": " << n << "\n";
    }
    for (const auto& line : first) msg << "  " << line << "\n";
    EXPECT_EQ(bad, 0) << msg.str();
}

template <class V>
void compare_family(typename BruteForceSolver<V>::Family family, int table_pieces) {
    auto t = std::chrono::steady_clock::now();
    const gen::SolvedSlices<V>& tb = SolvedTables<V>::get(table_pieces);
    const double gen_s = seconds_since(t);
    t = std::chrono::steady_clock::now();
    const BruteForceSolver<V> bf(family);
    const double brute_s = seconds_since(t);
    t = std::chrono::steady_clock::now();
    expect_same_values(bf, [&](const Position<V>& p) { return tb.probe(p); });
    std::string which =
        std::string(V::name) + " up to " + std::to_string(family.max_pieces) + " pieces";
    if (family.top) which += " (" + counts_name(*family.top) + " and its promotions)";
    std::printf(
        "[   info   ] %s: %zu positions, %zu moves; generator %.1fs, brute force %.1fs "
        "(%s; %d passes), compare %.1fs\n",
        which.c_str(), bf.size(), bf.edge_count(), gen_s, brute_s, bf.timing().c_str(), bf.passes(),
        seconds_since(t));
}

// ---------------------------------------------------------------------------------------
// The brute-force solver itself, on cases checked by hand.

template <class V>
BruteValue brute_value(const BruteForceSolver<V>& bf, const char* fen) {
    const auto v = bf.value(parse_fen<V>(fen));
    EXPECT_TRUE(v.has_value()) << fen;
    return v.value_or(BruteValue{});
}

void expect_value(const BruteValue& v, Outcome wdl, int dtw, int dtc, const char* what) {
    EXPECT_EQ(v.wdl, wdl) << what << ": " << brute_text(v);
    EXPECT_EQ(v.dtw, dtw) << what << ": " << brute_text(v);
    EXPECT_EQ(v.dtc, dtc) << what << ": " << brute_text(v);
}

TEST(BruteForceSolver, HandCheckedPositions) {
    {
        const BruteForceSolver<Russian> bf({3});
        // c3 takes d4 and Black has nothing left.
        expect_value(brute_value(bf, "W:Wc3:Bd4"), Outcome::win, 1, 1, "russian W:Wc3:Bd4");
        // c3:e5 is forced, then the king takes it from h8: lost in 2 plies; the capture on
        // the first ply is a conversion, so DTC 1.
        expect_value(brute_value(bf, "W:Wc3:Bd4,Kh8"), Outcome::loss, 2, 1,
                     "russian W:Wc3:Bd4,Kh8");
        // Black to move: the man takes backwards, d4:b2, and White has nothing left.
        expect_value(brute_value(bf, "B:Wc3:Bd4,Kh8"), Outcome::win, 1, 1, "russian B:Wc3:Bd4,Kh8");
        // Every move of the king in the corner stays on the long diagonal, where the king
        // on h8 takes it: lost in 2 plies, and the conversion comes on the second (one of
        // the two K v K losses of docs/variants.md#published-counts).
        expect_value(brute_value(bf, "W:WKa1:BKh8"), Outcome::loss, 2, 2, "russian W:WKa1:BKh8");
        // Off the long diagonal nothing is forced: a draw.
        EXPECT_EQ(brute_value(bf, "W:WKc1:BKh8").wdl, Outcome::draw);
    }
    {
        const BruteForceSolver<English> bf({3});
        // 22x15 takes Black's last piece.
        expect_value(brute_value(bf, "W:W22:B18"), Outcome::win, 1, 1, "english W:W22:B18");
        // The man on 29 (a1) is blocked by 25 and, for the jump, by 22: no move, lost.
        expect_value(brute_value(bf, "W:W29:B22,25"), Outcome::loss, 0, 0, "english W:W29:B22,25");
    }
    {
        const BruteForceSolver<Giveaway> bf({3});
        // The capture is forced and leaves Black without a move: Black wins.
        expect_value(brute_value(bf, "W:W22:B18"), Outcome::loss, 1, 1, "giveaway W:W22:B18");
        // No move: in giveaway that wins.
        expect_value(brute_value(bf, "W:W29:B22,25"), Outcome::win, 0, 0, "giveaway W:W29:B22,25");
    }
}

// The comparison is not vacuous: a table with one wrong value of each kind is caught.
TEST(BruteForceSolver, ComparisonCatchesWrongValues) {
    // Statics: EXPECT_NONFATAL_FAILURE's statement may not use local variables.
    static const BruteForceSolver<Russian> bf({2});
    static const gen::SolvedSlices<Russian>* tb;
    static std::optional<Position<Russian>> target;
    static int what;  // which value to alter: -1 none
    tb = &SolvedTables<Russian>::get(2);
    // The first won position with DTC 3, altered in each way in turn.
    target.reset();
    bf.for_each([&](const Position<Russian>& p, const BruteValue& v) {
        if (!target && v.wdl == Outcome::win && v.dtc == 3) target = p;
    });
    ASSERT_TRUE(target.has_value());
    what = -1;
    static auto altered = [](const Position<Russian>& p) {
        std::optional<Value> v = tb->probe(p);
        if (v && p == *target) {
            if (what == 0) v->wdl = Wdl::draw;
            if (what == 1) ++v->dtw;
            if (what == 2) --v->dtc;
            if (what == 3) v.reset();
        }
        return v;
    };
    expect_same_values(bf, altered);
    what = 0;
    EXPECT_NONFATAL_FAILURE(expect_same_values(bf, altered), "1 WDL");
    what = 1;
    EXPECT_NONFATAL_FAILURE(expect_same_values(bf, altered), "1 DTW");
    what = 2;
    EXPECT_NONFATAL_FAILURE(expect_same_values(bf, altered), "1 DTC");
    what = 3;
    EXPECT_NONFATAL_FAILURE(expect_same_values(bf, altered), "1 not in the table");
}

// Every position of the family is found again from its key, and the family holds the
// expected number of positions.
TEST(BruteForceSolver, EnumerationAndKeys) {
    const BruteForceSolver<Russian> bf({3});
    std::size_t n = 0;
    bool all_found = true;
    bf.for_each([&](const Position<Russian>& p, const BruteValue&) {
        ++n;
        all_found = all_found && bf.value(p).has_value() &&
                    BruteForceSolver<Russian>::decode(BruteForceSolver<Russian>::encode(p)) == p;
    });
    EXPECT_TRUE(all_found);
    EXPECT_EQ(n, bf.size());
    // docs/variants.md#published-counts: 3488 two-piece and 196032 three-piece positions with
    // White to move.
    EXPECT_EQ(bf.size(), std::size_t(2 * (3488 + 196032)));
}

// The worklist (re-evaluating only positions whose successors changed, DTW from the WDL
// passes) gives the same values as plain passes over everything with DTW iterated from 0.
template <class V>
void expect_worklist_matches_plain_passes(int pieces) {
    const BruteForceSolver<V> fast({pieces});
    const BruteForceSolver<V> plain({pieces}, true);
    ASSERT_EQ(fast.size(), plain.size());
    std::int64_t bad = 0;
    std::string first;
    for (std::uint32_t i = 1; i <= fast.size(); ++i) {
        const BruteValue a = fast.value_at(i), b = plain.value_at(i);
        if (a.wdl == b.wdl && a.dtw == b.dtw && a.dtc == b.dtc) continue;
        if (bad++ == 0)
            first = write_fen(fast.position(i)) + ": " + brute_text(a) + " vs " + brute_text(b);
    }
    EXPECT_EQ(bad, 0) << V::name << ": " << first;
}

TEST(BruteForceSolver, WorklistMatchesPlainPasses) {
    expect_worklist_matches_plain_passes<Russian>(3);
    expect_worklist_matches_plain_passes<English>(3);
    expect_worklist_matches_plain_passes<Giveaway>(3);
    expect_worklist_matches_plain_passes<Thai>(3);
    expect_worklist_matches_plain_passes<International>(2);
    expect_worklist_matches_plain_passes<Canadian>(2);
    expect_worklist_matches_plain_passes<Turkish>(2);
    expect_worklist_matches_plain_passes<Armenian>(2);
}

// ---------------------------------------------------------------------------------------
// Published counts (docs/variants.md#published-counts), white to move, against both solvers.

struct KnownCounts {
    const char* name;  // as docs/variants.md#published-counts writes it
    Counts material;
    std::int64_t positions, wins, draws, losses;
};

template <class V>
void expect_known_counts(const std::vector<KnownCounts>& table, int pieces) {
    const BruteForceSolver<V> bf({pieces});
    const gen::SolvedSlices<V>& tb = SolvedTables<V>::get(pieces);
    for (const KnownCounts& k : table) {
        std::int64_t n = 0, brute[4] = {}, gen[4] = {};
        for_each_placement<V>(k.material, Color::white, [&](const Position<V>& p) {
            ++n;
            if (const auto v = bf.value(p)) ++brute[int(v->wdl)];
            if (const auto v = tb.probe(p)) ++gen[int(v->wdl)];
        });
        EXPECT_EQ(n, k.positions) << V::name << " " << k.name;
        const auto w = int(Outcome::win), d = int(Outcome::draw), l = int(Outcome::loss);
        EXPECT_EQ(brute[w], k.wins) << V::name << " " << k.name << " (brute force)";
        EXPECT_EQ(brute[d], k.draws) << V::name << " " << k.name << " (brute force)";
        EXPECT_EQ(brute[l], k.losses) << V::name << " " << k.name << " (brute force)";
        EXPECT_EQ(gen[w], k.wins) << V::name << " " << k.name << " (generator)";
        EXPECT_EQ(gen[d], k.draws) << V::name << " " << k.name << " (generator)";
        EXPECT_EQ(gen[l], k.losses) << V::name << " " << k.name << " (generator)";
    }
}

// Counts {white men, white kings, black men, black kings}.
TEST(KnownValues, RussianSmallEndings) {
    const std::vector<KnownCounts> table = {
        {"K v K", {0, 1, 0, 1}, 992, 194, 796, 2},
        {"K v M", {0, 1, 1, 0}, 868, 746, 122, 0},
        {"M v K", {1, 0, 0, 1}, 868, 67, 262, 539},
        {"M v M", {1, 0, 1, 0}, 760, 284, 327, 149},
        {"K v KK", {0, 1, 0, 2}, 14880, 754, 13852, 274},
        {"KK v K", {0, 2, 0, 1}, 14880, 5628, 9252, 0},
        {"K v KM", {0, 1, 1, 1}, 26040, 4058, 21729, 253},
        {"KK v M", {0, 2, 1, 0}, 13020, 12626, 394, 0},
        {"M v KK", {1, 0, 0, 2}, 13020, 121, 2460, 10439},
        {"KM v K", {1, 1, 0, 1}, 26040, 7241, 18797, 2},
        {"K v MM", {0, 1, 2, 0}, 11340, 6038, 5260, 42},
        {"M v KM", {1, 0, 1, 1}, 22800, 625, 6434, 15741},
        {"KM v M", {1, 1, 1, 0}, 22800, 20632, 2167, 1},
        {"MM v K", {2, 0, 0, 1}, 11340, 1762, 7703, 1875},
        {"M v MM", {1, 0, 2, 0}, 9936, 829, 4383, 4724},
        {"MM v M", {2, 0, 1, 0}, 9936, 7161, 2713, 62},
    };
    expect_known_counts<Russian>(table, 3);
    // The totals of the table.
    std::int64_t totals[2][4] = {};
    for (const KnownCounts& k : table) {
        auto& t = totals[k.material.pieces() - 2];
        t[0] += k.positions, t[1] += k.wins, t[2] += k.draws, t[3] += k.losses;
    }
    EXPECT_EQ(totals[0][0], 3488);
    EXPECT_EQ(totals[0][1], 1291);
    EXPECT_EQ(totals[0][2], 1507);
    EXPECT_EQ(totals[0][3], 690);
    EXPECT_EQ(totals[1][0], 196032);
    EXPECT_EQ(totals[1][1], 67475);
    EXPECT_EQ(totals[1][2], 95144);
    EXPECT_EQ(totals[1][3], 33413);
}

TEST(KnownValues, EnglishTwoPieces) {
    expect_known_counts<English>({{"K v K", {0, 1, 0, 1}, 992, 230, 654, 108},
                                  {"K v M", {0, 1, 1, 0}, 868, 331, 531, 6},
                                  {"M v K", {1, 0, 0, 1}, 868, 53, 574, 241},
                                  {"M v M", {1, 0, 1, 0}, 760, 102, 611, 47}},
                                 2);
}

// ---------------------------------------------------------------------------------------

// The generator against the brute force, position by position.

template <class V>
class GenAgreesWithBruteForce : public ::testing::Test {};
TYPED_TEST_SUITE(GenAgreesWithBruteForce, SolvableVariants, VariantNames);

TYPED_TEST(GenAgreesWithBruteForce, UpToThreePieces) { compare_family<TypeParam>({3}, 3); }

template <class V>
class GenAgreesWithBruteForce8x8 : public ::testing::Test {};
TYPED_TEST_SUITE(GenAgreesWithBruteForce8x8, FourPiecesByDefault, VariantNames);

TYPED_TEST(GenAgreesWithBruteForce8x8, UpToFourPieces) { compare_family<TypeParam>({4}, 4); }

template <class V>
class GenAgreesWithBruteForce8x8Slow : public ::testing::Test {};
TYPED_TEST_SUITE(GenAgreesWithBruteForce8x8Slow, FourPiecesInLongRun, VariantNames);

TYPED_TEST(GenAgreesWithBruteForce8x8Slow, LongUpToFourPieces) {
    compare_family<TypeParam>({4}, 4);
}

// International with 4 pieces: one family per split of the 4 pieces between the sides (the
// materials MvMMM, MMvMM, MMMvM and all they turn into by promotions), so that the graph
// fits in memory; each family also holds every position with fewer pieces.
TEST(GenAgreesWithBruteForceLong, LongInternationalUpToFourPieces) {
    for (const Counts top : {Counts{1, 0, 3, 0}, Counts{2, 0, 2, 0}, Counts{3, 0, 1, 0}})
        compare_family<International>({4, top}, 4);
    SolvedTables<International>::release();
}

// Turkish and armenian with 4 pieces: the whole 4-piece graph of the 64-square board does
// not fit in memory, so the families of the materials with one man among the 4 (and the
// king materials they promote to): every king ending and one-man ending of 4 pieces, and
// every smaller material.
template <class V>
class GenAgreesWithBruteForceFullBoard : public ::testing::Test {};
using FullBoardVariants = ::testing::Types<Turkish, Armenian>;
TYPED_TEST_SUITE(GenAgreesWithBruteForceFullBoard, FullBoardVariants, VariantNames);

TYPED_TEST(GenAgreesWithBruteForceFullBoard, LongUpToFourPiecesOneMan) {
    for (int white = 1; white <= 3; ++white) {
        compare_family<TypeParam>({4, Counts{1, white - 1, 0, 4 - white}}, 4);
        compare_family<TypeParam>({4, Counts{0, white, 1, 3 - white}}, 4);
    }
    SolvedTables<TypeParam>::release();
}

// Frisian with 4 pieces, every king-move streak: the families of the materials with one man
// among the 4 (where that man's side has kings too, or will have: the streaks), as for the
// full boards; the 4-piece graph with two men does not fit in memory.
TEST(GenAgreesWithBruteForceLong, LongFrisianUpToFourPiecesOneMan) {
    for (int white = 1; white <= 3; ++white) {
        compare_family<Frisian>({4, Counts{1, white - 1, 0, 4 - white}}, 4);
        compare_family<Frisian>({4, Counts{0, white, 1, 3 - white}}, 4);
    }
    SolvedTables<Frisian>::release();
}

// Three english problem positions of 5 pieces whose published results the tables contradict
// (docs/annotate.md): the brute force agrees with the generator on every position of their
// families and gives each the tables' value.
TEST(GenAgreesWithBruteForceLong, LongEnglishProblemPositions) {
    struct Problem {
        const char* name;
        const char* fen;
        Counts top;
    };
    const Problem problems[] = {
        {"Gould's #30 (published drawn)", "W:WK27,32:BK18,K19,28", Counts{1, 1, 1, 2}},
        {"Gould's #97 (published won)", "W:W21,22,K11:BK3,K23", Counts{2, 1, 0, 2}},
        {"Gem #144 (published drawn)", "W:W11,27,K13:B6,K14", Counts{2, 1, 1, 1}},
    };
    const auto& tb = SolvedTables<English>::get(5);
    for (const Problem& problem : problems) {
        const auto t = std::chrono::steady_clock::now();
        const BruteForceSolver<English> bf({5, problem.top});
        expect_same_values(bf, [&](const Position<English>& p) { return tb.probe(p); });
        const BruteValue v = brute_value(bf, problem.fen);
        std::printf("[   info   ] %s %s: %s, %zu positions, %.1fs\n", problem.name, problem.fen,
                    brute_text(v).c_str(), bf.size(), seconds_since(t));
    }
    SolvedTables<English>::release();
}

}  // namespace
}  // namespace dtb::test
