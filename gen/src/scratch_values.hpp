// Slices a run lets go of under --memory, kept as uncompressed scratch files mapped read-only
// (DIR/.dtb-scratch): a lookup reads the value the solver wrote, as from memory, and the
// kernel keeps in memory only the pages that are read, dropping them again under pressure.
// Much faster than the tables' prober, which recomputes captures and threats; what was
// never mapped (a material a resumed run found on disk) is answered by `tables`.
#pragma once

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dtb/compress/table_dir.hpp"
#include "dtb/core/flip.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/material.hpp"
#include "dtb/gen/slice.hpp"
#include "dtb/gen/written_values.hpp"

namespace dtb::gen {

template <class V>
class ScratchValues final : public WrittenValues<V> {
  public:
    // Scratch files go to `dir` (made now, emptied of an earlier run's, removed with this).
    ScratchValues(std::filesystem::path dir, const WrittenValues<V>& tables)
        : dir_(std::move(dir)), tables_(tables) {
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
    }
    ~ScratchValues() override {
        for (auto& m : by_slot_)
            if (m) munmap(m->map, m->bytes);
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
    }
    ScratchValues(const ScratchValues&) = delete;
    ScratchValues& operator=(const ScratchValues&) = delete;

    // s's WDL and DTW of both sides (DTW where held) written out and mapped: s may go. With
    // the DTW, one 16-bit word an entry and side (WDL in the low 2 bits, DTW above: 4 bytes an
    // entry where bytes and words took 6); without, one byte. Throws compress::TableError
    // when the file cannot be written or a DTW does not fit in 14 bits.
    void add(const Slice<V>& s) {
        const Material m = s.material();
        const std::uint64_t n = s.index.size();
        const bool with_dtw = !s.dtw[0].empty();
        const std::uint64_t bytes = (with_dtw ? 4 : 2) * n;
        const auto path = dir_ / (m.name() + ".exit");
        {
            std::ofstream out(path, std::ios::binary | std::ios::trunc);
            auto put = [&](const void* p, std::uint64_t k) {
                out.write(static_cast<const char*>(p), std::streamsize(k));
            };
            std::vector<std::uint16_t> words;
            for (int side = 0; side < 2; ++side) {
                if (!with_dtw) {
                    put(s.wdl[side].data(), n);
                    continue;
                }
                constexpr std::uint64_t kPiece = 1 << 16;
                for (std::uint64_t i = 0; i < n; i += kPiece) {
                    const std::uint64_t end = std::min(n, i + kPiece);
                    words.resize(end - i);
                    for (std::uint64_t j = i; j < end; ++j) {
                        const std::uint16_t dtw = s.dtw[side][j];
                        if (dtw > kMaxDtw)
                            throw compress::TableError(
                                m.name() + ": a distance of " + std::to_string(dtw) +
                                " plies does not fit the scratch file; run without --memory");
                        words[j - i] = std::uint16_t(dtw << 2 | s.wdl[side][j]);
                    }
                    put(words.data(), 2 * words.size());
                }
            }
            if (!out.flush())
                throw compress::TableError(path.string() + ": cannot write the scratch file");
        }
        const int fd = ::open(path.c_str(), O_RDONLY);
        void* map = fd < 0 ? MAP_FAILED : mmap(nullptr, bytes, PROT_READ, MAP_SHARED, fd, 0);
        if (fd >= 0) ::close(fd);
        if (map == MAP_FAILED)
            throw compress::TableError(path.string() +
                                       ": cannot map the scratch file: " + std::strerror(errno));
        madvise(map, bytes, MADV_RANDOM);
        auto mapped = std::make_unique<Mapped>(Mapped{Index<V>(m), map, bytes, with_dtw, {}});
        const auto* base = static_cast<const unsigned char*>(map);
        for (int side = 0; side < 2; ++side)
            mapped->side[side] = base + std::uint64_t(side) * (with_dtw ? 2 : 1) * n;
        auto& slot = by_slot_[std::size_t(m.slot())];
        if (slot) munmap(slot->map, slot->bytes);
        slot = std::move(mapped);
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
    static constexpr std::uint16_t kMaxDtw = (1 << 14) - 1;

    struct Mapped {
        Index<V> index;
        void* map;
        std::uint64_t bytes;
        bool with_dtw;                 // words (WDL | DTW << 2), else bytes (WDL)
        const unsigned char* side[2];  // by side to move
    };

    static ExitValue read(const Mapped& s, const Position<V>& q) {
        const unsigned char* const at = s.side[static_cast<int>(q.side)];
        const std::uint64_t i = s.index.rank(q);
        if (!s.with_dtw) return {Wdl(at[i]), 0};
        std::uint16_t w;
        std::memcpy(&w, at + 2 * i, sizeof w);
        return {Wdl(w & 3), std::uint16_t(w >> 2)};
    }

    const std::filesystem::path dir_;
    const WrittenValues<V>& tables_;
    std::vector<std::unique_ptr<Mapped>> by_slot_ =
        std::vector<std::unique_ptr<Mapped>>(Material::kSlots);
};

}  // namespace dtb::gen
