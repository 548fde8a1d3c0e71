#include <fmt/format.h>

#include <algorithm>

#include "engine/rules/native/native.hpp"
#include "engine/rulesets/common/item_tables.hpp"

namespace umpire::rulesets::common {

ItemResolver::ItemResolver(const rules::Ruleset& rs, DiagnosticEngine& diags, Span where,
                           const DiagnosticKind& missing, std::string hint)
    : rs_(&rs), diags_(&diags), where_(where), missing_(&missing), hint_(std::move(hint)) {}

void ItemResolver::missing(std::string_view what, std::string_view name) {
  ok_ = false;
  diags_
      ->report(missing_->severity, missing_->id, where_,
               fmt::format("the rules data has no {} '{}'", what, name))
      .hint(hint_);
}

std::uint32_t ItemResolver::item(std::string_view name, rules::ItemKind kind,
                                 std::string_view what) {
  auto ref = rs_->find(name);
  if (!ref || ref->kind != kind) {
    missing(what, name);
    return 0;
  }
  return ref->index;
}

std::array<std::uint32_t, 2> ItemResolver::table_column(const TableColumnName& names) {
  std::array<std::uint32_t, 2> out{0, 0};
  auto ref = rs_->find(names.table);
  if (!ref || ref->kind != rules::ItemKind::table) {
    missing("table", names.table);
    return out;
  }
  out[0] = ref->index;
  const auto& cols = rs_->tables[ref->index].columns;
  const auto c = std::find_if(cols.begin(), cols.end(),
                              [&](const auto& col) { return col.name == names.column; });
  if (c == cols.end())
    missing(fmt::format("column of table '{}'", names.table), names.column);
  else
    out[1] = static_cast<std::uint32_t>(c - cols.begin());
  return out;
}

std::optional<std::uint32_t> ItemResolver::action(std::string_view name) {
  const rules::Domain* actions = rs_->action_domain ? &rs_->domains[*rs_->action_domain] : nullptr;
  auto v = actions ? actions->find(name) : std::nullopt;
  if (!v) missing("action", name);
  return v;
}

void ItemResolver::domain_values(std::string_view domain, std::span<const std::string_view> names,
                                 std::vector<std::uint32_t>& out) {
  auto ref = rs_->find(domain);
  if (!ref || ref->kind != rules::ItemKind::domain) {
    missing("domain", domain);
    return;
  }
  const rules::Domain& d = rs_->domains[ref->index];
  for (std::string_view n : names) {
    auto v = d.find(n);
    if (!v) missing(fmt::format("value of domain '{}'", domain), n);
    out.push_back(v.value_or(0));
  }
}

std::shared_ptr<const rules::Program> ItemResolver::compile() const {
  return std::make_shared<const rules::Program>(*rs_, &rules::find_native);
}

}  // namespace umpire::rulesets::common
