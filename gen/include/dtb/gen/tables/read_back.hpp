// A finished material's values read back from its tables into a slice, for the materials after
// it that look into it (a resumed dtb gen): the WDL and DTW of both sides that solving it again
// would give, at the cost of decoding its tables and one look at each position.
//
// The tables hold White to move (Black to move is the twin's White to move, turned round:
// symmetry.hpp) and leave out the positions of core/left_out.hpp. Those are worked out from
// memory in two sweeps: first each position with a capture, by the solver's capture search
// into the held slices its captures reach (`exits`, exit_summary.hpp); then each position
// facing a threat no move answers, found from the capture flags as the writer finds them
// (table_files.hpp), by the successor rule (core/successor_values.hpp) over the positions its
// moves reach, which are stored or have a capture (left_out.hpp), so are known by then.
#pragma once

#include <omp.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dtb/compress/table_dir.hpp"
#include "dtb/compress/table_writer.hpp"
#include "dtb/core/king_table.hpp"
#include "dtb/core/left_out.hpp"
#include "dtb/core/successor_values.hpp"
#include "dtb/gen/run/array_stock.hpp"
#include "dtb/gen/solver/block_pieces.hpp"
#include "dtb/gen/solver/exit_summary.hpp"
#include "dtb/gen/solver/exit_tables.hpp"
#include "dtb/gen/solver/slice.hpp"
#include "dtb/gen/solver/symmetry.hpp"
#include "dtb/gen/solver/twin_index.hpp"
#include "dtb/gen/tables/table_files.hpp"

namespace dtb::gen {

namespace detail {

// What m's tables in dir say of a read back: nullopt when they cannot give it (no DTW table,
// or a WDL table in one-ply form, whose entries are not all values), else whether they leave
// out the positions facing a threat (every preset but fast).
inline std::optional<bool> threats_left_out(const std::filesystem::path& dir, VariantId variant,
                                            const Material& m) {
    std::error_code ec;
    if (!std::filesystem::exists(dir / compress::table_file_name(m, compress::ValueKind::dtw), ec))
        return std::nullopt;
    const auto r = open_table(dir, variant, m, compress::ValueKind::wdl);
    if (r->form() == compress::TableForm::one_ply) return std::nullopt;
    return compress::compression_of(compress::ValueKind::wdl, r->zstd_level())
               .value_or(compress::Compression::small) != compress::Compression::fast;
}

// s's White-to-move WDL and DTW from its tables in dir (checked first); broken indices
// unknown, and DTW 0 where there is no win or loss (a table holds its fill there).
template <class V>
void read_white_to_move(const std::filesystem::path& dir, VariantId variant, Slice<V>& s) {
    read_wdl(dir, variant, s);
    read_checked_table(dir, variant, s.material(), compress::ValueKind::dtw,
                       std::span<std::uint16_t>(s.dtw[0]));
    const std::uint8_t* const wdl = s.wdl[0].data();  // plain pointers: see left_out_captures
    std::uint16_t* const dtw = s.dtw[0].data();
    const std::int64_t n = std::int64_t(s.index.size());
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i)
        if (Wdl(wdl[i]) != Wdl::win && Wdl(wdl[i]) != Wdl::loss) dtw[i] = 0;
}

template <class T>
void take_filled(LargeVector<T>& v, std::uint64_t n, T fill, ArrayStock* stock) {
    if (stock) v = stock->take<T>(n);
    v.assign(n, fill);
}

}  // namespace detail

