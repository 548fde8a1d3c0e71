#include "engine/rulesets/hail_caesar/phases/charge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "engine/geometry/tabletop/charge.hpp"
#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/sight.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/common/limit_report.hpp"
#include "engine/rulesets/hail_caesar/phases/crossing.hpp"
#include "engine/rulesets/hail_caesar/phases/division.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar/phases/following.hpp"
#include "engine/rulesets/hail_caesar/phases/movement.hpp"
#include "engine/rulesets/hail_caesar/phases/turn.hpp"

namespace umpire::hail_caesar {
namespace {

// Line of sight from the charger's front edge: the other units on the
// table block it (terrain that hides is not read yet).
bool sees(const Context& cx, UnitId u, UnitId t) {
  std::vector<tabletop::Polygon> blockers;
  for (std::size_t i = 0; i < cx.setup.units.size(); ++i)
    if (i != u && i != t && cx.state.units[i].on_table)
      blockers.push_back(cx.footprint(static_cast<UnitId>(i)).polygon());
  tabletop::SightQuery q;
  q.from = tabletop::SightFrom::front_edge;
  q.visible_only = true;
  return tabletop::line_of_sight(cx.footprint(u), cx.footprint(t), blockers, q).visible;
}

// `on front|flank|rear` against the zone the charger starts in.
void check_face(Context& cx, const Action& a, UnitId u, UnitId t, tabletop::Zone face) {
  if (a.on.empty()) return;
  const std::string_view computed = facing_word(face);
  if (a.on == computed) return;
  cx.checker
      .violation(Check::charge_side, a.span,
                 fmt::format("{} charges the {} of {}, not its {}", cx.quoted(u), computed,
                             cx.quoted(t), a.on))
      .note("its leader starts in the {} zone of {} (its diagonals extended)",
            tabletop::to_string(face), cx.quoted(t));
}

void check_reach(Context& cx, const Action& a, UnitId u, UnitId t, Facts f,
                 const tabletop::Footprint& start, const tabletop::MoveResult& way) {
  UnitState& st = cx.state.units[u];
  // A charge is a move: the woods and buildings it enters are the data's
  // (§ Modificateur de mouvement), and so is its rate there.
  const Entered entered = entered_terrain(cx, way, a);
  const TerrainEntry into = enter_terrain(cx, a, u, f, entered, Check::move_terrain);
  if (into.terrain != Terrain::open_ground)
    f.set(Given::unit_terrain, cx.rules.terrain(into.terrain));
  std::vector<std::string> terrain_why;
  const Budget budget = budget_of_way(cx, a, u, f, start, way, entered, terrain_why);
  const auto rate = move_rate(f, cx.checker);
  if (!rate) return;
  const double allowance = budget.allowance(static_cast<double>(*rate));
  const double measured =
      tabletop::distance(start, cx.footprint(t), tabletop::Measure::from_front_edge);
  const std::string what = fmt::format("the charge of {} at {}", cx.quoted(u), cx.quoted(t));
  const std::string out_of_reach = fmt::format("{} is out of reach: ", cx.quoted(t));
  // The breakdown is written only into a diagnostic: made when one is.
  const auto why = [&] {
    std::vector<std::string> lines{
        "measured from the charger's front edge to the closest point of its target",
        fmt::format("{} has {} move{} of {} this turn", cx.quoted(u), st.moves,
                    st.moves == 1 ? "" : "s", tabletop::inches(static_cast<double>(*rate)))};
    lines.insert(lines.end(), terrain_why.begin(), terrain_why.end());
    move_rate(f, cx.checker, &lines);
    return lines;
  };
  rulesets::report_at_most(
      cx.checker,
      {Check::charge_reach, id_of(Diag::measure_within_tolerance), a.span, what, out_of_reach},
      measured, allowance, cx.scratch.tolerance, why);
  if (a.distance) {
    const tabletop::Measurement m =
        tabletop::compare(*a.distance, way.distance, cx.scratch.tolerance);
    if (m.agreement == tabletop::Agreement::beyond_tolerance)
      cx.checker.violation(Check::charge_reach, a.span, tabletop::describe(m, what))
          .note("the length of the way written, from the charger's leader");
  }
  spend(st, budget, way.distance, static_cast<double>(*rate));
}

// A variant may disorder the charger that meets its target (HYW 1-c:
// cavalry charging Pike or planted Stakes in front); the base sheet does
// not. The charger is not disordered before it charges (it could not
// charge), so the disorder is this charge's.
bool disorder_by_target(Context& cx, UnitId u) {
  const VariantFacts* variant = cx.rules.variant();
  if (!variant) return false;
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  if (!variant->charge_disorders(cx, f).value_or(false)) return false;
  cx.state.units[u].disordered = true;
  return true;
}

}  // namespace

std::string_view facing_word(tabletop::Zone z) {
  if (tabletop::is_flank(z)) return "flank";
  return z == tabletop::Zone::rear ? "rear" : "front";
}

void engage(Context& cx, UnitId a, UnitId b) {
  // A charge opens a new combat, unless its target fights another unit
  // still engaged with it: the charger then joins that combat's rounds.
  const UnitState& target = cx.state.units[b];
  const bool joins = target.engaged_with >= 0 &&
                     target.engaged_with != static_cast<std::int32_t>(a) &&
                     cx.state.units[static_cast<std::size_t>(target.engaged_with)].engaged_with ==
                         static_cast<std::int32_t>(b);
  if (!joins) cx.state.units[b].combat_rounds = 0;
  cx.state.units[a].combat_rounds = 0;
  for (UnitId u : {a, b}) {
    UnitState& st = cx.state.units[u];
    if (st.engaged_with >= 0) {
      UnitState& old = cx.state.units[static_cast<std::size_t>(st.engaged_with)];
      if (old.engaged_with == u) old.engaged_with = -1;
    }
  }
  cx.state.units[a].engaged_with = b;
  cx.state.units[b].engaged_with = a;
}

bool touching(const Context& cx, UnitId a, UnitId b) {
  return tabletop::in_contact(cx.footprint(a), cx.footprint(b), cx.scratch.tolerance);
}

void charge(Context& cx, const Action& a) {
  // § I - PHASE DE MOUVEMENT: a charge is a move of the movement phase (an
  // order's, a blunder's or an initiative's), answered there ("Réponses de
  // charge"). Taken as written once refused, so that what follows is read.
  if (a.phase != Phase::movement && !a.actors.empty()) {
    cx.checker
        .violation(
            Check::charge_phase, a.span,
            fmt::format("{} charges outside the movement phase", cx.quoted(a.actors.front())))
        .note(
            "§ I - PHASE DE MOUVEMENT: a unit charges with a move of its own, by initiative, "
            "order or blunder, in its side's movement phase");
    cx.scratch.settled = true;
    // Its target's response answers it all the same (no second report).
    const bool at_unit = a.actors.size() == 1 && a.targets.size() == 1 &&
                         cx.state.units[a.actors.front()].on_table &&
                         cx.state.units[a.targets.front()].on_table;
    if (at_unit) {
      const UnitId u = a.actors.front();
      const UnitId t = a.targets.front();
      const tabletop::Footprint start = cx.footprint(u);
      const tabletop::Zone face = tabletop::charged_side(
          cx.footprint(t), start, tabletop::ZoneRule::diagonals, tabletop::ZoneReference::leader);
      const bool target_was_engaged = cx.state.units[t].engaged_with >= 0;
      follow(cx, a);
      cx.scratch.charges.push_back(
          {a.turn, a.side, u, t, start, face, target_was_engaged, 0, false});
      return;
    }
    follow(cx, a);
    return;
  }
  if (a.actors.size() != 1 || a.targets.size() != 1 || a.off_table || !written_end(a) ||
      !cx.state.units[a.actors.front()].on_table || !cx.state.units[a.targets.front()].on_table) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  const UnitId t = a.targets.front();
  UnitState& st = cx.state.units[u];
  const tabletop::Footprint start = cx.footprint(u);
  const tabletop::Zone face = tabletop::charged_side(
      cx.footprint(t), start, tabletop::ZoneRule::diagonals, tabletop::ZoneReference::leader);
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.boolean(Given::unit_shaken, st.shaken);
  // A broken division's charge is reported once, under its own check
  // (phases/division.hpp), and not again as a permission of the data.
  const bool division_refused = refuse_charge_of_broken_division(cx, a, u);
  f.boolean(Given::unit_in_broken_division, false);
  // A blundered unit charges only where the chart's result "peut lui
  // permettre de charger" (the data's may_charge, asked with its D6). The
  // data's obligations to charge (a blunder's advance that meets an enemy,
  // a charge that goes on after closing shots) are not asked: a charge that
  // happens needs only its permissions.
  const Scratch::BlunderDie* die = cx.scratch.blunder_dice.find(u, a.turn, a.side);
  const bool blundered = st.order == OrderStatus::blundered && die;
  f.boolean(Given::unit_blundered, blundered);
  if (blundered) f.integer(Given::blunder_die, die->die);
  f.boolean(Given::unit_charging, false);
  if (st.order == OrderStatus::blundered)
    cx.checker.not_checked("whether a blunder's advance had to go in as a charge", a.span);
  f.boolean(Given::unit_sees_target, sees(cx, u, t));
  // A variant's charge rules may read how near the enemy is (HYW's
  // Montjoie, 004 § 1-c), as the initiative does.
  const std::optional<double> enemy = nearest_enemy_distance(cx, u);
  f.integer(Given::enemy_distance, enemy ? whole_inches_up(*enemy) : 1000);
  // A charge refused outright is not measured as well: one breach, one report.
  const bool allowed =
      !division_refused &&
      check_permissions(
          f, RuleAction::charge, cx.checker, a.span, Check::charge_not_allowed,
          [&] { return fmt::format("{} charging {}", cx.quoted(u), cx.quoted(t)); }) &&
      grant_moves(cx, a, u, f, Check::charge_not_allowed);
  check_face(cx, a, u, t, face);
  const tabletop::MoveResult way = walk(start, a);
  if (allowed) check_reach(cx, a, u, t, f, start, way);
  // A charge is a move into contact (§ Se déplacer à travers une unité
  // holds for it as for any move): its target's edge is where it ends.
  check_way_through_units(cx, a, u, way, f, Way{t, true});
  if (a.facing || !a.formation.empty())
    cx.checker.not_checked("the wheel a charger makes to face its target", a.span);
  st.used_milli = milli(st.used_milli / 1000.0 + way.distance);
  const bool target_was_engaged = cx.state.units[t].engaged_with >= 0;
  place_as_written(cx, u, a);
  // "a chargé ou contre chargé" (§ Modificateurs du jet pour toucher au
  // corps à corps (4+)), in the combat it charges into.
  st.charged = true;
  st.charged_into_combat = true;
  st.flank_charged_in_combat = false;
  // A variant's charge that goes in disordered (HYW 1-c, a Montjoie
  // double's "charge automatique en désordre"), whatever it meets.
  if (const VariantFacts* variant = cx.rules.variant();
      variant && variant->charges_disordered(cx, f).value_or(false))
    st.disordered = true;
  bool disordered = false;
  if (touching(cx, u, t)) {
    engage(cx, u, t);
    disordered = disorder_by_target(cx, u);
  }
  cx.scratch.charges.push_back(
      {a.turn, a.side, u, t, start, face, target_was_engaged, 0, disordered});
}

void pursue(Context& cx, const Action& a) {
  if (!a.actors.empty() && cx.state.units[a.actors.front()].on_table) {
    const UnitId u = a.actors.front();
    Facts f(cx.rules);
    fill_unit(cx, f, u);
    f.boolean(Given::unit_shaken, cx.state.units[u].shaken);
    f.boolean(Given::unit_in_broken_division, in_broken_division(cx, u));
    // A breakthrough refused is not measured as well: one breach, one report.
    if (check_permissions(f, RuleAction::breakthrough, cx.checker, a.span,
                          Check::pursue_not_allowed,
                          [&] { return fmt::format("{} making a breakthrough", cx.quoted(u)); })) {
      // A breakthrough is a move: the woods and buildings it enters are
      // the data's (§ Modificateur de mouvement).
      if (written_end(a) && !a.off_table) {
        const tabletop::MoveResult way = walk(cx.footprint(u), a);
        enter_terrain(cx, a, u, f, entered_terrain(cx, way, a), Check::move_terrain);
      }
      check_move_after_combat(cx, a, u, f);
    }
  }
  // A breakthrough into a unit is a charge where the data says so (its
  // breakthrough_is_charge): the unit it meets may respond to it.
  const bool into_unit = a.actors.size() == 1 && a.targets.size() == 1 &&
                         cx.state.units[a.actors.front()].on_table &&
                         cx.state.units[a.targets.front()].on_table;
  if (!into_unit) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  const UnitId t = a.targets.front();
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  const bool is_charge = eval_int(f, Value::breakthrough_is_charge, cx.checker).value_or(0) != 0;
  const tabletop::Footprint start = cx.footprint(u);
  const tabletop::Zone face = tabletop::charged_side(
      cx.footprint(t), start, tabletop::ZoneRule::diagonals, tabletop::ZoneReference::leader);
  const bool target_was_engaged = cx.state.units[t].engaged_with >= 0;
  follow(cx, a);
  if (is_charge)
    cx.scratch.charges.push_back({a.turn, a.side, u, t, start, face, target_was_engaged, 0, false});
}

}  // namespace umpire::hail_caesar
