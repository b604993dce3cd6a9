// Reading PDN files (PDN 3.0) as people write them: every game with its tags, main line,
// variations and comments. Reading is syntax only; replay.hpp matches the moves to the rules.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "dtb/pdn/encoding.hpp"
#include "dtb/pdn/game.hpp"

namespace dtb::pdn {

// A file that cannot be read at all (missing, unreadable).
class ReadError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The games of PDN text. Never throws on malformed text: what cannot be read is noted in
// the game's problems and reading goes on; one bad game never stops the rest.
std::vector<Game> read_games(std::string_view bytes, Encoding encoding = Encoding::detect);

// The games of a file; throws ReadError when it cannot be opened.
std::vector<Game> read_file(const std::filesystem::path& path,
                            Encoding encoding = Encoding::detect);

}  // namespace dtb::pdn
