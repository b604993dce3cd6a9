// A solver whose dependencies are missing reports it with an exception, whichever loop and
// thread count meets the first capture or promotion into the missing slice (before
// for_range kept exceptions, one thrown inside a shared region terminated the program).
#include <gtest/gtest.h>
#include <omp.h>

#include <stdexcept>

#include "dtb/core/variant.hpp"
#include "dtb/gen/run/solved_slices.hpp"

namespace dtb::gen {
namespace {

TEST(SolverErrors, AMissingDependencyIsReportedNotFatal) {
    const SolvedSlices<Russian> empty;
    for (const int threads : {1, 2}) {
        omp_set_num_threads(threads);
        // Blocks in waves (KMvK), one region of kings only (KKvK), men only (MvM).
        for (const char* name : {"KMvK", "KKvK", "MvM"}) {
            SCOPED_TRACE(std::string(name) + ", threads " + std::to_string(threads));
            SliceSolver<Russian> solver(*Material::parse(name), empty.exits());
            EXPECT_THROW(solver.solve(), std::logic_error);
        }
    }
}

}  // namespace
}  // namespace dtb::gen
