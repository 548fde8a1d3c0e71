// The ruleset Warhammer Ancient Battles has its rules data and no replay
// engine yet (its logs are read and lowered, none of their events checked).
#include "engine/rulesets/wab/registration.hpp"

namespace umpire::rulesets {

const RulesetEntry& wab_registration() {
  static const RulesetEntry entry{
      .id = "wab", .display_name = "Warhammer Ancient Battles", .data_file = "wab.rules"};
  return entry;
}

}  // namespace umpire::rulesets
