// PDN notation per variant: square names (numbers or algebraic), FEN read and write, move
// text. Malformed input throws NotationError with a message naming what is wrong; nothing
// is guessed, so a parsed position is exactly the one written.
#pragma once

#include <cctype>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "dtb/core/movegen.hpp"
#include "dtb/core/position.hpp"

namespace dtb {

class NotationError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

namespace detail {
std::string trim(std::string_view s);
// Splits on sep, keeping empty pieces.
std::vector<std::string> split(std::string_view s, char sep);
// A decimal number made of digits only, or nullopt.
std::optional<int> parse_number(std::string_view s);
// s in upper case, in lower case (ASCII letters).
std::string upper(std::string_view s);
std::string lower(std::string_view s);
// The value of a PDN tag line [FEN "value"] (tag name in either case), or nullopt when s is
// not one.
std::optional<std::string> fen_tag_value(std::string_view s);
}  // namespace detail

// Square naming for variant V. Rows and columns are 0-based from White's lower left as the
// players see the board; the internal board is mirrored for variants whose dark corner is at
// the lower right.
template <class V>
struct Squares {
    using G = typename V::board;
    static constexpr int per_row = G::dark_only ? G::files / 2 : G::files;
    static constexpr bool has_numbers = V::numbering != Numbering::algebraic;

    static constexpr int internal_col(int shown_col) {
        return V::mirrored ? G::files - 1 - shown_col : shown_col;
    }
    static constexpr int shown_col(int b) { return internal_col(G::col_of(b)); }

    // The k-th playable square of a row counted from the left as shown (0-based), as a bit.
    static int nth_in_row(int row, int k, bool from_right) {
        int seen = 0;
        for (int i = 0; i < G::files; ++i) {
            const int c = from_right ? G::files - 1 - i : i;
            if (!G::on_board(row, internal_col(c))) continue;
            if (seen++ == k) return G::bit_of(row, internal_col(c));
        }
        return -1;
    }

    static std::optional<int> from_number(int n) {
        if (!has_numbers || n < 1 || n > G::squares) return std::nullopt;
        const int idx = n - 1;
        if (V::numbering == Numbering::bottom_right)
            return nth_in_row(idx / per_row, idx % per_row, true);
        return nth_in_row(G::ranks - 1 - idx / per_row, idx % per_row, false);
    }

    static int number_of(int b) {
        for (int n = 1; n <= G::squares; ++n)
            if (from_number(n) == b) return n;
        return 0;
    }

    static std::string algebraic(int b) {
        std::string s(1, char('a' + shown_col(b)));
        return s + std::to_string(G::row_of(b) + 1);
    }

    static std::optional<int> from_algebraic(std::string_view s) {
        if (s.size() < 2 || s[0] < 'a' || s[0] >= 'a' + G::files) return std::nullopt;
        const auto rank = detail::parse_number(s.substr(1));
        if (!rank || *rank < 1 || *rank > G::ranks) return std::nullopt;
        const int row = *rank - 1, col = internal_col(s[0] - 'a');
        if (!G::on_board(row, col)) return std::nullopt;
        return G::bit_of(row, col);
    }

    // The name used in output: algebraic or number, per the variant's convention.
    static std::string name(int b) {
        return V::algebraic_output || !has_numbers ? algebraic(b) : std::to_string(number_of(b));
    }

