// A slice's compressed tables (compress/): written once the slice is solved, checked when a
// run resumes, rewritten by dtb pack. Each material has three tables, WDL, DTW and DTC, of its
// White-to-move positions; Black to move is the colour-flipped material's White to move.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "dtb/compress/table_dir.hpp"
#include "dtb/compress/table_reader.hpp"
#include "dtb/compress/table_writer.hpp"
#include "dtb/core/king_table.hpp"
#include "dtb/core/left_out.hpp"
#include "dtb/gen/solver/block_pieces.hpp"
#include "dtb/gen/solver/slice.hpp"
#include "dtb/gen/solver/symmetry.hpp"
#include "dtb/gen/solver/twin_index.hpp"

namespace dtb::gen {

// Which entries of s with `side` to move (White's: those its tables hold) a table leaves out:
// broken indices and the positions the prober recomputes (core/left_out.hpp: a capture, or a
// threat no move answers with another). The solver's capture flags say which positions have a
// capture and which face one (the other side to move at an index has a capture exactly when
// the side to move at the same index faces one); only the threatened positions are searched
// for an answer (has_threat_answer: few of their moves can stop every capture, and only those
// are made). The flags also answer for the positions those moves reach in the slice (all but
// promotions): reached with the other side to move at index j, such a position answers the
// threat when that side has no capture there and the mover has one, two flags instead of two
// capture tests (the search is most of the writer's work). s must hold its capture flags.
template <class V>
LargeVector<std::uint8_t> left_out_captures_and_threats(const Slice<V>& s,
                                                        Color side = Color::white) {
    if (s.capture[0].empty() || s.capture[1].empty())
        throw compress::TableError(s.material().name() +
                                   ": the capture flags were dropped before writing");
    const auto& idx = s.index;
    LargeVector<std::uint8_t> mask(idx.size(), 1);  // broken blocks are skipped
    // Plain pointers: see left_out_captures.
    std::uint8_t* const dc = mask.data();
    const int to_move = static_cast<int>(side);
    const std::uint8_t* const wdl = s.wdl[to_move].data();
    const std::uint8_t* const capture = s.capture[to_move].data();
    const std::uint8_t* const faces = s.capture[1 - to_move].data();
    const KingTable<V> kings(idx);
    const std::uint64_t bs = idx.block_size();
    const BlockPieces pieces(idx.blocks(), bs, 1 << 14);
#pragma omp parallel for schedule(dynamic, pieces.chunk())
    for (std::uint64_t k = 0; k < pieces.count(); ++k) {
        const auto piece = pieces[k];
        const std::uint64_t block = piece.block;
        const auto [wm, bm] = idx.block_men(block);
        if (wm & bm) continue;
        const std::uint64_t begin = block * bs + piece.begin, end = block * bs + piece.end;
        // Flags first, without a branch per entry (they are unpredictable): stored unless
        // broken, a capture or threatened.
        for (std::uint64_t i = begin; i < end; ++i)
            dc[i] = std::uint8_t((Wdl(wdl[i]) == Wdl::unknown) | capture[i] | faces[i]);
        // Then the threatened ones (flags 0 or 1: eight at a time, the lowest byte first),
        // stored when a move answers the threat.
        static_assert(std::endian::native == std::endian::little);
        for (std::uint64_t i = begin; i < end; i += 8) {
            std::uint64_t f = 0, c = 0;
            const std::size_t n = std::size_t(std::min<std::uint64_t>(8, end - i));
            std::memcpy(&f, &faces[i], n);
            std::memcpy(&c, &capture[i], n);
            for (std::uint64_t threatened = f & ~c; threatened; threatened &= threatened - 1) {
                const std::uint64_t j = i + std::uint64_t(std::countr_zero(threatened)) / 8;
                if (Wdl(wdl[j]) == Wdl::unknown) continue;
                Position<V> p;
                kings.unrank(j - block * bs, wm, bm, side, p);
                dc[j] = !has_threat_answer(p, [&](const Position<V>& q) {
                    if (popcount(q.kings) != popcount(p.kings)) return answers_threat(q);
                    // A king move stays in the block; a man move leaves it.
                    const std::uint64_t r =
                        q.kings != p.kings ? idx.rank_in_block(q, block * bs) : idx.rank(q);
                    return !faces[r] && capture[r];
                });
            }
        }
    }
    return mask;
}

// What a table written with the fast preset leaves out: broken indices and the positions
// with a capture, but not the threats. A threatened position keeps its value there: the
// prober, dtb verify and a resumed dtb gen recompute it all the same and never read it, and
// the threat search is most of the writer's work. dtb pack leaves the threats out as well
// when it packs to small (rewrite_tables), which makes the small tables byte for byte.
template <class V>
LargeVector<std::uint8_t> left_out_captures(const Slice<V>& s) {
    if (s.capture[0].empty())
        throw compress::TableError(s.material().name() +
                                   ": the capture flags were dropped before writing");
    const std::int64_t n = std::int64_t(s.index.size());
    LargeVector<std::uint8_t> dc(s.index.size());
    // Plain pointers: a byte store through a vector may alias the vector's own pointer, which
    // the compiler would load again after every store (and not vectorise the loop).
    std::uint8_t* const out = dc.data();
    const std::uint8_t* const wdl = s.wdl[0].data();
    const std::uint8_t* const capture = s.capture[0].data();
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i)
        out[i] = std::uint8_t((Wdl(wdl[i]) == Wdl::unknown) | capture[i]);
    return dc;
}

