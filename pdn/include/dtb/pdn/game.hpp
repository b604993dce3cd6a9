// A game as a PDN file records it (PDN 3.0): its tags, its moves as written with their
// comments, NAGs and variations, and its result. Nothing here knows the rules: the moves are
// text until replay.hpp matches them to legal moves.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dtb::pdn {

struct Tag {
    std::string name;
    std::string value;  // UTF-8
};

struct Line;

// One move as written, with what follows it in the file.
struct MoveNode {
    std::string text;                   // "34-29", "d4:b6", "39x28x17x6"; "-" for an unknown move
    int number = 0;                     // the move number written before it, 0 when none
    std::string suffix;                 // "!", "?", "!?" ... glued to the move
    std::vector<int> nags;              // $n after the move
    std::vector<std::string> comments;  // {...} and ; comments after the move
    std::vector<Line> variations;       // alternatives to this move, in the order written
    bool unknown() const { return text == "-" || text == "--"; }
};

// A sequence of moves: the main line of a game or one variation.
struct Line {
    std::vector<std::string> comments;  // comments before the first move
    std::vector<MoveNode> moves;
};

enum class Outcome { white_wins, draw, black_wins, unknown };

// Whose score a result writes first: White's, as the PDN standard has it, or Black's in the
// files of the variants Black starts (English checkers files write "1-0" for a win of Black,
// the side that moves first: replay.hpp's score_order says which).
enum class ScoreOrder { white_first, black_first };

struct Game {
    int index = 0;  // 1-based, in the file
    int line = 0;   // the line of the file where the game starts
    std::vector<Tag> tags;
    Line main;
    std::string result;                 // as written after the moves ("2-0", "*"), may be empty
    std::vector<std::string> problems;  // what the reader could not read, the rest kept

    // The value of the first tag named `name` (ASCII case ignored), or nullopt.
    std::optional<std::string> tag(std::string_view name) const;
    // The recorded result: the result after the moves, else the Result tag (or a tag of the
    // same meaning in another language).
    Outcome outcome(ScoreOrder order = ScoreOrder::white_first) const;
    // The moves of the main line that are written, not placeholders.
    int recorded_moves() const;
    // A player: "White"/"Black" or the same in other languages; empty when not recorded.
    std::string white() const;
    std::string black() const;
};

// The outcome a result text means: 2-0 or 1-0, 1-1 or 1/2-1/2, 0-2 or 0-1; anything else
// (*, 0-0, a match score) unknown.
Outcome outcome_of(std::string_view result, ScoreOrder order = ScoreOrder::white_first);

// "white_wins", "draw", "black_wins", "unknown".
const char* to_string(Outcome o);

// True for a text that ends a game: the results above, *, 0-0.
bool is_result(std::string_view text);

}  // namespace dtb::pdn
