// gen::Ranks over MPI (OpenMPI from Debian): the processes mpirun started, telling each other
// which materials are finished by small point-to-point messages. Only the dtb command links
// it; mpi.h stays behind this header.
#pragma once

#include <memory>
#include <vector>

#include "dtb/gen/run/ranks.hpp"

namespace dtb::gen {

class MpiRanks final : public Ranks {
  public:
    // Starts MPI (funneled: only this thread calls it, never the solver's OpenMP threads).
    MpiRanks();
    // Waits for the announcements still being sent, then ends MPI.
    ~MpiRanks() override;
    MpiRanks(const MpiRanks&) = delete;
    MpiRanks& operator=(const MpiRanks&) = delete;

    int rank() const override { return rank_; }
    int size() const override { return size_; }
    int local_size() const override { return local_size_; }
    void barrier() override;
    void announce(const StepDone& done) override;
    std::vector<StepDone> collect(bool wait) override;
    [[noreturn]] void abort(int exit_code) override;

  private:
    struct Sends;
    int rank_ = 0, size_ = 1, local_size_ = 1;
    std::unique_ptr<Sends> sends_;  // announcements under way
};

}  // namespace dtb::gen
