// The ruleset Hail Caesar: Hundred Years War has its rules data and no replay
// engine yet (its logs are read and lowered, none of their events checked).
#include "engine/rulesets/hail_caesar_hyw/registration.hpp"

namespace umpire::rulesets {

const RulesetEntry& hail_caesar_hyw_registration() {
  static const RulesetEntry entry{.id = "hail-caesar-hyw",
                                  .display_name = "Hail Caesar: Hundred Years War",
                                  .data_file = "hail-caesar-hyw.rules"};
  return entry;
}

}  // namespace umpire::rulesets
