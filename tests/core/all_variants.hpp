// Every variant (core/variants.txt), as a GoogleTest type list for typed tests.
#pragma once

#include <gtest/gtest.h>

#include "dtb/core/variant.hpp"

namespace dtb::test {

using AllVariants = ::testing::Types<DTB_VARIANT_TYPES>;

}  // namespace dtb::test
