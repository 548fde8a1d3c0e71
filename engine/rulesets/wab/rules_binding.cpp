#include "engine/rulesets/wab/rules_binding.hpp"

#include "engine/rulesets/common/permission_checks.hpp"

namespace umpire::wab {

std::optional<RulesBinding> RulesBinding::bind(const rules::Ruleset& rs, DiagnosticEngine& diags,
                                               Span where) {
  rulesets::common::ItemResolver resolver(
      rs, diags, where, diagnostic_kind(Diag::rules_missing_item),
      "the Warhammer Ancient Battles engine needs corpus/rulesets/wab.rules or a variant of it");
  RulesBinding b(BoundItems::bind(resolver));
  resolver.domain_values("troop_type", troop_type_names(), b.types_);
  resolver.domain_values("armour", armour_names(), b.armours_);
  resolver.domain_values("shield_carried", shield_names(), b.shields_);
  resolver.domain_values("mount", mount_names(), b.mounts_);
  resolver.domain_values("special_rule", special_rule_names(), b.specials_);
  if (!resolver.ok()) return std::nullopt;
  return b;
}

const rulesets::common::EvaluationReports& RulesBinding::evaluation_reports() {
  return rulesets::common::permission_reports<
      Diag::rules_evaluation, Diag::rules_unmapped_permission, &check_for_permission>();
}

rules::Val RulesBinding::special(const std::vector<std::string>& names) const {
  std::uint64_t bits = 0;
  const auto all = special_rule_names();
  for (const std::string& n : names)
    for (std::size_t i = 0; i < all.size(); ++i)
      if (all[i] == n) bits |= std::uint64_t{1} << specials_[i];
  return rules::Val::set(bits);
}

namespace {
const rules::Domain* strike_class_domain(const rules::Ruleset& rs) {
  const auto ref = rs.find("strike_class");
  if (!ref || ref->kind != rules::ItemKind::domain) return nullptr;
  return &rs.domains[ref->index];
}
}  // namespace

rules::Val RulesBinding::strike_classes(const std::vector<std::string>& weapons) const {
  std::uint64_t bits = 0;
  if (const rules::Domain* d = strike_class_domain(rs()))
    for (const std::string& w : weapons) {
      std::optional<std::uint32_t> v = d->find(w);
      if (!v) v = d->find(w + "s");
      if (v) bits |= std::uint64_t{1} << *v;
    }
  return rules::Val::set(bits);
}

std::string RulesBinding::strike_class_name(std::int64_t n) const {
  const rules::Domain* d = strike_class_domain(rs());
  if (!d || n < 0 || static_cast<std::size_t>(n) >= d->values.size()) return "";
  return d->values[static_cast<std::size_t>(n)];
}

std::optional<rules::Val> RulesBinding::missile_weapon(std::string_view name) const {
  const auto item = rs().find(name);
  if (!item || item->kind != rules::ItemKind::profile) return std::nullopt;
  if (rs().records[rs().profiles[item->index].record].name != "missile_weapon") return std::nullopt;
  return rules::Val::profile(item->index);
}

std::vector<std::string> RulesBinding::missile_weapons() const {
  std::vector<std::string> names;
  for (const rules::Profile& p : rs().profiles)
    if (rs().records[p.record].name == "missile_weapon") names.push_back(p.name);
  return names;
}

std::optional<std::int64_t> RulesBinding::weapon_range(std::string_view name) const {
  const std::optional<rules::Val> weapon = missile_weapon(name);
  if (!weapon) return std::nullopt;
  const rules::Profile& p = rs().profiles[static_cast<std::size_t>(weapon->number)];
  const std::optional<std::uint32_t> field = rs().records[p.record].find("range");
  if (!field || *field >= p.values.size()) return std::nullopt;
  return p.values[*field].number;
}

}  // namespace umpire::wab
