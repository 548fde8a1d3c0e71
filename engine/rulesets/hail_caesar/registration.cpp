// The ruleset Hail Caesar has its rules data and no replay engine yet (its
// logs are read and lowered, none of their events checked).
#include "engine/rulesets/hail_caesar/registration.hpp"

namespace umpire::rulesets {

const RulesetEntry& hail_caesar_registration() {
  static const RulesetEntry entry{
      .id = "hail-caesar", .display_name = "Hail Caesar", .data_file = "hail-caesar.rules"};
  return entry;
}

}  // namespace umpire::rulesets
