#include "engine/core/data_paths.hpp"

#include <cstdlib>
#include <fstream>
#include <system_error>
#include <utility>

namespace umpire::paths {
namespace {

namespace fs = std::filesystem;

// Written by cmake/build_tree_paths.cmake at the top of a build tree.
constexpr const char* record_name = "umpire-paths.txt";

struct Record {
  fs::path data;
  fs::path texts;
};

// The record of the build tree the executable belongs to: the nearest
// umpire-paths.txt in its folder or a folder above (tests live deeper in the
// tree than `umpire`).
std::optional<Record> build_tree_record(const fs::path& executable) {
  if (executable.empty()) return std::nullopt;
  for (fs::path dir = executable.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    std::ifstream in(dir / record_name);
    if (in) {
      Record r;
      std::string line;
      while (std::getline(in, line)) {
        if (line.rfind("data=", 0) == 0) r.data = line.substr(5);
        if (line.rfind("texts=", 0) == 0) r.texts = line.substr(6);
      }
      return r;
    }
    if (dir == dir.root_path()) break;
  }
  return std::nullopt;
}

bool is_dir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

class Search {
 public:
  // Looks at `dir`; true when the search is over (found, or a named place
  // that does not qualify).
  bool consider(std::string origin, fs::path dir, bool named, bool qualifies, const char* why_not) {
    out.tried.push_back({std::move(origin), dir, qualifies ? "" : why_not});
    if (qualifies)
      out.dir = std::move(dir);
    else if (named)
      out.named_place_missing = true;
    return qualifies || named;
  }
  Lookup out;
};

constexpr const char* no_corpus = "no corpus/rulesets/ there";
constexpr const char* no_folder = "not a folder";

fs::path executable_path() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path{} : exe;
}

std::optional<std::string> variable(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') return std::nullopt;
  return std::string(value);
}

// Set from the command line before any other thread starts.
fs::path& data_option() {
  static fs::path dir;
  return dir;
}

}  // namespace

Lookup find_data_dir(const Inputs& inputs) {
  Search s;
  const auto data = [](const fs::path& dir) { return is_dir(dir / "corpus" / "rulesets"); };
  if (!inputs.option.empty()) {
    s.consider("--data", inputs.option, true, data(inputs.option), no_corpus);
    return s.out;
  }
  if (inputs.variable) {
    s.consider("UMPIRE_DATA_DIR", *inputs.variable, true, data(*inputs.variable), no_corpus);
    return s.out;
  }
  if (inputs.executable.empty()) return s.out;
  // <prefix>/bin/umpire reads <prefix>/share/umpire.
  const fs::path installed = inputs.executable.parent_path().parent_path() / "share" / "umpire";
  if (s.consider("the install prefix", installed, false, data(installed), no_corpus)) return s.out;
  if (auto record = build_tree_record(inputs.executable); record && !record->data.empty()) {
    s.consider("the build tree", record->data, false, data(record->data), no_corpus);
  }
  return s.out;
}

Lookup find_texts_dir(const Inputs& inputs) {
  Search s;
  if (!inputs.option.empty()) {
    s.consider("--texts", inputs.option, true, is_dir(inputs.option), no_folder);
    return s.out;
  }
  if (inputs.variable) {
    s.consider("UMPIRE_RULES_TEXTS", *inputs.variable, true, is_dir(*inputs.variable), no_folder);
    return s.out;
  }
  if (auto record = build_tree_record(inputs.executable); record && !record->texts.empty()) {
    s.consider("the build tree", record->texts, false, is_dir(record->texts), no_folder);
  }
  return s.out;
}

void set_data_dir(fs::path dir) {
  data_option() = std::move(dir);
}

Lookup data_dir() {
  return find_data_dir({data_option(), variable("UMPIRE_DATA_DIR"), executable_path()});
}

Lookup texts_dir(const fs::path& option) {
  return find_texts_dir({option, variable("UMPIRE_RULES_TEXTS"), executable_path()});
}

fs::path rulesets_dir() {
  const Lookup data = data_dir();
  // Not found: the first place looked at, so that a failure to read names it.
  const fs::path dir = data.dir             ? *data.dir
                       : data.tried.empty() ? fs::path{}
                                            : data.tried.front().dir;
  return dir / "corpus" / "rulesets";
}

fs::path rulesets_dir(const fs::path& option) {
  return option.empty() ? rulesets_dir() : option;
}

std::string describe(const Place& place) {
  std::string out = place.origin + ": " + place.dir.string();
  if (!place.why_not.empty()) out += " (" + place.why_not + ")";
  return out;
}

}  // namespace umpire::paths
