// dtb.Tablebase: a table directory (or a search path) opened for probing from Python. One
// object serves many threads: every probe runs with the GIL released, on the library's
// thread-safe handle; close() waits for none of them (they keep the handle alive).
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "dtb/pdn/game.hpp"
#include "dtb/probe.hpp"
#include "results.hpp"

namespace dtb::python {

class Tablebase {
  public:
    Tablebase(const std::string& directory, std::size_t cache_bytes,
              const std::optional<std::string>& variant);

    std::string variant() const;
    std::string counter_set() const;
    std::vector<std::string> counters() const;
    int largest() const;
    std::map<std::string, std::vector<std::string>> materials() const;

    ProbeResult probe(const pybind11::handle& pos, const pybind11::handle& counters,
                      const pybind11::handle& moves) const;
    int probe_wdl(const pybind11::handle& pos) const;
    int probe_dtw(const pybind11::handle& pos) const;
    std::vector<MoveResult> best_moves(const pybind11::handle& pos,
                                       const pybind11::handle& counters,
                                       const pybind11::handle& moves,
                                       const std::string& rank) const;
    std::vector<MoveResult> best_line(const pybind11::handle& pos, const pybind11::handle& counters,
                                      const pybind11::handle& moves, bool pure) const;
    pybind11::list counters_report(const std::optional<std::string>& material, bool distances,
                                   std::int64_t effort) const;
    // One PDN game checked against the tables (annotate.cpp).
    pybind11::dict annotate(const pdn::Game& g, const std::string& under,
                            const std::optional<std::string>& variant) const;
    // The directory's tables checked as dtb verify checks them (gen::verify_tables).
    pybind11::dict verify(int samples, std::uint64_t seed) const;

    void close();
    bool closed() const;

  private:
    // The pure value of pos (want: probe::want_wdl or want_dtw), without the GIL.
    Value pure_value(const pybind11::handle& pos, int want) const;

    // The open handle, shared with the probes in flight; raises dtb.Error once closed.
    std::shared_ptr<const probe::Tablebase> open() const;

    mutable std::mutex mutex_;
    std::shared_ptr<const probe::Tablebase> tb_;
    std::string directory_;  // as opened: a directory, or a search path
};

void add_tablebase(pybind11::module_& m);

}  // namespace dtb::python
