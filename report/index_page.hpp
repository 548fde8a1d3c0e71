#pragma once
// The index of several reports (`umpire report A.ulog B.ulog -o DIR`): one
// row per game with its verdict, linking its page.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace umpire::reports {

struct IndexEntry {
  std::string page;     // the page's file name, beside the index
  nlohmann::json game;  // its data (game_recorder.hpp), for the row
};

std::string index_page(const std::vector<IndexEntry>& entries);

}  // namespace umpire::reports
