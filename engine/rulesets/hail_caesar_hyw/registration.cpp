// The ruleset Hail Caesar: Hundred Years War has its rules data, its muster
// (army-list validation, muster.hpp) and no replay engine yet: its logs are
// read, lowered and mustered, none of their events checked.
#include "engine/rulesets/hail_caesar_hyw/registration.hpp"

#include "engine/rulesets/hail_caesar_hyw/checks.hpp"
#include "engine/rulesets/hail_caesar_hyw/muster.hpp"

namespace umpire::rulesets {

const RulesetEntry& hail_caesar_hyw_registration() {
  static const RulesetEntry entry{.id = "hail-caesar-hyw",
                                  .display_name = "Hail Caesar: Hundred Years War",
                                  .data_file = "hail-caesar-hyw.rules",
                                  .checks = &hyw::check_table(),
                                  .checks_markdown = &hyw::checks_markdown,
                                  .muster = &hyw::muster()};
  return entry;
}

}  // namespace umpire::rulesets
