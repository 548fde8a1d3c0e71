#include "engine/rulesets/wab/phases/fear.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/rulesets/wab/phases/facts.hpp"
#include "engine/rulesets/wab/phases/owed_at_start.hpp"

namespace umpire::wab {
namespace {

// The facts of `u` every psychology question about it reads: stated once
// for all the enemies it is asked against.
Facts unit_facts(const Context& cx, UnitId u) {
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  return f;
}

// Whether the data requires the test of `u` (its facts `unit`) against
// `enemy` in `context` (the data's psychology_context).
std::optional<bool> fear_required(Context& cx, const Facts& unit, UnitId u, UnitId enemy,
                                  std::string_view context, bool terror) {
  Facts f = unit;
  fill_enemy(cx, f, enemy);
  f.word(Given::psych_context, context);
  // Measured only when the question reads it: most enemies cause nothing.
  f.enemy_distance_when_read(cx, u, enemy);
  // A declared charge is taken as within reach (gap charge_range): the
  // charger and the unit it charges are each within the other's charge
  // range, which makes frenzied troops immune (§ Frénésie (Frenzy): "Elles
  // sont immunisées à la psychologie tant qu'elles sont à portée de
  // charge").
  f.boolean(Given::self_enemy_in_charge_range,
            context == "charged_by_the_cause" || context == "charging_the_cause");
  const auto v =
      eval_int(f, terror ? Value::terror_test_required : Value::fear_test_required, cx.checker);
  if (!v) return std::nullopt;
  return *v != 0;
}

bool tested_this_phase(const Context& cx, UnitId u) {
  const auto& t = cx.scratch.fear_tested;
  return std::any_of(t.begin(), t.end(), [u](const auto& e) { return e.first == u; });
}

// Unit `u` owed a test to `enemy` in `context` and took none: reported at
// `span`. True when one was owed.
bool report_owed(Context& cx, Span span, UnitId u, UnitId enemy, std::string_view context) {
  const UnitState& st = cx.state.units[u];
  if (!st.on_table || st.fleeing || tested_this_phase(cx, u)) return false;
  const Facts unit = unit_facts(cx, u);
  for (const bool terror : {true, false}) {
    const std::optional<bool> due = fear_required(cx, unit, u, enemy, context, terror);
    if (!due || !*due) continue;
    const std::string_view kind = terror ? "terror" : "fear";
    auto v = cx.checker.violation(
        Check::fear_due, span,
        fmt::format("{} {} {}, which causes it {}, and {} takes no {} test", cx.quoted(u),
                    context == "charging_the_cause" ? "charges" : "is charged by", cx.quoted(enemy),
                    kind, cx.quoted(u), kind));
    v.note(
         "§ Phase 2 : Mouvement, 2.1 Déclaration de charges, step {}: the {} test comes "
         "after the declarations (the data's {}_test_required)",
         context == "charging_the_cause" ? 3 : 4,
         context == "charging_the_cause" ? "chargers'" : "charged units'", kind)
        .hint("write it after the charge's responses: 'test {} {} 2d6=… against {}'",
              cx.setup.units[u].id, kind, cx.setup.units[u].profile.leadership);
    // A fear test owed cites § Peur, not the check's § Terreur.
    if (!terror) cite_fear(v);
    return true;
  }
  return false;
}

}  // namespace

void cite_fear(DiagnosticBuilder& v) {
  v.rule(std::string(replay::CheckId(Check::fear_due).info().file), "Peur");
}

std::optional<bool> fear_due(Context& cx, UnitId u, bool terror) {
  if (cx.state.phase == Phase::start) {
    const Facts unit = unit_facts(cx, u);
    for (std::size_t e = 0; e < cx.setup.units.size(); ++e) {
      if (cx.setup.units[e].side == cx.setup.units[u].side || !cx.state.units[e].on_table) continue;
      const auto due =
          fear_required(cx, unit, u, static_cast<UnitId>(e), "cause_nearby_at_turn_start", terror);
      if (!due || *due) return due;
    }
    return false;
  }
  if (cx.state.phase != Phase::movement) return std::nullopt;
  // § 2.1 steps 3 and 4: a test for each charge that causes it, and no
  // second one for the same charge.
  std::int64_t owed = 0;
  std::optional<Facts> unit;
  for (const PendingCharge& c : cx.scratch.charges) {
    std::optional<bool> due = false;
    if (c.charger != u && c.target != u) continue;
    if (!unit) unit = unit_facts(cx, u);
    if (c.charger == u) due = fear_required(cx, *unit, u, c.target, "charging_the_cause", terror);
    if (c.target == u) due = fear_required(cx, *unit, u, c.charger, "charged_by_the_cause", terror);
    if (!due) return due;
    if (*due) ++owed;
  }
  return owed > fear_tests_taken(cx, u, terror);
}

std::int64_t fear_tests_taken(const Context& cx, UnitId u, bool terror) {
  const auto& t = cx.scratch.fear_tested;
  return std::count(t.begin(), t.end(), std::pair<UnitId, bool>(u, terror));
}

void owe_start_terror(Context& cx) {
  cx.scratch.start_terror_owed = owed_at_turn_start(cx, [&](UnitId u) -> std::optional<bool> {
    if (cx.state.units[u].terror_tested) return false;  // once a battle
    return fear_due(cx, u, true);
  });
}

void settle_start_terror(Context& cx, Span span) {
  const auto tested = [](const UnitState& st) { return st.terror_tested; };
  settle_owed_at_start(cx, cx.scratch.start_terror_owed, tested, [&](UnitId u) {
    DiagnosticBuilder d = cx.checker.violation(
        Check::fear_due, span,
        fmt::format("{} had an enemy that causes it terror within 8\" at the start of the turn "
                    "and took no terror test",
                    cx.quoted(u)));
    d.note(
         "§ Phase 1 : Début du tour, item 2: 'Test de Terreur si la cause est à 8 pas' (the "
         "data's terror_test_required)")
        .hint("write its test in the turn's start phase: 'test {} terror 2d6=… against {}'",
              cx.setup.units[u].id, cx.setup.units[u].profile.leadership);
    note_skipped_turn(cx, d);
  });
}

void note_fear_tested(Context& cx, UnitId u, bool terror) {
  if (cx.state.phase == Phase::movement) cx.scratch.fear_tested.emplace_back(u, terror);
}

void settle_charge_fear(Context& cx) {
  for (const PendingCharge& c : cx.scratch.charges) {
    report_owed(cx, c.span, c.charger, c.target, "charging_the_cause");
    report_owed(cx, c.span, c.target, c.charger, "charged_by_the_cause");
  }
  cx.scratch.fear_tested.clear();
}

}  // namespace umpire::wab