// What a table of `compression` leaves out: left_out_captures_and_threats, or
// left_out_captures for the fast preset.
template <class V>
LargeVector<std::uint8_t> left_out_mask(const Slice<V>& s, compress::Compression compression) {
    return compression == compress::Compression::fast ? left_out_captures(s)
                                                      : left_out_captures_and_threats(s);
}

// The entries a table of kind k leaves out, from left_out_mask: a distance table also
// leaves the draws (a draw has no distance).
template <class V>
LargeVector<std::uint8_t> left_out_of_kind(const Slice<V>& s, compress::ValueKind k,
                                           LargeVector<std::uint8_t> left_out) {
    if (k != compress::ValueKind::wdl) {
        const std::int64_t n = std::int64_t(left_out.size());
        std::uint8_t* const out = left_out.data();  // plain pointers: see left_out_captures
        const std::uint8_t* const wdl = s.wdl[0].data();
#pragma omp parallel for schedule(static)
        for (std::int64_t i = 0; i < n; ++i) out[i] |= Wdl(wdl[i]) == Wdl::draw;
    }
    return left_out;
}
template <class V>
LargeVector<std::uint8_t> left_out_of_kind(const Slice<V>& s, compress::ValueKind k) {
    return left_out_of_kind(s, k, left_out_captures_and_threats(s));
}

// How every table of a material is written at `compression`.
template <class V>
compress::WriteOptions table_options(const Index<V>& index, compress::Compression compression) {
    compress::WriteOptions options;
    options.compression = compression;
    // Entries per placement of all pieces but Black's kings: where values repeat.
    options.period = index.block_size() / index.white_king_ranks();
    return options;
}

// One table file of material m in dir: kind k's White-to-move values and which of them are left
// out. Returns its size.
template <class T>
std::uint64_t write_one_table(const std::filesystem::path& dir, VariantId variant,
                              const Material& m, compress::ValueKind k, std::span<const T> values,
                              std::span<const std::uint8_t> left_out,
                              const compress::WriteOptions& options) {
    const auto path = dir / compress::table_file_name(m, k);
    compress::write_table(path, compress::TableSpec{variant, m, k}, values, left_out, options);
    return std::filesystem::file_size(path);
}

// Writes s's White-to-move tables into dir: WDL, DTW and DTC, or only the kinds `which`
// names (s must hold their arrays, and its capture flags). Returns the file sizes in kValueKinds
// order (0 for a kind not written). Throws compress::TableError.
template <class V>
std::array<std::uint64_t, 3> write_tables(
    const std::filesystem::path& dir, VariantId variant, const Slice<V>& s,
    compress::Compression compression = compress::Compression::small,
    std::array<bool, 3> which = {true, true, true}) {
    for (std::size_t k = 1; k < kValueKinds.size(); ++k)
        if (which[k] && (k == 1 ? s.dtw[0] : s.dtc[0]).empty())
            throw compress::TableError(s.material().name() + ": " + to_string(kValueKinds[k]) +
                                       " was dropped before writing");
    std::array<std::uint64_t, 3> sizes{};
    const auto options = table_options(s.index, compression);
    // Both distance tables leave the same entries (the left_out ones and the draws).
    const LargeVector<std::uint8_t> left_out = left_out_mask(s, compression);
    const LargeVector<std::uint8_t> distance_mask =
        which[1] || which[2] ? left_out_of_kind(s, compress::ValueKind::dtw, left_out)
                             : LargeVector<std::uint8_t>{};
    if (which[0])
        sizes[0] = write_one_table(dir, variant, s.material(), compress::ValueKind::wdl,
                                   std::span<const std::uint8_t>(s.wdl[0]), left_out, options);
    for (std::size_t k = 1; k < kValueKinds.size(); ++k)
        if (which[k])
            sizes[k] = write_one_table(dir, variant, s.material(), kValueKinds[k],
                                       std::span<const std::uint16_t>(k == 1 ? s.dtw[0] : s.dtc[0]),
                                       distance_mask, options);
    return sizes;
}

