#pragma once
// The Warhammer Ancient Battles ruleset in the registry (engine/rulesets/registry.hpp).
#include "engine/rulesets/ruleset_entry.hpp"

namespace umpire::rulesets {

const RulesetEntry& wab_registration();

}  // namespace umpire::rulesets
