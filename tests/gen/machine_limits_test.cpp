// The limits a dtb gen run takes (gen/run/machine_limits.hpp), read from fake /proc and cgroup
// files in a temporary directory: cgroup v2 and v1, a limit on a cgroup above the process's,
// page cache left out of what is in use, the CPU affinity and quota.
#include "dtb/gen/run/machine_limits.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace dtb::gen {
namespace {

namespace fs = std::filesystem;
constexpr std::uint64_t GiB = 1ull << 30, MiB = 1ull << 20;

class FakeRoot : public ::testing::Test {
  protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() /
                ("dtb_limits_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                 "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(root_);
        write("proc/meminfo", "MemTotal: 24000000 kB\nMemAvailable: 20971520 kB\n");  // 20 GiB
    }
    void TearDown() override { fs::remove_all(root_); }
    void write(const std::string& path, const std::string& text) {
        fs::create_directories((root_ / path).parent_path());
        std::ofstream(root_ / path) << text;
    }
    // A cgroup v2 hierarchy at /sys/fs/cgroup with the process in `cgroup`.
    void v2(const std::string& cgroup) {
        write("proc/self/cgroup", "0::" + cgroup + "\n");
        write("proc/self/mountinfo",
              "22 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw\n"
              "30 22 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n");
        fs::create_directories(root_ / "sys/fs/cgroup" / fs::path(cgroup).relative_path());
    }
    // A cgroup v1 memory and cpu hierarchy (hybrid: the v2 one without controllers beside).
    void v1(const std::string& cgroup) {
        write("proc/self/cgroup",
              "9:name=systemd:/\n4:memory:" + cgroup + "\n1:cpu,cpuacct:" + cgroup + "\n0::/\n");
        write("proc/self/mountinfo",
              "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
              "32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup "
              "rw,cpu,cpuacct\n"
              "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
              "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n");
        for (const char* c : {"memory", "cpu,cpuacct"})
            fs::create_directories(root_ / "sys/fs/cgroup" / c / fs::path(cgroup).relative_path());
        write("sys/fs/cgroup/unified/cgroup.procs", "1\n");
    }
    fs::path root_;
};

TEST_F(FakeRoot, NoCgroupTakesMemAvailable) {
    const MemoryLimit m = memory_limit(root_);
    EXPECT_EQ(m.bytes, 20 * GiB);
    EXPECT_EQ(m.available, 20 * GiB);
    EXPECT_EQ(m.cgroup_limit, 0u);
    EXPECT_EQ(m.source, "the machine's MemAvailable");
}

// SLURM limits the job's cgroup; its step, the process's, says "max". In use: what the
// cgroup's processes hold, less the page cache the kernel would take back.
TEST_F(FakeRoot, CgroupV2LimitAboveTheProcessBinds) {
    v2("/system.slice/slurmstepd.scope/job_7/step_0");
    const std::string job = "sys/fs/cgroup/system.slice/slurmstepd.scope/job_7/";
    write(job + "memory.max", "4294967296\n");
    write(job + "memory.current", std::to_string(GiB) + "\n");
    write(job + "memory.stat",
          "anon 500000000\nfile 600000000\ninactive_file " + std::to_string(256 * MiB) + "\n");
    write(job + "step_0/memory.max", "max\n");
    write(job + "step_0/memory.current", "1000\n");
    write("sys/fs/cgroup/memory.max", "max\n");
    const MemoryLimit m = memory_limit(root_);
    EXPECT_EQ(m.cgroup_limit, 4 * GiB);
    EXPECT_EQ(m.cgroup_used, GiB - 256 * MiB);
    EXPECT_EQ(m.bytes, 4 * GiB - (GiB - 256 * MiB));
    EXPECT_EQ(m.available, 20 * GiB);
    EXPECT_EQ(m.source, "cgroup v2 memory.max of /system.slice/slurmstepd.scope/job_7");
}

// Of two limits, the one that leaves less: a lower limit nearly unused against a higher one
// mostly used.
TEST_F(FakeRoot, CgroupV2TheLimitThatLeavesLeastWins) {
    v2("/a/b");
    write("sys/fs/cgroup/a/memory.max", std::to_string(8 * GiB));
    write("sys/fs/cgroup/a/memory.current", std::to_string(7 * GiB));
    write("sys/fs/cgroup/a/b/memory.max", std::to_string(3 * GiB));
    write("sys/fs/cgroup/a/b/memory.current", std::to_string(GiB));
    const MemoryLimit m = memory_limit(root_);
    EXPECT_EQ(m.bytes, GiB);
    EXPECT_EQ(m.cgroup_limit, 8 * GiB);
    EXPECT_EQ(m.source, "cgroup v2 memory.max of /a");
}

// A limit above what the machine has available leaves MemAvailable the limit.
TEST_F(FakeRoot, CgroupLimitAboveTheMachineLeavesTheMachine) {
    v2("/big");
    write("sys/fs/cgroup/big/memory.max", std::to_string(64 * GiB));
    write("sys/fs/cgroup/big/memory.current", std::to_string(GiB));
    const MemoryLimit m = memory_limit(root_);
    EXPECT_EQ(m.bytes, 20 * GiB);
    EXPECT_EQ(m.source, "the machine's MemAvailable");
    EXPECT_EQ(m.cgroup_limit, 64 * GiB);
}

TEST_F(FakeRoot, CgroupV1Limit) {
    v1("/process_api/abc");
    const std::string cg = "sys/fs/cgroup/memory/process_api/abc/";
    write(cg + "memory.limit_in_bytes", "4294967296\n");
    write(cg + "memory.usage_in_bytes", std::to_string(2 * GiB) + "\n");
    write(cg + "memory.stat",
          "cache 1\ninactive_file 5\ntotal_inactive_file " + std::to_string(GiB) + "\n");
    write("sys/fs/cgroup/memory/process_api/memory.limit_in_bytes", "9223372036854771712\n");
    write("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");
    const MemoryLimit m = memory_limit(root_);
    EXPECT_EQ(m.bytes, 3 * GiB);
    EXPECT_EQ(m.cgroup_limit, 4 * GiB);
    EXPECT_EQ(m.cgroup_used, GiB);
    EXPECT_EQ(m.source, "cgroup v1 memory.limit_in_bytes of /process_api/abc");
}

// v1's "no limit" is a number near 2^63.
TEST_F(FakeRoot, CgroupV1UnlimitedTakesMemAvailable) {
    v1("/process_api/abc");
    write("sys/fs/cgroup/memory/process_api/abc/memory.limit_in_bytes", "9223372036854771712\n");
    write("sys/fs/cgroup/memory/process_api/abc/memory.usage_in_bytes", "4901519360\n");
    const MemoryLimit m = memory_limit(root_);
    EXPECT_EQ(m.bytes, 20 * GiB);
    EXPECT_EQ(m.cgroup_limit, 0u);
}

// In a cgroup namespace /proc/self/cgroup names "/" and the mount's top is the process's
// cgroup (a container).
TEST_F(FakeRoot, CgroupNamespaceReadsTheMountsTop) {
    v2("/");
    write("sys/fs/cgroup/memory.max", std::to_string(2 * GiB));
    write("sys/fs/cgroup/memory.current", std::to_string(GiB / 2));
    const MemoryLimit m = memory_limit(root_);
    EXPECT_EQ(m.bytes, 2 * GiB - GiB / 2);
    EXPECT_EQ(m.source, "cgroup v2 memory.max of /");
}

// A cgroup path the mount does not show (another namespace's): the mount's top stands for it.
TEST_F(FakeRoot, CgroupPathNotUnderTheMountReadsItsTop) {
    v2("/x");
    write("proc/self/cgroup", "0::/../../elsewhere\n");
    write("sys/fs/cgroup/memory.max", std::to_string(3 * GiB));
    EXPECT_EQ(memory_limit(root_).bytes, 3 * GiB);
}

void expect_cpus(const CpuLimit& c, int threads, const std::string& source) {
    EXPECT_EQ(c.threads, threads);
    EXPECT_EQ(c.source, source);
}

// Without a quota, the machine's cores, or fewer where the affinity allows fewer.
TEST_F(FakeRoot, CpusOfTheMachineOrTheAffinity) {
    v2("/a");
    EXPECT_EQ(cpu_limit(root_, 8, 8).machine, 8);
    expect_cpus(cpu_limit(root_, 8, 8), 8, "the machine's cores");
    expect_cpus(cpu_limit(root_, 3, 8), 3, "the CPU affinity (3 of 8 cores)");
}

// A quota of 1.5 cores lets two threads run (rounded up); one above binds as well.
TEST_F(FakeRoot, CpusOfTheCgroupV2Quota) {
    v2("/a/b");
    write("sys/fs/cgroup/a/b/cpu.max", "max 100000\n");
    write("sys/fs/cgroup/a/cpu.max", "150000 100000\n");
    expect_cpus(cpu_limit(root_, 8, 8), 2, "cgroup v2 cpu.max of /a");
}

TEST_F(FakeRoot, CpusOfTheCgroupV1Quota) {
    v1("/job");
    write("sys/fs/cgroup/cpu,cpuacct/job/cpu.cfs_quota_us", "400000\n");
    write("sys/fs/cgroup/cpu,cpuacct/job/cpu.cfs_period_us", "100000\n");
    write("sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us", "-1\n");
    expect_cpus(cpu_limit(root_, 16, 16), 4, "cgroup v1 cpu.cfs_quota_us of /job");
    EXPECT_EQ(cpu_limit(root_, 2, 16).threads, 2);  // the affinity lower still
}

// The running system: something sensible whatever it runs under.
TEST(MachineLimits, ThisMachine) {
    const MemoryLimit m = memory_limit();
    EXPECT_GT(m.bytes, 0u);
    EXPECT_FALSE(m.source.empty());
    const CpuLimit c = cpu_limit();
    EXPECT_GE(c.threads, 1);
    EXPECT_LE(c.threads, c.machine);
}

}  // namespace
}  // namespace dtb::gen
