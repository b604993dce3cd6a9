#include "dtb/pdn/read.hpp"

#include <fstream>
#include <sstream>

#include "lexer.hpp"

namespace dtb::pdn {

namespace {

using detail::Token;
using detail::TokenKind;

// Builds games from tokens: a game is its tags, then moves up to a result; tags after moves,
// or moves after a result, start the next game.
class Parser {
  public:
    std::vector<Game> run(const std::vector<Token>& tokens) {
        for (const Token& t : tokens) take(t);
        finish();
        return std::move(games_);
    }

  private:
    Line& top() { return lines_.empty() ? game_.main : *lines_.back(); }
    bool started() const { return !game_.tags.empty() || moved_ || !game_.result.empty(); }

    void take(const Token& t) {
        if (!started()) game_.line = t.line;
        switch (t.kind) {
            case TokenKind::tag:
                if (moved_ || !game_.result.empty()) finish(), game_.line = t.line;
                game_.tags.push_back({t.text, t.value});
                break;
            case TokenKind::comment:
                comment(t.text);
                break;
            case TokenKind::open:
                open(t);
                break;
            case TokenKind::close:
                if (lines_.empty())
                    problem(t, "')' without '('");
                else
                    lines_.pop_back();
                break;
            case TokenKind::nag:
                if (top().moves.empty())
                    problem(t, "NAG " + t.text + " before any move");
                else
                    top().moves.back().nags.push_back(t.number);
                break;
            case TokenKind::number:
                if (!game_.result.empty()) finish(), game_.line = t.line;
                number_ = t.number;
                moved_ = true;
                break;
            case TokenKind::word:
                word(t);
                break;
            case TokenKind::problem:
                problem(t, t.text);
                break;
        }
    }

    void word(const Token& t) {
        const bool ends = is_result(t.text) || (lines_.empty() && t.text == result_tag());
        if (ends) {
            if (!lines_.empty()) return;  // a variation's own result: nothing to keep
            if (!game_.result.empty()) finish(), game_.line = t.line;
            game_.result = t.text;
            return;
        }
        if (t.text.find_first_not_of('.') == std::string::npos) return;  // "..." black to move
        if (!game_.result.empty()) finish(), game_.line = t.line;
        MoveNode m;
        m.text = t.text;
        while (!m.text.empty() && (m.text.back() == '!' || m.text.back() == '?')) {
            m.suffix.insert(m.suffix.begin(), m.text.back());
            m.text.pop_back();
        }
        if (m.text.empty()) {
            problem(t, "'" + t.text + "' is not a move");
            return;
        }
        m.number = number_;
        number_ = 0;
        top().moves.push_back(std::move(m));
        moved_ = true;
    }

    void comment(const std::string& text) {
        Line& l = top();
        if (l.moves.empty())
            l.comments.push_back(text);
        else
            l.moves.back().comments.push_back(text);
    }

    void open(const Token& t) {
        Line& l = top();
        if (l.moves.empty()) {
            problem(t, "variation before any move: kept as a comment");
            l.comments.push_back("(");
            return;
        }
        auto& vars = l.moves.back().variations;
        vars.emplace_back();
        lines_.push_back(&vars.back());
    }

    void problem(const Token& t, const std::string& message) {
        game_.problems.push_back("line " + std::to_string(t.line) + ": " + message);
    }

    std::string result_tag() const { return game_.tag("Result").value_or("\x01"); }

    void finish() {
        if (!lines_.empty())
            game_.problems.push_back(std::to_string(lines_.size()) + " variation(s) not closed");
        if (started() || !game_.main.comments.empty()) {
            game_.index = int(games_.size()) + 1;
            games_.push_back(std::move(game_));
        }
        game_ = Game{};
        lines_.clear();
        moved_ = false;
        number_ = 0;
    }

    std::vector<Game> games_;
    Game game_;
    std::vector<Line*> lines_;  // the open variations, innermost last
    bool moved_ = false;        // moves or move numbers seen in this game
    int number_ = 0;
};

}  // namespace

std::vector<Game> read_games(std::string_view bytes, Encoding encoding) {
    return Parser().run(detail::tokenize(to_utf8(bytes, encoding)));
}

std::vector<Game> read_file(const std::filesystem::path& path, Encoding encoding) {
    if (std::filesystem::is_directory(path)) throw ReadError(path.string() + ": is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ReadError(path.string() + ": cannot open the file");
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (in.bad()) throw ReadError(path.string() + ": cannot read the file");
    return read_games(bytes.str(), encoding);
}

}  // namespace dtb::pdn
