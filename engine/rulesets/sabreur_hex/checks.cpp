#include "engine/rulesets/sabreur_hex/checks.hpp"

#include <iterator>

#include "engine/rulesets/common/check_listing.hpp"
#include "engine/rulesets/sabreur_hex/field_audit.hpp"

namespace umpire::sabreur {

#define UMPIRE_CHECKS_DEF "engine/rulesets/sabreur_hex/checks.def"
#include "engine/rulesets/common/check_permissions.inc"
#undef UMPIRE_CHECKS_DEF

std::optional<Check> check_for_permission(std::string_view permission,
                                          std::optional<Check> fallback) {
  if (auto row = rulesets::row_naming(kPermissions, permission)) return static_cast<Check>(*row);
  // Both panicked-march permissions report one check.
  if (permission == "panicked_no_frontal_march" || permission == "panicked_no_indirect_march")
    return Check::move_panicked;
  // The data forbids a panicked charge twice (as a charge, as an attack).
  if (permission == "panicked_no_charge") return Check::charge_panicked;
  if (permission == "harassment.cannot.attack") return Check::charge_harassment;
  if (permission == "tenacious.cannot.manoeuvre" ||
      permission == "tenacious.cannot.adopt_formation")
    return Check::activation_tenacious;
  // The member-level twin of group_without_regimental_gun.
  if (permission == "regimental_gun_not_in_group") return Check::activation_regimental_gun;
  // A unit that engages must take its adjacent target in enfilade: an
  // adjacent target outside enfilade engages it back, so the rule of the
  // engaged unit applies (§ Le tir); both report one check.
  if (permission == "engaging_fires_in_enfilade") return Check::fire_engaged;
  if (permission == "engaged_frontal_march" || permission == "engaged_indirect_march")
    return Check::move_engaged;
  // Assaults and pursuits (assault.cpp, pursuit.cpp): a panicked unit is
  // refused as an attacker first; a friend joins a pursuit on the same terms.
  if (permission == "panicked_no_assault") return Check::charge_panicked;
  if (permission == "join_pursuit_needs_skill") return Check::pursuit_not_allowed;
  if (permission == "rotation_120" || permission == "extended_line_no_120" ||
      permission == "extended_line_no_180" || permission == "about_face_extended_line_only")
    return Check::move_rotation;
  return fallback;
}

std::string_view implied_by(std::string_view permission) {
  // An outflanked unit is engaged (§ Unités débordées): the specific rule is cited.
  if (permission == "engaged_does_not_fire") return "outflanked_does_not_fire";
  // After an assault nothing fled from a charge: the assault is the reason.
  if (permission == "pursuit_needs_fleeing_target") return "no_pursuit_after_assault";
  return {};
}

}  // namespace umpire::sabreur

namespace umpire::sabreur {

std::string checks_markdown() {
  std::string out = "## Sabreur-hex (`002_87c3dc452f850204.txt`)\n\n";
  rulesets::append_check_rows(out, detail::kCheckInfos, kPermissions);
  out +=
      "\nThe column *rules data* names the permission of\n"
      "`corpus/rulesets/sabreur-hex.rules` whose condition the check evaluates;\n"
      "every other check evaluates values and tests of the same file (factors,\n"
      "limits, targets, costs) inside a procedure written in C++.\n";
  out += fields_markdown();
  return out;
}

}  // namespace umpire::sabreur
