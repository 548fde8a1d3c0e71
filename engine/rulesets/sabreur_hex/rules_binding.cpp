#include "engine/rulesets/sabreur_hex/rules_binding.hpp"

#include <bit>

#include "engine/rulesets/sabreur_hex/checks.hpp"

namespace umpire::sabreur {

std::optional<RulesBinding> RulesBinding::bind(const rules::Ruleset& rs, DiagnosticEngine& diags,
                                               Span where) {
  rulesets::common::ItemResolver resolver(
      rs, diags, where, diagnostic_kind(Diag::rules_missing_item),
      "the Sabreur-hex engine needs corpus/rulesets/sabreur-hex.rules or a variant of it");
  RulesBinding b(BoundItems::bind(resolver));
  for (std::string_view n : skill_names())
    b.skill_defs_.push_back(resolver.item(n, rules::ItemKind::skill, "skill"));
  resolver.domain_values("unit_type", unit_type_names(), b.unit_types_);
  resolver.domain_values("formation", formation_names(), b.formations_);
  resolver.domain_values("quality", quality_names(), b.qualities_);
  resolver.domain_values("hex_terrain", hex_terrain_names(), b.hex_terrain_);
  resolver.domain_values("hexside_terrain", hexside_terrain_names(), b.hexside_terrain_);
  resolver.domain_values("skill_name", skill_names(), b.skills_);
  if (!resolver.ok()) return std::nullopt;
  b.terrain_rules_ = read_terrain_rules(b);
  return b;
}

const rulesets::common::EvaluationReports& RulesBinding::evaluation_reports() {
  static constexpr rulesets::common::EvaluationReports reports{
      id_of(Diag::rules_evaluation),
      id_of(Diag::rules_unmapped_permission),
      [](std::string_view permission) -> std::optional<replay::CheckId> {
        const std::optional<Check> check = check_for_permission(permission, std::nullopt);
        if (!check) return std::nullopt;
        return replay::CheckId(*check);
      },
      &implied_by,
  };
  return reports;
}

rules::Val RulesBinding::skills(SkillSet s) const {
  std::uint64_t bits = 0;
  // Over the unit's skills only: most units have none or one of the 21.
  for (std::uint32_t rest = s.bits; rest != 0; rest &= rest - 1)
    bits |= std::uint64_t{1} << skills_[static_cast<std::size_t>(std::countr_zero(rest))];
  return rules::Val::set(bits);
}

}  // namespace umpire::sabreur
