#include "dtb/pdn/game.hpp"

#include <array>
#include <cctype>

namespace dtb::pdn {

namespace {

bool same_name(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

// Tag names files written in other languages use for the standard ones (Italian files from
// the Italian federation write Bianco, Nero, Risultato; Dutch and French ones Wit, Blanc...).
constexpr std::array<std::string_view, 4> kWhite = {"White", "Bianco", "Wit", "Blancs"};
constexpr std::array<std::string_view, 4> kBlack = {"Black", "Nero", "Zwart", "Noirs"};
constexpr std::array<std::string_view, 3> kResult = {"Result", "Risultato", "Uitslag"};

template <std::size_t N>
std::optional<std::string> first_tag(const Game& g, const std::array<std::string_view, N>& names) {
    for (std::string_view n : names)
        if (auto v = g.tag(n)) return v;
    return std::nullopt;
}

}  // namespace

std::optional<std::string> Game::tag(std::string_view name) const {
    for (const Tag& t : tags)
        if (same_name(t.name, name)) return t.value;
    return std::nullopt;
}

Outcome Game::outcome(ScoreOrder order) const {
    if (const Outcome o = outcome_of(result, order); o != Outcome::unknown) return o;
    if (auto r = first_tag(*this, kResult)) return outcome_of(*r, order);
    return Outcome::unknown;
}

int Game::recorded_moves() const {
    int n = 0;
    for (const MoveNode& m : main.moves) n += !m.unknown();
    return n;
}

std::string Game::white() const { return first_tag(*this, kWhite).value_or(""); }
std::string Game::black() const { return first_tag(*this, kBlack).value_or(""); }

Outcome outcome_of(std::string_view r, ScoreOrder order) {
    const bool white_first = order == ScoreOrder::white_first;
    if (r == "2-0" || r == "1-0") return white_first ? Outcome::white_wins : Outcome::black_wins;
    if (r == "0-2" || r == "0-1") return white_first ? Outcome::black_wins : Outcome::white_wins;
    if (r == "1-1" || r == "1/2-1/2" || r == "\xC2\xBD-\xC2\xBD") return Outcome::draw;
    return Outcome::unknown;
}

const char* to_string(Outcome o) {
    switch (o) {
        case Outcome::white_wins:
            return "white_wins";
        case Outcome::draw:
            return "draw";
        case Outcome::black_wins:
            return "black_wins";
        case Outcome::unknown:
            break;
    }
    return "unknown";
}

bool is_result(std::string_view r) {
    return outcome_of(r) != Outcome::unknown || r == "*" || r == "0-0";
}

}  // namespace dtb::pdn
