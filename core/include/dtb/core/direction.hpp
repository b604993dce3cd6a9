// The eight directions a piece may step in, seen from White (north = towards White's
// promotion row). On boards that use only the dark squares an orthogonal step goes to the
// next square of the same colour, two files or two ranks away (frisian).
#pragma once

#include <cstdint>

namespace dtb {

enum class Color : std::uint8_t { white = 0, black = 1 };

constexpr Color operator~(Color c) { return c == Color::white ? Color::black : Color::white; }

enum class Dir : std::uint8_t { ne, nw, se, sw, n, s, e, w };

inline constexpr int kDirCount = 8;

// A set of directions, one bit per Dir.
using DirSet = std::uint8_t;

constexpr DirSet dirs(std::initializer_list<Dir> list) {
    DirSet s = 0;
    for (Dir d : list) s |= DirSet(1u << static_cast<int>(d));
    return s;
}

constexpr bool contains(DirSet s, Dir d) { return (s >> static_cast<int>(d)) & 1u; }

inline constexpr DirSet kDiagonal = dirs({Dir::ne, Dir::nw, Dir::se, Dir::sw});
inline constexpr DirSet kOrthogonal = dirs({Dir::n, Dir::s, Dir::e, Dir::w});
inline constexpr DirSet kAllDirs = kDiagonal | kOrthogonal;

constexpr Dir reverse(Dir d) {
    switch (d) {
        case Dir::ne:
            return Dir::sw;
        case Dir::nw:
            return Dir::se;
        case Dir::se:
            return Dir::nw;
        case Dir::sw:
            return Dir::ne;
        case Dir::n:
            return Dir::s;
        case Dir::s:
            return Dir::n;
        case Dir::e:
            return Dir::w;
        case Dir::w:
            return Dir::e;
    }
    return d;
}

// The direction Black means when a rule says "forward": north and south swap.
constexpr Dir flip_vertical(Dir d) {
    switch (d) {
        case Dir::ne:
            return Dir::se;
        case Dir::nw:
            return Dir::sw;
        case Dir::se:
            return Dir::ne;
        case Dir::sw:
            return Dir::nw;
        case Dir::n:
            return Dir::s;
        case Dir::s:
            return Dir::n;
        default:
            return d;
    }
}

constexpr DirSet flip_vertical(DirSet s) {
    DirSet r = 0;
    for (int i = 0; i < kDirCount; ++i)
        if ((s >> i) & 1u) r |= DirSet(1u << static_cast<int>(flip_vertical(Dir(i))));
    return r;
}

// Directions as seen by `c`: rules are written from White's side.
constexpr DirSet for_color(DirSet white_view, Color c) {
    return c == Color::white ? white_view : flip_vertical(white_view);
}

constexpr int row_delta(Dir d) {
    switch (d) {
        case Dir::ne:
        case Dir::nw:
        case Dir::n:
            return 1;
        case Dir::se:
        case Dir::sw:
        case Dir::s:
            return -1;
        default:
            return 0;
    }
}

constexpr int col_delta(Dir d) {
    switch (d) {
        case Dir::ne:
        case Dir::se:
        case Dir::e:
            return 1;
        case Dir::nw:
        case Dir::sw:
        case Dir::w:
            return -1;
        default:
            return 0;
    }
}

constexpr bool is_orthogonal(Dir d) { return row_delta(d) == 0 || col_delta(d) == 0; }

}  // namespace dtb

#include <type_traits>
#include <utility>

namespace dtb {

// Calls f(std::integral_constant<Dir, D>{}) for each direction D of S, unrolled at compile
// time, so that each step is a constant shift.
template <DirSet S, class F>
constexpr void for_each_dir(F&& f) {
    [&]<int... I>(std::integer_sequence<int, I...>) {
        ((contains(S, Dir(I)) ? f(std::integral_constant<Dir, Dir(I)>{}) : void()), ...);
    }
    (std::make_integer_sequence<int, kDirCount>{});
}

}  // namespace dtb
