// What engine authors expect of the C and C++ interface: a search path of several
// directories, which materials are installed and the largest piece count, the root probe
// (every legal move ranked, pure and under the counters), and probing from tables of WDL
// alone.
#include <algorithm>
#include <cstring>
#include <fstream>
#include <random>
#include <set>

#include "dtb/compress/manifest.hpp"
#include "dtb/core/left_out.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/probe.h"
#include "dtb/probe.hpp"
#include "probe_test_support.hpp"

namespace dtb::test {
namespace {

namespace fs = std::filesystem;

// Copies the table files of `from` whose name `keep` accepts into `to`, with a manifest
// naming `variant` (or none when `variant` is empty).
template <class Keep>
void copy_tables(const fs::path& from, const fs::path& to, const std::string& variant, Keep keep) {
    fs::create_directories(to);
    int pieces = 0;
    for (const auto& e : fs::directory_iterator(from)) {
        const std::string name = e.path().filename().string();
        if (e.path().extension() != ".dtb" || !keep(name)) continue;
        fs::copy_file(e.path(), to / e.path().filename(), fs::copy_options::overwrite_existing);
        pieces = std::max(pieces, Material::parse(name.substr(0, name.find('.')))->pieces());
    }
    if (!variant.empty()) compress::Manifest(find_variant(variant)->id, pieces, {}).write(to);
}

// The pieces of a table file's material ("KKvK.wdl.dtb": 3).
int pieces_of(const std::string& file) {
    return Material::parse(file.substr(0, file.find('.')))->pieces();
}

// The dtb_position of p: bit n-1 for square number n.
dtb_position to_c(const Position<Russian>& p) {
    dtb_position c{};
    c.side_to_move = p.side == Color::white ? 0 : 1;
    for (int n = 1; n <= 32; ++n) {
        const auto sq = std::uint64_t{1} << *Squares<Russian>::from_number(n);
        const auto bit = std::uint64_t{1} << (n - 1);
        if (p.white & sq) c.white[0] |= bit;
        if (p.black & sq) c.black[0] |= bit;
        if (p.kings & sq) c.kings[0] |= bit;
    }
    return c;
}

// Where the value after a move puts it for the mover: a loss after it first (a win).
int mover_order(int wdl_after) { return wdl_after == DTB_LOSS ? 0 : wdl_after == DTB_DRAW ? 1 : 2; }

// Random positions of russian up to 3 pieces that can occur.
std::vector<Position<Russian>> sample_positions(int per_material) {
    std::mt19937_64 rng(5);
    std::vector<Position<Russian>> out;
    for (const Material& m : materials_up_to(3)) {
        const Index<Russian> index(m);
        for (int k = 0; k < per_material; ++k) {
            Position<Russian> p;
            if (index.unrank(rng() % index.size(), rng() & 1 ? Color::white : Color::black, p) &&
                !impossible_reason(p))
                out.push_back(p);
        }
    }
    return out;
}

TEST(EngineApi, SearchPathOfTwoDirectories) {
    const auto& f = probe_fixture<Russian>(3);
    TempDir small("path_small"), big("path_big"), other("path_other");
    copy_tables(f.dir, small.path(), "russian",
                [](const std::string& n) { return pieces_of(n) <= 2; });
    copy_tables(f.dir, big.path(), "russian",
                [](const std::string& n) { return pieces_of(n) == 3; });
    copy_tables(f.dir, other.path(), "english", [](const std::string&) { return false; });

    probe::Tablebase all(f.dir, 4 << 20);
    probe::Tablebase path(small.path().string() + ":" + big.path().string(), 4 << 20);
    probe::Tablebase only_small(small.path(), 4 << 20);
    EXPECT_EQ(path.largest(), 3);
    EXPECT_EQ(only_small.largest(), 2);
    const auto installed = path.materials();
    ASSERT_EQ(installed.size(), materials_up_to(3).size());
    EXPECT_EQ(installed.front().material, "KvK");
    EXPECT_EQ(Material::parse(installed.back().material)->pieces(), 3);
    for (const auto& m : installed) EXPECT_EQ(m.tables, DTB_HAS_WDL | DTB_HAS_DTW | DTB_HAS_DTC);
    EXPECT_STREQ(dtb_material_name(path.c_handle(), int(installed.size())), "");

    int checked = 0;
    for (const auto& p : sample_positions(40)) {
        const std::string fen = write_fen(p);
        Value a, b, c;
        ASSERT_EQ(all.probe(fen, probe::want_all, a), probe::Status::ok) << fen;
        ASSERT_EQ(path.probe(fen, probe::want_all, b), probe::Status::ok) << fen;
        EXPECT_EQ(a, b) << fen;
        if (popcount(p.occupied()) == 3 && p.pieces(p.side) && left_out_kind(p) == LeftOut::no) {
            EXPECT_EQ(only_small.probe(fen, probe::want_wdl, c), probe::Status::not_available)
                << fen;
        }
        ++checked;
    }
    EXPECT_GT(checked, 300);

    // Directories of two variants do not make one tablebase.
    dtb_tb* tb = nullptr;
    const std::string mixed = small.path().string() + ":" + other.path().string();
    EXPECT_EQ(dtb_open(mixed.c_str(), 0, &tb), DTB_ERR_VARIANT);
    EXPECT_NE(std::string(dtb_error_message()).find("english"), std::string::npos);
    const std::string missing = small.path().string() + ":" + (small.path() / "none").string();
    EXPECT_EQ(dtb_open(missing.c_str(), 0, &tb), DTB_ERR_DIRECTORY);
}

// The root probe: the legal moves, identified by squares, in dtb_best_moves's order, ranked.
TEST(EngineApi, RootProbeRanksEveryLegalMove) {
    const auto& f = probe_fixture<Russian>(3);
    probe::Tablebase tb(f.dir, 4 << 20);
    int checked = 0;
    for (const auto& p : sample_positions(30)) {
        const std::string fen = write_fen(p);
        std::vector<dtb_root_move> root;
        ASSERT_EQ(tb.probe_root(to_c(p), nullptr, root), probe::Status::ok) << fen;
        std::vector<probe::MoveValue> best;
        ASSERT_EQ(tb.best_moves(fen, best), probe::Status::ok) << fen;
        ASSERT_EQ(root.size(), best.size()) << fen;
        const auto legal = legal_moves_with_text(p);
        for (std::size_t i = 0; i < root.size(); ++i) {
            const auto& r = root[i];
            EXPECT_EQ(std::string(r.text), best[i].move) << fen;
            EXPECT_EQ(r.after.wdl, int(best[i].after.wdl)) << fen;
            EXPECT_EQ(r.after.dtw, int(best[i].after.dtw)) << fen;
            EXPECT_EQ(r.has_counters, 0);
            // From, to and the squares taken name the move the text names.
            int found = 0;
            for (const auto& [pm, text] : legal) {
                std::uint64_t taken = 0;
                for (int n = 1; n <= 32; ++n)
                    if (pm.move.captured >> *Squares<Russian>::from_number(n) & 1)
                        taken |= std::uint64_t{1} << (n - 1);
                if (*Squares<Russian>::from_number(r.from) == pm.move.from &&
                    *Squares<Russian>::from_number(r.to) == pm.move.to && taken == r.captured[0]) {
                    ++found;
                    EXPECT_EQ(text, std::string(r.text)) << fen;
                }
            }
            EXPECT_EQ(found, 1) << fen << " " << r.text;
            // Rank 0 for the best; one more at each change of value.
            if (i == 0) {
                EXPECT_EQ(r.rank, 0);
            } else {
                const auto& q = root[i - 1];
                const bool same = q.after.wdl == r.after.wdl && q.after.dtw == r.after.dtw &&
                                  q.after.dtc == r.after.dtc;
                EXPECT_EQ(r.rank, q.rank + (same ? 0 : 1)) << fen;
            }
        }
        ++checked;
    }
    EXPECT_GT(checked, 300);
    dtb_root_move one;
    std::size_t n = 0;
    const dtb_position start = to_c(parse_fen<Russian>("W:WKa1,Kc3:Bh8"));
    EXPECT_EQ(dtb_probe_root(tb.c_handle(), &start, nullptr, &one, 1, &n), DTB_ERR_BUFFER);
    EXPECT_GT(n, 1u);
}

// Under the counters: the order of dtb_best_moves_counters, with the counters and the value
// under them after each move.
TEST(EngineApi, RootProbeUnderTheCounters) {
    static TempDir dir("root_counters");
    gen::GenOptions o;
    o.pieces = 3;
    o.out = dir.path();
    gen::generate(VariantId::russian, o);
    probe::Tablebase tb(dir.path(), 4 << 20);
    dtb_tb* c = tb.c_handle();
    int checked = 0;
    for (const auto& p : sample_positions(20)) {
        const std::string fen = write_fen(p);
        dtb_counters fresh;
        ASSERT_EQ(dtb_counters_after(c, fen.c_str(), "", &fresh, nullptr, 0), DTB_OK) << fen;
        std::vector<dtb_root_move> root;
        ASSERT_EQ(tb.probe_root(to_c(p), &fresh, root), probe::Status::ok) << fen;
        std::vector<dtb_counters_move> rated(root.size() + 1);
        std::size_t n = 0;
        ASSERT_EQ(dtb_best_moves_counters(c, fen.c_str(), &fresh, rated.data(), rated.size(), &n),
                  DTB_OK);
        ASSERT_EQ(n, root.size()) << fen;
        for (std::size_t i = 0; i < n; ++i) {
            EXPECT_STREQ(root[i].text, rated[i].text) << fen;
            EXPECT_EQ(root[i].has_counters, 1);
            EXPECT_EQ(root[i].counted.wdl, rated[i].after.wdl) << fen;
            EXPECT_EQ(root[i].counted.budget, rated[i].after.budget) << fen;
            EXPECT_EQ(std::memcmp(&root[i].counters, &rated[i].counters, sizeof fresh), 0);
            EXPECT_EQ(root[i].after.wdl, rated[i].after.pure.wdl) << fen;
        }
        if (n) {
            EXPECT_EQ(root[0].rank, 0);
        }
        ++checked;
    }
    EXPECT_GT(checked, 200);
}

// A directory of WDL tables alone: WDL probes, best moves and the root probe by WDL, and
// the distances not available.
TEST(EngineApi, TablesOfWdlAlone) {
    const auto& f = probe_fixture<Russian>(3);
    TempDir wdl("wdl_only");
    copy_tables(f.dir, wdl.path(), "russian",
                [](const std::string& n) { return n.find(".wdl.") != std::string::npos; });
    probe::Tablebase tb(wdl.path(), 4 << 20);
    probe::Tablebase full(f.dir, 4 << 20);
    EXPECT_EQ(tb.largest(), 3);
    for (const auto& m : tb.materials()) EXPECT_EQ(m.tables, DTB_HAS_WDL);
    int checked = 0;
    for (const auto& p : sample_positions(30)) {
        const std::string fen = write_fen(p);
        Value a, b;
        ASSERT_EQ(full.probe(fen, probe::want_all, a), probe::Status::ok) << fen;
        ASSERT_EQ(tb.probe(fen, probe::want_wdl, b), probe::Status::ok) << fen;
        EXPECT_EQ(a.wdl, b.wdl) << fen;
        std::vector<dtb_root_move> root, full_root;
        ASSERT_EQ(tb.probe_root(to_c(p), nullptr, root), probe::Status::ok) << fen;
        ASSERT_EQ(full.probe_root(to_c(p), nullptr, full_root), probe::Status::ok) << fen;
        std::vector<probe::MoveValue> moves;
        ASSERT_EQ(tb.best_moves(fen, moves), probe::Status::ok) << fen;
        ASSERT_EQ(moves.size(), root.size());
        ASSERT_EQ(full_root.size(), root.size());
        // Ranked by WDL without distances (-1), unless no move needed a distance table
        // (every move ends the game, or only captures follow): then as with all tables.
        const bool distances = root.empty() || root[0].after.dtw != -1;
        for (std::size_t i = 0; i < root.size(); ++i) {
            if (distances) {
                EXPECT_STREQ(root[i].text, full_root[i].text) << fen;
                EXPECT_EQ(root[i].after.dtw, full_root[i].after.dtw) << fen;
            } else {
                EXPECT_EQ(root[i].after.dtw, -1) << fen;
            }
            if (i) {
                EXPECT_LE(mover_order(root[i - 1].after.wdl), mover_order(root[i].after.wdl));
            }
        }
        // The best move's value is the position's (a win moves to a loss, ...).
        if (!root.empty()) {
            EXPECT_EQ(root[0].after.wdl, int(opposite(a.wdl))) << fen;
        }
        ++checked;
    }
    EXPECT_GT(checked, 300);
    int value = 0, dtw = 0;
    EXPECT_EQ(dtb_probe_dtw(tb.c_handle(), "W:WKa1,Kc3:Bh8", &value, &dtw), DTB_ERR_NOT_AVAILABLE);
}

}  // namespace
}  // namespace dtb::test
