// The processes one dtb gen run is spread over (mpirun): which one this is, and how each tells
// the others that a material's tables are written. The generator sees only this interface;
// gen/mpi/ implements it over MPI, so that dtb_gen itself does not link MPI.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace dtb::gen {

// Step `step` of the run's order is finished: its tables are in the shared directory.
struct StepDone {
    std::size_t step = 0;
    std::string entry;              // its manifest entry (ManifestEntry::text), for rank 0
    bool counters_skipped = false;  // no counters' tables: the materials that need it go without
};

class Ranks {
  public:
    virtual ~Ranks() = default;
    virtual int rank() const = 0;  // 0 writes the manifest
    virtual int size() const = 0;
    virtual int local_size() const = 0;  // the ranks on this machine, this one included
    // Returns when every rank has called it.
    virtual void barrier() = 0;
    // Tells every other rank; returns at once.
    virtual void announce(const StepDone& done) = 0;
    // What the other ranks announced since the last call; with `wait`, at least one.
    virtual std::vector<StepDone> collect(bool wait) = 0;
    // Ends every rank with `exit_code`: after an error on one, the others would wait forever.
    [[noreturn]] virtual void abort(int exit_code) = 0;
};

}  // namespace dtb::gen
