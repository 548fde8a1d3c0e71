#pragma once
// The HYW data as the Hail Caesar engine binds it: the base engine's
// binding (hail_caesar/rules_binding.hpp) over the resolved HYW data (its
// `extends`, overrides and additions merged), with the facts of the givens
// HYW adds (unit_facts.cpp) as its variant.
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "engine/core/diagnostic.hpp"
#include "engine/rules/model.hpp"
#include "engine/rulesets/common/item_tables.hpp"
#include "engine/rulesets/common/shot_target.hpp"
#include "engine/rulesets/hail_caesar/rules_binding.hpp"

namespace umpire::hyw {

#define UMPIRE_RULES_ITEMS "engine/rulesets/hail_caesar_hyw/rules_items.def"
#include "engine/rulesets/common/item_tables.inc"
#undef UMPIRE_RULES_ITEMS

using HywItems = rulesets::common::BoundItems<RulesItems>;

// The givens of 004 the base engine does not state, for the unit whose
// facts a procedure fills (unit_facts.cpp).
class UnitFacts final : public hail_caesar::VariantFacts {
 public:
  explicit UnitFacts(HywItems items) : items_(std::move(items)) {}
  void fill_unit(const hail_caesar::Context& cx, hail_caesar::Facts& f,
                 hail_caesar::UnitId u) const override;
  // A unit leaves the table by the data's unit_removed (004 § 2-b, § 8-e).
  std::optional<bool> removed(const hail_caesar::Context& cx,
                              const hail_caesar::Facts& f) const override;
  // 5-a: "Une unité qui commence son tour à moins de 12'".
  bool initiative_at_turn_start() const override { return true; }
  // The excess casualties of 8-f: those beyond the stamina.
  std::optional<std::int64_t> shooting_excess(const hail_caesar::Context& cx,
                                              const hail_caesar::Facts& f) const override;
  // 8-d: close-order infantry countercharged by cavalry (the data's
  // countercharge_disorders_charger).
  std::optional<bool> countercharge_disorders(const hail_caesar::Context& cx,
                                              const hail_caesar::Facts& f) const override;
  // 1-c Pike and Stakes: "mets la cavalerie en désordre" (the data's
  // charger_disordered_by_pike_or_stakes).
  std::optional<bool> charge_disorders(const hail_caesar::Context& cx,
                                       const hail_caesar::Facts& f) const override;
  // 1-c Montjoie !: "si double charge automatique en désordre" (the data's
  // montjoie_disorders_unit).
  std::optional<bool> charges_disordered(const hail_caesar::Context& cx,
                                         const hail_caesar::Facts& f) const override;
  // 4-d step 4, "retour au seuil de stamina maximum" (the data's
  // casualties_after_end_phase).
  std::optional<std::int64_t> casualties_after_turn(const hail_caesar::Context& cx,
                                                    const hail_caesar::Facts& f) const override;
  // 4-a: orders are measured from the general's base (the data's
  // order_distance_general_base_mm, its diameter).
  double order_base_radius(const hail_caesar::Context& cx) const override;
  // 8-d: "Lancez 1D6, sur un résultat de 4+" (the data's disorder_test,
  // judged by disorder_test.cpp).
  bool rolls_disorder_test() const override { return true; }
  // 5-h: a unit moved through another in a division's move, whose section
  // the HYW text rewrites.
  std::string way_through_section() const override { return "004 § 5-h"; }
  // 3-a: a general's rally (rally.cpp).
  bool apply(hail_caesar::Context& cx, const hail_caesar::Action& a) const override;
  // The items of the HYW data the base binding does not name.
  const HywItems& items() const { return items_; }

  // 6-a: "Si plusieurs unités ennemies sont à distance égale, l'unité peut
  // diviser ses tirs entre elles".
  bool splits_shots() const override { return true; }
  // 7-c: "Une unité peut potentiellement soutenir deux unités au combat,
  // auquel cas elle répartit ses attaques entre les deux".
  bool splits_support() const override { return true; }
  // 7-h, 7-i: a victor's one move after its combat, or a breakthrough of
  // the data's breakthrough_max_moves (move_after_combat_moves).
  std::optional<std::int64_t> combat_phase_moves(const hail_caesar::Context& cx,
                                                 const hail_caesar::Facts& f) const override;
  std::string combat_phase_moves_reason(const hail_caesar::Context& cx,
                                        const hail_caesar::Facts& f) const override;
  // 7-h: a victor back in contact with the enemy it beat is engaged again
  // (victor_move.cpp, recontact_after_move).
  void moved_after_combat(hail_caesar::Context& cx, const hail_caesar::Action& a,
                          hail_caesar::UnitId u) const override;

 private:
  rulesets::ShotTarget shot_target(const hail_caesar::Context& cx, const hail_caesar::Facts& f,
                                   hail_caesar::UnitId u, hail_caesar::UnitId t) const;
  std::optional<std::int64_t> value(const hail_caesar::Context& cx, const hail_caesar::Facts& f,
                                    Value v) const;
  HywItems items_;
};

// The special rules of a unit's profile (the data's set of special_rule,
// unit.special), empty without one.
rules::Val special_rules(const rules::Ruleset& rs, const hail_caesar::UnitSetup& unit);

struct Binding {
  Binding(hail_caesar::RulesBinding b, HywItems items)
      : base(std::move(b)), facts(std::make_unique<UnitFacts>(std::move(items))) {
    base.set_variant(facts.get());
  }
  Binding(const Binding&) = delete;
  Binding& operator=(const Binding&) = delete;

  hail_caesar::RulesBinding base;
  std::unique_ptr<UnitFacts> facts;  // base's variant: kept where it is
};

// Nullopt (reported as hc.rules.missing-item at `where`) when the data lacks
// an item of the base engine or of rules_items.def.
std::unique_ptr<Binding> bind(const rules::Ruleset& data, DiagnosticEngine& diags, Span where);

}  // namespace umpire::hyw
