// Slices a run lets go of under --memory, kept as uncompressed scratch files mapped read-only
// (DIR/.dtb-scratch, scratch_file.hpp): a lookup reads the value the solver wrote, as from
// memory, and the kernel keeps in memory only the pages that are read, dropping them again
// under pressure. Much faster than the tables' prober, which recomputes captures and
// threats; what was never mapped (a material a resumed run found on disk) is answered by
// `tables`. A stopped run's files are taken over by the next (scratch_left_behind).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "dtb/compress/kill_point.hpp"
#include "dtb/compress/table_dir.hpp"
#include "dtb/core/flip.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/material.hpp"
#include "dtb/gen/run/written_values.hpp"
#include "dtb/gen/solver/coded_slice.hpp"
#include "dtb/gen/solver/exit_code.hpp"
#include "dtb/gen/solver/slice.hpp"
#include "scratch_file.hpp"

namespace dtb::gen {

template <class V>
class ScratchValues final : public WrittenValues<V> {
  public:
    // Scratch files go to `dir` (made now, removed with this). Of what a stopped run left
    // there, the files of `taken_over` (scratch_left_behind) are mapped; the rest is removed.
    ScratchValues(std::filesystem::path dir, const WrittenValues<V>& tables, VariantId variant,
                  const std::set<Material>& taken_over = {})
        : dir_(std::move(dir)), tables_(tables), variant_(variant) {
        std::filesystem::create_directories(dir_);
        for (const auto& e : std::filesystem::directory_iterator(dir_)) {
            const auto m = scratch_material(e.path());
            if (m && taken_over.count(*m))
                map(*m, e.path());
            else
                std::filesystem::remove_all(e.path());
        }
    }
    ~ScratchValues() override {
        by_slot_.clear();
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
    }
    ScratchValues(const ScratchValues&) = delete;
    ScratchValues& operator=(const ScratchValues&) = delete;

    // s's WDL and DTW of both sides (DTW where held) in its file, mapped: s may go. Throws
    // compress::TableError when the file cannot be written or a DTW does not fit a word.
    void add(const Slice<V>& s) {
        const Material m = s.material();
        if (!copied_.count(m)) write(s);
        copied_.erase(m);
        map(m, path_of(m));
    }

    // s's file written and not mapped while memory holds s: should the run be stopped, the
    // next takes it over instead of solving s again; should s be spilled, the file is there.
    void keep_copy(const Slice<V>& s) {
        write(s);
        copied_.insert(s.material());
    }

    // Whether m's values, or its twin's, are read from a mapped file.
    bool maps(const Material& m) const {
        return by_slot_[std::size_t(m.slot())] || by_slot_[std::size_t(m.flipped().slot())];
    }

    // m's file unmapped and removed: no slice still to solve looks into m.
    void remove(const Material& m) {
        auto& slot = by_slot_[std::size_t(m.slot())];
        if (!slot && !copied_.erase(m)) return;
        slot.reset();
        std::error_code ec;
        std::filesystem::remove(path_of(m), ec);
        compress::kill_point("scratch.removed");
    }

    ExitValue exit_value(const Position<V>& p) const override {
        const Material m = material_of(p);
        if (const Mapped* s = by_slot_[std::size_t(m.slot())].get()) return read(*s, p);
        if (const Mapped* s = by_slot_[std::size_t(m.flipped().slot())].get())
            return read(*s, Flip<V>::apply(p));
        return tables_.exit_value(p);
    }

    // With the DTC, which the scratch does not keep: from the tables.
    std::optional<Value> value(const Position<V>& p) const override { return tables_.value(p); }

  private:
    static constexpr std::uint16_t kMaxWordDtw = (1 << 14) - 1;

    std::filesystem::path path_of(const Material& m) const {
        return dir_ / (m.name() + std::string(kScratchSuffix));
    }

    // s's values written: coded where s is or its values code (exit_code.hpp: 2 bytes an
    // entry where memory took 6), else in words; without DTW, bytes of WDL.
    void write(const Slice<V>& s) const {
        const Material m = s.material();
        const std::optional<ExitCode> code = s.coding ? s.coding : exit_coding(s);
        ScratchHeader h{variant_,       m, ScratchKind::wdl,
                        s.index.size(), 0, compress::kTableFormatVersion};
        if (code)
            h.kind = code->odd_wins() ? ScratchKind::codes_odd_wins : ScratchKind::codes_even_wins;
        else if (!s.dtw[0].empty())
            h.kind = ScratchKind::words;
        const auto part = dir_ / (m.name() + std::string(kScratchPartSuffix));
        const auto check = [&](const std::ostream& out) {
            if (!out) throw compress::TableError(part.string() + ": cannot write the scratch file");
        };
        const auto put_header = [&](std::ostream& out) {
            out.write(reinterpret_cast<const char*>(encode_scratch_header(h).data()),
                      std::streamsize(kScratchHeaderBytes));
        };
        {
            std::ofstream out(part, std::ios::binary | std::ios::trunc);
            put_header(out);
            for (int side = 0; side < 2; ++side) write_values(out, s, side, h.kind, code);
            check(out.flush());
        }
        compress::kill_point("scratch.part_written");
        // The checksum last, then the final name: only a complete file is ever taken over.
        h.body_hash = compress::xxh64(MappedScratch(part).body(), h.body_bytes());
        {
            std::fstream out(part, std::ios::binary | std::ios::in | std::ios::out);
            put_header(out);
            check(out.flush());
        }
        // Not flushed to the disk: a file a crash left torn fails its checksum and is not
        // taken over (scratch_left_behind), and forcing gigabytes out would cost more.
        compress::kill_point("scratch.before_rename");
        std::filesystem::rename(part, path_of(m));
        compress::kill_point("scratch.renamed");
    }

