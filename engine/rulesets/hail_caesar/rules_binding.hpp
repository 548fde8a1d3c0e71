#pragma once
// The Hail Caesar engine's view of the rules data: every given, value and
// action it uses, resolved by name once (rules_items.def, through
// common/item_tables.inc), the values of its own enumerations, and
// `Facts`, a situation filled with typed setters. Numbers and conditions
// come from the data through the evaluator (common/evaluation.hpp); the
// engine only states the facts of the table.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/replay/checker.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rules/model.hpp"
#include "engine/rulesets/common/basic_facts.hpp"
#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/common/item_tables.hpp"
#include "engine/rulesets/hail_caesar/checks.hpp"
#include "engine/rulesets/hail_caesar/diagnostics.hpp"
#include "engine/rulesets/hail_caesar/types.hpp"

namespace umpire::hail_caesar {

#define UMPIRE_RULES_ITEMS "engine/rulesets/hail_caesar/rules_items.def"
#include "engine/rulesets/common/item_tables.inc"
#undef UMPIRE_RULES_ITEMS

class VariantFacts;

class RulesBinding : public rulesets::common::BoundItems<RulesItems> {
 public:
  // Resolves every item; reports `hc.rules.missing-item` at `where` for
  // each one the data lacks and returns nullopt then.
  static std::optional<RulesBinding> bind(const rules::Ruleset& rs, DiagnosticEngine& diags,
                                          Span where);
  static const rulesets::common::EvaluationReports& evaluation_reports();

  rules::Val type(UnitType t) const {
    return rules::Val::enumeration(unit_types_[static_cast<std::size_t>(t)]);
  }
  rules::Val formation(Formation f) const {
    return rules::Val::enumeration(formations_[static_cast<std::size_t>(f)]);
  }
  rules::Val terrain(Terrain t) const {
    return rules::Val::enumeration(terrains_[static_cast<std::size_t>(t)]);
  }
  // The name of value `index` of domain `d` ("" when out of range).
  std::string_view domain_value(Domain d, std::int64_t index) const;
  // The modifier stack of a full move (move_distance_mods: its base, the
  // rate of § Mouvements des unités, then the terrain's stages).
  std::uint32_t move_stack() const { return move_stack_; }
  // The facts a variant's data reads beyond the base's (null for the base
  // game); it outlives the binding.
  const VariantFacts* variant() const { return variant_; }
  void set_variant(const VariantFacts* v) { variant_ = v; }

 private:
  explicit RulesBinding(BoundItems items) : BoundItems(std::move(items)) {}
  std::vector<std::uint32_t> unit_types_, formations_, terrains_;
  std::uint32_t move_stack_ = 0;
  const VariantFacts* variant_ = nullptr;
};

// A situation for the evaluator (common::BasicFacts: set, boolean, integer,
// word, none). Every fact the engine states costs little: none is read on
// demand.
class Facts final : public rulesets::common::BasicFacts<Facts, RulesBinding> {
 public:
  using BasicFacts::BasicFacts;