// The tables of s's colour-flipped twin (its White to move is s's Black to move turned
// round, symmetry.hpp), the same bytes as write_tables on Symmetry<V>::flipped(s, twins,
// Sides::white), but made a kind at a time with arrays from `stock`: in files the twin
// takes at most 3 bytes an entry (WDL and capture flags, then one distance array; the mask,
// a byte, is in memory) where it took 7 whole. s must hold Black to move's WDL, DTW (and DTC when
// it is written) and both sides' capture flags; White to move's are not read.
template <class V>
std::array<std::uint64_t, 3> write_twin_tables(const std::filesystem::path& dir, VariantId variant,
                                               const Slice<V>& s, const TwinIndex<V>& twins,
                                               compress::Compression compression,
                                               std::array<bool, 3> which, ArrayStock& stock) {
    using Flip = Symmetry<V>;
    if (s.capture[0].empty() || s.capture[1].empty())
        throw compress::TableError(s.material().name() +
                                   ": the capture flags were dropped before writing");
    if (s.wdl[1].empty() || (which[1] && s.dtw[1].empty()) || (which[2] && s.dtc[1].empty()))
        throw compress::TableError(s.material().name() +
                                   ": Black to move's values were dropped before writing");
    Slice<V> b(s.material().flipped(), Sides::none);
    const std::uint64_t n = b.index.size();
    const auto options = table_options(b.index, compression);
    std::array<std::uint64_t, 3> sizes{};
    b.wdl[0] = stock.take<std::uint8_t>(n);
    b.wdl[0].assign(n, std::uint8_t(Wdl::unknown));
    b.clear_capture_flags(&stock);
    Flip::flip_arrays(s.index, twins,
                      {{b.wdl[0].data(), s.wdl[1].data()},
                       {b.capture[1].data(), s.capture[0].data()},
                       {b.capture[0].data(), s.capture[1].data()}},
                      {});
    LargeVector<std::uint8_t> mask = left_out_mask(b, compression);
    for (auto& c : b.capture) stock.give(c);
    if (which[0])
        sizes[0] = write_one_table(dir, variant, b.material(), compress::ValueKind::wdl,
                                   std::span<const std::uint8_t>(b.wdl[0]), mask, options);
    const bool distances = which[1] || which[2];
    if (distances) mask = left_out_of_kind(b, compress::ValueKind::dtw, std::move(mask));
    stock.give(b.wdl[0]);
    if (distances) {
        // One array for both distances: both write every entry but the broken ones (0).
        LargeVector<std::uint16_t> distance = stock.take<std::uint16_t>(n);
        distance.assign(n, 0);
        for (std::size_t k = 1; k < kValueKinds.size(); ++k) {
            if (!which[k]) continue;
            Flip::flip_arrays(s.index, twins, {},
                              {{distance.data(), (k == 1 ? s.dtw[1] : s.dtc[1]).data()}});
            sizes[k] = write_one_table(dir, variant, b.material(), kValueKinds[k],
                                       std::span<const std::uint16_t>(distance), mask, options);
        }
        stock.give(distance);
    }
    return sizes;
}

// The table of material m, kind k, in dir, opened as such (header and index checked, not the
// blocks); throws compress::TableError naming what is wrong.
std::unique_ptr<compress::TableReader> open_table(const std::filesystem::path& dir,
                                                  VariantId variant, const Material& m,
                                                  compress::ValueKind k);

