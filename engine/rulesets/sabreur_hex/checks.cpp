#include "engine/rulesets/sabreur_hex/checks.hpp"

#include <array>

#include "engine/rulesets/sabreur_hex/field_audit.hpp"

namespace umpire::sabreur {
namespace {

struct Entry {
  replay::CheckInfo info;
  std::string_view permission;
};

constexpr Entry kEntries[] = {
#define UMPIRE_CHECK(id, section, what, permission) {{id, rules_file, section, what}, permission},
#include "engine/rulesets/sabreur_hex/checks.def"
#undef UMPIRE_CHECK
};

constexpr auto make_infos() {
  std::array<replay::CheckInfo, std::size(kEntries)> out{};
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = kEntries[i].info;
  return out;
}
constexpr auto kInfos = make_infos();

}  // namespace

const replay::CheckTable& check_table() {
  static const replay::CheckTable table(kInfos);
  return table;
}

std::string_view check_for_permission(std::string_view permission, std::string_view fallback) {
  for (const Entry& e : kEntries)
    if (!e.permission.empty() && e.permission == permission) return e.info.id;
  // Both panicked-march permissions report one check.
  if (permission == "panicked_no_frontal_march" || permission == "panicked_no_indirect_march")
    return "sabreur.move.panicked";
  // The data forbids a panicked charge twice (as a charge, as an attack).
  if (permission == "panicked_no_charge") return "sabreur.charge.panicked";
  if (permission == "harassment.cannot.attack") return "sabreur.charge.harassment";
  if (permission == "tenacious.cannot.manoeuvre" || permission == "tenacious.cannot.adopt_formation")
    return "sabreur.activation.tenacious";
  // The member-level twin of group_without_regimental_gun.
  if (permission == "regimental_gun_not_in_group") return "sabreur.activation.regimental-gun";
  // A unit that engages must take its adjacent target in enfilade: an
  // adjacent target outside enfilade engages it back, so the rule of the
  // engaged unit applies (§ Le tir); both report one check.
  if (permission == "engaging_fires_in_enfilade") return "sabreur.fire.engaged";
  if (permission == "engaged_frontal_march" || permission == "engaged_indirect_march")
    return "sabreur.move.engaged";
  // Assaults and pursuits (assault.cpp, pursuit.cpp): a panicked unit is
  // refused as an attacker first; a friend joins a pursuit on the same terms.
  if (permission == "panicked_no_assault") return "sabreur.charge.panicked";
  if (permission == "join_pursuit_needs_skill") return "sabreur.pursuit.not-allowed";
  if (permission == "rotation_120" || permission == "extended_line_no_120" ||
      permission == "extended_line_no_180" || permission == "about_face_extended_line_only")
    return "sabreur.move.rotation";
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
  std::string out =
      "## Sabreur-hex (`002_87c3dc452f850204.txt`)\n\n"
      "| check | rule | what is checked | rules data |\n"
      "|---|---|---|---|\n";
  for (const Entry& e : kEntries) {
    out += "| `";
    out += e.info.id;
    out += "` | ";
    out += e.info.file;
    out += " § ";
    out += e.info.section;
    out += " | ";
    out += e.info.what;
    out += " | ";
    if (!e.permission.empty()) {
      out += "`";
      out += e.permission;
      out += "`";
    }
    out += " |\n";
  }
  out +=
      "\nThe column *rules data* names the permission of\n"
      "`corpus/rulesets/sabreur-hex.rules` whose condition the check evaluates;\n"
      "every other check evaluates values and tests of the same file (factors,\n"
      "limits, targets, costs) inside a procedure written in C++.\n";
  out += fields_markdown();
  return out;
}

}  // namespace umpire::sabreur
