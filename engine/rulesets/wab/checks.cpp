#include "engine/rulesets/wab/checks.hpp"

#include <iterator>

#include "engine/rulesets/common/check_listing.hpp"

namespace umpire::wab {

#define UMPIRE_CHECKS_DEF "engine/rulesets/wab/checks.def"
#include "engine/rulesets/common/check_permissions.inc"
#undef UMPIRE_CHECKS_DEF

std::optional<Check> check_for_permission(std::string_view permission) {
  if (auto row = rulesets::row_naming(kPermissions, permission)) return static_cast<Check>(*row);
  // § Manœuvres: a unit that reformed neither moves nor shoots; § Table des
  // armes de tirs: the crossbow does not shoot after moving, and the 9"
  // row is the sling's close band; § Phase 3 : Tir and § Terrains et
  // obstacles: the fire arc and sight through a wood.
  if (permission == "reformed_cannot_shoot" || permission == "no_shooting_after_moving" ||
      permission == "nine_inch_row_is_no_weapon_of_its_own" ||
      permission == "fire_arc_ninety_degrees" || permission == "no_sight_beyond_two_inches_of_wood")
    return Check::shoot_not_allowed;
  // § Marche: where a march may go, who marches, and a marching unit's
  // only manoeuvre; § 2.4 and § Manœuvres (Roue): a charger's one wheel.
  if (permission == "march_not_machines_or_heavy_chariots" ||
      permission == "march_stops_within_eight" || permission == "marching_no_turn" ||
      permission == "marching_single_wheel")
    return Check::move_march;
  if (permission == "charger_single_wheel") return Check::charge_move;
  // § Manœuvres, Se reformer: "Elle ne peut ni bouger ni tirer".
  if (permission == "reformed_cannot_move") return Check::move_distance;
  // § 2.2: a unit that panicked this turn does not try to rally.
  if (permission == "no_rally_after_panic_this_turn") return Check::rally_test;
  return std::nullopt;
}

std::string checks_markdown() {
  std::string out = "## Warhammer Ancient Battles (`003_54822f0a7c7b7ce7.txt`)\n\n";
  rulesets::append_check_rows(out, detail::kCheckInfos, kPermissions);
  out +=
      "\nThe `wab.muster.*` checks read the armies before any replay. The column\n"
      "*rules data* names the permission of `corpus/rulesets/wab.rules` whose\n"
      "condition the check evaluates; the other checks evaluate the charts, tests\n"
      "and modifiers of the same file inside a procedure written in C++. What the\n"
      "engine does not check yet is reported `not checked`\n"
      "([engine-wab.md](engine-wab.md)).\n\n";
  return out;
}

}  // namespace umpire::wab
