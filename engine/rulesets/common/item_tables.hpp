#pragma once
// A ruleset's items resolved against its rules data. The ruleset lists the
// givens, values, tests, actions, tables and domains its engine evaluates in
// a rules_items.def and includes item_tables.inc once in its namespace (with
// UMPIRE_RULES_ITEMS naming that file): that declares its `RulesItems` and
// the enums `Given`, `Value`, `Test`, `RuleAction`, `Table`, `Domain`,
// `OptionalItem`. BoundItems<RulesItems> looks every name up once, when the
// engine is built, so that a question at replay time is an index.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/diagnostic_table.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rules/model.hpp"

namespace umpire::rulesets::common {

// A table of the data and the column of it the engine reads.
struct TableColumnName {
  std::string_view table, column;
};

// Looks names up in the rules data and reports each one it lacks, all at
// one span and under the ruleset's diagnostic, so that one run lists every
// missing item rather than the first.
class ItemResolver {
 public:
  // `missing`: the ruleset's diagnostic for an item the data lacks;
  // `hint`: which rules file the engine needs.
  ItemResolver(const rules::Ruleset& rs, DiagnosticEngine& diags, Span where,
               const DiagnosticKind& missing, std::string hint);

  const rules::Ruleset& rs() const { return *rs_; }
  // The index of item `name` of `kind` (`what` names the kind in the
  // message); 0 and reported when absent.
  std::uint32_t item(std::string_view name, rules::ItemKind kind, std::string_view what);
  // The column of `table` named `column`, as {table, column} indices.
  std::array<std::uint32_t, 2> table_column(const TableColumnName& names);
  // The value of an action of the data's action domain.
  std::optional<std::uint32_t> action(std::string_view name);
  // The values `names` of domain `domain`, appended to `out` (0 when absent).
  void domain_values(std::string_view domain, std::span<const std::string_view> names,
                     std::vector<std::uint32_t>& out);
  void missing(std::string_view what, std::string_view name);
  // The data's expressions compiled (natively when the build has them).
  std::shared_ptr<const rules::Program> compile() const;
  // Whether every item asked for was found.
  bool ok() const { return ok_; }

 private:
  const rules::Ruleset* rs_;
  DiagnosticEngine* diags_;
  Span where_;
  const DiagnosticKind* missing_;
  std::string hint_;
  bool ok_ = true;
};

template <class Items>
class BoundItems {
 public:
  using RulesItems = Items;
  using Given = typename Items::Given;
  using Value = typename Items::Value;
  using Test = typename Items::Test;
  using RuleAction = typename Items::RuleAction;
  using Table = typename Items::Table;
  using Domain = typename Items::Domain;
  using OptionalItem = typename Items::OptionalItem;

  // Resolves every item of `Items`; a missing one is reported through
  // `resolver`, whose ok() then says the binding is unusable.
  static BoundItems bind(ItemResolver& resolver) {
    const rules::Ruleset& rs = resolver.rs();
    BoundItems b;
    b.rs_ = &rs;
    b.program_ = resolver.compile();
    for (std::string_view n : Items::givens)
      b.givens_.push_back(resolver.item(n, rules::ItemKind::given, "given"));
    b.engine_given_.assign(rs.givens.size(), no_given);
    for (std::size_t g = 0; g < b.givens_.size(); ++g)
      if (b.givens_[g] < rs.givens.size() && rs.givens[b.givens_[g]].name == Items::givens[g])
        b.engine_given_[b.givens_[g]] = static_cast<std::uint16_t>(g);
    for (std::string_view n : Items::values)
      b.values_.push_back(resolver.item(n, rules::ItemKind::value, "value"));
    for (std::string_view n : Items::tests)
      b.tests_.push_back(resolver.item(n, rules::ItemKind::test, "test"));
    for (const TableColumnName& tc : Items::tables) b.tables_.push_back(resolver.table_column(tc));
    for (std::string_view n : Items::domains)
      b.domains_.push_back(resolver.item(n, rules::ItemKind::domain, "domain"));
    for (std::string_view n : Items::actions) {
      const std::optional<std::uint32_t> v = resolver.action(n);
      b.actions_.push_back(v.value_or(0));
      b.permissions_.push_back(v ? rules::permissions_of(rs, *v) : std::vector<std::uint32_t>{});
    }
    // Absent, an optional item is no error: looked for, not required.
    for (std::size_t i = 0; i < Items::optional_items.size(); ++i)
      b.optional_items_[i] = rs.find(Items::optional_items[i]);
    return b;
  }

  const rules::Ruleset& rs() const { return *rs_; }
  // The data's expressions compiled once, for quiet evaluations.
  const rules::Program* program() const { return program_.get(); }
  std::uint32_t given(Given g) const { return givens_[index(g)]; }
  // The engine's name for given `id` of the data, if the engine states it.
  std::optional<Given> given_of(std::uint32_t id) const {
    if (id >= engine_given_.size() || engine_given_[id] == no_given) return std::nullopt;
    return static_cast<Given>(engine_given_[id]);
  }
  std::uint32_t value(Value v) const { return values_[index(v)]; }
  std::uint32_t test(Test t) const { return tests_[index(t)]; }
  std::uint32_t action(RuleAction a) const { return actions_[index(a)]; }
  // The data's permissions about action `a` (Evaluator::action_with).
  std::span<const std::uint32_t> permissions(RuleAction a) const { return permissions_[index(a)]; }
  std::string_view value_name(Value v) const { return Items::values[index(v)]; }
  std::string_view test_name(Test t) const { return Items::tests[index(t)]; }
  std::string_view action_name(RuleAction a) const { return Items::actions[index(a)]; }
  // A table of the data and the index of the column the engine reads.
  std::uint32_t table(Table t) const { return tables_[index(t)][0]; }
  std::uint32_t column(Table t) const { return tables_[index(t)][1]; }
  std::uint32_t domain(Domain d) const { return domains_[index(d)]; }
  // Looked for once, when the binding is made: an engine may ask for them
  // at every turn.
  std::optional<rules::ItemRef> optional_item(OptionalItem i) const {
    return optional_items_[index(i)];
  }
  // An enumeration value of a given's domain by name; nullopt if unknown.
  std::optional<rules::Val> word(Given g, std::string_view value) const {
    const rules::Type& t = rs_->givens[given(g)].type;
    if (t.kind != rules::TypeKind::enumeration) return std::nullopt;
    auto v = rs_->domains[t.ref].find(value);
    if (!v) return std::nullopt;
    return rules::Val::enumeration(*v);
  }

 private:
  template <class E>
  static constexpr std::size_t index(E e) {
    return static_cast<std::size_t>(e);
  }
  static constexpr std::uint16_t no_given = UINT16_MAX;

  const rules::Ruleset* rs_ = nullptr;
  std::shared_ptr<const rules::Program> program_;  // shared by the binding's copies
  std::vector<std::uint32_t> givens_, values_, tests_, actions_, domains_;
  std::vector<std::uint16_t> engine_given_;  // per given of the data: its Given, or no_given
  std::vector<std::vector<std::uint32_t>> permissions_;  // per action
  std::vector<std::array<std::uint32_t, 2>> tables_;     // per table: {table, column}
  std::array<std::optional<rules::ItemRef>, Items::optional_items.size()> optional_items_;
};

}  // namespace umpire::rulesets::common