 private:
  friend class rulesets::common::BasicFacts<Facts, RulesBinding>;
  std::optional<rules::Val> fact_on_demand(Given) const { return std::nullopt; }
};

struct Context;

// A variant of Hail Caesar over its own data (`extends hail-caesar`, e.g.
// engine/rulesets/hail_caesar_hyw/): the givens its data adds, stated for
// the unit whose facts a procedure fills (fill_unit, phases/facts.hpp)
// after the base's.
class VariantFacts {
 public:
  virtual ~VariantFacts() = default;
  virtual void fill_unit(const Context& cx, Facts& f, UnitId u) const = 0;
  // Whether the unit whose casualties and stamina `f` states leaves the
  // table by the variant's own rule (nullopt: the base's, when broken).
  virtual std::optional<bool> removed(const Context&, const Facts&) const { return std::nullopt; }
  // Whether a move by initiative is judged on the enemy near the unit when
  // its turn began (false: when it moves, as the base sheet's "si ennemi à
  // 12\" ou moins" reads).
  virtual bool initiative_at_turn_start() const { return false; }
  // The excess casualties a break test at shooting subtracts from the unit
  // whose casualties and stamina `f` states (nullopt: the base's, which the
  // sheet leaves undefined).
  virtual std::optional<std::int64_t> shooting_excess(const Context&, const Facts&) const {
    return std::nullopt;
  }
  // Whether the charger `f` states (other: the unit countercharging it) is
  // disordered by the countercharge (nullopt: not, as the base sheet has it).
  virtual std::optional<bool> countercharge_disorders(const Context&, const Facts&) const {
    return std::nullopt;
  }
  // Whether the charger `f` states (its target's facts with it) is
  // disordered by the unit it charged into (nullopt: not, as the base sheet
  // has it).
  virtual std::optional<bool> charge_disorders(const Context&, const Facts&) const {
    return std::nullopt;
  }
  // Whether the charger `f` states, as it sets out, charges disordered
  // whatever it meets (nullopt: not, as the base sheet has it).
  virtual std::optional<bool> charges_disordered(const Context&, const Facts&) const {
    return std::nullopt;
  }
  // The casualties the unit `f` states keeps when a player's turn ends
  // (nullopt: all of them, as the base sheet has it).
  virtual std::optional<std::int64_t> casualties_after_turn(const Context&, const Facts&) const {
    return std::nullopt;
  }
  // The inches from a general's position to the edge of the base an order
  // is measured from (0: from his position, as the base sheet measures).
  virtual double order_base_radius(const Context&) const { return 0; }
  // Whether the variant says how a disorder test is rolled (the base sheet
  // never does: gap disorder_test_undefined); it then judges each one.
  virtual bool rolls_disorder_test() const { return false; }
  // The section a diagnostic cites for the way of a unit through another
  // (the base sheet's own section unless the variant rewrites it).
  virtual std::string way_through_section() const { return "§ Se déplacer à travers une unité"; }
  // Applies statement `a`, which the base sheet has no procedure for and
  // would only follow as written, by the variant's own procedure (HYW's
  // rally by a general, 004 § 3-a); false: the base applies it.
  virtual bool apply(Context&, const Action&) const { return false; }
  // Whether a unit may divide its shooting dice of a phase between
  // several targets (false: each shot throws them all, as the base sheet
  // has it).
  virtual bool splits_shots() const { return false; }
  // Whether a unit supporting two friends in a combat phase shares its
  // support dice between them (false: each support throws them all, as
  // the base sheet has it).
  virtual bool splits_support() const { return false; }
  // The full moves a unit may make in the combat phase, after its combat
  // (nullopt: the base sheet, which defines no such move, follows it as
  // written).
  virtual std::optional<std::int64_t> combat_phase_moves(const Context&, const Facts&) const {
    return std::nullopt;
  }
  // Why combat_phase_moves gives what it gives, for a diagnostic.
  virtual std::string combat_phase_moves_reason(const Context&, const Facts&) const { return {}; }
  // After unit `u`'s move `a` in the combat phase, placed where it ends:
  // what the variant makes of where it ends (HYW 7-h: back in contact with
  // the enemy it beat, the combat goes on).
  virtual void moved_after_combat(Context&, const Action&, UnitId) const {}
};

// The inches of one full move of the unit the facts describe (the stack
// move_distance_mods evaluated from its base); nullopt, reported as
// hc.rules.evaluation, when the data cannot say. `notes` receives the
// breakdown.
std::optional<std::int64_t> move_rate(const Facts& facts, replay::EventChecker& checker,
                                      std::vector<std::string>* notes = nullptr);

using rulesets::common::breakdown_notes;
using rulesets::common::check_permissions;
using rulesets::common::eval_int;
using rulesets::common::eval_test;
using rulesets::common::explain;
using rulesets::common::Subject;
using rulesets::common::verdict;

}  // namespace umpire::hail_caesar
