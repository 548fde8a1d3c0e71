#pragma once
// Every ruleset the umpire knows, and what it offers (ruleset_entry.hpp):
// the commands, the verifier and the tests ask here rather than name a
// ruleset. Each ruleset registers itself in engine/rulesets/<name>/
// (registration.cpp); registry.cpp lists them.
#include <span>
#include <string>
#include <string_view>

#include "engine/rulesets/ruleset_entry.hpp"

namespace umpire::rulesets {

// In the order of the log format's list (docs/log-format.md § Header).
std::span<const RulesetEntry* const> all();

// The ruleset `id` names, or null.
const RulesetEntry* find(std::string_view id);

// docs/checks.md as `umpire check --list-checks` prints it: the checks of
// every engine, ruleset by ruleset.
std::string checks_markdown();

// "Sabreur-hex", "Sabreur-hex and Wab": the display names of the rulesets
// that have an engine, for sentences.
std::string names_with_engine();

}  // namespace umpire::rulesets
