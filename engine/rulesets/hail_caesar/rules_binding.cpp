#include "engine/rulesets/hail_caesar/rules_binding.hpp"

#include <fmt/format.h>

#include "engine/rulesets/common/permission_checks.hpp"

namespace umpire::hail_caesar {

std::optional<RulesBinding> RulesBinding::bind(const rules::Ruleset& rs, DiagnosticEngine& diags,
                                               Span where) {
  rulesets::common::ItemResolver resolver(
      rs, diags, where, diagnostic_kind(Diag::rules_missing_item),
      "the Hail Caesar engine needs corpus/rulesets/hail-caesar.rules or a variant of it");
  RulesBinding b(BoundItems::bind(resolver));
  resolver.domain_values("unit_type", unit_type_names(), b.unit_types_);
  resolver.domain_values("formation", formation_names(), b.formations_);
  resolver.domain_values("terrain", terrain_names(), b.terrains_);
  b.move_stack_ = resolver.item("move_distance_mods", rules::ItemKind::stack, "modifiers");
  if (!resolver.ok()) return std::nullopt;
  return b;
}

const rulesets::common::EvaluationReports& RulesBinding::evaluation_reports() {
  return rulesets::common::permission_reports<
      Diag::rules_evaluation, Diag::rules_unmapped_permission, &check_for_permission>();
}

std::string_view RulesBinding::domain_value(Domain d, std::int64_t index) const {
  const rules::Domain& dom = rs().domains[domain(d)];
  if (index < 0 || static_cast<std::size_t>(index) >= dom.values.size()) return {};
  return dom.values[static_cast<std::size_t>(index)];
}

std::optional<std::int64_t> move_rate(const Facts& facts, replay::EventChecker& checker,
                                      std::vector<std::string>* notes) {
  const RulesBinding& b = facts.binding();
  const rules::Stack& stack = b.rs().stacks[b.move_stack()];
  const auto fail = [&](std::string why) -> std::optional<std::int64_t> {
    checker.problem(id_of(Diag::rules_evaluation), checker.event_span(),
                    fmt::format("the rules data cannot say the unit's move: {}", why));
    return std::nullopt;
  };
  if (!facts.error().empty()) return fail(facts.error());
  rules::Evaluator ev(b.rs(), facts.situation());
  ev.set_trace(notes != nullptr);
  std::int64_t start = 0;
  if (stack.base) {
    const std::optional<rules::Val> base = ev.eval(*stack.base);
    if (!base)
      return fail("its rate is not in § Mouvements des unités for this type and formation");
    // No row: § Mouvements des unités gives this type and formation no
    // rate (light artillery, camels…), which is no rate of 0".
    if (base->is_none()) {
      checker.not_checked(
          "the move of a unit whose type and formation § Mouvements des unités gives no rate",
          checker.event_span());
      return std::nullopt;
    }
    start = base->number;
  }
  const std::optional<std::int64_t> r = ev.apply_stack(b.move_stack(), start);
  if (!r) return fail("move_distance_mods");
  if (notes) {
    std::vector<std::string> lines = breakdown_notes(ev);
    notes->insert(notes->end(), lines.begin(), lines.end());
  }
  return r;
}

}  // namespace umpire::hail_caesar
