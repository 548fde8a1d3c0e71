#include "engine/rulesets/wab/phases/combat_round.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "engine/geometry/tabletop/charge.hpp"
#include "engine/geometry/tabletop/measure.hpp"

namespace umpire::wab {
namespace {

// `from` charged `to` this turn, or caught it falling back in good order
// in the last combat phase (§ Repli en Bon Ordre 3: "cela compte comme une
// charge pour la prochaine phase de combat").
bool charged(const UnitState& from, UnitId to) {
  return (from.charging || from.pursuit_charge == 2) &&
         from.charged_unit == static_cast<std::int32_t>(to);
}

// The round the engine counts for the combat `a` opens; nullopt when it
// cannot place it.
std::optional<std::int64_t> counted_round(const Context& cx, const Action& a) {
  std::int64_t last = 0;
  bool charge = false;
  for (UnitId x : a.actors) {
    for (UnitId y : a.targets) {
      const UnitState& sx = cx.state.units[x];
      const UnitState& sy = cx.state.units[y];
      if (charged(sx, y) || charged(sy, x)) {
        charge = true;
        continue;
      }
      const bool engaged = sx.engaged_with == static_cast<std::int32_t>(y) ||
                           sy.engaged_with == static_cast<std::int32_t>(x);
      if (engaged && !sx.fleeing && !sy.fleeing && sx.round_number > 0 && sy.round_number > 0)
        last = std::max<std::int64_t>(last, std::min(sx.round_number, sy.round_number));
    }
  }
  if (last > 0) return last + 1;
  if (charge) return 1;
  return std::nullopt;
}

}  // namespace

bool round_open(const Context& cx) {
  return std::any_of(cx.state.units.begin(), cx.state.units.end(),
                     [](const UnitState& st) { return st.round_side != 0 && st.fought_this_turn; });
}

void check_round(Context& cx, const Action& a) {
  std::vector<UnitId> units(a.actors.begin(), a.actors.end());
  units.insert(units.end(), a.targets.begin(), a.targets.end());
  for (UnitId u : units) {
    if (!cx.state.units[u].fought_this_turn) continue;
    cx.checker
        .violation(
            Check::combat_round, a.span,
            fmt::format("{} fought its round of combat in this combat phase already", cx.quoted(u)))
        .note(
            "§ Phase 4 : Combat au corps à corps: the phase is one pass, blows, result, break "
            "tests, flight and pursuit; § Résultat du combat: 'pour chaque mêlée'");
    return;
  }
  const std::optional<std::int64_t> counted = counted_round(cx, a);
  if (!counted) {
    cx.checker.not_checked(
        "the round of a combat with no charge this turn and no earlier round between its units",
        a.span);
    return;
  }
  const std::int64_t written = a.round.value_or(1);
  if (written == *counted) return;
  cx.checker
      .violation(
          Check::combat_round, a.span,
          fmt::format("log says round {}; this is round {} of the combat", written, *counted))
      .note(*counted == 1
                ? "a unit of it charged another this turn, or caught it falling back in good order "
                  "in the last combat phase (§ Repli en Bon Ordre 3: 'cela compte comme une "
                  "charge'), and they had not fought each other"
                : fmt::format("its units fought round {} and are still engaged (neither fled)",
                              *counted - 1))
      .note("§ Haine (Hatred), § Phase 2 : Mouvement step 4: the first round is the charge's");
}

void settle_turn_combats(Context& cx, Span at) {
  std::vector<bool> owed_named(cx.state.units.size(), false);
  for (const PendingCharge& c : cx.scratch.turn_charges) {
    const UnitState& charger = cx.state.units[c.charger];
    const UnitState& target = cx.state.units[c.target];
    if (!charger.on_table || !target.on_table || charger.fleeing || target.fleeing ||
        !charger.charging || cx.models_standing(c.charger) <= 0 ||
        cx.models_standing(c.target) <= 0 ||
        !tabletop::in_contact(cx.footprint(c.charger), cx.footprint(c.target),
                              cx.scratch.tolerance))
      continue;
    if (charger.fought_this_turn && target.fought_this_turn) continue;
    owed_named[c.charger] = owed_named[c.target] = true;
    cx.checker
        .violation(Check::combat_round, c.span,
                   fmt::format("{} charged {} and reached it, but {} fought no round of close "
                               "combat in this turn's combat phase",
                               cx.quoted(c.charger), cx.quoted(c.target),
                               !charger.fought_this_turn && !target.fought_this_turn
                                   ? "the two"
                                   : cx.quoted(charger.fought_this_turn ? c.target : c.charger)))
        .note(
            "§ Phase 4 : Combat au corps à corps: the phase resolves each combat ('Lancement des "
            "dés : unité qui charge en premier', 'Combat', 'Résultat'); § 2.4 Mouvements des "
            "unités en charge: only a charger that 'ne parvient pas au contact de sa cible' "
            "fights none")
        .hint(
            "write its round in the combat phase: 'combat {} vs {} round 1', its blows and "
            "its result",
            cx.setup.units[c.charger].id, cx.setup.units[c.target].id);
  }
  cx.scratch.turn_charges.clear();
  settle_combats_under_way(cx, at, owed_named);
}

void settle_combats_under_way(Context& cx, Span at, std::vector<bool> named) {
  named.resize(cx.state.units.size(), false);
  for (std::size_t i = 0; i < cx.state.units.size(); ++i) {
    const auto u = static_cast<UnitId>(i);
    const UnitState& st = cx.state.units[u];
    if (named[u] || st.engaged_with < 0 || st.fought_this_turn || !st.on_table || st.fleeing ||
        cx.models_standing(u) <= 0)
      continue;
    const auto e = static_cast<UnitId>(st.engaged_with);
    const UnitState& es = cx.state.units[e];
    if (named[e] || es.fought_this_turn || !es.on_table || es.fleeing ||
        cx.models_standing(e) <= 0 || cx.setup.units[e].side == cx.setup.units[u].side ||
        !tabletop::in_contact(cx.footprint(u), cx.footprint(e), cx.scratch.tolerance))
      continue;
    named[u] = named[e] = true;
    const auto& last = cx.scratch.last_round_at;
    auto d = cx.checker.violation(
        Check::combat_round, u < last.size() && last[u].valid() ? last[u] : at,
        fmt::format("{} and {} are engaged and fought no round of close combat in the combat "
                    "phase of turn {} of '{}'",
                    cx.quoted(u), cx.quoted(e), cx.state.turn, cx.setup.sides[cx.state.side].id));
    d.note(
        "§ Phase 4 : Combat au corps à corps: every combat fights a round in each combat phase "
        "('Les unités ennemis au contact'), until one side flees or is destroyed; § Résultat du "
        "combat: 'pour chaque mêlée'");
    if (u < last.size() && last[u].valid())
      d.note(
          "reported at the last round they fought: the combat phase that owed the next one "
          "writes none");
    note_skipped_turn(cx, d);
    d.hint(
        "write its round in that combat phase: 'combat {} vs {} round …', its blows and "
        "its result",
        cx.setup.units[u].id, cx.setup.units[e].id);
  }
}

void check_contact(Context& cx, const Action& a) {
  // Each unit that touches no unit of the other side, with the distance
  // to the nearest; one report for the line.
  std::string apart;
  for (const bool first : {true, false}) {
    const UnitList& own = first ? a.actors : a.targets;
    const UnitList& other = first ? a.targets : a.actors;
    for (UnitId u : own) {
      if (!cx.state.units[u].on_table) continue;
      const tabletop::Footprint mine = cx.footprint(u);
      std::optional<double> nearest;
      for (UnitId e : other) {
        if (!cx.state.units[e].on_table) continue;
        const double d =
            tabletop::distance(mine, cx.footprint(e), tabletop::Measure::closest_edges);
        if (!nearest || d < *nearest) nearest = d;
      }
      if (!nearest || *nearest <= cx.scratch.tolerance) continue;
      apart += fmt::format("{}{} ({} from the nearest)", apart.empty() ? "" : ", ", cx.quoted(u),
                           tabletop::inches(*nearest));
    }
  }
  if (apart.empty()) return;
  cx.checker
      .violation(Check::combat_contact, a.span,
                 fmt::format("units of this combat touch none of the units they fight: {}, "
                             "beyond the {} tolerance",
                             apart, tabletop::inches(cx.scratch.tolerance)))
      .note(
          "§ Phase 4 : Combat au corps à corps, § Phase 2 : Mouvement step 5: 'Les unités "
          "ennemis au contact'; § 2.4 Mouvements des unités en charge: a charger that does "
          "not reach 'le contact de sa cible' fights no combat")
      .note("measured between the closest edges of their bases, where the log last put them");
}

}  // namespace umpire::wab
