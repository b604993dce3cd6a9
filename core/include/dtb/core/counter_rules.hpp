// The vocabulary of the draw counters (docs/variants.md#draw-counters): what a counter
// counts, where it runs, what restarts it and where it draws. Each variant (variants/*.hpp)
// lists its rules as a `CounterSet` of these, one entry per rule, each citing its article.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "dtb/core/material.hpp"
#include "dtb/core/rules.hpp"

namespace dtb {

// What restarts a count (docs/variants.md#how-the-counters-combine).
enum class CounterKind : std::uint8_t {
    progress,  // plies since the last capture or man move (promotions included)
    balance,   // plies since the last capture or promotion (russian 7.2.6)
    force,     // plies since the scope was entered; nothing inside the scope restarts it
};

// The material in which a rule runs. A capture always starts every count afresh; a promotion
// enters a scope when it makes the scope's condition hold, and keeps a force count running
// when the condition held before it too.
enum class ScopeKind : std::uint8_t {
    always,
    both_have_kings,    // each side has a king, with min..max pieces in all
    against_lone_king,  // one side min..max pieces with a king (or kings only) against a lone king
    one_piece_each,     // a single piece of any kind on each side
};

struct Scope {
    ScopeKind kind = ScopeKind::always;
    std::uint8_t min_pieces = 0;  // both_have_kings: in all; against_lone_king: the strong side
    std::uint8_t max_pieces = 0;
    bool kings_only = false;  // against_lone_king: the strong side has no men
};

// How "N moves" becomes a number of plies.
enum class Budget : std::uint8_t {
    each,         // "N moves each": 2N plies, whoever is to move
    strong_side,  // "the strong side's N-th move must win": 2N-1 plies if the strong side is
                  // to move when the count starts, else 2N; king against king counts 2N
};

// When a force count starts inside its scope.
enum class Start : std::uint8_t {
    on_entry,  // when the scope is entered
    on_river,  // portuguese 3.2.1b: when the strong side first has a king on the long diagonal
               // (at entry if it has one then); the starting move is not one of the N
};

// A condition read when the scope is entered, which then holds to the scope's end.
enum class Fixed : std::uint8_t {
    nothing,
    lone_king_on_long_diagonal,  // russian 7.2.7: the rule applies only if it stood there
};

struct CounterRule {
    std::string_view name;     // what users type: `--counters kings-only=12`
    std::string_view article;  // where the rule is written
    CounterKind kind = CounterKind::progress;
    Scope scope{};
    std::uint8_t moves = 0;  // the limit, in moves (see Budget)
    Budget budget = Budget::each;
    Start start = Start::on_entry;
    Fixed fixed = Fixed::nothing;
    // A second limit from this many pieces in all on (russian 7.2.6: 30 moves, 60 from 6 pieces).
    std::uint8_t more_pieces = 0;
    std::uint8_t more_pieces_moves = 0;
};

inline constexpr int kMaxCounterRules = 6;

// A variant's counter rules under one reading. The first set a variant lists is its default;
// the others are named options (docs/variants.md#draw-counters: brazilian `fmjd64`, spanish
// `portuguese`).
struct CounterSet {
    std::string_view name;
    std::string_view summary;
    int count = 0;
    std::array<CounterRule, kMaxCounterRules> rules{};
    // Raised when dtb's reading of the set changes the values: tables written under an
    // earlier revision (their manifest says which) are refused, not read as this one.
    int revision = 1;

