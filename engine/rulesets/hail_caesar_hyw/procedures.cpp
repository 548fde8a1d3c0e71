// The procedures of 004_b7c666874e8df030.txt the engine does not check yet,
// named at each statement that calls for them: never accepted silently
// (docs/engine-hail-caesar-hyw.md § Not checked).
#include <fmt/format.h>

#include "engine/rulesets/hail_caesar_hyw/engine.hpp"

namespace umpire::hyw {
namespace {

constexpr std::string_view kText = "004_b7c666874e8df030.txt";

std::string rule(std::string_view what, std::string_view section) {
  return fmt::format("{} ({} § {})", what, kText, section);
}

constexpr std::string_view kSpecialRules = "1-c) Règles spéciales à la période guerre de cent ans";

bool is_gun(const hail_caesar::Setup& setup, const hail_caesar::Action& a) {
  using hail_caesar::UnitType;
  if (a.actors.empty()) return false;
  const UnitType t = setup.units[a.actors.front()].type;
  return t == UnitType::light_artillery || t == UnitType::medium_artillery ||
         t == UnitType::heavy_artillery || t == UnitType::mobile_artillery;
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
      if (a.detail == "montjoie")
        out.push_back(rule("Montjoie !: when its 2D6 is due, and the automatic charge of a double",
                           kSpecialRules));
      else if (a.detail == "plant-stakes")
        out.push_back(
            rule("Stakes: that the unit has the rule and has not shot this turn", kSpecialRules));
      else if (a.detail == "join-combat")
        out.push_back(
            rule("a general joining a combat: his base against the unit's, and the 2D6 "
                 "of his death when the combat ends",
                 "3-b) Engagement d’un général au combat"));
      else if (a.detail == "dismount")
        out.push_back(
            rule("May dismount: the mounted archers' dismounting", "2-e) Liste anglaise"));
      break;
    case ActionKind::order:
      if (a.roll("reroll"))
        out.push_back(
            rule("the army staff's re-roll of a failed order test", "2-a) Composition de l'armée"));
      // Where the group stands when ordered is checked (group_order.cpp);
      // where it ends is not.
      if (a.actors.size() > 1 || a.detail == "division")
        out.push_back(
            rule("a division order: that its units end their moves within 6\" of "
                 "each other",
                 "5-c) Ordres de divisions"));
      break;
    case ActionKind::move:
      if (is_gun(setup, a))
        out.push_back(rule("the artillery's move: one at most, of no stated length",
                           "5-i) Pousser l’artillerie"));
      break;
    case ActionKind::charge:
      // The face a charge writes says whether it is frontal (checked by
      // hc.charge.side); the disorder of the cavalry is not read.
      out.push_back(rule(a.on.empty() ? "Stakes and Pike: the face of a charge that writes none "
                                        "(taken as the front), and the cavalry they disorder"
                                      : "Stakes and Pike: the cavalry they disorder",
                         kSpecialRules));
      break;
    case ActionKind::shoot:
      if (a.roll("misfire"))
        out.push_back(
            rule("Bombarde and Ribaudequin: the misfire 2D6 (a double 1 destroys the "
                 "piece)",
                 kSpecialRules));
      break;
    case ActionKind::attack:
      out.push_back(
          rule("a unit joining a combat already fought: its first round (switch "
               "first_round_reading) taken as the combat's round",
               "7-b) Livrer un round de corps à corps"));
      break;
    case ActionKind::test:
      if (a.roll("reroll"))
        out.push_back(rule("Stubborn: the re-roll of a failed break test", kSpecialRules));
      break;
    case ActionKind::state:
      if (a.phase == hail_caesar::Phase::end)
        out.push_back(rule("Levy: a disorder marker removed only on a 4+", kSpecialRules));
      break;
    default:
      break;
  }
  return out;
}

}  // namespace umpire::hyw
