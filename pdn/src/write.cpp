#include "dtb/pdn/write.hpp"

#include "lexer.hpp"

namespace dtb::pdn {

namespace {

constexpr std::size_t kWidth = 79;

// Appends tokens separated by spaces, breaking lines before kWidth.
class Wrapper {
  public:
    void add(const std::string& token) {
        if (line_ > 0 && line_ + 1 + token.size() > kWidth) {
            out_ += '\n';
            line_ = 0;
        } else if (line_ > 0 && !glue_) {
            out_ += ' ';
            ++line_;
        }
        glue_ = false;
        out_ += token;
        line_ += token.size();
        if (token == "(") glue_ = true;
    }
    // Appends to the last token with no space (a closing parenthesis).
    void attach(char c) {
        out_ += c;
        ++line_;
    }
    std::string take() { return std::move(out_); }

  private:
    std::string out_;
    std::size_t line_ = 0;
    bool glue_ = false;
};

std::string quoted(const std::string& v) {
    std::string out = "\"";
    for (char c : v) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

// A comment as {...}: a closing brace inside would end it early.
std::string comment(std::string text) {
    for (char& c : text)
        if (c == '}') c = ')';
    return "{" + text + "}";
}

void write_line(Wrapper& w, const Line& line) {
    for (const std::string& c : line.comments) w.add(comment(c));
    for (const MoveNode& m : line.moves) {
        if (m.number > 0) w.add(std::to_string(m.number) + ".");
        w.add(m.text + m.suffix);
        for (int n : m.nags) w.add(detail::nag_text(n));
        for (const std::string& c : m.comments) w.add(comment(c));
        for (const Line& v : m.variations) {
            w.add("(");
            write_line(w, v);
            w.attach(')');
        }
    }
}

}  // namespace

std::string write_game(const Game& g) {
    std::string out;
    for (const Tag& t : g.tags) out += "[" + t.name + " " + quoted(t.value) + "]\n";
    if (!g.tags.empty()) out += '\n';
    Wrapper w;
    write_line(w, g.main);
    w.add(g.result.empty() ? "*" : g.result);
    return out + w.take() + "\n\n";
}

std::string write_games(const std::vector<Game>& games) {
    std::string out;
    for (const Game& g : games) out += write_game(g);
    return out;
}

}  // namespace dtb::pdn
