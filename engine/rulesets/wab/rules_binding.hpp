#pragma once
// The Warhammer Ancient Battles engine's view of the rules data: every
// given, value, test and action it uses, resolved by name once
// (rules_items.def, through common/item_tables.inc), the values of its own
// enumerations and the profiles of the missile weapons, and `Facts`, a
// situation filled with typed setters. Numbers and conditions come from
// the data through the evaluator (common/evaluation.hpp); the engine only
// states the facts.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rules/model.hpp"
#include "engine/rulesets/common/basic_facts.hpp"
#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/common/item_tables.hpp"
#include "engine/rulesets/wab/checks.hpp"
#include "engine/rulesets/wab/diagnostics.hpp"
#include "engine/rulesets/wab/types.hpp"

namespace umpire::wab {

#define UMPIRE_RULES_ITEMS "engine/rulesets/wab/rules_items.def"
#include "engine/rulesets/common/item_tables.inc"
#undef UMPIRE_RULES_ITEMS

class RulesBinding : public rulesets::common::BoundItems<RulesItems> {
 public:
  // Resolves every item; reports `wab.rules.missing-item` at `where` for
  // each one the data lacks and returns nullopt then.
  static std::optional<RulesBinding> bind(const rules::Ruleset& rs, DiagnosticEngine& diags,
                                          Span where);
  static const rulesets::common::EvaluationReports& evaluation_reports();

  rules::Val type(TroopType t) const { return enumeration(types_, t); }
  rules::Val armour(Armour a) const { return enumeration(armours_, a); }
  rules::Val shield(Shield s) const { return enumeration(shields_, s); }
  rules::Val mount(Mount m) const { return enumeration(mounts_, m); }
  // The set of the data's special_rule values among `names`.
  rules::Val special(const std::vector<std::string>& names) const;
  // The set of the data's strike_class values a unit's weapons name (a
  // weapon word is a class's name or its singular: 'pike' for 'pikes').
  rules::Val strike_classes(const std::vector<std::string>& weapons) const;
  // The name of strike_class value `n` ("" when the data has none).
  std::string strike_class_name(std::int64_t n) const;
  // The profile of missile weapon `name` (the data's word), if the
  // weapons table has it.
  std::optional<rules::Val> missile_weapon(std::string_view name) const;
  // The data's names of the missile weapons (§ Table des armes de tirs).
  std::vector<std::string> missile_weapons() const;
  // Its range in inches (the record's field `range`).
  std::optional<std::int64_t> weapon_range(std::string_view name) const;

 private:
  explicit RulesBinding(BoundItems items) : BoundItems(std::move(items)) {}
  template <typename E>
  static rules::Val enumeration(const std::vector<std::uint32_t>& values, E e) {
    return rules::Val::enumeration(values[static_cast<std::size_t>(e)]);
  }
  std::vector<std::uint32_t> types_, armours_, shields_, mounts_, specials_;
};

// A situation for the evaluator (common::BasicFacts). A few facts that
// cost a look round the table are read on demand.
struct Context;

class Facts final : public rulesets::common::BasicFacts<Facts, RulesBinding> {
 public:
  using BasicFacts::BasicFacts;
  // self.rank_bonus of `u`, stated when a question reads it: only a
  // Warband's Leadership does, and the bonus asks for the ground under the
  // unit (phases/facts.cpp fill_unit).
  void rank_bonus_when_read(const Context& cx, UnitId u) {
    context_ = &cx;
    rank_unit_ = u;
    read_on_demand();
  }
  // enemy_distance from `u` to `enemy` (whole inches up, between closest
  // edges), measured when a question reads it: a psychology test asks
  // first whether the enemy causes it at all (phases/fear.cpp).
  void enemy_distance_when_read(const Context& cx, UnitId u, UnitId enemy) {
    context_ = &cx;
    distance_ = {u, enemy};
    read_on_demand();
  }

 private:
  friend class rulesets::common::BasicFacts<Facts, RulesBinding>;
  std::optional<rules::Val> fact_on_demand(Given g) const;  // phases/facts.cpp
  const Context* context_ = nullptr;
  std::optional<UnitId> rank_unit_;
  std::optional<std::pair<UnitId, UnitId>> distance_;
};

using rulesets::common::check_permissions;
using rulesets::common::eval_int;
using rulesets::common::eval_test;
using rulesets::common::explain;
using rulesets::common::verdict;

}  // namespace umpire::wab