// Opens, checks every checksum of, and decodes the table of material m, kind k, White to
// move, into out (one entry an index entry), a block at a time; throws compress::TableError
// naming what is wrong. T: std::uint8_t (WDL) or std::uint16_t.
template <class T>
void read_checked_table(const std::filesystem::path& dir, VariantId variant, const Material& m,
                        compress::ValueKind k, std::span<T> out);

// Which of `materials` have tables in dir: finished (each of the three, or with wdl_only the
// WDL table alone, opens as the material's table of its kind and every checksum holds, every
// block decoded once; no value is kept), or damaged (some table is there but one fails: what
// is wrong). Checked side by side.
struct FoundTables {
    std::set<Material> finished;
    std::map<Material, std::string> damaged;
};
FoundTables find_tables(const std::filesystem::path& dir, VariantId variant,
                        const std::vector<Material>& materials, bool wdl_only = false);

// A slice of m holding White to move's WDL alone, every entry unknown: what a table's values
// are read or found into, without the arrays of the kinds not written.
template <class V>
Slice<V> white_wdl_slice(const Material& m) {
    Slice<V> s(m, Sides::none);
    s.wdl[0].assign(s.index.size(), std::uint8_t(Wdl::unknown));
    return s;
}

// s's White-to-move WDL from its table in dir (checked first), broken indices unknown: they
// hold whatever the fill gave them, and the masks need them unknown.
template <class V>
void read_wdl(const std::filesystem::path& dir, VariantId variant, Slice<V>& s) {
    read_checked_table(dir, variant, s.material(), compress::ValueKind::wdl,
                       std::span<std::uint8_t>(s.wdl[0]));
    const auto& idx = s.index;
    for (std::uint64_t b = 0; b < idx.blocks(); ++b) {
        const auto [wm, bm] = idx.block_men(b);
        if (wm & bm)
            std::fill_n(s.wdl[0].begin() + std::ptrdiff_t(b * idx.block_size()), idx.block_size(),
                        std::uint8_t(Wdl::unknown));
    }
}

// f(index, position) for every position of idx with `side` to move, on every thread: blocks
// cut into runs of white-king placements (a slice of kings only is one block). The first
// exception f throws is thrown again, as a compress::TableError, when all have stopped.
template <class V, class F>
void visit_in_parallel(const Index<V>& idx, Color side, F&& f) {
    const std::uint64_t wk = idx.white_king_ranks();
    const std::uint64_t step =
        std::max<std::uint64_t>(1, 16384 / std::max<std::uint64_t>(1, idx.black_king_ranks()));
    const std::uint64_t runs = (wk + step - 1) / step;
    const std::int64_t items = std::int64_t(idx.blocks() * runs);
    std::string error;
#pragma omp parallel for schedule(dynamic, 1)
    for (std::int64_t k = 0; k < items; ++k) {
        const std::uint64_t block = std::uint64_t(k) / runs, w = std::uint64_t(k) % runs * step;
        try {
            idx.visit(block, w, std::min(wk, w + step), side, f);
        } catch (const std::exception& e) {
#pragma omp critical(dtb_visit_in_parallel)
            if (error.empty()) error = e.what();
        }
    }
    if (!error.empty()) throw compress::TableError(error);
}

// The capture flags of every position of s, both sides to move, by move generation: for a
// slice whose values were read from its tables (they do not hold the flags).
template <class V>
void find_captures(Slice<V>& s) {
    s.clear_capture_flags();
    for (Color side : {Color::white, Color::black})
        visit_in_parallel(s.index, side, [&](std::uint64_t i, const Position<V>& p) {
            s.capture[static_cast<int>(side)][i] = MoveGen<V>::has_capture(p);
        });
}

// The WDL of every position of s with White to move, from wdl_of(position): for a table in
// one-ply form, which does not hold them all. Throws what wdl_of throws.
template <class V, class WdlOf>
void find_wdl(Slice<V>& s, WdlOf&& wdl_of) {
    visit_in_parallel(s.index, Color::white, [&](std::uint64_t i, const Position<V>& p) {
        s.wdl[0][i] = std::uint8_t(wdl_of(p));
    });
}

