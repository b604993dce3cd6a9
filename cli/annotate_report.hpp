// How dtb annotate writes its findings: JSON (docs/annotate.md) and in words.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "dtb/pdn/summary.hpp"

namespace dtb::cli {

// What dtb annotate and dtb serve's POST /api/annotate share: every game checked against tb
// by the library (pdn::annotate) and added to the summary, then handed to `each` with the
// summary so far (for the JSON, the text, the PDN written back, progress).
using EachAnnotation =
    std::function<void(const pdn::Game&, const pdn::GameAnnotation&, const pdn::Summary&)>;
pdn::Summary annotate_games(const probe::Tablebase& tb, const std::vector<pdn::Game>& games,
                            pdn::Under under, std::optional<VariantId> given,
                            const EachAnnotation& each);

// {"variant", "file" (when not empty), "under", "games", "summary"}: dtb annotate --json.
nlohmann::ordered_json annotated_file_json(const probe::Tablebase& tb, const std::string& file,
                                           pdn::Under under, nlohmann::ordered_json games,
                                           const pdn::Summary& s);

nlohmann::ordered_json annotation_json(const pdn::Game& g, const pdn::GameAnnotation& a);
nlohmann::ordered_json summary_json(const pdn::Summary& s);
// annotation_json with what a board needs to step through the game: its tags, start, every
// move replayed with the FEN after it and its mark, the reader's problems and where the
// replay stopped (POST /api/annotate).
nlohmann::ordered_json stepped_game_json(const pdn::Game& g, const pdn::GameAnnotation& a);

// One game: where it reached the tables and the moves that threw a result away.
std::string annotation_text(const pdn::Game& g, const pdn::GameAnnotation& a);
std::string summary_text(const pdn::Summary& s);

}  // namespace dtb::cli
