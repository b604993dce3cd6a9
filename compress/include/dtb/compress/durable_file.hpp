// Putting a written file in place so that a crash at any moment, of the process or of the
// machine, leaves the old file or the whole new one under its name, and the new one on the
// disk before anything written after it can name it (docs/file-format.md#durability).
#pragma once

#include <filesystem>

namespace dtb::compress {

// tmp (written and closed) flushed to the disk, renamed to path, and the rename flushed (the
// directory's fsync). `what` names the kill points passed on the way (kill_point.hpp):
// WHAT.before_sync, WHAT.before_rename, WHAT.before_dir_sync. Throws TableError naming the
// path and the system's reason.
void durable_replace(const std::filesystem::path& tmp, const std::filesystem::path& path,
                     const char* what);

// dir's entries (renames, new and removed files) flushed to the disk. Throws TableError.
void sync_directory(const std::filesystem::path& dir);

}  // namespace dtb::compress
