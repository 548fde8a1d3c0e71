// The procedures of 004_b7c666874e8df030.txt the engine does not check yet,
// named at each statement that calls for them: never accepted silently
// (docs/engine-hail-caesar-hyw.md § Not checked).
#include <fmt/format.h>

#include "engine/rulesets/hail_caesar_hyw/engine.hpp"
#include "engine/rulesets/hail_caesar_hyw/gun_move.hpp"

namespace umpire::hyw {
namespace {

constexpr std::string_view kText = "004_b7c666874e8df030.txt";

std::string rule(std::string_view what, std::string_view section) {
  return fmt::format("{} ({} § {})", what, kText, section);
}

constexpr std::string_view kSpecialRules = "1-c) Règles spéciales à la période guerre de cent ans";

bool is_gun(const hail_caesar::Setup& setup, const hail_caesar::Action& a) {
  return !a.actors.empty() && hyw::is_gun(setup, a.actors.front());
}

}  // namespace

bool followed_as_written(const hail_caesar::Setup& setup, const hail_caesar::Action& a) {
  return a.kind == hail_caesar::ActionKind::move && is_gun(setup, a);
}

std::vector<std::string> unchecked_procedures(const hail_caesar::Setup& setup,
                                              const hail_caesar::Action& a, const rules::Ruleset&) {
  using hail_caesar::ActionKind;
  std::vector<std::string> out;
  switch (a.kind) {
    case ActionKind::special:
      // Montjoie and Stakes: montjoie.cpp, stakes.cpp.
      if (a.detail == "join-combat")
        out.push_back(
            rule("a general joining a combat: his base against the unit's, and that his "
                 "death roll is written when his unit's combat ends (general_death.cpp judges "
                 "one written)",
                 "3-b) Engagement d’un général au combat"));
      else if (a.detail == "dismount")
        out.push_back(
            rule("May dismount: the mounted archers' dismounting", "2-e) Liste anglaise"));
      break;
    case ActionKind::order:
      // The army staff's re-roll: staff_reroll.cpp. Where the group stands when ordered is checked
      // (group_order.cpp); where it ends is not.
      if (a.actors.size() > 1 || a.detail == "division")
        out.push_back(
            rule("a division order: that its units end their moves within 6\" of "
                 "each other",
                 "5-c) Ordres de divisions"));
      break;
    case ActionKind::move:
      if (is_gun(setup, a))
        out.push_back(
            rule("the length of a gun's one move (1-b gives the artillery no move "
                 "distance); how often it moves is checked",
                 "5-i) Pousser l’artillerie"));
      break;
    case ActionKind::charge:
      // The face a charge writes says whether it is frontal (checked by
      // hc.charge.side): Pike and Stakes cancel the bonus of a frontal
      // charge and disorder the cavalry that makes it (unit_facts.cpp).
      if (a.on.empty())
        out.push_back(
            rule("Stakes and Pike: the face of a charge that writes none (taken as "
                 "the front)",
                 kSpecialRules));
      break;
    case ActionKind::attack:
      out.push_back(
          rule("a unit joining a combat already fought: its first round (switch "
               "first_round_reading) taken as the combat's round",
               "7-b) Livrer un round de corps à corps"));
      break;
    case ActionKind::support:
      // Base contact and three supports at most: unit_facts.cpp and the
      // data's permissions.
      out.push_back(
          rule("where a support stands against the unit it supports: a side support's front "
               "aligned with its front, a rear support on its median line, one support a side "
               "and one behind",
               "7-d) Unités en soutien"));
      break;
    default:
      break;
  }
  return out;
}

}  // namespace umpire::hyw