// Marks in `needed` (White to move, by index) the positions of material m a search from a
// threat position needs: each position with Black to move that the tables leave out for a
// threat (LeftOut::successors) is valued from its moves, and those that keep the material
// reach White-to-move positions of m, which a table in one-ply form must then hold (were
// they 0, their search could come back to the threat, and round again).
template <class V>
void mark_threat_answers(const Index<V>& idx, const Material& m,
                         LargeVector<std::uint8_t>& needed) {
    visit_in_parallel(idx, Color::black, [&](std::uint64_t, const Position<V>& c) {
        if (!threatens(c)) return;  // the cheap test first: most positions have no threat
        MoveList<typename V::board> moves;
        if (left_out_kind(c, moves) != LeftOut::successors) return;
        for (const auto& mv : moves) {
            const Position<V> q = apply(c, mv);
            if (material_of(q) == m)
                std::atomic_ref<std::uint8_t>(needed[idx.rank(q)])
                    .store(1, std::memory_order_relaxed);
        }
    });
}

// Material m's WDL table in dir written again in one-ply form (compress/table_format.hpp), at
// the preset its zstd level is (small when none is). A stored position that a threat
// position's search reaches (mark_threat_answers) keeps its value; any other holds 0 or its
// value: its value where the entry before it (stored) holds the same, else 0. The runs of
// values stay, and where values change often the 0s make a run instead.
// Written to `to` (by default the table's own file). Returns the file size. Throws
// compress::TableError.
template <class V>
std::uint64_t write_one_ply_wdl(const std::filesystem::path& dir, VariantId variant,
                                const Material& m, std::filesystem::path to = {}) {
    Slice<V> s = white_wdl_slice<V>(m);
    const auto r = open_table(dir, variant, m, compress::ValueKind::wdl);
    if (r->form() == compress::TableForm::one_ply)
        throw compress::TableError(m.name() + ": its WDL table is in one-ply form already");
    const compress::Compression compression =
        compress::compression_of(compress::ValueKind::wdl, r->zstd_level())
            .value_or(compress::Compression::small);
    read_wdl(dir, variant, s);
    find_captures(s);
    const auto mask = left_out_mask(s, compression);
    LargeVector<std::uint8_t> needed(s.index.size(), 0);
    mark_threat_answers(s.index, m, needed);
    std::uint8_t before = 0;
    for (std::uint64_t i = 0; i < s.index.size(); ++i) {
        if (mask[i]) continue;
        auto& w = s.wdl[0][i];
        if (!needed[i] && w != before) w = 0;
        before = w;
    }
    auto options = table_options(s.index, compression);
    options.form = compress::TableForm::one_ply;
    if (to.empty()) to = dir / compress::table_file_name(m, compress::ValueKind::wdl);
    compress::write_table(to, {variant, m, compress::ValueKind::wdl},
                          std::span<const std::uint8_t>(s.wdl[0]), mask, options);
    return std::filesystem::file_size(to);
}

// Material m's tables in dir written again at `compression` from the values they hold (each
// checked first), the kinds `which` names (only those are read, besides WDL). What a table leaves
// out is found again from the positions (find_captures, then left_out_mask), so a
// fast table, which keeps its threats' values, becomes the small one byte for byte. Not the other
// way: a small table does not hold its threats' values (recompress_table turns it into a fast one
// that leaves them out). A WDL table in one-ply form does not hold every value: wdl_of(position)
// gives them (the prober), and when it is written it is written out whole. Returns the file
// sizes as write_tables does. Throws compress::TableError.
template <class V, class WdlOf>
std::array<std::uint64_t, 3> rewrite_tables(const std::filesystem::path& dir, VariantId variant,
                                            const Material& m, compress::Compression compression,
                                            std::array<bool, 3> which, WdlOf&& wdl_of) {
    // Only the arrays of the kinds written: a table of WDL alone takes 4 bytes an entry.
    Slice<V> s = white_wdl_slice<V>(m);
    if (open_table(dir, variant, m, compress::ValueKind::wdl)->form() ==
        compress::TableForm::one_ply) {
        find_wdl(s, wdl_of);
    } else {
        read_wdl(dir, variant, s);
    }
    for (std::size_t k = 1; k < kValueKinds.size(); ++k) {
        if (!which[k]) continue;
        auto& to = kValueKinds[k] == compress::ValueKind::dtw ? s.dtw[0] : s.dtc[0];
        to.resize(s.index.size());
        read_checked_table(dir, variant, m, kValueKinds[k], std::span<std::uint16_t>(to));
    }
    find_captures(s);
    return write_tables(dir, variant, s, compression, which);
}

}  // namespace dtb::gen
