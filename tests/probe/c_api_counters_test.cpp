// The C interface under the draw counters: the counter set and its counters, the counters a
// move sequence runs up, probes at fresh and given counters agreeing with the C++ rules
// prober, best moves and the line under the counters consistent with the value, and bad
// counters refused.
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>

#include "dtb/compress/table_dir.hpp"
#include "dtb/gen/generate.hpp"
#include "dtb/probe.h"
#include "dtb/probe.hpp"
#include "probe_test_support.hpp"

namespace dtb::test {
namespace {

// Russian up to 3 pieces with its counters' tables, generated once.
const std::filesystem::path& russian_counters_dir() {
    static TempDir dir("c_api_counters");
    static const bool done = [] {
        gen::GenOptions o;
        o.pieces = 3;
        o.out = dir.path();
        gen::generate(VariantId::russian, o);
        return true;
    }();
    (void)done;
    return dir.path();
}

TEST(ProbeCApiCounters, CounterSetAndCounters) {
    probe::Tablebase tb(russian_counters_dir(), 4 << 20);
    dtb_tb* c = tb.c_handle();
    EXPECT_STREQ(dtb_counter_set(c), "fmjd64");
    ASSERT_EQ(dtb_counter_count(c), 5);
    EXPECT_STREQ(dtb_counter_name(c, 0), "kings-only");
    EXPECT_STREQ(dtb_counter_name(c, 5), "");
    EXPECT_STREQ(dtb_counter_name(c, -1), "");

    dtb_counters k;
    char fen[128];
    ASSERT_EQ(dtb_counters_after(c, "W:WKa1,Kc3:BKh8", "a1-b2 h8-g7", &k, fen, sizeof fen), DTB_OK)
        << dtb_error_message();
    EXPECT_STREQ(fen, "W:WKb2,Kc3:BKg7");
    EXPECT_EQ(k.plies[0], 2);  // kings-only: two plies without a capture or man move
    EXPECT_EQ(dtb_counters_after(c, "W:WKa1,Kc3:BKh8", "a1-a2", &k, nullptr, 0), DTB_ERR_FEN);
    EXPECT_EQ(dtb_counters_after(c, "W:WKa1,Kc3:BKh8", "a1-b2", &k, fen, 4), DTB_ERR_BUFFER);
}

TEST(ProbeCApiCounters, AgreesWithTheCountersProber) {
    probe::Tablebase tb(russian_counters_dir(), 4 << 20);
    dtb_tb* c = tb.c_handle();
    const auto rp = tb.counters_prober<Russian>();
    const auto pure = tb.prober<Russian>();
    const CounterSet& set = rp.counter_set();
    std::mt19937_64 rng(11);
    int checked = 0, cursed = 0;
    for (const Material& m : materials_up_to(3)) {
        const Index<Russian> index(m);
        for (int k = 0; k < 200; ++k) {
            Position<Russian> p;
            if (!index.unrank(rng() % index.size(), rng() & 1 ? Color::white : Color::black, p))
                continue;
            if (p.pieces(p.side) == 0) continue;
            CounterState s = fresh_state(set, p);
            const int run = int(rng() % 40);
            for (int i = 0; i < set.count; ++i)
                if (s.counting(i)) s.plies[i] = std::uint16_t(s.plies[i] + run);
            if (!invalid_state(set, s, p).empty()) s = fresh_state(set, p);
            dtb_counters cs;
            for (int i = 0; i < DTB_MAX_COUNTERS; ++i)
                cs.plies[i] = i < set.count && s.counting(i) ? s.plies[i] : -1;
            const std::string fen = write_fen(p);
            probe::CountersAnswer want;
            ASSERT_EQ(rp.probe(p, s, want), probe::Status::ok) << fen;
            Value pv;
            ASSERT_EQ(pure.probe(p, probe::want_all, pv), probe::Status::ok) << fen;
            dtb_counters_value v;
            ASSERT_EQ(dtb_probe_counters(c, fen.c_str(), &cs, &v), DTB_OK)
                << fen << ": " << dtb_error_message();
            EXPECT_EQ(v.wdl, int(want.wdl)) << fen;
            EXPECT_EQ(v.pure.wdl, int(pv.wdl)) << fen;
            EXPECT_EQ(v.klass, int(probe::classify(pv.wdl, want.wdl)) + 1) << fen;
            if (v.klass == DTB_CLASS_CURSED_WIN || v.klass == DTB_CLASS_BLESSED_LOSS) ++cursed;
            // Best moves: a win has a first move to a lost position, a draw none.
            dtb_counters_move moves[64];
            std::size_t n = 0;
            ASSERT_EQ(dtb_best_moves_counters(c, fen.c_str(), &cs, moves, 64, &n), DTB_OK) << fen;
            if (v.wdl == DTB_WIN) {
                ASSERT_GT(n, 0u);
                EXPECT_EQ(moves[0].after.wdl, DTB_LOSS) << fen;
            }
            if (v.wdl == DTB_DRAW) {
                for (std::size_t i = 0; i < n; ++i) EXPECT_NE(moves[i].after.wdl, DTB_LOSS) << fen;
            }
            // The line alternates win and loss to the end of the game.
            dtb_counters_move line[256];
            std::size_t len = 0;
            ASSERT_EQ(dtb_best_line_counters(c, fen.c_str(), &cs, line, 256, &len), DTB_OK) << fen;
            EXPECT_EQ(len == 0, v.wdl == DTB_DRAW || n == 0) << fen;  // n == 0: lost, no move
            for (std::size_t i = 0; i < len; ++i)
                EXPECT_EQ(line[i].after.wdl,
                          (v.wdl == DTB_WIN) == (i % 2 == 0) ? DTB_LOSS : DTB_WIN)
                    << fen << " ply " << i;
            ++checked;
        }
    }
    EXPECT_GT(checked, 1000);
    EXPECT_GT(cursed, 0) << "no sampled position is drawn by the counters";
}

TEST(ProbeCApiCounters, BadCountersAreRefused) {
    probe::Tablebase tb(russian_counters_dir(), 4 << 20);
    dtb_tb* c = tb.c_handle();
    dtb_counters cs;
    for (int& x : cs.plies) x = -1;
    dtb_counters_value v;
    // Two kings against one: kings-only must be counting.
    EXPECT_EQ(dtb_probe_counters(c, "W:WKa1,Kc3:BKh8", &cs, &v), DTB_ERR_COUNTERS);
    EXPECT_NE(std::strstr(dtb_error_message(), "kings-only"), nullptr) << dtb_error_message();
    cs.plies[0] = 1000;
    EXPECT_EQ(dtb_probe_counters(c, "W:WKa1,Kc3:BKh8", &cs, &v), DTB_ERR_COUNTERS);
    cs.plies[0] = -7;
    EXPECT_EQ(dtb_probe_counters(c, "W:WKa1,Kc3:BKh8", &cs, &v), DTB_ERR_COUNTERS);
    EXPECT_EQ(dtb_probe_counters(c, "W:WKa1,Kc3:BKh8", nullptr, nullptr), DTB_ERR_ARGUMENT);
    EXPECT_EQ(dtb_probe_counters(c, "W:WKz9:BKh8", nullptr, &v), DTB_ERR_FEN);
    ASSERT_EQ(dtb_probe_counters(c, "W:WKa1,Kc3:Bh8", nullptr, &v), DTB_OK) << dtb_error_message();
    EXPECT_EQ(v.wdl, DTB_WIN);
    EXPECT_EQ(v.klass, DTB_CLASS_WIN);
    EXPECT_EQ(v.pure.dtw, 3);
}

// Counters' tables written under an earlier reading of their counter set (a manifest without the
// revision: portuguese before issue 51) are refused under the counters, with the reason;
// the pure tables beside them still answer.
TEST(ProbeCApiCounters, EarlierRevisionRefusedPureRead) {
    TempDir dir("stale_counters");
    gen::GenOptions o;
    o.pieces = 3;
    o.out = dir.path();
    gen::generate(VariantId::portuguese, o);
    auto manifest = compress::Manifest::read(dir.path());
    manifest.counters->revision.reset();
    manifest.write(dir.path());

    probe::Tablebase tb(dir.path(), 4 << 20);
    Value pure;
    EXPECT_EQ(tb.probe("W:WK1,K5:BK32", probe::want_all, pure), probe::Status::ok);
    dtb_counters_value v;
    EXPECT_EQ(dtb_probe_counters(tb.c_handle(), "W:WK1,K5:BK32", nullptr, &v), DTB_ERR_VARIANT);
    EXPECT_NE(
        std::string(dtb_error_message()).find("revision 1 of portuguese counter set standard"),
        std::string::npos)
        << dtb_error_message();
    EXPECT_THROW(tb.counters_prober<Portuguese>(), probe::Error);
}

// A directory written before the counters' tables were so named (format 2: KvK.rules.dtb,
// "rules_table_bytes", "rule_set") probes as the same directory under today's names.
TEST(ProbeCApiCounters, TablesOfTheOldNamesRead) {
    namespace fs = std::filesystem;
    TempDir old("old_names");
    for (const auto& e : fs::directory_iterator(russian_counters_dir())) {
        std::string name = e.path().filename().string();
        if (const auto at = name.find(".counters"); at != std::string::npos)
            name.replace(at, 9, ".rules");
        fs::copy_file(e.path(), old.path() / name);
    }
    std::string text;
    {
        std::ifstream in(compress::manifest_path(old.path()));
        text.assign(std::istreambuf_iterator<char>(in), {});
    }
    for (const auto& [from, to] :
         {std::pair<std::string, std::string>{"\"format_version\": 3", "\"format_version\": 2"},
          {"\"counter_set\"", "\"rule_set\""},
          {"\"counters_table_bytes\"", "\"rules_table_bytes\""},
          {"\"counters\": ", "\"rules\": "},
          {"\"counters-idle", "\"rules-idle"},
          {"\"counters-steps", "\"rules-steps"}})
        for (auto at = text.find(from); at != std::string::npos;
             at = text.find(from, at + to.size()))
            text.replace(at, from.size(), to);
    // The manifest's own "counters" object keeps its name.
    text.replace(text.find("\"rules\": {\n    \"rule_set\""), 9, "\"counters\": ");
    std::ofstream(compress::manifest_path(old.path())) << text;
    const auto manifest = compress::Manifest::read(old.path());
    EXPECT_EQ(manifest.format_version, 2);
    EXPECT_TRUE(compress::compare_listing(old.path(), manifest).empty());

    probe::Tablebase now(russian_counters_dir(), 4 << 20), before(old.path(), 4 << 20);
    int checked = 0;
    for (const char* fen :
         {"W:WKa1,Kc3:BKh8", "W:WKc1,Kd2:BKe1", "B:WKa1,Kc3:BKh8", "W:Wc3:BKh8", "W:WKa1:Bc5"}) {
        dtb_counters_value a, b;
        ASSERT_EQ(dtb_probe_counters(now.c_handle(), fen, nullptr, &a), DTB_OK)
            << dtb_error_message();
        ASSERT_EQ(dtb_probe_counters(before.c_handle(), fen, nullptr, &b), DTB_OK)
            << dtb_error_message();
        EXPECT_EQ(std::memcmp(&a, &b, sizeof a), 0) << fen;
        ++checked;
    }
    EXPECT_EQ(checked, 5);
}

}  // namespace
}  // namespace dtb::test
