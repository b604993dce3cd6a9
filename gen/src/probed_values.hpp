// WrittenValues over the probing library: a run's own table directory read through its
// mapped, cached readers (probe::Store) and the probers, which recompute what the tables do
// not store (positions with a capture, or a threat only some moves answer). One store serves
// the pure values and those under the counters.
#pragma once

#include <optional>
#include <string>

#include "dtb/compress/table_dir.hpp"
#include "dtb/core/counter_state.hpp"
#include "dtb/gen/run/written_values.hpp"
#include "dtb/probe/counters_prober.hpp"
#include "dtb/probe/prober.hpp"
#include "dtb/probe/store.hpp"

namespace dtb::gen {

// The pure values: WDL and DTW (and DTC where asked).
template <class V>
class ProbedValues final : public WrittenValues<V> {
  public:
    explicit ProbedValues(const probe::Store& store) : prober_(store) {}

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
    probe::Prober<V, probe::Store> prober_;
};

// The values under the counters at fresh counters, as a fresh view holds them (WDL, and no
// distance: a child's counts start afresh).
template <class V>
class ProbedFreshValues final : public WrittenValues<V> {
  public:
    ProbedFreshValues(const probe::Store& store, const CounterSet& set)
        : set_(set), prober_(store, set) {}

    ExitValue exit_value(const Position<V>& p) const override {
        probe::CountersAnswer a;
        std::string message;
        if (prober_.value(p, fresh_state(set_, p), a, &message) != probe::Status::ok)
            throw compress::TableError("reading back a written counters' table: " + message);
        return {a.wdl, 0};
    }

    std::optional<Value> value(const Position<V>& p) const override {
        probe::CountersAnswer a;
        if (prober_.value(p, fresh_state(set_, p), a, nullptr) != probe::Status::ok)
            return std::nullopt;
        return Value{a.wdl, 0, 0};
    }

  private:
    const CounterSet& set_;
    probe::CountersProber<V, probe::Store> prober_;
};

}  // namespace dtb::gen
