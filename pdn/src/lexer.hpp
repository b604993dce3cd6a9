// The tokens of PDN text (PDN 3.0 section on the move text), as files really write them:
// move numbers glued to moves ("01.34-29"), a result glued to the next game's first move
// number ("0-201.33-29"), a space inside a move ("1- 7").
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace dtb::pdn::detail {

enum class TokenKind { tag, comment, open, close, nag, number, word, problem };

struct Token {
    TokenKind kind;
    std::string text;   // tag name, comment, word, problem message
    std::string value;  // tag value
    int number = 0;     // move number, NAG
    int line = 0;
};

// "$n": a NAG as PDN writes it.
std::string nag_text(int n);

// The tokens of UTF-8 text. Never throws: what cannot be read becomes a problem token and
// reading goes on after it.
std::vector<Token> tokenize(std::string_view text);

}  // namespace dtb::pdn::detail
