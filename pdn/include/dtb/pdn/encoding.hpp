// The bytes of a PDN file as UTF-8. PDN 3.0 files are ASCII or UTF-8, but older ones were
// written in a Windows code page: Cyrillic names in cp1251, accented Latin ones in cp1252.
#pragma once

#include <string>
#include <string_view>

namespace dtb::pdn {

enum class Encoding { detect, utf8, cp1251, cp1252 };

// Which encoding `bytes` are in: UTF-8 when they are valid UTF-8, else cp1251 when most
// bytes above 127 stand next to another (Cyrillic words), else cp1252 (isolated accents).
Encoding detect_encoding(std::string_view bytes);

// `bytes` without a UTF-8 byte order mark, decoded from `from` (detect: as detect_encoding
// finds) to UTF-8. Bytes a code page leaves undefined become U+FFFD.
std::string to_utf8(std::string_view bytes, Encoding from = Encoding::detect);

}  // namespace dtb::pdn
