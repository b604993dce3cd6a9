// The analysis page's files (web/), compiled into dtb by web/embed.cmake.
#pragma once

#include <span>
#include <string_view>

namespace dtb::cli {

struct WebAsset {
    std::string_view path;  // as requested: "/index.html", "/app.js"
    std::string_view type;  // Content-Type
    std::string_view body;
};

std::span<const WebAsset> web_assets();

}  // namespace dtb::cli
