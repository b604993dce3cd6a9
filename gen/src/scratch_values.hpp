// Slices a run lets go of under --memory, kept as uncompressed scratch files mapped read-only
// (DIR/.dtb-scratch): a lookup reads the value the solver wrote, as from memory, and the
// kernel keeps in memory only the pages that are read, dropping them again under pressure.
// Much faster than the tables' prober, which recomputes captures and threats; what was
// never mapped (a material a resumed run found on disk) is answered by `tables`.
#pragma once

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

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

    // s's WDL and DTW of both sides (DTW where held) written out and mapped: s may go.
    void add(const Slice<V>& s) {
        const Material m = s.material();
        const std::uint64_t n = s.index.size();
        const bool with_dtw = !s.dtw[0].empty();
        const std::uint64_t wdl_bytes = (2 * n + 1) & ~std::uint64_t(1);  // DTW 2-byte aligned
        const std::uint64_t bytes = wdl_bytes + (with_dtw ? 4 * n : 0);
        const auto path = dir_ / (m.name() + ".exit");
        {
            std::ofstream out(path, std::ios::binary | std::ios::trunc);
            auto put = [&](const void* p, std::uint64_t k) {
                out.write(static_cast<const char*>(p), std::streamsize(k));
            };
            for (int side = 0; side < 2; ++side) put(s.wdl[side].data(), n);
            if (wdl_bytes > 2 * n) put("", 1);
            if (with_dtw)
                for (int side = 0; side < 2; ++side) put(s.dtw[side].data(), 2 * n);
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
        auto mapped = std::make_unique<Mapped>(Mapped{Index<V>(m), map, bytes, {}, {}});
        const auto* base = static_cast<const unsigned char*>(map);
        for (int side = 0; side < 2; ++side) {
            mapped->wdl[side] = base + std::uint64_t(side) * n;
            mapped->dtw[side] = with_dtw ? reinterpret_cast<const std::uint16_t*>(
                                               base + wdl_bytes + std::uint64_t(side) * 2 * n)
                                         : nullptr;
        }
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
    struct Mapped {
        Index<V> index;
        void* map;
        std::uint64_t bytes;
        const unsigned char* wdl[2];
        const std::uint16_t* dtw[2];  // null: a view without distances
    };

    static ExitValue read(const Mapped& s, const Position<V>& q) {
        const int side = static_cast<int>(q.side);
        const std::uint64_t i = s.index.rank(q);
        return {Wdl(s.wdl[side][i]), s.dtw[side] ? s.dtw[side][i] : std::uint16_t(0)};
    }

    const std::filesystem::path dir_;
    const WrittenValues<V>& tables_;
    std::vector<std::unique_ptr<Mapped>> by_slot_ =
        std::vector<std::unique_ptr<Mapped>>(Material::kSlots);
};

}  // namespace dtb::gen
