// WrittenValues over the probing library: a run's own table directory read through its
// mapped, cached readers (probe::Store) and the prober, which recomputes what the tables do
// not store (positions with a capture, or a threat only some moves answer).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

#include "dtb/compress/table_dir.hpp"
#include "dtb/gen/written_values.hpp"
#include "dtb/probe/prober.hpp"
#include "dtb/probe/store.hpp"

namespace dtb::gen {

template <class V>
class ProbedValues final : public WrittenValues<V> {
  public:
    ProbedValues(const std::filesystem::path& dir, VariantId variant, std::size_t cache_bytes)
        : store_(dir, variant, cache_bytes), prober_(store_) {}

    ExitValue exit_value(const Position<V>& p) const override {
        Value v;
        std::string message;
        if (prober_.value(p, probe::want_dtw, v, &message) != probe::Status::ok)
            throw compress::TableError("reading back a written table: " + message);
        return {v.wdl, v.dtw};
    }

    std::optional<Value> value(const Position<V>& p) const override {
        Value v;
        if (prober_.value(p, probe::want_all, v) != probe::Status::ok) return std::nullopt;
        return v;
    }

  private:
    probe::Store store_;
    probe::Prober<V, probe::Store> prober_;
};

}  // namespace dtb::gen
