// Damaged table files: truncated, overwritten, renamed, empty. Each probe that needs the
// damaged file fails with DTB_ERR_CORRUPT (and names the file); every other answer is still
// the right one.
#include <filesystem>
#include <fstream>

#include "dtb/compress/manifest.hpp"
#include "dtb/compress/table_dir.hpp"
#include "dtb/compress/table_format.hpp"
#include "dtb/probe.hpp"
#include "probe_test_support.hpp"

namespace dtb::test {
namespace {

using compress::ValueKind;

// A copy of the russian <= 3 tables to damage.
struct DamagedCopy {
    TempDir dir;
    explicit DamagedCopy(const std::string& tag) : dir(tag) {
        for (const auto& e : std::filesystem::directory_iterator(probe_fixture<Russian>(3).dir))
            std::filesystem::copy_file(e.path(), dir.path() / e.path().filename());
    }
    std::filesystem::path file(const char* material, ValueKind k) const {
        return dir.path() / compress::table_file_name(*Material::parse(material), k);
    }
};

std::string read_all(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}
void write_all(const std::filesystem::path& p, const std::string& bytes) {
    std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

// Probes every position of `material` (both sides to move, so its twin's table too):
// each answer is either the raw value or `expected_error`; returns how many failed.
int probe_all(const std::filesystem::path& dir, const char* material, probe::Status expected) {
    const auto& raw = *probe_fixture<Russian>(3).raw;
    probe::Tablebase tb(dir, 1 << 20);
    const auto prober = tb.prober<Russian>();
    const gen::Slice<Russian>* s = raw.slice(*Material::parse(material));
    int failures = 0;
    for (Color side : {Color::white, Color::black}) {
        for (std::uint64_t i = 0; i < s->index.size(); ++i) {
            Position<Russian> p;
            if (!s->index.unrank(i, side, p)) continue;
            Value got;
            std::string why;
            const auto st = prober.probe(p, probe::want_all, got, &why);
            if (st != probe::Status::ok) {
                EXPECT_EQ(st, expected) << write_fen(p) << ": " << why;
                EXPECT_NE(why.find(".dtb"), std::string::npos) << why;  // names the file
                ++failures;
                continue;
            }
            const Value want = s->value(side, i);
            EXPECT_EQ(got.wdl, want.wdl) << write_fen(p);
            if (want.wdl != Wdl::draw) {
                EXPECT_EQ(got.dtw, want.dtw) << write_fen(p);
            }
        }
    }
    return failures;
}

TEST(ProbeCorrupt, FlippedByteInABlock) {
    DamagedCopy c("flipped");
    const auto path = c.file("KKvK", ValueKind::wdl);
    std::string bytes = read_all(path);
    compress::TableHeader h;
    compress::decode_header(reinterpret_cast<const unsigned char*>(bytes.data()), h);
    ASSERT_LT(h.data_offset, bytes.size());
    bytes[h.data_offset + (bytes.size() - h.data_offset) / 2] ^= 0x5a;
    write_all(path, bytes);
    EXPECT_GT(probe_all(c.dir.path(), "KKvK", probe::Status::corrupt), 0);
}

TEST(ProbeCorrupt, Truncated) {
    DamagedCopy c("truncated");
    const auto path = c.file("KKvK", ValueKind::dtw);
    const std::string bytes = read_all(path);
    write_all(path, bytes.substr(0, bytes.size() / 2));
    EXPECT_GT(probe_all(c.dir.path(), "KKvK", probe::Status::corrupt), 0);
    write_all(path, bytes.substr(0, 100));  // not even a header
    EXPECT_GT(probe_all(c.dir.path(), "KKvK", probe::Status::corrupt), 0);
    write_all(path, "");
    EXPECT_GT(probe_all(c.dir.path(), "KKvK", probe::Status::corrupt), 0);
}

TEST(ProbeCorrupt, BadHeader) {
    DamagedCopy c("header");
    const auto path = c.file("KKvK", ValueKind::wdl);
    std::string bytes = read_all(path);
    bytes[0] = 'X';  // magic
    write_all(path, bytes);
    EXPECT_GT(probe_all(c.dir.path(), "KKvK", probe::Status::corrupt), 0);
}

TEST(ProbeCorrupt, TableOfAnotherMaterial) {
    // KvKK's file in KKvK's place: the header names another material.
    DamagedCopy c("renamed");
    std::filesystem::copy_file(c.file("KvKK", ValueKind::wdl), c.file("KKvK", ValueKind::wdl),
                               std::filesystem::copy_options::overwrite_existing);
    EXPECT_GT(probe_all(c.dir.path(), "KKvK", probe::Status::corrupt), 0);
}

TEST(ProbeCorrupt, TableOfAnotherVariant) {
    // English tables in a directory that says russian.
    TempDir dir("othervariant");
    for (const auto& e : std::filesystem::directory_iterator(probe_fixture<English>(2).dir))
        std::filesystem::copy_file(e.path(), dir.path() / e.path().filename());
    compress::Manifest(VariantId::russian, 2, {}).write(dir.path());
    probe::Tablebase tb(dir.path(), 1 << 20);
    dtb_value v;
    EXPECT_EQ(dtb_probe_fen(tb.c_handle(), "W:WKa1:BKh8", DTB_WANT_WDL, &v), DTB_ERR_CORRUPT);
}

}  // namespace
}  // namespace dtb::test