    constexpr std::span<const CounterRule> list() const {
        return {rules.data(), std::size_t(count)};
    }
    constexpr bool empty() const { return count == 0; }
};

template <class... R>
constexpr CounterSet counter_set(std::string_view name, std::string_view summary, R... rules) {
    static_assert(sizeof...(R) <= kMaxCounterRules);
    return CounterSet{name, summary, int(sizeof...(R)), {rules...}};
}

// The same rules under another name, for a variant that offers another's as an option.
constexpr CounterSet renamed(CounterSet set, std::string_view name) {
    set.name = name;
    return set;
}

// The same rules under a later reading (see CounterSet::revision).
constexpr CounterSet revised(CounterSet set, int revision) {
    set.revision = revision;
    return set;
}

// A variant whose rules document no counter: repetition is its only draw, as in the pure values.
inline constexpr CounterSet kNoCounters = counter_set("none", "no counter rule: repetition only");

// V's counter set named `name` ("" its default), or null.
template <class V>
constexpr const CounterSet* find_counter_set(std::string_view name) {
    if (name.empty()) return &V::counter_sets[0];
    for (const CounterSet& s : V::counter_sets)
        if (s.name == name) return &s;
    return nullptr;
}

// V's counter set names, the default first: "fmjd, ..." for messages.
template <class V>
std::string counter_set_names() {
    std::string out;
    for (const CounterSet& s : V::counter_sets)
        out += (out.empty() ? "" : ", ") + std::string(s.name);
    return out;
}

// ---------------------------------------------------------------------------------------
// Scopes over a material.

struct SideCount {
    int men = 0, kings = 0;
    constexpr int pieces() const { return men + kings; }
};

constexpr SideCount side_count(const Material& m, Color c) {
    return c == Color::white ? SideCount{m.white_men, m.white_kings}
                             : SideCount{m.black_men, m.black_kings};
}

constexpr bool is_lone_king(SideCount s) { return s.men == 0 && s.kings == 1; }

// Whether side `strong` is the strong side of an against_lone_king scope.
constexpr bool strong_against_lone_king(const Scope& s, const Material& m, Color strong) {
    const SideCount a = side_count(m, strong);
    const SideCount b = side_count(m, strong == Color::white ? Color::black : Color::white);
    if (!is_lone_king(b)) return false;
    if (a.pieces() < s.min_pieces || a.pieces() > s.max_pieces || a.kings == 0) return false;
    return !s.kings_only || a.men == 0;
}

constexpr bool in_scope(const Scope& s, const Material& m) {
    const SideCount w = side_count(m, Color::white), b = side_count(m, Color::black);
    switch (s.kind) {
        case ScopeKind::always:
            return true;
        case ScopeKind::both_have_kings:
            return w.kings > 0 && b.kings > 0 && m.pieces() >= s.min_pieces &&
                   m.pieces() <= s.max_pieces;
        case ScopeKind::against_lone_king:
            return strong_against_lone_king(s, m, Color::white) ||
                   strong_against_lone_king(s, m, Color::black);
        case ScopeKind::one_piece_each:
            return w.pieces() == 1 && b.pieces() == 1;
    }
    return false;
}

// The strong side of a force scope, or nullopt-like `both` when both sides qualify (king
// against king), in which case a strong_side budget counts N moves each.
enum class Strong : std::uint8_t { white, black, both };

constexpr Strong strong_side(const Scope& s, const Material& m) {
    if (s.kind != ScopeKind::against_lone_king) return Strong::both;
    const bool w = strong_against_lone_king(s, m, Color::white);
    const bool b = strong_against_lone_king(s, m, Color::black);
    return w && b ? Strong::both : w ? Strong::white : Strong::black;
}

// The limit in moves for a material (the second limit of 7.2.6 from `more_pieces` on).
constexpr int limit_moves(const CounterRule& r, const Material& m) {
    return r.more_pieces != 0 && m.pieces() >= r.more_pieces ? r.more_pieces_moves : r.moves;
}

// The limit in plies of a count that started with `to_move_at_start` to move.
constexpr int limit_plies(const CounterRule& r, const Material& m, Color to_move_at_start) {
    const int n = limit_moves(r, m);
    if (r.budget == Budget::each) return 2 * n;
    const Strong s = strong_side(r.scope, m);
    if (s == Strong::both) return 2 * n;
    const Color strong = s == Strong::white ? Color::white : Color::black;
    return to_move_at_start == strong ? 2 * n - 1 : 2 * n;
}

}  // namespace dtb
