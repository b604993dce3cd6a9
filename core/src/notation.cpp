#include "dtb/core/notation.hpp"

#include <cctype>

namespace dtb::detail {

std::string trim(std::string_view s) {
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return std::string(s.substr(b, e - b));
}

std::vector<std::string> split(std::string_view s, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        const auto pos = s.find(sep, start);
        out.emplace_back(s.substr(start, pos == std::string_view::npos ? s.npos : pos - start));
        if (pos == std::string_view::npos) return out;
        start = pos + 1;
    }
}

std::optional<int> parse_number(std::string_view s) {
    if (s.empty() || s.size() > 6) return std::nullopt;
    int n = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::optional<std::string> fen_tag_value(std::string_view s) {
    const std::string t = trim(s);
    if (t.size() < 2 || t.front() != '[' || t.back() != ']') return std::nullopt;
    const std::string inner = trim(std::string_view(t).substr(1, t.size() - 2));
    if (inner.size() < 3 || upper(inner.substr(0, 3)) != "FEN") return std::nullopt;
    const std::string value = trim(std::string_view(inner).substr(3));
    if (value.size() < 2 || value.front() != '"' || value.back() != '"') return std::nullopt;
    return value.substr(1, value.size() - 2);
}

}  // namespace dtb::detail