// m's WDL and DTW, both sides to move, from its tables and its twin's in dir, for a slice held
// for later ones (no DTC, no capture flags); every material a capture or a promotion in m
// leads to must be held in `exits`, as for solving m. Null when the tables do not hold what
// this needs (detail::threats_left_out): m is then solved again. Arrays are taken
// from `stock` where it has them. Throws compress::TableError when a table is damaged.
template <class V>
std::unique_ptr<Slice<V>> read_back(const std::filesystem::path& dir, VariantId variant,
                                    const Material& m, const ExitTables<V>& exits,
                                    ArrayStock* stock = nullptr) {
    const Material f = m.flipped();
    const std::optional<bool> threats[2] = {detail::threats_left_out(dir, variant, m),
                                            detail::threats_left_out(dir, variant, f)};
    if (!threats[0] || !threats[1]) return nullptr;
    auto s = std::make_unique<Slice<V>>(m, Sides::none);
    const auto& idx = s->index;
    const std::uint64_t n = idx.size();
    for (int side = 0; side < 2; ++side) {
        detail::take_filled(s->wdl[side], n, std::uint8_t(Wdl::unknown), stock);
        detail::take_filled(s->dtw[side], n, std::uint16_t(0), stock);
    }
    detail::read_white_to_move(dir, variant, *s);
    using Flip = Symmetry<V>;
    if (f == m) {
        Flip::flip_arrays(idx, TwinIndex<V>(idx), {{s->wdl[1].data(), s->wdl[0].data()}},
                          {{s->dtw[1].data(), s->dtw[0].data()}});
    } else {
        Slice<V> twin(f, Sides::none);
        detail::take_filled(twin.wdl[0], twin.index.size(), std::uint8_t(Wdl::unknown), stock);
        detail::take_filled(twin.dtw[0], twin.index.size(), std::uint16_t(0), stock);
        detail::read_white_to_move(dir, variant, twin);
        Flip::flip_arrays(twin.index, TwinIndex<V>(twin.index),
                          {{s->wdl[1].data(), twin.wdl[0].data()}},
                          {{s->dtw[1].data(), twin.dtw[0].data()}});
        if (stock) twin.give_arrays(*stock);
    }

    // First each position with a capture, flagged: the flags then find the threats.
    s->clear_capture_flags(stock);
    const auto set = [&](int side, std::uint64_t i, const std::optional<Value>& v) {
        if (!v) throw compress::TableError(m.name() + ": a position read back has no value");
        s->wdl[side][i] = std::uint8_t(v->wdl);
        s->dtw[side][i] = v->wdl == Wdl::draw ? 0 : v->dtw;
    };
    for (const Color c : {Color::white, Color::black}) {
        const int side = static_cast<int>(c);
        visit_in_parallel(idx, c, [&](std::uint64_t i, const Position<V>& p) {
            // The solver's capture search, each capture's child summarised as it is found.
            ExitSummary by_captures, unused;
            CaptureExits<V> sink{exits, p, by_captures, unused};
            if (!MoveGen<V>::for_each_capture(p, sink)) return;
            s->capture[side][i] = 1;
            const auto k = by_captures.k;
            set(side, i,
                Value{k == ExitSummary::win    ? Wdl::win
                      : k == ExitSummary::loss ? Wdl::loss
                                               : Wdl::draw,
                      std::uint16_t(by_captures.level()), 0});
        });
    }

    // Then, where the tables leave them out, each position facing a threat no move answers
    // (as the writer finds them), from the positions of m its moves reach, or promotions.
    const KingTable<V> kings(idx);
    const Material own[2] = {m, f};
    std::string error;
    for (const Color c : {Color::white, Color::black}) {
        const int side = static_cast<int>(c);
        const LargeVector<std::uint8_t> left_out =
            *threats[side] ? left_out_captures_and_threats(*s, c) : LargeVector<std::uint8_t>{};
        const std::uint8_t* const capture = s->capture[side].data();
        const std::uint64_t bs = idx.block_size();
        const BlockPieces pieces(idx.blocks(), bs, 1 << 14);
#pragma omp parallel for schedule(dynamic, pieces.chunk())
        for (std::uint64_t k = 0; k < pieces.count(); ++k) {
            const auto piece = pieces[k];
            const auto [wm, bm] = idx.block_men(piece.block);
            if (wm & bm) continue;  // broken
            const std::uint64_t base = piece.block * bs;
            try {
                for (std::uint64_t i = base + piece.begin; i < base + piece.end; ++i) {
                    if (capture[i]) continue;
                    // A left-out entry may hold anything, 0 too (the fill of a block
                    // where every entry is left out); a stored one holds a value.
                    if (!*threats[side] || !left_out[i]) {
                        const Wdl w = Wdl(s->wdl[side][i]);
                        if (w == Wdl::unknown || w > Wdl::loss)
                            throw compress::TableError(
                                own[side].name() + ": an entry of its WDL table holds no value");
                        continue;
                    }
                    Position<V> p;
                    kings.unrank(i - base, wm, bm, c, p);
                    MoveList<typename V::board> moves;
                    MoveGen<V>::generate(p, moves);
                    // A king move stays in the block, a man move leaves it.
                    const auto from_slice = [&](int, const Position<V>& q, Need, Value& after) {
                        if (material_of(q) != m) {
                            const ExitValue e = exits.exit_value(q);
                            after = {e.wdl(), e.dtw(), 0};
                            return ChildLookup::known;
                        }
                        const int qs = static_cast<int>(q.side);
                        const std::uint64_t j =
                            q.kings != p.kings ? idx.rank_in_block(q, base) : idx.rank(q);
                        after = {Wdl(s->wdl[qs][j]), s->dtw[qs][j], 0};
                        return ChildLookup::known;
                    };
                    set(side, i, value_from_moves(p, moves, from_slice));
                }
            } catch (const std::exception& e) {
#pragma omp critical(dtb_read_back)
                if (error.empty()) error = e.what();
            }
        }
    }
    if (!error.empty()) throw compress::TableError(error);
    for (auto& flags : s->capture) {
        if (stock) stock->give(flags);
        flags = {};
    }
    return s;
}

}  // namespace dtb::gen
