#include "engine/rulesets/hail_caesar/checks.hpp"

#include <iterator>

#include "engine/rulesets/common/check_listing.hpp"

namespace umpire::hail_caesar {

#define UMPIRE_CHECKS_DEF "engine/rulesets/hail_caesar/checks.def"
#include "engine/rulesets/common/check_permissions.inc"
#undef UMPIRE_CHECKS_DEF

std::optional<Check> check_for_permission(std::string_view permission) {
  if (auto row = rulesets::row_naming(kPermissions, permission)) return static_cast<Check>(*row);
  // § Test d'ordre and § Unité désorganisée both refuse a disordered unit
  // its orders; § Unité désorganisée also keeps it from moving by
  // initiative out of open order; § Modificateur de mouvement keeps all but
  // infantry out of buildings.
  if (permission == "disordered_no_receive_order") return Check::order_disordered;
  if (permission == "disordered_initiative_open_only") return Check::move_not_allowed;
  if (permission == "building_infantry_only") return Check::move_terrain;
  if (permission == "heavy_artillery_moved_no_shooting") return Check::shoot_not_allowed;
  return std::nullopt;
}

std::string checks_markdown() {
  std::string out = "## Hail Caesar (`000_a44b407871cbdad9.txt`)\n\n";
  rulesets::append_check_rows(out, detail::kCheckInfos, kPermissions);
  out +=
      "\nThe column *rules data* names the permission of\n"
      "`corpus/rulesets/hail-caesar.rules` whose condition the check evaluates;\n"
      "the other checks evaluate values, tests and tables of the same file inside\n"
      "a procedure written in C++. What the engine does not check yet is reported\n"
      "`not checked` ([engine-hail-caesar.md](engine-hail-caesar.md)).\n\n";
  return out;
}

}  // namespace umpire::hail_caesar
