#include <gtest/gtest.h>

#include "dtb/core/notation.hpp"
#include "dtb/core/perft.hpp"
#include "dtb/core/variant.hpp"

namespace dtb {
namespace {

TEST(Smoke, RussianPerftDepth4) {
    const auto p = parse_fen<Russian>(Russian::start);
    EXPECT_EQ(perft(p, 4), 1469u);
}

}  // namespace
}  // namespace dtb