    // One side's values of s in `kind`, as the file's body holds them.
    static void write_values(std::ofstream& out, const Slice<V>& s, int side, ScratchKind kind,
                             const std::optional<ExitCode>& code) {
        const std::uint64_t n = s.index.size();
        auto put = [&](const void* p, std::uint64_t k) {
            out.write(static_cast<const char*>(p), std::streamsize(k));
        };
        if (s.coding) return put(s.exit[side].data(), n);
        if (kind == ScratchKind::wdl) return put(s.wdl[side].data(), n);
        constexpr std::uint64_t kPiece = 1 << 20;
        std::vector<std::uint8_t> bytes;
        std::vector<std::uint16_t> words;
        for (std::uint64_t i = 0; i < n; i += kPiece) {
            const std::uint64_t end = std::min(n, i + kPiece);
            if (code) {
                bytes.resize(end - i);
                encode_exits(s, side, *code, i, end, bytes.data());
                put(bytes.data(), bytes.size());
                continue;
            }
            words.resize(end - i);
            for (std::uint64_t j = i; j < end; ++j) {
                const std::uint16_t dtw = s.dtw[side][j];
                if (dtw > kMaxWordDtw)
                    throw compress::TableError(
                        s.material().name() + ": a distance of " + std::to_string(dtw) +
                        " plies does not fit the scratch file; run without --memory");
                words[j - i] = std::uint16_t(dtw << 2 | s.wdl[side][j]);
            }
            put(words.data(), 2 * words.size());
        }
    }

    struct Mapped {
        Index<V> index;
        std::unique_ptr<MappedScratch> file;
        ScratchKind kind;
        const unsigned char* side[2];  // by side to move
    };

    // A complete file of m's, written by this run or checked by scratch_left_behind, mapped.
    void map(const Material& m, const std::filesystem::path& path) {
        auto file = std::make_unique<MappedScratch>(path);
        const auto h = decode_scratch_header(file->data());
        if (!h) throw compress::TableError(path.string() + ": not a scratch file");
        map_values(m, std::move(file), h->kind);
        compress::kill_point("scratch.mapped");
    }

    void map_values(const Material& m, std::unique_ptr<MappedScratch> file, ScratchKind kind) {
        madvise(const_cast<unsigned char*>(file->data()), file->bytes(), MADV_RANDOM);
        const std::uint64_t n = Index<V>(m).size();
        auto mapped = std::make_unique<Mapped>(Mapped{Index<V>(m), std::move(file), kind, {}});
        const std::uint64_t per_value = bytes_per_value(kind);
        for (int side = 0; side < 2; ++side)
            mapped->side[side] = mapped->file->body() + std::uint64_t(side) * per_value * n;
        by_slot_[std::size_t(m.slot())] = std::move(mapped);
    }

    static ExitValue read(const Mapped& s, const Position<V>& q) {
        const unsigned char* const at = s.side[static_cast<int>(q.side)];
        const std::uint64_t i = s.index.rank(q);
        switch (s.kind) {
            case ScratchKind::wdl:
                return {Wdl(at[i]), 0};
            case ScratchKind::codes_odd_wins:
                return ExitCode(true).decode(at[i]);
            case ScratchKind::codes_even_wins:
                return ExitCode(false).decode(at[i]);
            case ScratchKind::words:
                break;
        }
        std::uint16_t w;
        std::memcpy(&w, at + 2 * i, sizeof w);
        return {Wdl(w & 3), std::uint16_t(w >> 2)};
    }

    const std::filesystem::path dir_;
    const WrittenValues<V>& tables_;
    const VariantId variant_;
    std::set<Material> copied_;  // written by keep_copy, not mapped
    std::vector<std::unique_ptr<Mapped>> by_slot_ =
        std::vector<std::unique_ptr<Mapped>>(Material::kSlots);
};

// The materials of `finished` whose scratch files a stopped run left complete in `dir`: the
// header names the material, the variant and the index layout, the file holds the DTW, and
// the values hash to the header's checksum.
template <class V>
std::set<Material> scratch_left_behind(const std::filesystem::path& dir, VariantId variant,
                                       const std::set<Material>& finished) {
    std::set<Material> found;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
        const auto m = scratch_material(e.path());
        if (!m || !finished.count(*m)) continue;
        try {
            if (MappedScratch(e.path()).holds(variant, *m, Index<V>(*m).size())) found.insert(*m);
        } catch (const compress::TableError&) {
            // not taken over: the slice is solved again
        }
    }
    return found;
}

}  // namespace dtb::gen
