#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

#include "engine/rulesets/hail_caesar/diagnostics.hpp"

namespace umpire::hyw {

std::unique_ptr<Binding> bind(const rules::Ruleset& data, DiagnosticEngine& diags, Span where) {
  std::optional<hail_caesar::RulesBinding> base =
      hail_caesar::RulesBinding::bind(data, diags, where);
  rulesets::common::ItemResolver resolver(
      data, diags, where, hail_caesar::diagnostic_kind(hail_caesar::Diag::rules_missing_item),
      "the Hundred Years War engine needs corpus/rulesets/hail-caesar-hyw.rules or a variant of "
      "it");
  HywItems items = HywItems::bind(resolver);
  if (!base || !resolver.ok()) return nullptr;
  return std::make_unique<Binding>(std::move(*base), std::move(items));
}

}  // namespace umpire::hyw
