#include "dtb/gen/run/machine_limits.hpp"

#include <sched.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace dtb::gen {

namespace {

namespace fs = std::filesystem;

// An absolute path of the running system, under root.
fs::path under(const fs::path& root, const std::string& path) {
    return root / fs::path(path).relative_path();
}

// The first word of a file; "" when it cannot be read.
std::string first_word(const fs::path& file) {
    std::ifstream in(file);
    std::string w;
    in >> w;
    return w;
}

// A number of bytes or microseconds in a cgroup file; 0 for "max", a cgroup v1 "unlimited"
// (a value near 2^63, or -1) and a file that cannot be read.
std::uint64_t limit_in(const fs::path& file) {
    const std::string w = first_word(file);
    if (w.empty() || w == "max" || w[0] == '-') return 0;
    try {
        const std::uint64_t n = std::stoull(w);
        return n >= (1ull << 62) ? 0 : n;
    } catch (const std::exception&) {
        return 0;
    }
}

// The value of `key` in a file of "key value" lines (memory.stat), 0 if absent.
std::uint64_t stat_of(const fs::path& file, const std::string& key) {
    std::ifstream in(file);
    std::string k;
    std::uint64_t v = 0;
    while (in >> k >> v)
        if (k == key) return v;
    return 0;
}

// A controller's cgroup directories from the process's own up to its hierarchy's mount (the
// limits of every one of them bind it); `v1` the controller's name in cgroup v1, "" for v2.
std::vector<std::pair<fs::path, std::string>> cgroup_dirs(const fs::path& root,
                                                          const std::string& v1) {
    // The process's cgroup in the hierarchy: "ID:CONTROLLERS:PATH" lines.
    std::string path;
    bool found = false;
    {
        std::ifstream in(under(root, "/proc/self/cgroup"));
        for (std::string line; std::getline(in, line);) {
            const auto a = line.find(':'), b = line.find(':', a + 1);
            if (a == std::string::npos || b == std::string::npos) continue;
            std::stringstream controllers(line.substr(a + 1, b - a - 1));
            bool match = v1.empty() && b == a + 1;
            for (std::string c; std::getline(controllers, c, ',');) match = match || c == v1;
            if (match) {
                path = line.substr(b + 1);
                found = true;
                break;
            }
        }
    }
    if (!found) return {};
    // Its mount: "ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - TYPE SOURCE SUPER".
    std::ifstream in(under(root, "/proc/self/mountinfo"));
    for (std::string line; std::getline(in, line);) {
        std::stringstream words(line);
        std::vector<std::string> w;
        for (std::string s; words >> s;) w.push_back(s);
        const auto dash = std::find(w.begin(), w.end(), "-");
        if (w.size() < 5 || w.end() - dash < 4) continue;
        const std::string& type = dash[1];
        bool match = v1.empty() ? type == "cgroup2" : false;
        if (!v1.empty() && type == "cgroup") {
            std::stringstream options(dash[3]);
            for (std::string o; std::getline(options, o, ',');) match = match || o == v1;
        }
        if (!match) continue;
        const std::string& mount_root = w[3];
        const fs::path mount = under(root, w[4]);
        // Inside a cgroup namespace the path may name a cgroup above the mount: the mount's
        // top is then the process's cgroup.
        fs::path dir = mount;
        if (path.starts_with(mount_root)) {
            const fs::path rest = fs::path(path.substr(mount_root.size())).relative_path();
            std::error_code ec;
            if (fs::is_directory(mount / rest, ec)) dir = mount / rest;
        }
        std::vector<std::pair<fs::path, std::string>> dirs;
        for (fs::path d = dir;; d = d.parent_path()) {
            const fs::path rel = d.lexically_relative(mount);
            dirs.emplace_back(d, "/" + (rel == "." ? std::string() : rel.generic_string()));
            if (d == mount || !d.has_relative_path() || rel.empty() || *rel.begin() == "..") break;
        }
        return dirs;
    }
    return {};
}

std::uint64_t mem_available(const fs::path& root) {
    std::ifstream in(under(root, "/proc/meminfo"));
    for (std::string line; std::getline(in, line);) {
        std::stringstream s(line);
        std::string key;
        std::uint64_t kib = 0;
        if (s >> key >> kib && key == "MemAvailable:") return kib * 1024;
    }
    return 0;
}

}  // namespace

MemoryLimit memory_limit(const fs::path& root) {
    MemoryLimit m;
    m.available = mem_available(root);
    m.bytes = m.available;
    m.source = "the machine's MemAvailable";
    // v2, then v1: each cgroup up the hierarchy with a limit, the one that leaves least.
    std::uint64_t least = UINT64_MAX;
    struct Files {
        const char *v1, *limit, *used, *cache, *name;
    };
    for (const Files f :
         {Files{"", "memory.max", "memory.current", "inactive_file", "cgroup v2 memory.max"},
          Files{"memory", "memory.limit_in_bytes", "memory.usage_in_bytes", "total_inactive_file",
                "cgroup v1 memory.limit_in_bytes"}}) {
        for (const auto& [dir, name] : cgroup_dirs(root, f.v1)) {
            const std::uint64_t limit = limit_in(dir / f.limit);
            if (!limit) continue;
            // Page cache the kernel takes back before it kills is not held (as MemAvailable
            // counts it available).
            const std::uint64_t current = limit_in(dir / f.used);
            const std::uint64_t cache = stat_of(dir / "memory.stat", f.cache);
            const std::uint64_t used = current > cache ? current - cache : 0;
            const std::uint64_t left = limit > used ? limit - used : 0;
            if (left >= least) continue;
            least = left;
            m.cgroup_limit = limit;
            m.cgroup_used = std::min(limit, used);
            if (!m.available || left < m.bytes) {
                m.bytes = left;
                m.source = std::string(f.name) + " of " + name;
            }
        }
    }
    return m;
}

CpuLimit cpu_limit(const fs::path& root, int affinity, int machine) {
    CpuLimit c;
    c.machine = machine > 0 ? machine : int(std::max(1u, std::thread::hardware_concurrency()));
    c.threads = c.machine;
    c.source = "the machine's cores";
    if (affinity <= 0) {
        cpu_set_t set;
        affinity = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 0;
    }
    if (affinity > 0 && affinity < c.threads) {
        c.threads = affinity;
        c.source = "the CPU affinity (" + std::to_string(affinity) + " of " +
                   std::to_string(c.machine) + " cores)";
    }
    // A quota of Q microseconds of CPU each period of P: Q / P cores at once, rounded up.
    auto quota = [&](const std::string& name, std::uint64_t q, std::uint64_t p) {
        if (!q || !p) return;
        const int cores = int(std::max<std::uint64_t>(1, (q + p - 1) / p));
        if (cores < c.threads) {
            c.threads = cores;
            c.source = name;
        }
    };
    for (const auto& [dir, name] : cgroup_dirs(root, "")) {
        std::ifstream in(dir / "cpu.max");
        std::string q;
        std::uint64_t p = 0;
        if (in >> q >> p && !q.empty() && std::isdigit(static_cast<unsigned char>(q[0])))
            quota("cgroup v2 cpu.max of " + name, std::stoull(q), p);
    }
    for (const auto& [dir, name] : cgroup_dirs(root, "cpu"))
        quota("cgroup v1 cpu.cfs_quota_us of " + name, limit_in(dir / "cpu.cfs_quota_us"),
              limit_in(dir / "cpu.cfs_period_us"));
    return c;
}

}  // namespace dtb::gen
