// What a file's annotations add up to: how many games reached the tables, whether the first
// position there agrees with the recorded result, and who threw results away.
#pragma once

#include <map>
#include <string>

#include "dtb/pdn/annotate.hpp"

namespace dtb::pdn {

struct Summary {
    int games = 0;
    int replayed = 0;       // every move matched
    int refused = 0;        // a move or the variant could not be matched (see each game)
    int without_moves = 0;  // positions, forfeits: nothing to replay
    int reached = 0;        // a position in the tables
    int agree = 0;          // the first such position's value is the recorded result
    int differ = 0;
    int result_unknown = 0;  // reached the tables, no result recorded
    int thrown = 0;
    std::map<std::string, int> thrown_by_player;

    void add(const Game& g, const GameAnnotation& a);
};

}  // namespace dtb::pdn
