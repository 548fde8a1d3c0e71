#pragma once
// The rules data of a battle log, for the commands that lower it: the log's
// `ruleset ID` header line names a ruleset of the registry; its `data`
// line, when there is one, names the file (and pins its digest), else
// corpus/rulesets/ID.rules gives the unit profiles lowering checks
// (docs/log-format.md § Unit profiles, § The rules data).
#include <memory>
#include <string_view>

#include "engine/core/diagnostic.hpp"
#include "engine/events/profile_catalogue.hpp"

namespace umpire::cli {

struct LogRules {
  // Null when the log names no bundled ruleset or its data does not load;
  // the profiles are then reported as not checked.
  std::unique_ptr<events::ProfileCatalogue> profiles;
  // The data the log names is outside the folders it may name, missing, or
  // not the data its pin names (reported in `diags`): an input error.
  bool data_errors = false;
};

// `log_text` is the text of `log` in the session's sources; `log_name` its
// path, for the folder its data is looked for in.
LogRules rules_for_log(std::string_view log_text, FileId log, std::string_view log_name,
                       DiagnosticEngine& diags);

}  // namespace umpire::cli
