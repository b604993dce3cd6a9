// dtb gen --memory (GenOptions::memory): a budget too small to hold any slice lets go of
// every slice a later material looks into and reads it from its written tables, and solves
// every material in scratch files; the tables are the same bytes as a run that holds them
// all, manifest included. A resumed run under
// the budget keeps what it would have read back, and reads it from the tables too; a resumed
// run keeps the rules tables it finds instead of solving them again.
#include <gtest/gtest.h>

#include <filesystem>

#include "../compress/compress_test_support.hpp"
#include "dtb/compress/table_dir.hpp"
#include "dtb/core/material.hpp"
#include "dtb/gen/generate.hpp"

namespace dtb::test {
namespace {

gen::GenSummary generate(VariantId id, int pieces, const std::filesystem::path& dir,
                         std::uint64_t memory) {
    gen::GenOptions o;
    o.pieces = pieces;
    o.out = dir;
    o.memory = memory;
    o.compression = compress::Compression::fast;
    return gen::generate(id, o);
}

// 1 byte: below anything a slice takes.
constexpr std::uint64_t kNoRoom = 1;

void expect_same_tables_under_any_budget(VariantId id, int pieces) {
    const Material last = materials_up_to(pieces).back();
    TempDir held, paged;
    EXPECT_EQ(generate(id, pieces, held.path, 0).slices_paged, 0);
    const auto sum = generate(id, pieces, paged.path, kNoRoom);
    EXPECT_GT(sum.slices_paged, 0);
    // No slice's work fits: every one solved is solved in files (a twin is written with it).
    EXPECT_GT(sum.slices_in_files, sum.slices_solved / 2);
    expect_same_files(held.path, paged.path);

    // A run stopped before its last material, resumed under the budget and without one: the
    // rules tables found are kept, and read where later materials look into them.
    for (const std::uint64_t memory : {kNoRoom, std::uint64_t(0)}) {
        for (const ValueKind k : kValueKinds)
            std::filesystem::remove(paged.path / compress::table_file_name(last, k));
        const auto resumed = generate(id, pieces, paged.path, memory);
        if (memory) {
            EXPECT_EQ(resumed.slices_read_back, 0);
        }
        EXPECT_GE(resumed.slices_solved, 1);
        EXPECT_GT(resumed.rules_kept, 0);
        expect_same_files(held.path, paged.path);
    }
}

TEST(MemoryBudget, RussianUpToFourPiecesSameBytes) {
    expect_same_tables_under_any_budget(VariantId::russian, 4);
}

TEST(MemoryBudget, InternationalUpToFourPiecesSameBytes) {
    expect_same_tables_under_any_budget(VariantId::international, 4);
}

}  // namespace
}  // namespace dtb::test
