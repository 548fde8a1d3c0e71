#pragma once
// The Hail Caesar: Hundred Years War ruleset in the registry (engine/rulesets/registry.hpp).
#include "engine/rulesets/ruleset_entry.hpp"

namespace umpire::rulesets {

const RulesetEntry& hail_caesar_hyw_registration();

}  // namespace umpire::rulesets
