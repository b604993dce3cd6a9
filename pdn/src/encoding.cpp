#include "dtb/pdn/encoding.hpp"

#include <array>
#include <cstdint>

namespace dtb::pdn {

namespace {

// Code points of bytes 0x80..0xBF in cp1251 (0xC0..0xFF are U+0410..U+044F); 0 undefined.
constexpr std::array<std::uint16_t, 64> kCp1251High = {
    0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021, 0x20AC, 0x2030, 0x0409,
    0x2039, 0x040A, 0x040C, 0x040B, 0x040F, 0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0,      0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F, 0x00A0,
    0x040E, 0x045E, 0x0408, 0x00A4, 0x0490, 0x00A6, 0x00A7, 0x0401, 0x00A9, 0x0404, 0x00AB,
    0x00AC, 0x00AD, 0x00AE, 0x0407, 0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6,
    0x00B7, 0x0451, 0x2116, 0x0454, 0x00BB, 0x0458, 0x0405, 0x0455, 0x0457};

// Code points of bytes 0x80..0x9F in cp1252 (0xA0..0xFF are Latin-1's); 0 undefined.
constexpr std::array<std::uint16_t, 32> kCp1252Low = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

bool valid_utf8(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const int extra = c < 0x80         ? 0
                          : (c >> 5) == 6  ? 1
                          : (c >> 4) == 14 ? 2
                          : (c >> 3) == 30 ? 3
                                           : -1;
        if (extra < 0 || (extra == 1 && c < 0xC2) || i + std::size_t(extra) >= s.size())
            return false;
        for (int k = 1; k <= extra; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
        i += std::size_t(extra) + 1;
    }
    return true;
}

void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | cp >> 6);
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xE0 | cp >> 12);
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

std::uint32_t code_point(unsigned char b, Encoding e) {
    if (b < 0x80) return b;
    std::uint32_t cp = 0;
    if (e == Encoding::cp1251)
        cp = b >= 0xC0 ? 0x0410 + (b - 0xC0) : kCp1251High[b - 0x80];
    else
        cp = b >= 0xA0 ? b : kCp1252Low[b - 0x80];
    return cp == 0 ? 0xFFFD : cp;
}

}  // namespace

Encoding detect_encoding(std::string_view s) {
    if (valid_utf8(s)) return Encoding::utf8;
    auto high = [&](std::size_t i) {
        return i < s.size() && static_cast<unsigned char>(s[i]) >= 0x80;
    };
    std::size_t total = 0, paired = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!high(i)) continue;
        ++total;
        if ((i > 0 && high(i - 1)) || high(i + 1)) ++paired;
    }
    return paired * 2 > total ? Encoding::cp1251 : Encoding::cp1252;
}

std::string to_utf8(std::string_view bytes, Encoding from) {
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
    if (from == Encoding::detect) from = detect_encoding(bytes);
    if (from == Encoding::utf8) return std::string(bytes);
    std::string out;
    out.reserve(bytes.size() + bytes.size() / 4);
    for (char c : bytes) append_utf8(out, code_point(static_cast<unsigned char>(c), from));
    return out;
}

}  // namespace dtb::pdn
