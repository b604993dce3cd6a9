// Every game of the collections in ../shared/real-games (games as their publishers wrote
// them; README.md there) read and replayed. The folder is not part of the project: where it
// is absent (DTB_REAL_GAMES or the CMake option DTB_REAL_GAMES_DIR), the test is skipped.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include "dtb/pdn/read.hpp"
#include "dtb/pdn/replay.hpp"

namespace dtb::pdn {
namespace {

namespace fs = std::filesystem;

fs::path real_games() {
    if (const char* env = std::getenv("DTB_REAL_GAMES")) return env;
    return DTB_REAL_GAMES_DIR;
}

struct Counts {
    int games = 0, replayed = 0, without_moves = 0;
    std::set<std::string> refused;  // "file game N ply P"
};

TEST(PdnRealGames, EveryGameReadAndReplayed) {
    const fs::path root = real_games();
    if (!fs::is_directory(root)) GTEST_SKIP() << root << " does not exist";
    std::map<std::string, Counts> by_variant;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        std::string ext = entry.path().extension().string();
        for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
        if (!entry.is_regular_file() || ext != ".pdn") continue;
        const std::string rel = fs::relative(entry.path(), root).generic_string();
        const std::string folder = rel.substr(0, rel.find('/'));
        const auto variant = find_variant(folder);
        ASSERT_TRUE(variant) << rel;
        Counts& c = by_variant[folder];
        Counts file;
        for (const Game& g : read_file(entry.path())) {
            ++file.games;
            if (g.main.moves.empty()) {
                ++file.without_moves;
                continue;
            }
            const Replay r = replay(g, variant->id);
            if (r.complete()) {
                ++file.replayed;
                continue;
            }
            const std::string id =
                rel + " game " + std::to_string(g.index) + " ply " + std::to_string(r.failure->ply);
            std::cout << "refused: " << id << ": '" << r.failure->written
                      << "': " << r.failure->reason << "\n";
            c.refused.insert(id);
        }
        std::cout << rel << ": " << file.games << " games, " << file.replayed << " replayed, "
                  << file.without_moves << " without moves\n";
        c.games += file.games;
        c.replayed += file.replayed;
        c.without_moves += file.without_moves;
    }
    // Counted per file against README.md's table of the collections.
    EXPECT_EQ(by_variant["international"].games, 1850);
    EXPECT_EQ(by_variant["international"].replayed, 1844);
    EXPECT_EQ(by_variant["english"].games, 1974);
    EXPECT_EQ(by_variant["english"].replayed, 942);
    EXPECT_EQ(by_variant["russian"].games, 209);
    EXPECT_EQ(by_variant["russian"].replayed, 208);
    EXPECT_EQ(by_variant["czech"].games, 298);
    EXPECT_EQ(by_variant["czech"].replayed, 286);
    EXPECT_EQ(by_variant["italian"].games, 53);
    EXPECT_EQ(by_variant["italian"].replayed, 52);
    // The only games refused: recording errors, and a game whose moves are all unknown.
    std::set<std::string> refused;
    for (const auto& [v, c] : by_variant) refused.insert(c.refused.begin(), c.refused.end());
    EXPECT_EQ(refused, (std::set<std::string>{
                           // a move no piece can make (the README notes it)
                           "english/checkerboard/tinsley.pdn game 541 ply 123",
                           // the last move, 3x26, names two captures and nothing follows
                           "italian/wiegerw-pdn/Campionato Assoluto 2005.pdn game 46 ply 26",
                           // every move written as '-'
                           "russian/wiegerw-pdn/abatsiev.pdn game 36 ply 1",
                       }));
}

}  // namespace
}  // namespace dtb::pdn
