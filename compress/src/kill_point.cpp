#include "dtb/compress/kill_point.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>

namespace dtb::compress {

namespace {

// This process's rank under an MPI launcher (OpenMPI's variable, MPICH's and Slurm's PMI
// one); 0 alone.
int launched_rank() {
    for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMI_RANK"})
        if (const char* v = std::getenv(name)) return std::atoi(v);
    return 0;
}

// What the environment asks of the points, read once.
struct KillPlan {
    std::string at;          // the point to kill at ("" for none)
    std::uint64_t pass = 0;  // at its pass-th pass
    bool this_rank = true;   // and this rank is the one to kill
    int count_fd = -1;       // DTB_KILL_COUNT's file, or -1
    int rank = launched_rank();
    std::mutex mutex;  // points may be passed from several threads
    std::map<std::string, std::uint64_t> passes;

    KillPlan() {
        if (const char* v = std::getenv("DTB_KILL_AT")) {
            const std::string s(v);
            const auto colon = s.find(':');
            at = s.substr(0, colon);
            if (colon != std::string::npos) {
                const std::string rest = s.substr(colon + 1);
                pass = std::strtoull(rest.c_str(), nullptr, 10);
                if (const auto r = rest.find(':'); r != std::string::npos)
                    this_rank = std::atoi(rest.c_str() + r + 1) == rank;
            }
            if (pass == 0) pass = 1;
        }
        if (const char* f = std::getenv("DTB_KILL_COUNT"))
            count_fd = ::open(f, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    }

    void passed(const std::string& name) {
        const std::lock_guard<std::mutex> lock(mutex);
        if (count_fd >= 0) {
            // One write a line: O_APPEND keeps the ranks' lines whole in one file.
            const std::string line = std::to_string(rank) + " " + name + "\n";
            if (::write(count_fd, line.data(), line.size()) < 0) {
                // a count lost: the harness draws from fewer passes
            }
        }
        if (this_rank && name == at && ++passes[at] == pass) ::raise(SIGKILL);
    }
};

}  // namespace

void kill_point(const char* name, const char* stage) {
    static const bool armed = std::getenv("DTB_KILL_AT") || std::getenv("DTB_KILL_COUNT");
    if (!armed) return;
    static KillPlan plan;
    plan.passed(stage ? std::string(name) + "." + stage : std::string(name));
}

}  // namespace dtb::compress
