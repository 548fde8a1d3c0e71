#pragma once
// The rules data of a battle log, for the commands that lower it: the log's
// `ruleset ID` header line names one of the bundled rulesets, whose
// corpus/rulesets/ID.rules gives the unit profiles lowering checks
// (docs/log-format.md § Unit profiles).
#include <memory>
#include <string_view>

#include "engine/events/profile_catalogue.hpp"

namespace umpire::cli {

// Null when the log names no bundled ruleset or its data does not load; the
// profiles are then reported as not checked.
std::unique_ptr<events::ProfileCatalogue> profile_catalogue_for_log(std::string_view log_text);

}  // namespace umpire::cli
