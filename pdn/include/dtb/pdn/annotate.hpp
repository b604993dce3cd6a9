// A game checked against the tables: the value of every position the tables hold and every
// move that changed the game-theoretic result (a win thrown to a draw or a loss, a draw
// thrown to a loss), with the best move instead.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dtb/pdn/game.hpp"
#include "dtb/pdn/replay.hpp"
#include "dtb/probe/answers.hpp"

namespace dtb::pdn {

// Which values decide what a move threw away: the pure ones (the draw counters ignored) or
// those under the counters the game has run up.
enum class Under { pure, counters };

// A position of the game the tables hold, before ply `ply` (0-based; the number of plies
// for the final position). Values are for the side to move.
struct HeldPosition {
    int ply = 0;
    std::string fen;
    Color side = Color::white;
    Value pure;
    std::optional<probe::CountedValue> counted;  // absent where the counters are not known
    Wdl under = Wdl::unknown;                    // the value that decides (pure or counted)
    int want = probe::want_all;                  // want_wdl: the tables hold WDL alone
};

// A move that lowered its player's result.
struct ThrownMove {
    int ply = 0;  // 1-based
    Color side = Color::white;
    std::string player;   // as the tags name the player, else "White"/"Black"
    std::string written;  // as in the file
    std::string played;   // as dtb writes it
    Wdl before = Wdl::unknown;
    Wdl after = Wdl::unknown;  // the mover's result after the move
    std::string best;
    Wdl best_value = Wdl::unknown;  // the mover's result after the best move
    Value best_pure;                // the pure value after it, for the opponent
    std::string nag() const { return after == Wdl::loss && before == Wdl::win ? "??" : "?"; }
};

struct GameAnnotation {
    int index = 0;
    std::string white, black;
    Outcome recorded = Outcome::unknown;
    std::optional<Replay> replay;  // absent when the variant is not known
    std::string error;             // why the game could not be checked (or only in part)
    std::vector<HeldPosition> positions;
    std::vector<ThrownMove> thrown;
    Under under = Under::counters;

    // The outcome the first held position's value means, unknown before the tables.
    Outcome first_value() const;
};

// g checked against tb. The variant is `given`, else g's GameType, else the tables'; a game
// of another variant than the tables is an error of that game. Never throws for bad games.
GameAnnotation annotate(const probe::Tablebase& tb, const Game& g, Under under,
                        std::optional<VariantId> given = std::nullopt);

// g with the annotation written in: a comment with the value at each held position, "?" or
// "??" and the best move at each thrown one.
Game annotated_game(const Game& g, const GameAnnotation& a);

}  // namespace dtb::pdn
