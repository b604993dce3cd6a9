// Writing games as PDN 3.0 text: tags, then the moves with their numbers, suffixes, NAGs,
// comments and variations, then the result. What read.hpp reads back to the same game.
#pragma once

#include <string>
#include <vector>

#include "dtb/pdn/game.hpp"

namespace dtb::pdn {

// One game, ending with a blank line. A move is preceded by its number where it has one
// (MoveNode::number); lines are wrapped before 80 columns.
std::string write_game(const Game& g);

std::string write_games(const std::vector<Game>& games);

}  // namespace dtb::pdn
