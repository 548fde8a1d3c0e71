#pragma once
// The Sabreur-hex ruleset in the registry (engine/rulesets/registry.hpp):
// its data, its checks, its engine and its simulator.
#include "engine/rulesets/ruleset_entry.hpp"

namespace umpire::rulesets {

const RulesetEntry& sabreur_hex_registration();

}  // namespace umpire::rulesets
