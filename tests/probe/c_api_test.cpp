// The C interface as a C program uses it: FEN probes agree with the C++ prober, engine
// positions (square masks) agree with FEN, best moves are ordered and consistent with the
// value of the position, and the principal variation walks DTW down to the end.
#include <random>

#include "dtb/probe.h"
#include "dtb/probe.hpp"
#include "probe_test_support.hpp"

namespace dtb::test {
namespace {

// The dtb_position of p: bit n-1 for square number n.
template <class V>
dtb_position to_c(const Position<V>& p) {
    dtb_position c{};
    c.side_to_move = p.side == Color::white ? 0 : 1;
    for (int n = 1; n <= V::board::squares; ++n) {
        const int b = *Squares<V>::from_number(n);
        const auto bit = std::uint64_t{1} << ((n - 1) % 64);
        const auto sq = typename V::board::bb{1} << b;
        if (p.white & sq) c.white[(n - 1) / 64] |= bit;
        if (p.black & sq) c.black[(n - 1) / 64] |= bit;
        if (p.kings & sq) c.kings[(n - 1) / 64] |= bit;
    }
    return c;
}

TEST(ProbeCApi, FenPositionAndBestMovesAgree) {
    const auto& f = probe_fixture<Russian>(3);
    probe::Tablebase tb(f.dir, 4 << 20);
    dtb_tb* c = tb.c_handle();
    EXPECT_STREQ(dtb_variant(c), "russian");
    std::mt19937_64 rng(7);
    int checked = 0;
    for (const Material& m : materials_up_to(3)) {
        const gen::Slice<Russian>* s = f.raw->slice(m);
        for (int k = 0; k < 300; ++k) {
            const Color side = rng() & 1 ? Color::white : Color::black;
            const std::uint64_t i = rng() % s->index.size();
            Position<Russian> p;
            if (!s->index.unrank(i, side, p)) continue;
            const std::string fen = write_fen(p);
            const Value want = s->value(side, i);
            dtb_value v;
            ASSERT_EQ(dtb_probe_fen(c, fen.c_str(), DTB_WANT_DTW | DTB_WANT_DTC, &v), DTB_OK)
                << fen << ": " << dtb_error_message();
            EXPECT_EQ(v.wdl, int(want.wdl)) << fen;
            const dtb_position cp = to_c(p);
            dtb_value w;
            ASSERT_EQ(dtb_probe_position(c, &cp, DTB_WANT_WDL, &w), DTB_OK) << fen;
            EXPECT_EQ(w.wdl, v.wdl) << fen;
            EXPECT_EQ(w.dtw, -1);
            int wdl = 0, dtw = 0, dtc = 0;
            ASSERT_EQ(dtb_probe_dtw(c, fen.c_str(), &wdl, &dtw), DTB_OK);
            ASSERT_EQ(dtb_probe_dtc(c, fen.c_str(), &wdl, &dtc), DTB_OK);
            if (want.wdl != Wdl::draw) {
                EXPECT_EQ(dtw, want.dtw) << fen;
                EXPECT_EQ(dtc, want.dtc) << fen;
            }

            dtb_move moves[64];
            std::size_t n = 0;
            ASSERT_EQ(dtb_best_moves(c, fen.c_str(), moves, 64, &n), DTB_OK) << fen;
            if (n == 0) {
                EXPECT_EQ(want.dtw, 0) << fen;  // no move: the game is over
                continue;
            }
            // The first move realises the value: a win goes to a loss one ply shorter, a loss
            // to the longest win, a draw to a draw.
            const dtb_value& best = moves[0].after;
            EXPECT_EQ(best.wdl, int(opposite(want.wdl))) << fen << " " << moves[0].text;
            if (want.wdl != Wdl::draw) {
                EXPECT_EQ(best.dtw + 1, int(want.dtw)) << fen;
            }
            if (n > 1) {
                std::size_t small = 0;
                EXPECT_EQ(dtb_best_moves(c, fen.c_str(), moves, 1, &small), DTB_ERR_BUFFER);
                EXPECT_EQ(small, n);
            }
            ++checked;
        }
    }
    EXPECT_GT(checked, 1000);
}

TEST(ProbeCApi, PrincipalVariationEndsTheGame) {
    const auto& f = probe_fixture<Russian>(3);
    probe::Tablebase tb(f.dir, 4 << 20);
    const auto prober = tb.prober<Russian>();
    // The longest win of KKvK (from the generator's own statistics) and a few others.
    const gen::Slice<Russian>* s = f.raw->slice(*Material::parse("KKvK"));
    std::uint64_t longest = 0;
    for (std::uint64_t i = 0; i < s->index.size(); ++i)
        if (s->wdl[0][i] == std::uint8_t(Wdl::win) && !s->capture[0][i] &&
            s->dtw[0][i] > s->dtw[0][longest])
            longest = i;
    Position<Russian> p;
    ASSERT_TRUE(s->index.unrank(longest, Color::white, p));
    std::vector<probe::RatedMove<Russian>> line;
    ASSERT_EQ(prober.line(p, line), probe::Status::ok);
    ASSERT_EQ(line.size(), s->dtw[0][longest]);
    for (const auto& m : line) p = apply(p, m.move.move);
    EXPECT_EQ(MoveGen<Russian>::count(p), 0) << write_fen(p);  // the loser has no move
    // A draw has no line.
    ASSERT_EQ(prober.line(parse_fen<Russian>("W:WKa1:BKh6"), line), probe::Status::ok);
    EXPECT_TRUE(line.empty());
}

TEST(ProbeCApi, BestLineThroughTheCInterface) {
    const auto& f = probe_fixture<Russian>(3);
    probe::Tablebase tb(f.dir, 4 << 20);
    dtb_tb* c = tb.c_handle();
    // The longest stored win of KKvK: the line alternates loss/win after each move, the DTW
    // falling by one a ply.
    const gen::Slice<Russian>* s = f.raw->slice(*Material::parse("KKvK"));
    std::uint64_t longest = 0;
    for (std::uint64_t i = 0; i < s->index.size(); ++i)
        if (s->wdl[0][i] == std::uint8_t(Wdl::win) && s->dtw[0][i] > s->dtw[0][longest])
            longest = i;
    Position<Russian> p;
    ASSERT_TRUE(s->index.unrank(longest, Color::white, p));
    const std::string text = write_fen(p);
    const char* fen = text.c_str();
    int wdl = 0, dtw = 0;
    ASSERT_EQ(dtb_probe_dtw(c, fen, &wdl, &dtw), DTB_OK);
    ASSERT_EQ(wdl, DTB_WIN);
    std::vector<dtb_move> line(std::size_t(dtw) + 1);
    std::size_t n = 0;
    ASSERT_EQ(dtb_best_line(c, fen, line.data(), line.size(), &n), DTB_OK) << dtb_error_message();
    ASSERT_EQ(n, std::size_t(dtw));
    ASSERT_GT(n, 2u);
    for (std::size_t i = 0; i < n; ++i) {
        EXPECT_EQ(line[i].after.wdl, i % 2 == 0 ? DTB_LOSS : DTB_WIN) << i;
        EXPECT_EQ(line[i].after.dtw, dtw - 1 - int(i)) << i;
        EXPECT_NE(line[i].text[0], 0);
    }
    std::size_t small = 0;
    EXPECT_EQ(dtb_best_line(c, fen, line.data(), 1, &small), DTB_ERR_BUFFER);
    EXPECT_EQ(small, n);
    // A draw has an empty line; bad input is an error, not a crash.
    ASSERT_EQ(dtb_best_line(c, "W:WKa1:BKh6", line.data(), line.size(), &n), DTB_OK);
    EXPECT_EQ(n, 0u);
    EXPECT_EQ(dtb_best_line(c, "W:WKz9:BKh6", line.data(), line.size(), &n), DTB_ERR_FEN);
    EXPECT_EQ(dtb_best_line(c, "W:WKa1:BKh6", nullptr, 4, &n), DTB_ERR_ARGUMENT);
}

// Turkish is written in algebraic notation only: dtb_position numbers a1 = 1 ... h8 = 64.
TEST(ProbeCApi, AlgebraicSquareNumbers) {
    probe::Tablebase tb(probe_fixture<Turkish>(2).dir, 1 << 20);
    const auto number = [](const char* sq) { return (sq[1] - '1') * 8 + (sq[0] - 'a') + 1; };
    for (const auto& [w, b] : {std::pair{"d4", "e7"}, {"a1", "h8"}, {"c2", "g6"}, {"h3", "b5"}}) {
        for (int side = 0; side < 2; ++side) {
            const std::string fen = std::string(side ? "B" : "W") + ":WK" + w + ":BK" + b;
            dtb_position p{};
            p.side_to_move = side;
            p.white[0] = std::uint64_t{1} << (number(w) - 1);
            p.black[0] = std::uint64_t{1} << (number(b) - 1);
            p.kings[0] = p.white[0] | p.black[0];
            dtb_value a, c;
            ASSERT_EQ(dtb_probe_fen(tb.c_handle(), fen.c_str(), DTB_WANT_DTW, &a), DTB_OK) << fen;
            ASSERT_EQ(dtb_probe_position(tb.c_handle(), &p, DTB_WANT_DTW, &c), DTB_OK) << fen;
            EXPECT_EQ(a.wdl, c.wdl) << fen;
            EXPECT_EQ(a.dtw, c.dtw) << fen;
        }
    }
}

TEST(ProbeCApi, CppWrapper) {
    probe::Tablebase tb(probe_fixture<Russian>(3).dir, 1 << 20);
    EXPECT_EQ(tb.variant(), "russian");
    std::vector<probe::MoveValue> moves;
    ASSERT_EQ(tb.best_moves("W:WKa1,Kc3:Bh8", moves), probe::Status::ok);
    ASSERT_FALSE(moves.empty());
    EXPECT_EQ(moves[0].after.wdl, Wdl::loss);
    std::string why;
    EXPECT_EQ(tb.best_moves("W:Wz1:Bh8", moves, &why), probe::Status::fen);
    EXPECT_FALSE(why.empty());
    EXPECT_THROW(tb.prober<English>(), probe::Error);
    probe::Tablebase moved = std::move(tb);
    Value v;
    EXPECT_EQ(moved.probe("W:WKa1,Kc3:Bh8", probe::want_dtw, v), probe::Status::ok);
    EXPECT_EQ(v.wdl, Wdl::win);
}

}  // namespace
}  // namespace dtb::test
