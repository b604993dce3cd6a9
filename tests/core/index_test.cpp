// The index: rank and unrank are inverse on every valid entry, the block visitor walks the
// valid entries in index order, and the number of positions per piece count equals the
// closed formula (english: OEIS A055213, docs/variants.md#published-counts).
#include <gtest/gtest.h>

#include <random>

#include "dtb/core/index.hpp"
#include "dtb/core/king_table.hpp"
#include "dtb/core/variant.hpp"

namespace dtb::gen {
namespace {

// Every split of n pieces into white men, white kings, black men, black kings (a side may
// have none: the published counts include one-sided positions).
std::vector<Material> all_splits(int n) {
    std::vector<Material> out;
    for (int wm = 0; wm <= n; ++wm)
        for (int wk = 0; wm + wk <= n; ++wk)
            for (int bm = 0; wm + wk + bm <= n; ++bm) out.push_back({wm, wk, bm, n - wm - wk - bm});
    return out;
}

template <class V>
std::uint64_t valid_positions(const Material& m) {
    const Index<V> idx(m);
    std::uint64_t n = 0;
    for (std::uint64_t b = 0; b < idx.blocks(); ++b) {
        const auto [wm, bm] = idx.block_men(b);
        if (!(wm & bm)) n += idx.block_size();
    }
    return n;
}

TEST(Index, EnglishCountsEqualTheClosedFormula) {
    const std::uint64_t a055213[] = {0, 120, 6972, 261224, 7092774, 148688232};
    for (int n = 1; n <= 5; ++n) {
        std::uint64_t total = 0;
        for (const auto& m : all_splits(n)) total += valid_positions<English>(m);
        EXPECT_EQ(total, a055213[n]) << n << " pieces";
    }
}

TEST(Index, RussianSmallSlicesHaveThePublishedSizes) {
    // docs/variants.md#published-counts, "Small endings", russian: positions of each material,
    // white to move.
    EXPECT_EQ(valid_positions<Russian>(*Material::parse("KvK")), 992u);
    EXPECT_EQ(valid_positions<Russian>(*Material::parse("MvM")), 760u);
    EXPECT_EQ(valid_positions<Russian>(*Material::parse("KMvK")), 26040u);
    EXPECT_EQ(valid_positions<Russian>(*Material::parse("MMvM")), 9936u);
}

// Men standing on their own promotion row (there must be none).
template <class V>
auto men_on_promotion_rows(const Position<V>& p) {
    using G = typename V::board;
    return (p.men(Color::white) & G::promotion_row(Color::white)) |
           (p.men(Color::black) & G::promotion_row(Color::black));
}

template <class V>
void check_round_trip(const Material& m, int samples) {
    const Index<V> idx(m);
    std::mt19937_64 rng(99);
    for (int k = 0; k < samples; ++k) {
        const std::uint64_t i = rng() % idx.size();
        Position<V> p;
        if (!idx.unrank(i, Color::white, p)) continue;
        EXPECT_EQ(popcount(p.men(Color::white)), m.white_men);
        EXPECT_EQ(popcount(p.kings_of(Color::black)), m.black_kings);
        EXPECT_EQ(men_on_promotion_rows(p), typename V::board::bb{0});
        ASSERT_EQ(idx.rank(p), i) << V::name << " " << m.name();
    }
}

TEST(Index, RankUnrankRoundTripOnEveryBoard) {
    for (const char* name : {"KvK", "KKMvKM", "MMvMM", "KKKvKK", "MMMvK", "KvKMMM"}) {
        const auto m = *Material::parse(name);
        check_round_trip<Russian>(m, 20000);
        check_round_trip<International>(m, 20000);
        check_round_trip<Canadian>(m, 20000);
        check_round_trip<Turkish>(m, 20000);
    }
}

// The solver's tabulated unranking (king_table.hpp) against Index::unrank.
template <class V>
void check_king_table(const Material& m) {
    const Index<V> idx(m);
    const KingTable<V> table(idx);
    std::mt19937_64 rng(7);
    for (int k = 0; k < 20000; ++k) {
        const std::uint64_t i = rng() % idx.size();
        const std::uint64_t block = i / idx.block_size();
        const auto [wm, bm] = idx.block_men(block);
        if (wm & bm) continue;
        const Color side = k % 2 ? Color::black : Color::white;
        Position<V> p, q;
        ASSERT_TRUE(idx.unrank(i, side, p));
        table.unrank(i - block * idx.block_size(), wm, bm, side, q);
        ASSERT_EQ(p, q) << V::name << " " << m.name() << " index " << i;
    }
}

TEST(Index, KingTableUnranksAsIndexDoes) {
    for (const char* name : {"KvK", "KKMvKM", "KKKvKK", "MvKKK", "KKKKvK"}) {
        const auto m = *Material::parse(name);
        check_king_table<Russian>(m);
        check_king_table<International>(m);
        check_king_table<Canadian>(m);  // 128-bit boards
        check_king_table<Turkish>(m);
    }
}

// KingsAfterMove against ranking the position reached, for every king and every empty square
// it could go to, in slices whose Black has no king (White's kings are the whole term).
template <class V>
void check_kings_after_move(const Material& m) {
    using bb = typename V::board::bb;
    const Index<V> idx(m);
    std::mt19937_64 rng(11);
    for (int k = 0; k < 300; ++k) {
        Position<V> p;
        if (!idx.unrank(rng() % idx.size(), Color::white, p)) continue;
        const bb kings = p.kings_of(Color::white);
        const bb free = V::board::board & ~(p.men(Color::white) | p.men(Color::black));
        for (bb from_set = kings; from_set;) {
            const int from = pop_lsb(from_set);
            const typename Index<V>::KingsAfterMove after(kings ^ bit<bb>(from), free);
            for (bb to_set = p.empty(); to_set;) {
                const int to = pop_lsb(to_set);
                Position<V> q = p;
                q.white ^= bit<bb>(from) | bit<bb>(to);
                q.kings ^= bit<bb>(from) | bit<bb>(to);
                ASSERT_EQ(after.rank(to), idx.rank(q) - idx.block_base(q))
                    << V::name << " " << m.name() << " " << from << "-" << to;
            }
        }
    }
}

TEST(Index, KingsAfterMoveRanksAsTheIndexDoes) {
    for (const char* name : {"KvM", "KKvMM", "KKKvM", "KKKKvM", "KKMvMM"}) {
        const auto m = *Material::parse(name);
        check_kings_after_move<Russian>(m);
        check_kings_after_move<International>(m);
        check_kings_after_move<Canadian>(m);  // 128-bit boards
    }
}

TEST(Index, VisitWalksTheValidEntriesInOrder) {
    for (const char* name : {"KKvKM", "MvMM", "KKKvK"}) {
        const Index<Russian> idx(*Material::parse(name));
        std::uint64_t expected = 0, visited = 0;
        for (std::uint64_t b = 0; b < idx.blocks(); ++b) {
            // Two halves of the white-king ranks, as the solver cuts big blocks.
            const std::uint64_t half = idx.white_king_ranks() / 2;
            for (auto [lo, hi] :
                 {std::pair{std::uint64_t{0}, half}, std::pair{half, idx.white_king_ranks()}}) {
                idx.visit(b, lo, hi, Color::black,
                          [&](std::uint64_t i, const Position<Russian>& p) {
                              Position<Russian> q;
                              ASSERT_TRUE(idx.unrank(i, Color::black, q));
                              ASSERT_EQ(p, q) << name << " index " << i;
                              ++visited;
                          });
            }
            const auto [wm, bm] = idx.block_men(b);
            if (!(wm & bm)) expected += idx.block_size();
        }
        EXPECT_EQ(visited, expected) << name;
    }
}

// Frisian: a side with men and kings keeps its king-move streak in the index. Every entry of
// such a material is a position with a streak naming one of the side's kings; rank, unrank,
// the block visitor, the king table and the two colours' terms agree on it, and a streak's
// term is what a man move (which ends the mover's run) takes off.
TEST(Index, FrisianStreaksRoundTrip) {
    for (const char* name : {"KMvK", "KKMvK", "KvKKM", "KMvKM", "KMMvM", "KKvK"}) {
        const Material m = *Material::parse(name);
        const Index<Frisian> idx(m);
        const KingTable<Frisian> kings(idx);
        const std::uint64_t sw = m.white_men && m.white_kings ? 1 + 3 * m.white_kings : 1;
        const std::uint64_t sb = m.black_men && m.black_kings ? 1 + 3 * m.black_kings : 1;
        EXPECT_EQ(idx.streaks(Color::white), sw) << name;
        EXPECT_EQ(idx.streaks(Color::black), sb) << name;
        EXPECT_EQ(idx.size(), Index<International>(m).size() * sw * sb) << name;
        std::uint64_t visited = 0, expected = 0, without_streak = 0;
        for (std::uint64_t b = 0; b < idx.blocks(); ++b) {
            const auto [wm, bm] = idx.block_men(b);
            if (!(wm & bm)) expected += idx.block_size();
            const std::uint64_t base = b * idx.block_size();
            idx.visit(b, 0, idx.white_king_ranks(), Color::white,
                      [&](std::uint64_t i, const Position<Frisian>& p) {
                          ++visited;
                          ASSERT_EQ(idx.rank(p), i) << name;
                          Position<Frisian> q, t;
                          ASSERT_TRUE(idx.unrank(i, Color::white, q));
                          ASSERT_EQ(q, p) << name << " index " << i;
                          kings.unrank(i - base, wm, bm, Color::white, t);
                          ASSERT_EQ(t, p) << name << " index " << i;
                          ASSERT_EQ(idx.white_kings_term(p, base) + idx.black_kings_term(p), i);
                          for (int c = 0; c < 2; ++c)
                              if (p.extra.square[c] != p.extra.kNone) {
                                  ASSERT_TRUE(p.kings_of(Color(c)) &
                                              bit<Board10x10::bb>(p.extra.square[c]));
                                  ASSERT_TRUE(p.men(Color(c)));
                              }
                          Position<Frisian> fresh = p;
                          fresh.extra = {};
                          without_streak += fresh == p;
                          EXPECT_EQ(idx.rank(fresh), i - idx.streak_term(p, Color::white) -
                                                         idx.streak_term(p, Color::black));
                      });
        }
        EXPECT_EQ(visited, expected) << name;
        EXPECT_EQ(without_streak * sw * sb, visited) << name;
    }
}

TEST(Material, NamesRoundTripAndOrderFollowsDependencies) {
    for (const auto& m : materials_up_to(5)) EXPECT_EQ(Material::parse(m.name()), m);
    EXPECT_FALSE(Material::parse("KvX"));
    EXPECT_FALSE(Material::parse("Kv"));
    EXPECT_FALSE(Material::parse("KK"));
    const auto order = materials_up_to(4);
    for (std::size_t i = 1; i < order.size(); ++i) {
        EXPECT_LE(order[i - 1].pieces(), order[i].pieces());
        if (order[i - 1].pieces() == order[i].pieces()) {
            EXPECT_LE(order[i - 1].men(), order[i].men());
        }
    }
    // 2..4 pieces, each side at least one: 4 + 12 + 25 materials.
    EXPECT_EQ(order.size(), 4u + 12u + 25u);
}

}  // namespace
}  // namespace dtb::gen
