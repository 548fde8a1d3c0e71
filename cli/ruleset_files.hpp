#pragma once
// The rulesets a folder offers: the stems of its .rules files, sorted, for
// default targets and "did you mean" hints of the rules and verify commands;
// and whether an argument names a file rather than a ruleset id.
#include <algorithm>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace umpire::cli {

inline std::vector<std::string> rulesets_in(const std::filesystem::path& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    if (e.path().extension() == ".rules") out.push_back(e.path().stem().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// `corpus/rulesets/wab.rules` or `my.rules` is a file; `wab` is an id.
inline bool is_ruleset_path(const std::string& name) {
  return name.find('/') != std::string::npos || (name.size() > 6 && name.ends_with(".rules"));
}

}  // namespace umpire::cli
