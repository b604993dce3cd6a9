// libFuzzer target: any bytes as a table directory's manifest.json, given to every reader of it:
// Manifest::read (with the renaming of the keys of format 2 and before), the entries a resumed
// run keeps (read_manifest_entries), the check before dtb gen adds to a directory
// (directory_conflict) and the check of the counters' tables' revision; and the same bytes as
// the one entry the ranks of a distributed run send each other (ManifestEntry::of_text). Each
// either reads or is refused with TableError (read_manifest_entries and directory_conflict
// refuse nothing); what reads is written back and read again, and must come back the same.
// Anything else — a crash, another exception, a round trip that differs — aborts.
//
// Input: the file.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>

#include "dtb/compress/manifest.hpp"
#include "dtb/compress/table_writer.hpp"

namespace {

namespace fs = std::filesystem;
using namespace dtb::compress;

// The directories of this process's files under the temporary one, removed when it ends.
struct Scratch {
    fs::path root = fs::temp_directory_path() / ("dtb_manifest_fuzz_" + std::to_string(getpid()));
    fs::path read = root / "read", written = root / "written";
    Scratch() {
        fs::create_directories(read);
        fs::create_directories(written);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(root, ec);
    }
};

bool same(const Manifest& a, const Manifest& b) {
    return a.format_version == b.format_version && a.variant == b.variant &&
           a.counters == b.counters && a.max_pieces == b.max_pieces && a.slices == b.slices;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const Scratch scratch;
    const fs::path& dir = scratch.read;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    {
        std::ofstream out(manifest_path(dir), std::ios::binary | std::ios::trunc);
        out.write(text.data(), std::streamsize(text.size()));
    }
    (void)read_manifest_entries(dir);
    (void)directory_conflict(dir, dtb::VariantId::russian, "");
    std::optional<Manifest> m;
    try {
        m = Manifest::read(dir);
    } catch (const TableError&) {
    }
    if (m) {
        (void)m->stale_counters_reason();
        m->write(scratch.written);  // what reads writes and reads again: an exception here aborts
        if (!same(Manifest::read(scratch.written), *m)) std::abort();
    }
    std::optional<ManifestEntry> e;
    try {
        e = ManifestEntry::of_text(text);
    } catch (const TableError&) {
    }
    if (e && !(ManifestEntry::of_text(e->text()) == *e)) std::abort();
    return 0;
}