    // Parses a square in either convention; throws with `what` describing the context.
    static int parse(std::string_view text, std::string_view what) {
        const std::string s = detail::trim(text);
        if (const auto n = detail::parse_number(s)) {
            if (!has_numbers)
                throw NotationError(std::string(what) + ": '" + s + "': " + std::string(V::name) +
                                    " squares are named a1.." +
                                    algebraic(G::bit_of(G::ranks - 1, G::files - 1)));
            if (const auto b = from_number(*n)) return *b;
            throw NotationError(std::string(what) + ": square " + s + " is outside 1.." +
                                std::to_string(G::squares));
        }
        if (const auto b = from_algebraic(s)) return *b;
        throw NotationError(std::string(what) + ": '" + s + "' is not a square of " +
                            std::string(V::name));
    }
};

// Reads a PDN FEN: "[WB]:[WB][K]sq,...:[WB][K]sq,..." with ranges ("31-35") for numbered
// squares, either colour field first, a side possibly empty. Frisian positions may carry the
// king-move streaks as an extra field "R" followed by "W" or "B", the king's square, "/" and
// the number of consecutive non-capturing moves that king has made (e.g. ":RW28/2").
// Letters may be of either case ("w:wkc3:bke5"), except where that is ambiguous: on a board
// with a k file (12 files), "k" before a rank number is the square, "K" the king. The FEN may
// be quoted, end with ".", or be a PDN tag line ([FEN "W:W31:B1"]).
template <class V>
Position<V> parse_fen(std::string_view text) {
    using G = typename V::board;
    using bb = typename G::bb;
    using S = Squares<V>;
    std::string fen = detail::trim(text);
    if (const auto tag = detail::fen_tag_value(fen)) fen = detail::trim(*tag);
    if (fen.size() >= 2 && fen.front() == '"' && fen.back() == '"')
        fen = detail::trim(std::string_view(fen).substr(1, fen.size() - 2));
    if (!fen.empty() && fen.back() == '.') fen.pop_back();
    if (fen.empty()) throw NotationError("FEN is empty");

    const auto fields = detail::split(fen, ':');
    Position<V> p;
    const std::string side = detail::upper(detail::trim(fields[0]));
    if (side == "W") {
        p.side = Color::white;
    } else if (side == "B") {
        p.side = Color::black;
    } else {
        throw NotationError("FEN '" + fen +
                            "': the first field must be W or B (side to move), not '" + side + "'");
    }
    bool seen[2] = {false, false};
    for (std::size_t f = 1; f < fields.size(); ++f) {
        std::string field = detail::trim(fields[f]);
        if (field.empty())
            throw NotationError("FEN '" + fen + "': field " + std::to_string(f + 1) + " is empty");
        field[0] = char(std::toupper(static_cast<unsigned char>(field[0])));
        if (field[0] == 'R' && V::king_streak_limit > 0) {
            if constexpr (V::king_streak_limit > 0) {
                for (const auto& item : detail::split(field.substr(1), ',')) {
                    const std::string it = detail::upper(detail::trim(item));
                    const auto slash = it.find('/');
                    if (it.size() < 4 || (it[0] != 'W' && it[0] != 'B') ||
                        slash == std::string::npos)
                        throw NotationError("FEN: king-move streak '" + it +
                                            "' must look like W28/2");
                    const int c = it[0] == 'W' ? 0 : 1;
                    const int sq = S::parse(it.substr(1, slash - 1), "FEN king-move streak");
                    const auto n = detail::parse_number(it.substr(slash + 1));
                    if (!n || *n < 1 || *n > V::king_streak_limit)
                        throw NotationError("FEN: king-move streak count in '" + it +
                                            "' must be 1.." + std::to_string(V::king_streak_limit));
                    p.extra.square[c] = std::uint8_t(sq);
                    p.extra.count[c] = std::uint8_t(*n);
                }
            }
            continue;
        }
        if (field[0] != 'W' && field[0] != 'B')
            throw NotationError("FEN '" + fen + "': field '" + field + "' must start with W or B");
        const Color c = field[0] == 'W' ? Color::white : Color::black;
        const char* cname = c == Color::white ? "white" : "black";
        if (seen[static_cast<int>(c)])
            throw NotationError("FEN '" + fen + "': the " + std::string(cname) +
                                " pieces are given twice");
        seen[static_cast<int>(c)] = true;
        const std::string list = detail::trim(std::string_view(field).substr(1));
        if (list.empty()) continue;
        for (const auto& raw : detail::split(list, ',')) {
            std::string item = detail::trim(raw);
            if (item.empty())
                throw NotationError("FEN '" + fen + "': an empty square in the " +
                                    std::string(cname) + " list");
            bool king = false;
            // A lowercase k before a digit is the k file's square on a board that has one.
            const bool k_file = G::files > 'k' - 'a' && item.size() > 1 &&
                                std::isdigit(static_cast<unsigned char>(item[1]));
            if (item[0] == 'K' || (item[0] == 'k' && !k_file)) {
                king = true;
                item = detail::trim(std::string_view(item).substr(1));
            }
            item = detail::lower(item);
            std::vector<int> squares;
            const auto dash = item.find('-');
            if (dash != std::string::npos) {
                const auto a =
                    detail::parse_number(detail::trim(std::string_view(item).substr(0, dash)));
                const auto b =
                    detail::parse_number(detail::trim(std::string_view(item).substr(dash + 1)));
                if (!a || !b || *a > *b || !S::has_numbers)
                    throw NotationError("FEN '" + fen + "': '" + item +
                                        "' is not a range of square numbers");
                for (int n = *a; n <= *b; ++n)
                    squares.push_back(S::parse(std::to_string(n), "FEN"));
            } else {
                squares.push_back(S::parse(item, "FEN"));
            }
            for (int sq : squares) {
                const bb b = bit<bb>(sq);
                if (p.occupied() & b)
                    throw NotationError("FEN '" + fen + "': square " + S::name(sq) +
                                        " is given twice");
                if (!king && (b & G::promotion_row(c)))
                    throw NotationError(
                        "FEN '" + fen + "': a " + std::string(cname) + " man on " + S::name(sq) +
                        ", its own promotion row, cannot occur (it would be a king)");
                p.pieces(c) |= b;
                if (king) p.kings |= b;
            }
        }
    }
    if constexpr (V::king_streak_limit > 0) {
        for (int c = 0; c < 2; ++c) {
            if (p.extra.square[c] == p.extra.kNone) continue;
            if (!(p.kings_of(Color(c)) & bit<bb>(p.extra.square[c])))
                throw NotationError("FEN: the king-move streak names " +
                                    S::name(p.extra.square[c]) +
                                    ", which holds no king of that side");
            if (!p.men(Color(c))) {  // no restriction without men (see apply.hpp)
                p.extra.square[c] = p.extra.kNone;
                p.extra.count[c] = 0;
            }
        }
    }
    return p;
}

// A FEN that parses but cannot occur in a game (impossible_reason, position.hpp).
class ImpossiblePosition : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

// A position a user typed: parsed (NotationError when malformed) and one that can occur in a
// game (ImpossiblePosition when not, "FEN '...': why").
template <class V>
Position<V> parse_possible_fen(std::string_view text) {
    const Position<V> p = parse_fen<V>(text);
    if (const char* why = impossible_reason(p))
        throw ImpossiblePosition("FEN '" + std::string(text) + "': " + why);
    return p;
}

template <class V>
std::string write_fen(const Position<V>& p) {
    using bb = typename V::board::bb;
    using S = Squares<V>;
    std::string s(1, p.side == Color::white ? 'W' : 'B');
    for (Color c : {Color::white, Color::black}) {
        s += c == Color::white ? ":W" : ":B";
        // Listed by number where squares are written as numbers, else from a1 upwards.
        const bool by_number = S::has_numbers && !V::algebraic_output;
        std::vector<std::pair<int, int>> order;
        for (bb x = p.pieces(c); x;) {
            const int b = pop_lsb(x);
            order.push_back({by_number ? S::number_of(b) : b, b});
        }
        std::sort(order.begin(), order.end());
        bool first = true;
        for (auto [key, b] : order) {
            if (!first) s += ',';
            first = false;
            if (p.kings & bit<bb>(b)) s += 'K';
            s += S::name(b);
        }
    }
    if constexpr (V::king_streak_limit > 0) {
        std::string r;
        for (int c = 0; c < 2; ++c) {
            if (p.extra.square[c] == p.extra.kNone) continue;
            if (!r.empty()) r += ',';
            r += (c == 0 ? 'W' : 'B') + S::name(p.extra.square[c]) + "/" +
                 std::to_string(p.extra.count[c]);
        }
        if (!r.empty()) s += ":R" + r;
    }
    return s;
}

// Move text: "from-to", or for a capture from, capture mark, to; with full_path the
// squares landed on in between are written too ("26x37x48").
template <class V>
std::string move_text(const PathMove<typename V::board>& pm, bool full_path = false) {
    using S = Squares<V>;
    const auto& m = pm.move;
    std::string s = S::name(m.from);
    if (!m.is_capture()) return s + "-" + S::name(m.to);
    if (full_path) {
        for (int i = 0; i + 1 < pm.path.length && i + 1 < kMaxPath; ++i)
            s += std::string(1, V::capture_mark) + S::name(pm.path.squares[i]);
    }
    return s + std::string(1, V::capture_mark) + S::name(m.to);
}

// The legal moves with their text; captures that share from and to are written with their
// full paths so that each text names one move.
template <class V>
std::vector<std::pair<PathMove<typename V::board>, std::string>> legal_moves_with_text(
    const Position<V>& p, Duplicates dups = Duplicates::drop) {
    PathMoveList<typename V::board> list;
    MoveGen<V>::generate(p, list, dups);
    std::vector<std::pair<PathMove<typename V::board>, std::string>> out;
    for (const auto& pm : list) {
        bool ambiguous = false;
        for (const auto& other : list)
            ambiguous |=
                &other != &pm && other.move.from == pm.move.from && other.move.to == pm.move.to;
        out.push_back({pm, move_text<V>(pm, ambiguous)});
    }
    return out;
}

// Finds the legal move a text names: "from-to", "fromxto", "from:to", or with intermediate
// landing squares. Throws when it names no legal move or more than one.
template <class V>
Move<typename V::board> parse_move(const Position<V>& p, std::string_view text) {
    using S = Squares<V>;
    const std::string t = detail::trim(text);
    std::vector<int> squares;
    std::string cur;
    auto flush = [&] {
        if (cur.empty()) throw NotationError("move '" + t + "': a square is missing");
        squares.push_back(S::parse(cur, "move '" + t + "'"));
        cur.clear();
    };
    for (char ch : t) {
        if (ch == '-' || ch == 'x' || ch == 'X' || ch == ':' || ch == '*')
            flush();
        else
            cur += ch;
    }
    flush();
    if (squares.size() < 2) throw NotationError("move '" + t + "' needs a from and a to square");
    std::vector<Move<typename V::board>> matches;
    PathMoveList<typename V::board> list;
    MoveGen<V>::generate(p, list);
    for (const auto& pm : list) {
        if (pm.move.from != squares.front() || pm.move.to != squares.back()) continue;
        // Intermediate squares must appear, in order, among the squares landed on.
        std::size_t k = 1;
        for (int i = 0; i < pm.path.length && k + 1 < squares.size(); ++i)
            if (pm.path.squares[i] == squares[k]) ++k;
        if (k + 1 == squares.size()) matches.push_back(pm.move);
    }
    std::sort(matches.begin(), matches.end());
    matches.erase(std::unique(matches.begin(), matches.end()), matches.end());
    if (matches.empty()) throw NotationError("move '" + t + "' is not legal in " + write_fen(p));
    if (matches.size() > 1)
        throw NotationError("move '" + t + "' is ambiguous in " + write_fen(p) +
                            ": give the squares landed on in between");
    return matches.front();
}

}  // namespace dtb
