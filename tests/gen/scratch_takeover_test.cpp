// A run stopped under --memory leaves the slices it spilled in DIR/.dtb-scratch/pure
// (gen/src/scratch_file.hpp); started again, it reads them from there instead of solving them
// and what they look into again, unless a file is incomplete or damaged. Either way the
// directory ends byte for byte as a run that was never stopped writes it.
//
// The stopped run is this test binary run again as a child process that ends itself with
// _Exit after a chosen material, as a kill would: no destructor removes its scratch files (a
// fork would share OpenMP's threads with the parent).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../compress/compress_test_support.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/material.hpp"
#include "dtb/core/variants/russian.hpp"
#include "dtb/gen/estimate.hpp"
#include "dtb/gen/generate.hpp"

namespace dtb::test {
namespace {

constexpr int kPieces = 4;
constexpr const char* kChildDir = "DTB_TEST_STOPPED_RUN_DIR";
constexpr const char* kChildMemory = "DTB_TEST_STOPPED_RUN_MEMORY";

// A budget that holds the smaller materials' work but not the largest's: slices are spilled.
// (Each held slice of more than a thousandth of it is copied to scratch too.)
std::uint64_t some_memory() {
    std::uint64_t largest = 0;
    for (const Material& m : materials_up_to(kPieces))
        largest = std::max(largest, Index<Russian>(m).size());
    return gen::working_bytes(largest, false) - 1;
}

gen::GenSummary generate(const std::filesystem::path& dir, std::uint64_t memory,
                         const gen::GenCallbacks& cb = {}) {
    gen::GenOptions o;
    o.pieces = kPieces;
    o.out = dir;
    o.memory = memory;
    o.counters = false;
    o.compression = compress::Compression::fast;
    return gen::generate(VariantId::russian, o, cb);
}

const std::filesystem::path& never_stopped() {
    static TempDir dir;
    static const bool made = (generate(dir.path, 0), true);
    (void)made;
    return dir.path;
}

// Run by stopped_run() in a child process only.
TEST(ScratchTakeover, DISABLED_StoppedRun) {
    const char* dir = std::getenv(kChildDir);
    if (!dir) GTEST_SKIP() << "the child process of ScratchTakeover";
    gen::GenCallbacks cb;
    cb.finished = [](const gen::SliceEvent& e) {
        if (e.number == e.total * 3 / 4) std::_Exit(0);
    };
    generate(dir, std::stoull(std::getenv(kChildMemory)), cb);
    std::_Exit(1);  // not stopped: the test asks for a material the run does not reach
}

// The scratch files a run under `memory` stopped three quarters of the way through left in
// dir.
std::vector<std::filesystem::path> stopped_run(const std::filesystem::path& dir,
                                               std::uint64_t memory = some_memory()) {
    const std::string exe = std::filesystem::read_symlink("/proc/self/exe").string();
    const std::string command = std::string(kChildDir) + "='" + dir.string() + "' " + kChildMemory +
                                "=" + std::to_string(memory) + " '" + exe +
                                "' --gtest_filter=ScratchTakeover.DISABLED_StoppedRun "
                                "--gtest_also_run_disabled_tests > /dev/null";
    EXPECT_EQ(std::system(command.c_str()), 0);
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir / ".dtb-scratch" / "pure"))
        files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

gen::GenSummary resumed(const std::filesystem::path& dir, std::uint64_t memory = some_memory()) {
    return generate(dir, memory);
}

// The kept slices held in memory again, read back from their tables or solved again.
int held_again(const gen::GenSummary& s) { return s.slices_read_back + s.slices_solved_again; }

TEST(ScratchTakeover, AStoppedRunsScratchIsReadInsteadOfSolvingAgain) {
    TempDir stopped, without;
    const auto files = stopped_run(stopped.path);
    ASSERT_FALSE(files.empty());
    std::filesystem::copy(stopped.path, without.path, std::filesystem::copy_options::recursive);
    std::filesystem::remove_all(without.path / ".dtb-scratch");

    const auto plain = resumed(without.path);
    EXPECT_EQ(plain.slices_from_scratch, 0);
    const auto taken = resumed(stopped.path);
    EXPECT_EQ(taken.slices_from_scratch, int(files.size()));
    EXPECT_LT(held_again(taken), held_again(plain));
    EXPECT_EQ(taken.slices_solved, plain.slices_solved);
    expect_same_files(never_stopped(), without.path);
    expect_same_files(never_stopped(), stopped.path);
    EXPECT_FALSE(std::filesystem::exists(stopped.path / ".dtb-scratch"));
}

TEST(ScratchTakeover, ADamagedOrUnfinishedFileIsNotTakenOver) {
    TempDir stopped, intact;
    const auto files = stopped_run(stopped.path);
    ASSERT_GE(files.size(), 2u);
    std::filesystem::copy(stopped.path, intact.path, std::filesystem::copy_options::recursive);
    const int all = resumed(intact.path).slices_from_scratch;

    // One value changed (the checksum no longer holds), one file cut short, one renamed to
    // a material it does not hold, and a file still being written when the run stopped.
    {
        std::fstream f(files[0], std::ios::binary | std::ios::in | std::ios::out);
        f.seekg(4096 + 5);
        const char c = char(f.get() ^ 0x01);
        f.seekp(4096 + 5);
        f.put(c);
    }
    std::filesystem::resize_file(files[1], std::filesystem::file_size(files[1]) - 2);
    const auto pure = stopped.path / ".dtb-scratch" / "pure";
    write_bytes(pure / "KKvKK.exit.part", {'D', 'T', 'B'});
    int damaged = 2;
    for (const char* name : {"KvK.exit", "MvK.exit", "KKvK.exit"})
        if (files.size() > 2 && !std::filesystem::exists(pure / name)) {
            std::filesystem::rename(files[2], pure / name);
            ++damaged;
            break;
        }

    const auto sum = resumed(stopped.path);
    EXPECT_EQ(sum.slices_from_scratch, all - damaged);
    expect_same_files(never_stopped(), stopped.path);
}

TEST(ScratchTakeover, HeldSlicesAreCopiedSoThatOnlySmallOnesAreSolvedAgain) {
    // A budget that lets nothing go: every file is a copy of a held slice of more than a
    // thousandth of it, and only smaller slices are solved again (their entries, both sides
    // to move, are the bytes of their coded values).
    constexpr std::uint64_t kRoomy = 128 << 20;
    TempDir stopped, without;
    const auto files = stopped_run(stopped.path, kRoomy);
    ASSERT_FALSE(files.empty());
    std::filesystem::copy(stopped.path, without.path, std::filesystem::copy_options::recursive);
    std::filesystem::remove_all(without.path / ".dtb-scratch");

    const auto plain = resumed(without.path, kRoomy);
    std::vector<gen::SliceEvent> events;
    gen::GenCallbacks cb;
    cb.finished = [&](const gen::SliceEvent& e) { events.push_back(e); };
    const auto taken = generate(stopped.path, kRoomy, cb);
    EXPECT_EQ(plain.slices_spilled + taken.slices_spilled, 0);
    EXPECT_EQ(taken.slices_from_scratch, int(files.size()));
    EXPECT_LT(held_again(taken), held_again(plain));
    for (const auto& e : events)
        if (e.read_back || e.solved_again) {
            EXPECT_LT(e.positions * 1000, kRoomy) << e.material.name() << " " << e.number;
        }
    expect_same_files(never_stopped(), stopped.path);
}

}  // namespace
}  // namespace dtb::test
