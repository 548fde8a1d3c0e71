#include "engine/rulesets/hail_caesar/simulate/legal_actions.hpp"

#include <algorithm>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/rulesets/common/simulate/game.hpp"
#include "engine/rulesets/common/simulate/tabletop_moves.hpp"

namespace umpire::hail_caesar::simulate {
namespace {

using rulesets::simulate::longest;
using rulesets::simulate::rounded;
using tabletop::operator+;
using tabletop::operator-;
using tabletop::operator*;

}  // namespace

Action make_action(ActionKind kind, std::string_view verb, TurnOf t, Phase phase) {
  return rulesets::simulate::make_statement<Action>(kind, verb, t.turn, t.side, phase);
}

Point on_grid(Point p) {
  return rulesets::simulate::on_grid(p);
}

std::optional<Action> order_action(Prober& p, TurnOf t, UnitId u, GeneralId g) {
  Action a = make_action(ActionKind::order, "order", t, Phase::movement);
  a.actors = {u};
  a.by = g;
  if (!p.legal(a)) return std::nullopt;
  return a;
}

std::optional<Action> advance_action(Prober& p, TurnOf t, UnitId u, Point goal) {
  Action a = make_action(ActionKind::move, "move", t, Phase::movement);
  a.actors = {u};
  return rulesets::simulate::advance(p, std::move(a), u, goal);
}

std::optional<Action> general_action(Prober& p, TurnOf t, GeneralId g, Point goal) {
  const Point from = p.state().generals[g].at;
  const double way = tabletop::length(goal - from);
  if (way < 1) return std::nullopt;
  const Point step = (1 / way) * (goal - from);
  Action a = make_action(ActionKind::move, "move", t, Phase::movement);
  a.generals = {g};
  const auto at = [&](double d) { return on_grid(from + std::min(d, way) * step); };
  const double best = longest([&](double d) {
    a.to = at(d);
    return p.legal(a);
  });
  if (best - rulesets::simulate::move_margin < 1) return std::nullopt;
  a.to = at(best - rulesets::simulate::move_margin);
  if (!p.legal(a)) return std::nullopt;
  return a;
}

std::vector<Action> shoot_actions(Prober& p, TurnOf t, UnitId u, const std::string& weapon) {
  const Engine& e = p.engine();
  const tabletop::Footprint from = p.state().units[u].footprint(e.setup().units[u]);
  std::vector<std::pair<double, UnitId>> enemies;
  for (UnitId o = 0; o < e.setup().units.size(); ++o) {
    const UnitState& st = p.state().units[o];
    if (e.setup().units[o].side == t.side || !st.on_table) continue;
    enemies.emplace_back(tabletop::distance(from, st.footprint(e.setup().units[o]),
                                            tabletop::Measure::closest_edges),
                         o);
  }
  std::sort(enemies.begin(), enemies.end());
  std::vector<Action> out;
  for (const auto& [range, o] : enemies) {
    Action a = make_action(ActionKind::shoot, "shoot", t, Phase::shooting);
    a.actors = {u};
    a.targets = {o};
    a.weapon = weapon;
    a.range = rounded(range);
    if (p.legal(a)) out.push_back(std::move(a));
  }
  return out;
}

Action save_action(TurnOf t, UnitId u, Phase phase) {
  Action a = make_action(ActionKind::save, "save", t, phase);
  a.actors = {u};
  return a;
}

std::vector<Action> removal_actions(Prober& p, TurnOf t, Phase phase) {
  std::vector<Action> out;
  for (const DueOutcome& o : p.engine().scratch().due_outcomes) {
    if (!o.removes) continue;
    Action a = make_action(ActionKind::remove, "remove", t, phase);
    a.actors = {o.unit};
    if (p.legal(a)) out.push_back(std::move(a));
  }
  return out;
}

}  // namespace umpire::hail_caesar::simulate
