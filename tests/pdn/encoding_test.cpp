// Files in Windows code pages read as UTF-8: tags in Cyrillic (cp1251) and Latin accents
// (cp1252), and UTF-8 left as it is.
#include <gtest/gtest.h>

#include "dtb/pdn/encoding.hpp"
#include "dtb/pdn/read.hpp"

namespace dtb::pdn {
namespace {

TEST(PdnEncoding, Utf8AndBom) {
    EXPECT_EQ(detect_encoding("caf\xC3\xA9"), Encoding::utf8);
    EXPECT_EQ(to_utf8("\xEF\xBB\xBF[Event \"x\"]"), "[Event \"x\"]");
    EXPECT_EQ(to_utf8("caf\xC3\xA9"), "caf\xC3\xA9");
}

TEST(PdnEncoding, Cp1251Cyrillic) {
    const std::string bytes = "\xCF\xE5\xF2\xF0\xEE\xE2";  // a Russian surname in cp1251
    EXPECT_EQ(detect_encoding(bytes), Encoding::cp1251);
    EXPECT_EQ(to_utf8(bytes), "\xD0\x9F\xD0\xB5\xD1\x82\xD1\x80\xD0\xBE\xD0\xB2");
    EXPECT_EQ(to_utf8("\xA8", Encoding::cp1251), "\xD0\x81");  // the letter Yo
}

TEST(PdnEncoding, Cp1252Accents) {
    const std::string bytes = "L\xE9man, Gen\xE8ve \xBD-\xBD";
    EXPECT_EQ(detect_encoding(bytes), Encoding::cp1252);
    EXPECT_EQ(to_utf8(bytes), "L\xC3\xA9man, Gen\xC3\xA8ve \xC2\xBD-\xC2\xBD");
    EXPECT_EQ(to_utf8("\x80\x81", Encoding::cp1252), "\xE2\x82\xAC\xEF\xBF\xBD");
}

TEST(PdnEncoding, TagsOfACp1252FileReadAsUtf8) {
    const auto games = read_games("[White \"Fran\xE7ois\"]\n1. 32-28 \xBD-\xBD");
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(games[0].white(), "Fran\xC3\xA7ois");
    EXPECT_EQ(games[0].outcome(), Outcome::draw);
}

}  // namespace
}  // namespace dtb::pdn
