#include "lexer.hpp"

#include <array>
#include <cctype>

#include "dtb/pdn/game.hpp"

namespace dtb::pdn::detail {

// "$n", built by appending: GCC 12 warns falsely on "$" + std::to_string(n) (-Wrestrict).
std::string nag_text(int n) {
    std::string s = "$";
    s += std::to_string(n);
    return s;
}

namespace {

bool space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool digit(char c) { return c >= '0' && c <= '9'; }
bool alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool delimiter(char c) {
    return space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' ||
           c == ';' || c == '$' || c == '"';
}

// Results that may be glued to the next game's move number: longest first.
constexpr std::array<std::string_view, 8> kGluedResults = {
    "1/2-1/2", "\xC2\xBD-\xC2\xBD", "2-0", "0-2", "1-1", "1-0", "0-1", "0-0"};

// The length of a leading move number ("12." "01." "3..."), 0 when there is none.
std::size_t number_prefix(std::string_view w) {
    std::size_t i = 0;
    while (i < w.size() && digit(w[i])) ++i;
    if (i == 0 || i >= w.size() || w[i] != '.') return 0;
    while (i < w.size() && w[i] == '.') ++i;
    return i;
}

class Lexer {
  public:
    explicit Lexer(std::string_view t) : t_(t) {}

    std::vector<Token> run() {
        while (skip_space(), pos_ < t_.size()) {
            const char c = t_[pos_];
            if (literal_break()) {
                pos_ += 2;
            } else if (c == '%' && at_line_start()) {
                skip_line();  // PDN escape line: for other programs
            } else if (c == '[') {
                tag();
            } else if (c == '{') {
                brace_comment();
            } else if (c == ';') {
                line_comment();
            } else if (c == '(' || c == ')') {
                push(c == '(' ? TokenKind::open : TokenKind::close, std::string(1, c));
                ++pos_;
            } else if (c == '$') {
                nag();
            } else if (c == ']' || c == '}' || c == '"') {
                problem(std::string("stray '") + c + "' skipped");
                ++pos_;
            } else if (!bare_tag()) {
                word();
            }
        }
        return std::move(out_);
    }

  private:
    void push(TokenKind k, std::string text, int number = 0) {
        out_.push_back({k, std::move(text), "", number, line_});
    }
    void problem(std::string message) { push(TokenKind::problem, std::move(message)); }
    void advance() {
        if (t_[pos_] == '\n') ++line_;
        ++pos_;
    }
    void skip_space() {
        while (pos_ < t_.size() && space(t_[pos_])) advance();
    }
    // Spaces within a line: a tag does not go on to the next.
    void skip_blanks() {
        while (pos_ < t_.size() && (t_[pos_] == ' ' || t_[pos_] == '\t')) ++pos_;
    }
    bool at_line_start() const { return pos_ == 0 || t_[pos_ - 1] == '\n'; }
    void skip_line() {
        while (pos_ < t_.size() && t_[pos_] != '\n') ++pos_;
    }

    // A tag: [Name "value"]. What follows a '[' that is no tag is read on as moves.
    void tag() {
        const int start_line = line_;
        ++pos_;
        skip_space();  // "[" alone on a line, the name on the next, is seen in exports
        if (pos_ < t_.size() && t_[pos_] == '[') {
            problem("stray '[' on line " + std::to_string(start_line) + " skipped");
            return;
        }
        tag_body(start_line);
    }

    // The rest of a tag from its name on; a malformed one is skipped to its ']' or the end of
    // its line.
    void tag_body(int start_line) {
        std::string name;
        while (pos_ < t_.size() && !delimiter(t_[pos_])) name += t_[pos_++];
        skip_blanks();
        std::string value;
        if (pos_ < t_.size() && t_[pos_] == '"') {
            ++pos_;
            while (pos_ < t_.size() && t_[pos_] != '"' && t_[pos_] != '\n') {
                if (t_[pos_] == '\\' && pos_ + 1 < t_.size()) ++pos_;  // \" and \\ escapes
                value += t_[pos_++];
            }
            if (pos_ < t_.size() && t_[pos_] == '"') ++pos_;
        }
        skip_blanks();
        if (pos_ >= t_.size() || t_[pos_] != ']' || name.empty()) {
            problem("malformed tag on line " + std::to_string(start_line));
            while (pos_ < t_.size() && t_[pos_] != '\n' && t_[pos_] != ']') ++pos_;
            if (pos_ < t_.size() && t_[pos_] == ']') ++pos_;
            return;
        }
        ++pos_;
        out_.push_back({TokenKind::tag, name, value, 0, start_line});
    }

