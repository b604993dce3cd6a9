// The memory and the cores a dtb gen run may take, as the machine and what it runs under set
// them: MemAvailable, the memory limit of the process's cgroup (v2 memory.max, v1
// memory.limit_in_bytes, of it or of a cgroup above it; a batch system such as SLURM, or a
// container, sets its limits there), the CPU affinity and the cgroup's CPU quota. A limit
// lower than the machine's wins: the kernel kills a process that passes its cgroup's memory.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace dtb::gen {

struct MemoryLimit {
    std::uint64_t bytes = 0;      // what a new run can take, the lowest limit; 0 unknown
    std::string source;           // where `bytes` comes from, in words
    std::uint64_t available = 0;  // the machine's MemAvailable (0 unknown)
    // The cgroup's limit and what its processes hold of it (its page cache that the kernel can
    // take back left out); 0 when no cgroup limits the memory.
    std::uint64_t cgroup_limit = 0, cgroup_used = 0;
};

struct CpuLimit {
    int threads = 1;     // the threads a run can use at once, the lowest limit
    std::string source;  // where `threads` comes from, in words
    int machine = 1;     // the machine's cores
};

// The files the limits are read from, under `root` ("/" on a running system; a directory of
// fake /proc and /sys files in tests): proc/meminfo, proc/self/cgroup, proc/self/mountinfo
// and the cgroup files of the mounts it names.
MemoryLimit memory_limit(const std::filesystem::path& root = "/");
// `affinity`: the cores the process may run on (sched_getaffinity), `machine` the machine's;
// 0 for this process's own.
CpuLimit cpu_limit(const std::filesystem::path& root = "/", int affinity = 0, int machine = 0);

}  // namespace dtb::gen
