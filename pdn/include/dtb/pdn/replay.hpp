// A game's main line matched to legal moves: each move as written becomes the legal move it
// names, written as dtb writes moves (from-to, the landing squares only where two captures
// share both ends), so that every other command reads it back.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dtb/core/any_move.hpp"
#include "dtb/core/variant.hpp"
#include "dtb/pdn/game.hpp"

namespace dtb::pdn {

struct ReplayedPly {
    std::string written;     // as in the file
    std::string move;        // as dtb writes it
    AnyMove id;              // the legal move it is, to find it among an answer's records
    std::string fen_before;  // the position the move is played in
    int pieces_before = 0;
};

// Where and why a replay stopped.
struct ReplayFailure {
    int ply = 0;          // 1-based; 0 for the start position ([FEN])
    std::string written;  // the move as written, or the FEN
    std::string reason;
};

struct Replay {
    VariantId variant = VariantId::russian;
    std::string start_fen;
    std::vector<ReplayedPly> plies;  // up to the first move that could not be matched
    std::string end_fen;             // the position after the last ply replayed
    int end_pieces = 0;
    std::optional<ReplayFailure> failure;
    bool complete() const { return !failure.has_value(); }
};

// The variant of a GameType tag value ("20", "20,W,10,10,N1,0"): PDN 3.0 numbers the
// draughts games from 20 on. nullopt for a number dtb has no variant of.
std::optional<VariantId> variant_of_game_type(std::string_view value);

// The variant a game is played in: `given` when there is one, else its GameType tag.
// nullopt when neither names one; *why then says so.
std::optional<VariantId> game_variant(const Game& g, std::optional<VariantId> given,
                                      std::string* why = nullptr);

// The order of the scores in the results of `variant`'s files: Black's first where Black
// moves first; White's, as PDN 3.0 has it, where no variant is known.
ScoreOrder score_order(std::optional<VariantId> variant);

// The main line of g replayed in `variant` from its [FEN] or the variant's start. A written
// move that matches several legal captures is decided by the move after it; one that matches
// none, or still several, stops the replay with a failure. Never throws for bad input.
Replay replay(const Game& g, VariantId variant);

}  // namespace dtb::pdn
