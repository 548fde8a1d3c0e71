// The registration list: the one place outside engine/rulesets/<name>/
// that names the rulesets.
#include "engine/rulesets/registry.hpp"

#include <array>

#include "engine/rulesets/hail_caesar/registration.hpp"
#include "engine/rulesets/hail_caesar_hyw/registration.hpp"
#include "engine/rulesets/sabreur_hex/registration.hpp"
#include "engine/rulesets/wab/registration.hpp"

namespace umpire::rulesets {
namespace {

const std::array<const RulesetEntry*, 4>& entries() {
  static const std::array<const RulesetEntry*, 4> list{
      &hail_caesar_registration(), &hail_caesar_hyw_registration(), &wab_registration(),
      &sabreur_hex_registration()};
  return list;
}

}  // namespace

std::span<const RulesetEntry* const> all() {
  return entries();
}

const RulesetEntry* find(std::string_view id) {
  for (const RulesetEntry* e : entries())
    if (e->id == id) return e;
  return nullptr;
}

std::string checks_markdown() {
  std::string out =
      "# Checks\n\n"
      "Every rule the replay engine enforces, and every army-list rule a muster\n"
      "checks, with the section of the rule text it cites. A violation is reported\n"
      "under its check id (`umpire check`); anything not in this list is reported\n"
      "`not checked`, never silently accepted (docs/engine.md). This file is\n"
      "generated: `umpire check --list-checks`\n"
      "prints it, and tests/engine checks that the two agree.\n\n";
  for (const RulesetEntry* e : entries())
    if (e->checks_markdown) out += e->checks_markdown();
  return out;
}

std::string names_with_engine() {
  std::string out;
  std::size_t left = 0;
  for (const RulesetEntry* e : entries()) left += e->engine ? 1 : 0;
  for (const RulesetEntry* e : entries()) {
    if (!e->engine) continue;
    --left;
    out += e->display_name;
    if (left > 1)
      out += ", ";
    else if (left == 1)
      out += " and ";
  }
  return out;
}

}  // namespace umpire::rulesets
