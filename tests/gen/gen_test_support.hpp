// Shared by the generator tests: the variants they cover, which piece counts the default
// and the long runs hold, and generator tables solved once per variant for the whole binary.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <type_traits>

#include "dtb/core/variant.hpp"
#include "dtb/gen/tablebase.hpp"

namespace dtb::test {

// Readable typed-test names: the variant's name instead of a number.
struct VariantNames {
    template <class V>
    static std::string GetName(int) {
        return std::string(V::name);
    }
};

// Every variant the generator supports (all but frisian).
using SolvableVariants =
    ::testing::Types<Russian, Brazilian, Pool, Portuguese, Spanish, Czech, Thai, English, African,
                     Giveaway, Italian, International, Canadian, Turkish, Armenian>;

// The 8x8 dark-square variants compared with the brute force on every 4-piece position in
// the default run (each takes 10-15 s, brute force and generator together, on 2 cores), and
// those compared with 4 pieces in the long run only. The default ones cover the rule
// differences: flying kings with promotion in passing (russian), short kings and men that
// take forwards only (english), the inverted goal (giveaway), pieces removed at once and
// 180-degree turns (thai), italian precedence with men that may not take kings, "most
// pieces, then most kings" on a mirrored board with crowning ending the move (spanish),
// "most pieces" with promotion at the end of the move (brazilian). The long ones differ from
// these in one rule each: pool (brazilian, free captures), portuguese (spanish's rules, own
// numbering), czech (spanish, kings capture first), african (english, flying kings).
using FourPiecesByDefault =
    ::testing::Types<Russian, English, Giveaway, Thai, Italian, Spanish, Brazilian>;
using FourPiecesInLongRun = ::testing::Types<Pool, Portuguese, Czech, African>;

template <class V, class List>
struct InList;
template <class V, class... Ts>
struct InList<V, ::testing::Types<Ts...>> : std::bool_constant<(std::is_same_v<V, Ts> || ...)> {};

// The largest tables the default run solves for V (the brute-force comparison needs them).
template <class V>
constexpr int default_pieces() {
    return InList<V, FourPiecesByDefault>::value ? 4 : 3;
}

// Beyond the brute force, for the long run's successor checks.
template <class V>
constexpr int long_run_pieces() {
    return std::is_same_v<typename V::board, Board8x8> ? 5 : 4;
}

// Generator tables, solved once per variant and kept for the binary: the largest piece
// count asked for so far (it answers every smaller material too).
template <class V>
struct SolvedTables {
    static const gen::Tablebase<V>& get(int max_pieces) {
        if (!table() || pieces() < max_pieces) {
            table().reset();
            table() = std::make_unique<gen::Tablebase<V>>(gen::Tablebase<V>::solve(max_pieces));
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
    static std::unique_ptr<gen::Tablebase<V>>& table() {
        static std::unique_ptr<gen::Tablebase<V>> t;
        return t;
    }
    static int& pieces() {
        static int n = 0;
        return n;
    }
};

}  // namespace dtb::test
