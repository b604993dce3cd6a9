// The legal moves of a position and perft, for a runtime variant: what `dtb moves` and
// `dtb perft` show. Compiled with the generator's per-variant objects, whose move generation
// they share.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "dtb/core/variant.hpp"

namespace dtb::gen {

struct LegalMove {
    std::string move;
    std::string fen_after;
};

struct LegalMoves {
    std::string fen;
    bool no_move_wins = false;  // giveaway: the side that cannot move wins
    std::vector<LegalMove> moves;
};

// Throws NotationError for a malformed FEN, ImpossiblePosition (core/notation.hpp) for one
// that cannot occur.
LegalMoves legal_moves(VariantId variant, const std::string& fen, bool keep_duplicates);

struct PerftDepth {
    int depth = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
};

struct Perft {
    std::string fen;
    std::vector<PerftDepth> depths;                             // 1..depth
    std::vector<std::pair<std::string, std::uint64_t>> divide;  // per root move, at depth
};

// Perft of fen (empty: the start position) to `depth`, over OpenMP's threads; each_depth, if
// given, is called as each depth is counted. Throws as legal_moves does.
Perft perft(VariantId variant, const std::string& fen, int depth, bool keep_duplicates,
            const std::function<void(const PerftDepth&)>& each_depth = {});

}  // namespace dtb::gen
