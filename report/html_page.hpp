#pragma once
// The report as one self-contained HTML file: the page of report/page/ with
// the game's data (game_recorder.hpp) inlined. Nothing is fetched when it
// opens, so it can be mailed or attached to a tournament's results.
#include <nlohmann/json.hpp>
#include <string>

namespace umpire::reports {

std::string html_page(const nlohmann::json& game);

}  // namespace umpire::reports
