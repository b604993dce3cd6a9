// The sixteen rule sets, as a GoogleTest type list for typed tests that cover every variant.
#pragma once

#include <gtest/gtest.h>

#include "dtb/core/variant.hpp"

namespace dtb::test {

using AllVariants =
    ::testing::Types<Russian, Brazilian, Pool, Portuguese, Spanish, Czech, Thai, English, African,
                     Giveaway, Italian, International, Canadian, Frisian, Turkish, Armenian>;

}  // namespace dtb::test
