#include "dtb/compress/durable_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "dtb/compress/kill_point.hpp"
#include "dtb/compress/table_format.hpp"

namespace dtb::compress {

namespace {

[[noreturn]] void fail(const std::string& what, const std::filesystem::path& path, int error) {
    throw TableError("cannot " + what + " " + path.string() + ": " + std::strerror(error));
}

// path (a file, or with O_DIRECTORY a directory) flushed to the disk; opened read-only, as
// Linux flushes a file's pages whatever the descriptor. A file system that cannot flush a
// directory (EINVAL) keeps no order to keep.
void sync_path(const std::filesystem::path& path, int flags) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | flags);
    if (fd < 0) fail("open", path, errno);
    const int rc = ::fsync(fd);
    const int error = errno;
    ::close(fd);
    if (rc != 0 && !((flags & O_DIRECTORY) && (error == EINVAL || error == ENOTSUP)))
        fail("sync", path, error);
}

std::filesystem::path directory_of(const std::filesystem::path& path) {
    return path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
}

}  // namespace

void sync_directory(const std::filesystem::path& dir) { sync_path(dir, O_DIRECTORY); }

void durable_replace(const std::filesystem::path& tmp, const std::filesystem::path& path,
                     const char* what) {
    kill_point(what, "before_sync");
    sync_path(tmp, 0);
    kill_point(what, "before_rename");
    if (::rename(tmp.c_str(), path.c_str()) != 0)
        throw TableError("cannot rename " + tmp.string() + " to " + path.string() + ": " +
                         std::strerror(errno));
    kill_point(what, "before_dir_sync");
    sync_directory(directory_of(path));
}

}  // namespace dtb::compress
