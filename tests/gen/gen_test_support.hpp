// Shared by the generator tests: the variants they cover, which piece counts the default
// and the long runs check, and generator tables solved once per variant for the binary.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <type_traits>

#include "dtb/core/variant.hpp"
#include "dtb/gen/run/solved_slices.hpp"

namespace dtb::test {

// Readable typed-test names: the variant's name instead of a number.
struct VariantNames {
    template <class V>
    static std::string GetName(int) {
        return std::string(V::name);
    }
};

// Every variant.
using SolvableVariants = ::testing::Types<DTB_VARIANT_TYPES>;

// The 8x8 dark-square variants compared with the brute force on every 4-piece position in
// the default run (10-15 s each on 2 cores, brute force and generator together), and those
// compared with 4 pieces in the long run only. The default ones cover the rule
// differences: flying kings with promotion in passing (russian), short kings and men that
// take forwards only (english), the inverted goal (giveaway), pieces removed at once and
// 180-degree turns (thai), italian precedence with men that may not take kings, "most
// pieces, then most kings" on a mirrored board with crowning ending the move (spanish),
// "most pieces" with promotion at the end of the move (brazilian). Each long one differs
// from a default one in one rule at most: pool (brazilian with free captures), portuguese
// (spanish's moves and captures exactly), czech (spanish with kings capturing first),
// african (english with flying kings).
using FourPiecesByDefault =
    ::testing::Types<Russian, English, Giveaway, Thai, Italian, Spanish, Brazilian>;
using FourPiecesInLongRun = ::testing::Types<Pool, Portuguese, Czech, African>;

// The successor checks sample every slice up to 3 pieces in the default run (which compares
// 4-piece 8x8 slices position by position anyway), and beyond the brute force's reach in the
// long run.
inline constexpr int kDefaultSuccessorPieces = 3;
template <class V>
constexpr int long_run_pieces() {
    return std::is_same_v<typename V::board, Board8x8> ? 5 : 4;
}

// Generator tables, solved once per variant and kept for the binary: the largest piece
// count asked for so far (it answers every smaller material too).
template <class V>
struct SolvedTables {
    static const gen::SolvedSlices<V>& get(int max_pieces) {
        if (!table() || pieces() < max_pieces) {
            table().reset();
            table() =
                std::make_unique<gen::SolvedSlices<V>>(gen::SolvedSlices<V>::solve(max_pieces));
            pieces() = max_pieces;
        }
        return *table();
    }
    // Frees the table (after the long tests, which solve large ones).
    static void release() {
        table().reset();
        pieces() = 0;
    }

  private:
    static std::unique_ptr<gen::SolvedSlices<V>>& table() {
        static std::unique_ptr<gen::SolvedSlices<V>> t;
        return t;
    }
    static int& pieces() {
        static int n = 0;
        return n;
    }
};

}  // namespace dtb::test
