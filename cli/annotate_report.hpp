// How dtb annotate writes its findings: JSON (docs/annotate.md) and in words.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "dtb/pdn/summary.hpp"

namespace dtb::cli {

nlohmann::ordered_json annotation_json(const pdn::Game& g, const pdn::GameAnnotation& a);
nlohmann::ordered_json summary_json(const pdn::Summary& s);

// One game: where it reached the tables and the moves that threw a result away.
std::string annotation_text(const pdn::Game& g, const pdn::GameAnnotation& a);
std::string summary_text(const pdn::Summary& s);

}  // namespace dtb::cli
