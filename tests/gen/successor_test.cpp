// The generator's values against their own definition, using nothing but probe() and the
// move generator, on random positions of every slice (material and side to move):
//   won:   some move reaches a lost position; DTW = 1 + the least DTW among them; DTC = the
//          least, over them, of 1 (a capture or man move) or 1 + the successor's DTC;
//   lost:  every move reaches a won position; DTW = 1 + the largest DTW; DTC likewise
//          with the largest;
//   drawn: some move reaches a draw and none a loss;
//   no move: lost (won in giveaway) with DTW = DTC = 0;
// and colour symmetry: the position turned round (board rotated, colours exchanged) has
// the same value.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "dtb/core/apply.hpp"
#include "dtb/core/material.hpp"
#include "dtb/core/movegen.hpp"
#include "dtb/core/notation.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/gen/run/solved_slices.hpp"
#include "gen_test_support.hpp"

namespace dtb::test {
namespace {

constexpr int kSamplesPerSlice = 300;

// A random position of material m with `side` to move: men never on their own promotion row.
template <class V>
Position<V> random_placement(std::mt19937_64& rng, const Material& m, Color side) {
    using G = typename V::board;
    using bb = typename G::bb;
    std::uniform_int_distribution<int> square(0, G::bits - 1);
    Position<V> p;
    p.side = side;
    auto put = [&](Color c, bool king, int count) {
        for (int placed = 0; placed < count;) {
            const int b = square(rng);
            const bb s = bit<bb>(b);
            if (!G::is_square(b) || (p.occupied() & s)) continue;
            if (!king && (s & G::promotion_row(c))) continue;
            p.pieces(c) |= s;
            if (king) p.kings |= s;
            ++placed;
        }
    };
    put(Color::white, false, m.white_men);
    put(Color::white, true, m.white_kings);
    put(Color::black, false, m.black_men);
    put(Color::black, true, m.black_kings);
    return p;
}

// The position turned round: each square to the one opposite through the centre, White's
// pieces Black's and the other way round, the other side to move.
template <class V>
Position<V> turned_round(const Position<V>& p) {
    using G = typename V::board;
    using bb = typename G::bb;
    Position<V> q;
    q.side = ~p.side;
    for (bb x = p.occupied(); x;) {
        const int b = pop_lsb(x);
        const bb t = bit<bb>(G::bit_of(G::ranks - 1 - G::row_of(b), G::files - 1 - G::col_of(b)));
        if (p.white & bit<bb>(b)) q.black |= t;
        if (p.black & bit<bb>(b)) q.white |= t;
        if (p.kings & bit<bb>(b)) q.kings |= t;
    }
    return q;
}

std::string text(const Value& v) {
    std::string s = to_string(v.wdl);
    if (v.wdl == Wdl::win || v.wdl == Wdl::loss)
        s += " dtw " + std::to_string(v.dtw) + " dtc " + std::to_string(v.dtc);
    return s;
}

// What is wrong with p's value by its successors' values, or "" when nothing is.
template <class V>
std::string check_successors(const gen::SolvedSlices<V>& tb, const Position<V>& p) {
    using G = typename V::board;
    using bb = typename G::bb;
    const std::optional<Value> v = tb.probe(p);
    if (!v || v->wdl == Wdl::unknown) return "no value";
    constexpr bool giveaway = V::goal == Goal::giveaway;
    MoveList<G> moves;
    MoveGen<V>::generate(p, moves);
    if (moves.empty()) {
        const Value want{giveaway ? Wdl::win : Wdl::loss, 0, 0};
        return *v == want ? "" : "no move, but " + text(*v);
    }
    bool any_loss = false, any_draw = false, all_won = true;
    int min_dtw = std::numeric_limits<int>::max(), min_dtc = min_dtw;  // over lost successors
    int max_dtw = 0, max_dtc = 0;                                      // over all successors
    for (const auto& m : moves) {
        const Position<V> s = apply(p, m);
        Value sv;
        if (s.pieces(s.side) == 0) {
            sv = {giveaway ? Wdl::win : Wdl::loss, 0, 0};  // no piece, no move
        } else {
            const auto probed = tb.probe(s);
            if (!probed || probed->wdl == Wdl::unknown)
                return "successor " + write_fen(s) + " has no value";
            sv = *probed;
        }
        const bool conversion = m.is_capture() || (p.men(p.side) & bit<bb>(m.from)) != 0;
        const int dtc_via = conversion ? 1 : 1 + sv.dtc;
        if (sv.wdl == Wdl::loss) {
            any_loss = true;
            min_dtw = std::min(min_dtw, 1 + sv.dtw);
            min_dtc = std::min(min_dtc, dtc_via);
        }
        if (sv.wdl == Wdl::draw) any_draw = true;
        if (sv.wdl != Wdl::win) all_won = false;
        max_dtw = std::max(max_dtw, 1 + sv.dtw);
        max_dtc = std::max(max_dtc, dtc_via);
    }
    std::ostringstream why;
    switch (v->wdl) {
        case Wdl::win:
            if (!any_loss) return "won, but no move reaches a lost position";
            if (v->dtw != min_dtw || v->dtc != min_dtc)
                why << text(*v) << ", but by the successors dtw " << min_dtw << " dtc " << min_dtc;
            break;
        case Wdl::loss:
            if (!all_won) return "lost, but a move reaches a position not won";
            if (v->dtw != max_dtw || v->dtc != max_dtc)
                why << text(*v) << ", but by the successors dtw " << max_dtw << " dtc " << max_dtc;
            break;
        case Wdl::draw:
            if (any_loss) return "drawn, but a move reaches a lost position";
            if (!any_draw) return "drawn, but no move reaches a draw";
            break;
        default:
            break;
    }
    return why.str();
}

template <class V>
void check_samples(const gen::SolvedSlices<V>& tb, int pieces, int samples, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::int64_t checked = 0, bad = 0, asymmetric = 0;
    std::vector<std::string> first;
    for (const Material& m : materials_up_to(pieces)) {
        for (Color side : {Color::white, Color::black}) {
            for (int i = 0; i < samples; ++i) {
                const Position<V> p = random_placement<V>(rng, m, side);
                ++checked;
                const std::string why = check_successors(tb, p);
                if (!why.empty()) {
                    ++bad;
                    if (first.size() < 12) first.push_back(write_fen(p) + ": " + why);
                }
                const auto a = tb.probe(p), b = tb.probe(turned_round(p));
                const bool symmetric =
                    a && b && a->wdl == b->wdl &&
                    (a->wdl == Wdl::draw || (a->dtw == b->dtw && a->dtc == b->dtc));
                if (!symmetric) {
                    ++asymmetric;
                    if (first.size() < 12)
                        first.push_back(write_fen(p) + ": " + (a ? text(*a) : "none") +
                                        " but turned round " + write_fen(turned_round(p)) + ": " +
                                        (b ? text(*b) : "none"));
                }
            }
        }
    }
    std::ostringstream msg;
    msg << V::name << ", up to " << pieces << " pieces: " << bad << " inconsistent and "
        << asymmetric << " asymmetric of " << checked << " sampled positions\n";
    for (const auto& line : first) msg << "  " << line << "\n";
    EXPECT_EQ(bad + asymmetric, 0) << msg.str();
}

template <class V>
class GenSuccessorConsistency : public ::testing::Test {};
TYPED_TEST_SUITE(GenSuccessorConsistency, SolvableVariants, VariantNames);

TYPED_TEST(GenSuccessorConsistency, RandomSamplesOfEverySlice) {
    constexpr int pieces = kDefaultSuccessorPieces;
    check_samples(SolvedTables<TypeParam>::get(pieces), pieces, kSamplesPerSlice, 20240601);
}

// Beyond the brute force's reach: 5 pieces on the 8x8 dark-square board, 4 on the others.
template <class V>
class GenSuccessorConsistencyLong : public ::testing::Test {};
TYPED_TEST_SUITE(GenSuccessorConsistencyLong, SolvableVariants, VariantNames);

TYPED_TEST(GenSuccessorConsistencyLong, LongRandomSamplesOfEverySlice) {
    constexpr int pieces = long_run_pieces<TypeParam>();
    check_samples(SolvedTables<TypeParam>::get(pieces), pieces, kSamplesPerSlice, 7);
    SolvedTables<TypeParam>::release();
}

}  // namespace
}  // namespace dtb::test
