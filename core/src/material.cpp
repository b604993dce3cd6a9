#include "dtb/core/material.hpp"

#include <algorithm>

namespace dtb {

std::string Material::name() const {
    return std::string(std::size_t(white_kings), 'K') + std::string(std::size_t(white_men), 'M') +
           "v" + std::string(std::size_t(black_kings), 'K') +
           std::string(std::size_t(black_men), 'M');
}

std::optional<Material> Material::parse(std::string_view text) {
    const auto v = text.find('v');
    if (v == std::string_view::npos || text.find('v', v + 1) != std::string_view::npos)
        return std::nullopt;
    Material m;
    auto side = [](std::string_view s, int& men, int& kings) {
        for (char c : s) {
            if (c == 'K') {
                ++kings;
            } else if (c == 'M') {
                ++men;
            } else {
                return false;
            }
        }
        return men + kings > 0;
    };
    if (!side(text.substr(0, v), m.white_men, m.white_kings) ||
        !side(text.substr(v + 1), m.black_men, m.black_kings))
        return std::nullopt;
    return m;
}

std::vector<Material> materials_up_to(int max_pieces) {
    std::vector<Material> out;
    for (int n = 2; n <= max_pieces; ++n)
        for (int w = 1; w < n; ++w)
            for (int wm = 0; wm <= w; ++wm)
                for (int bm = 0; bm <= n - w; ++bm) out.push_back({wm, w - wm, bm, n - w - bm});
    std::stable_sort(out.begin(), out.end(), [](const Material& a, const Material& b) {
        if (a.pieces() != b.pieces()) return a.pieces() < b.pieces();
        return a.men() < b.men();
    });
    return out;
}

}  // namespace dtb
