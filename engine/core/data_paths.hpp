#pragma once
// Where Umpire finds the folders it reads besides its inputs, one place for
// every command, library and test (docs/cli.md § Data and rule texts):
//
// - its data, the folder that holds `corpus/rulesets/` (the shipped
//   rulesets): `--data DIR`, else `UMPIRE_DATA_DIR`, else
//   `../share/umpire` from the executable's folder (an installed binary), else
//   the source tree a build tree was configured from;
// - the rule texts that citations name, an optional input: `--texts DIR`,
//   else `UMPIRE_RULES_TEXTS`, else the folder a build tree was configured
//   with (CMake's UMPIRE_RULES_TEXTS, by default `shared/rules` beside the
//   source tree when it exists). Without texts, citations are not linted.
//
// A build tree records its two folders in `umpire-paths.txt` at its top
// (cmake/build_tree_paths.cmake); a binary looks for that file in its own
// folder and each folder above it. An installed binary has none.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace umpire::paths {

// A folder looked at: why it was a candidate ("--data", "UMPIRE_DATA_DIR",
// "the install prefix", "the build tree") and, when it did not qualify, why not.
struct Place {
  std::string origin;
  std::filesystem::path dir;
  std::string why_not;  // empty: this is the folder found
};

struct Lookup {
  std::optional<std::filesystem::path> dir;  // the first place that qualifies
  std::vector<Place> tried;                  // every place looked at, in order
  // A place the user named (an option or a variable) does not qualify: the
  // lookup stops there rather than quietly using another folder.
  bool named_place_missing = false;
};

// What a lookup starts from: the place named on the command line (empty:
// none), the environment variable's value (nullopt: unset or empty) and the
// executable (empty: unknown).
struct Inputs {
  std::filesystem::path option;
  std::optional<std::string> variable;
  std::filesystem::path executable;
};

// The lookups themselves, from explicit inputs (tests use these).
Lookup find_data_dir(const Inputs& inputs);
Lookup find_texts_dir(const Inputs& inputs);

// The same for this process, from the environment and /proc/self/exe: the
// data with the folder of `--data` (set by main before any other thread
// starts), the texts with the folder of `--texts` (empty: none given).
void set_data_dir(std::filesystem::path dir);
Lookup data_dir();
Lookup texts_dir(const std::filesystem::path& option);

// The folder of the shipped rulesets: data_dir()/corpus/rulesets. When no
// data is found, the same under the first place looked at, so that reading
// it fails naming that place (the commands that read it report the missing
// data before they start: cli::Session::require_data).
std::filesystem::path rulesets_dir();
// The folder a command's option names (`--rulesets DIR`), else the above.
std::filesystem::path rulesets_dir(const std::filesystem::path& option);

// "ORIGIN: DIR (WHY NOT)", a line of an error message.
std::string describe(const Place& place);

}  // namespace umpire::paths
