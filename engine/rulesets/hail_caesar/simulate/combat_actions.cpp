#include "engine/rulesets/hail_caesar/simulate/combat_actions.hpp"

#include <algorithm>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/rulesets/common/word_table.hpp"

namespace umpire::hail_caesar::simulate {
namespace {

using tabletop::operator+;
using tabletop::operator*;

// A charger must not end on a unit other than its target.
constexpr double clearance = 0.1;

}  // namespace

std::vector<std::string> domain_words(const RulesBinding& rules, Domain domain) {
  std::vector<std::string> out;
  for (std::int64_t i = 0;; ++i) {
    const std::string_view w = rules.domain_value(domain, i);
    if (w.empty()) break;
    out.push_back(rulesets::log_word(w));
  }
  return out;
}

std::optional<Action> charge_action(Prober& p, TurnOf t, UnitId u, UnitId target) {
  const Engine& e = p.engine();
  const UnitState& ts = p.state().units[target];
  const UnitState& us = p.state().units[u];
  // Face to face only: the simulator never turns a unit.
  const double turned = tabletop::normalize_bearing(ts.facing + 180);
  if (std::abs(tabletop::normalize_signed_deg(turned - us.facing)) > 0.001) return std::nullopt;
  const Point at = on_grid(ts.at);
  const UnitSetup& s = e.setup().units[u];
  const tabletop::Footprint end(at, us.facing, s.frontage, s.depth);
  for (UnitId o = 0; o < e.setup().units.size(); ++o) {
    const UnitState& st = p.state().units[o];
    if (o == u || o == target || !st.on_table) continue;
    if (tabletop::distance(end, st.footprint(e.setup().units[o]),
                           tabletop::Measure::closest_edges) < clearance)
      return std::nullopt;
  }
  if (tabletop::Table(e.setup().width, e.setup().depth).overhang(end) > 0) return std::nullopt;
  Action a = make_action(ActionKind::charge, "charge", t, Phase::movement);
  a.actors = {u};
  a.targets = {target};
  a.on = "front";
  a.to = at;
  if (!p.legal(a)) return std::nullopt;
  return a;
}

namespace {

std::optional<Action> response_action(Prober& p, TurnOf t, UnitId target, std::string_view how) {
  Action a = make_action(ActionKind::respond, "respond", t, Phase::movement);
  a.actors = {target};
  a.detail = std::string(how);
  if (!p.legal(a)) return std::nullopt;
  return a;
}

}  // namespace

std::optional<Action> hold_action(Prober& p, TurnOf t, UnitId target) {
  return response_action(p, t, target, "hold");
}

std::optional<Action> closing_shots_action(Prober& p, TurnOf t, UnitId target) {
  return response_action(p, t, target, "closing-shots");
}

Action combat_action(TurnOf t, UnitId a, UnitId b, std::int64_t round) {
  Action c = make_action(ActionKind::combat, "combat", t, Phase::combat);
  c.actors = {a};
  c.targets = {b};
  c.round = round;
  return c;
}

Action attack_action(TurnOf t, UnitId u, UnitId enemy) {
  Action a = make_action(ActionKind::attack, "attack", t, Phase::combat);
  a.actors = {u};
  a.targets = {enemy};
  return a;
}

std::optional<Action> result_action(Prober& p, TurnOf t, UnitId a, UnitId b) {
  Action r = make_action(ActionKind::result, "result", t, Phase::combat);
  r.stated.draw = true;
  if (p.legal(r)) return r;
  r.stated.draw = false;
  // Margins up to the most casualties a round can make: every die of both
  // sides' largest profiles, within the data's bounds (int 0..20 each).
  constexpr std::int64_t most = 80;
  for (const UnitId w : {a, b}) {
    r.stated.winner = w;
    for (std::int64_t m = 1; m <= most; ++m) {
      r.stated.margin = m;
      if (p.legal(r)) return r;
    }
  }
  return std::nullopt;
}

std::optional<Action> break_test_action(Prober& p, TurnOf t, UnitId u, std::int64_t difference,
                                        const std::vector<std::string>& results, Phase phase) {
  Action a = make_action(ActionKind::test, "test", t, phase);
  a.actors = {u};
  a.detail = "break";
  if (difference != 0) a.modifier = -difference;
  for (const std::string& w : results) {
    a.stated.result = w;
    if (p.legal(a)) return a;
  }
  return std::nullopt;
}

std::vector<Action> outcome_actions(Prober& p, TurnOf t, UnitId u, Phase phase) {
  std::vector<Action> out;
  const Engine& e = p.engine();
  for (const DueOutcome& o : e.scratch().due_outcomes) {
    if (o.unit != u) continue;
    if (o.removes) {
      Action r = make_action(ActionKind::remove, "remove", t, phase);
      r.actors = {u};
      out.push_back(std::move(r));
      return out;
    }
    if (o.moves_back || o.inches_back > 0) {
      const UnitState& st = p.state().units[u];
      const UnitSetup& s = e.setup().units[u];
      // Straight back from its facing: the way the engine does not check.
      const double inches = o.inches_back > 0 ? static_cast<double>(o.inches_back) : 6.0;
      const Point back = on_grid(st.at + inches * tabletop::direction(st.facing + 180));
      const tabletop::Footprint end(back, st.facing, s.frontage, s.depth);
      Action m = make_action(ActionKind::move, "move", t, phase);
      m.actors = {u};
      m.detail = o.result == "retire" ? "retire" : "give-ground";
      m.to = back;
      // Off the table, or through enemies, engaged units or friends that do
      // not make way: the unit is destroyed (§ Repli).
      if (tabletop::Table(e.setup().width, e.setup().depth).overhang(end) > 0 || !p.legal(m)) {
        Action r = make_action(ActionKind::remove, "remove", t, phase);
        r.actors = {u};
        out.push_back(std::move(r));
        return out;
      }
      out.push_back(std::move(m));
    }
    if (o.disorders) {
      Action d = make_action(ActionKind::state, "state", t, phase);
      d.actors = {u};
      d.states = {"disordered"};
      out.push_back(std::move(d));
    }
  }
  return out;
}

}  // namespace umpire::hail_caesar::simulate
