// dtb gen --memory (GenOptions::memory): a budget too small for any material's work solves
// every material in scratch files; one that holds the smaller materials' work lets go of
// held slices for them (later materials read those from scratch files or the written
// tables) and solves the largest in files. The tables are the same bytes as a run that
// holds them all, manifest included. A resumed run under
// the budget keeps what it would have solved again, and reads it from the tables too; a resumed
// run keeps the counters' tables it finds instead of solving them again.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "../compress/compress_test_support.hpp"
#include "dtb/compress/table_dir.hpp"
#include "dtb/core/index.hpp"
#include "dtb/core/material.hpp"
#include "dtb/core/variants/international.hpp"
#include "dtb/core/variants/russian.hpp"
#include "dtb/gen/estimate.hpp"
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

// A budget just below the work of the largest material of V up to `pieces` (values under the
// counters included): the smaller materials' work fits, beside fewer held slices.
template <class V>
std::uint64_t below_the_largest(int pieces) {
    std::uint64_t largest = 0;
    for (const Material& m : materials_up_to(pieces))
        largest = std::max(largest, Index<V>(m).size());
    return gen::working_bytes(largest, true) - 1;
}

// `some`: a budget that holds the work of the smaller materials but not of the largest.
void expect_same_tables_under_any_budget(VariantId id, int pieces, std::uint64_t some) {
    const Material last = materials_up_to(pieces).back();
    TempDir held, files, spilled;
    EXPECT_EQ(generate(id, pieces, held.path, 0).slices_spilled, 0);

    // No material's work fits: each is solved in files, and nothing is spilled for it.
    const auto in_files = generate(id, pieces, files.path, kNoRoom);
    EXPECT_EQ(in_files.slices_spilled, 0);
    EXPECT_GT(in_files.slices_in_files, in_files.slices_solved / 2);  // twins come with them
    expect_same_files(held.path, files.path);

    // Some fits: held slices are spilled for the smaller materials, the largest are in files.
    const auto sum = generate(id, pieces, spilled.path, some);
    EXPECT_GT(sum.slices_spilled, 0);
    EXPECT_GT(sum.slices_in_files, 0);
    expect_same_files(held.path, spilled.path);

    // A run stopped before its last material, resumed under the budget and without one: the
    // counters' tables found are kept, and read where later materials look into them.
    for (const std::uint64_t memory : {kNoRoom, std::uint64_t(0)}) {
        for (const ValueKind k : kValueKinds)
            std::filesystem::remove(spilled.path / compress::table_file_name(last, k));
        const auto resumed = generate(id, pieces, spilled.path, memory);
        if (memory) {
            EXPECT_EQ(resumed.slices_read_back + resumed.slices_solved_again, 0);
        }
        EXPECT_GE(resumed.slices_solved, 1);
        EXPECT_GT(resumed.counters_kept, 0);
        expect_same_files(held.path, spilled.path);
    }
}

TEST(MemoryBudget, RussianUpToFourPiecesSameBytes) {
    expect_same_tables_under_any_budget(VariantId::russian, 4, below_the_largest<Russian>(4));
}

TEST(MemoryBudget, InternationalUpToFourPiecesSameBytes) {
    expect_same_tables_under_any_budget(VariantId::international, 4,
                                        below_the_largest<International>(4));
}

}  // namespace
}  // namespace dtb::test
