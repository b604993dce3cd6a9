// A slice rebuilt from its written tables, every value of every position: what the tables
// tests compare with the solver's slice. Written apart from dtb gen's read back
// (gen/tables/read_back.hpp), which it does not check: this one probes through `lookup`,
// ranks each Black-to-move position in the twin's index, and rebuilds DTC too.
#pragma once

#include <array>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dtb/core/flip.hpp"
#include "dtb/core/left_out.hpp"
#include "dtb/core/successor_values.hpp"
#include "dtb/gen/run/solved_slices.hpp"
#include "dtb/gen/solver/slice.hpp"
#include "dtb/gen/tables/table_files.hpp"

namespace dtb::test {

using gen::Slice;

// Entries compared with the solver's, and how many differ, the first described.
struct Mismatches {
    std::uint64_t compared = 0, wrong = 0;
    std::string first;
    template <class Describe>
    void add(bool same, Describe&& describe) {
        ++compared;
        if (!same && ++wrong == 1) first = describe();
    }
};

// Every material of V up to `pieces` solved in memory, its tables written to dir at c.
template <class V>
gen::SolvedSlices<V> solved_and_written(int pieces, const std::filesystem::path& dir,
                                        compress::Compression c) {
    auto tb = gen::SolvedSlices<V>::solve(pieces);
    for (const Material& m : materials_up_to(pieces))
        gen::write_tables(dir, find_variant(V::name)->id, *tb.slice(m), c);
    return tb;
}

// Material m's table of kind k, decoded and checked whole.
inline std::vector<std::uint16_t> read_checked_table(const std::filesystem::path& dir,
                                                     VariantId variant, const Material& m,
                                                     ValueKind k) {
    std::vector<std::uint16_t> values(gen::open_table(dir, variant, m, k)->positions());
    gen::read_checked_table(dir, variant, m, k, std::span<std::uint16_t>(values));
    return values;
}

// Material m read back from its tables (White to move) and its flipped twin's (Black to
// move): WDL, DTW and DTC of every position. The entries the tables do not store are
// recomputed (core/left_out.hpp): broken indices get Wdl::unknown; positions with a capture
// their value by the capture search, through `lookup` (which must answer for every material
// solved before m); then the threatened positions from their successors, which are stored
// positions of m (read in the first pass), positions with a capture, or promotions (lookup).
// Throws compress::TableError when a table is missing or damaged.
template <class V, class Lookup>
std::unique_ptr<Slice<V>> read_tables(const std::filesystem::path& dir, VariantId variant,
                                      const Material& m, Lookup&& lookup) {
    const Material f = m.flipped();
    std::array<std::vector<std::uint16_t>, 3> own, twin;
    for (std::size_t k = 0; k < 3; ++k) {
        own[k] = read_checked_table(dir, variant, m, kValueKinds[k]);
        if (f != m) twin[k] = read_checked_table(dir, variant, f, kValueKinds[k]);
    }
    const auto& black = f == m ? own : twin;
    auto s = std::make_unique<Slice<V>>(m);
    const Index<V> fidx(f);
    const auto& idx = s->index;
    bool unresolved = false, out_of_range = false;
    auto put = [&](int sd, std::uint64_t i, const Value& v) {
        s->wdl[sd][i] = std::uint8_t(v.wdl);
        s->dtw[sd][i] = v.dtw;
        s->dtc[sd][i] = v.dtc;
    };
    // A capture leads to a material solved before m.
    auto by_captures = [&](const Position<V>& p) { return value_from_successors(p, lookup, true); };
    // Pass 1: the stored entries and the captures. The threatened positions stay
    // Wdl::unknown, which is how pass 2 finds them.
#pragma omp parallel for schedule(dynamic, 1) reduction(|| : unresolved, out_of_range)
    for (std::uint64_t block = 0; block < idx.blocks(); ++block) {
        for (Color side : {Color::white, Color::black}) {
            const int sd = static_cast<int>(side);
            idx.visit(block, 0, idx.white_king_ranks(), side,
                      [&](std::uint64_t i, const Position<V>& p) {
                          Value v;
                          switch (left_out_kind(p)) {
                              case LeftOut::successors:
                                  return;  // pass 2
                              case LeftOut::captures:
                                  if (const auto c = by_captures(p)) {
                                      v = *c;
                                  } else {
                                      unresolved = true;
                                      return;
                                  }
                                  break;
                              case LeftOut::no: {
                                  const auto& t = side == Color::white ? own : black;
                                  const std::uint64_t j =
                                      side == Color::white ? i : fidx.rank(Flip<V>::apply(p));
                                  v.wdl = Wdl(t[0][j]);
                                  if (v.wdl == Wdl::unknown || v.wdl > Wdl::loss) {
                                      out_of_range = true;
                                      return;
                                  }
                                  if (v.wdl == Wdl::win || v.wdl == Wdl::loss) {
                                      v.dtw = t[1][j];
                                      v.dtc = t[2][j];
                                  }
                                  break;
                              }
                          }
                          put(sd, i, v);
                      });
        }
    }
    auto check = [&] {
        if (out_of_range)
            throw compress::TableError(m.name() + ": a stored WDL value is out of range");
        if (unresolved)
            throw compress::TableError(m.name() +
                                       ": a capture or promotion leads to a material that is "
                                       "not available");
    };
    check();
    // Pass 2: the threatened positions, whose successors pass 1 settled.
    auto successor = [&](const Position<V>& q) -> std::optional<Value> {
        if (material_of(q) != m) return lookup(q);  // a promotion
        if (MoveGen<V>::has_capture(q)) return by_captures(q);
        return s->value(q.side, idx.rank(q));
    };
#pragma omp parallel for schedule(dynamic, 1) reduction(|| : unresolved)
    for (std::uint64_t block = 0; block < idx.blocks(); ++block) {
        for (Color side : {Color::white, Color::black}) {
            idx.visit(block, 0, idx.white_king_ranks(), side,
                      [&](std::uint64_t i, const Position<V>& p) {
                          if (Wdl(s->wdl[static_cast<int>(side)][i]) != Wdl::unknown) return;
                          if (const auto v = value_from_successors(p, successor)) {
                              put(static_cast<int>(side), i, *v);
                          } else {
                              unresolved = true;
                          }
                      });
        }
    }
    check();
    return s;
}

}  // namespace dtb::test