    // A line `Name "value"]` whose '[' was lost: read as the tag it is.
    bool bare_tag() {
        if (!at_line_start()) return false;
        std::size_t p = pos_;
        while (p < t_.size() && std::isalpha(static_cast<unsigned char>(t_[p]))) ++p;
        if (p == pos_ || p >= t_.size() || t_[p] != ' ') return false;
        const std::size_t end = t_.find('\n', p);
        const std::string_view rest =
            t_.substr(p, end == std::string_view::npos ? t_.npos : end - p);
        const std::size_t close = rest.find_last_of(']');
        if (rest.find('"') != 1 || close == std::string_view::npos || close < 3 ||
            rest[close - 1] != '"')
            return false;
        problem("tag without '[' on line " + std::to_string(line_));
        tag_body(line_);
        return true;
    }

    void brace_comment() {
        const int start_line = line_;
        ++pos_;
        std::string text;
        while (pos_ < t_.size() && t_[pos_] != '}') {
            text += t_[pos_];
            advance();
        }
        if (pos_ >= t_.size()) {
            problem("comment opened on line " + std::to_string(start_line) + " is not closed");
        } else {
            ++pos_;
        }
        out_.push_back({TokenKind::comment, text, "", 0, start_line});
    }

    void line_comment() {
        const std::size_t start = ++pos_;
        skip_line();
        std::string text(t_.substr(start, pos_ - start));
        if (!text.empty() && text.back() == '\r') text.pop_back();
        push(TokenKind::comment, std::move(text));
    }

    void nag() {
        ++pos_;
        int n = 0, digits = 0;
        while (pos_ < t_.size() && digit(t_[pos_]) && digits < 4) {
            n = n * 10 + (t_[pos_++] - '0');
            ++digits;
        }
        if (digits == 0)
            problem("'$' without a number");
        else
            push(TokenKind::nag, nag_text(n), n);
    }

    // A line break some exporters write as the two characters \r or \n.
    bool literal_break() const {
        return t_[pos_] == '\\' && pos_ + 1 < t_.size() &&
               (t_[pos_ + 1] == 'r' || t_[pos_ + 1] == 'n');
    }

    void word() {
        std::string w;
        while (pos_ < t_.size() && !delimiter(t_[pos_]) && !literal_break()) w += t_[pos_++];
        // "1- 7": a move broken by a space, rejoined when a square follows.
        const char last = w.back();
        if (w.size() > 1 && (last == '-' || last == 'x' || last == ':')) {
            std::size_t p = pos_;
            while (p < t_.size() && (t_[p] == ' ' || t_[p] == '\t')) ++p;
            if (p > pos_ && p < t_.size() && alnum(t_[p])) {
                pos_ = p;
                while (pos_ < t_.size() && !delimiter(t_[pos_])) w += t_[pos_++];
            }
        }
        split_word(w);
    }

    // A word into a glued result, a move number, a move and text glued to it.
    void split_word(std::string_view w) {
        for (std::string_view r : kGluedResults) {
            if (w.size() > r.size() && w.substr(0, r.size()) == r &&
                number_prefix(w.substr(r.size())) > 0) {
                push(TokenKind::word, std::string(r));
                w.remove_prefix(r.size());
                break;
            }
        }
        if (const std::size_t n = number_prefix(w)) {
            int value = 0;
            for (std::size_t i = 0; i < n && digit(w[i]) && value < 100000; ++i)
                value = value * 10 + (w[i] - '0');
            push(TokenKind::number, std::string(w.substr(0, n)), value);
            w.remove_prefix(n);
        }
        const std::size_t move = move_prefix(w);
        if (move > 0 && move + 1 < w.size() && std::isalpha(static_cast<unsigned char>(w[move]))) {
            // "8-11Whiteoverstepped...": a comment written without braces.
            push(TokenKind::word, std::string(w.substr(0, move)));
            problem("text glued to move " + std::string(w.substr(0, move)) + " kept as a comment");
            push(TokenKind::comment, std::string(w.substr(move)));
            return;
        }
        if (!w.empty()) push(TokenKind::word, std::string(w));
    }

    // The length of a leading move of two squares or more ("8-11", "d4:b6", "d8xb6xd4"),
    // squares being numbers or a lower-case letter and a number; 0 when there is none.
    static std::size_t move_prefix(std::string_view w) {
        std::size_t i = 0;
        int squares = 0;
        for (;;) {
            std::size_t j = i;
            if (j < w.size() && w[j] >= 'a' && w[j] <= 'l' && w[j] != 'x') ++j;
            const std::size_t digits_from = j;
            while (j < w.size() && digit(w[j])) ++j;
            if (j == digits_from) break;
            i = j;
            ++squares;
            if (i >= w.size() || (w[i] != '-' && w[i] != 'x' && w[i] != ':')) break;
            ++i;
        }
        if (squares < 2) return 0;
        return (w[i - 1] == '-' || w[i - 1] == 'x' || w[i - 1] == ':') ? i - 1 : i;
    }

    std::string_view t_;
    std::size_t pos_ = 0;
    int line_ = 1;
    std::vector<Token> out_;
};

}  // namespace

std::vector<Token> tokenize(std::string_view text) { return Lexer(text).run(); }

}  // namespace dtb::pdn::detail
