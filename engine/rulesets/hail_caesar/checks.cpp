#include "engine/rulesets/hail_caesar/checks.hpp"

#include <iterator>

namespace umpire::hail_caesar {
namespace {

// The permission each check reports, in the order of checks.def.
constexpr std::string_view kPermissions[] = {
#define UMPIRE_CHECK(name, id, severity, section, what, permission) permission,
#include "engine/rulesets/hail_caesar/checks.def"
#undef UMPIRE_CHECK
};
static_assert(std::size(kPermissions) == std::size(detail::kCheckInfos));

}  // namespace

const replay::CheckTable& check_table() {
  static const replay::CheckTable table(detail::kCheckInfos);
  return table;
}

std::optional<Check> check_for_permission(std::string_view permission) {
  for (std::size_t i = 0; i < std::size(kPermissions); ++i)
    if (!kPermissions[i].empty() && kPermissions[i] == permission) return static_cast<Check>(i);
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
  std::string out =
      "## Hail Caesar (`000_a44b407871cbdad9.txt`)\n\n"
      "| check | rule | what is checked | rules data |\n"
      "|---|---|---|---|\n";
  for (std::size_t i = 0; i < std::size(kPermissions); ++i) {
    const replay::CheckInfo& c = detail::kCheckInfos[i];
    out += "| `";
    out += c.id;
    out += "` | ";
    out += c.file;
    out += " § ";
    out += c.section;
    out += " | ";
    out += c.what;
    out += " | ";
    if (!kPermissions[i].empty()) {
      out += "`";
      out += kPermissions[i];
      out += "`";
    }
    out += " |\n";
  }
  out +=
      "\nThe column *rules data* names the permission of\n"
      "`corpus/rulesets/hail-caesar.rules` whose condition the check evaluates;\n"
      "the other checks evaluate values, tests and tables of the same file inside\n"
      "a procedure written in C++. What the engine does not check yet is reported\n"
      "`not checked` ([engine-hail-caesar.md](engine-hail-caesar.md)).\n\n";
  return out;
}

}  // namespace umpire::hail_caesar
