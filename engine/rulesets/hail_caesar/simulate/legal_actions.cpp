#include "engine/rulesets/hail_caesar/simulate/legal_actions.hpp"

#include <algorithm>
#include <cmath>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/terrain.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/common/simulate/game.hpp"

namespace umpire::hail_caesar::simulate {
namespace {

using tabletop::operator+;
using tabletop::operator-;
using tabletop::operator*;

// The longest way any statement is tried at: more than any move the data
// gives a unit or a commander in one turn.
constexpr double longest_try = 48;
// Kept short of the longest accepted, by more than the tolerance the
// engine measures under, so that no move passes only within it.
constexpr double margin = tabletop::kDefaultTolerance + 0.1;
// The gap a move leaves to every other unit: no base ends on another, and
// no unit comes into contact without a charge.
constexpr double gap = 1.0;

double rounded(double v) {
  return std::round(v * 10) / 10;
}

// Whether `u`, its leader at `at`, stands wholly on the table and `gap`
// from every other unit on it.
bool stands_clear(const Prober& p, const Engine& e, UnitId u, Point at) {
  const UnitSetup& s = e.setup().units[u];
  const tabletop::Footprint f(at, p.state().units[u].facing, s.frontage, s.depth);
  if (tabletop::Table(e.setup().width, e.setup().depth).overhang(f) > 0) return false;
  for (UnitId o = 0; o < e.setup().units.size(); ++o) {
    const UnitState& st = p.state().units[o];
    if (o == u || !st.on_table) continue;
    if (tabletop::distance(f, st.footprint(e.setup().units[o]), tabletop::Measure::closest_edges) <
        gap)
      return false;
  }
  return true;
}

// The longest length in [0, longest_try], on a tenth of an inch, for which
// `accepts` holds, assuming it holds up to some length and not beyond.
template <typename Accepts>
double longest(Accepts&& accepts) {
  double lo = 0, hi = longest_try;
  while (hi - lo > 0.1) {
    const double mid = (lo + hi) / 2;
    if (accepts(mid))
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

}  // namespace

Action make_action(ActionKind kind, std::string_view verb, TurnOf t, Phase phase) {
  return rulesets::simulate::make_statement<Action>(kind, verb, t.turn, t.side, phase);
}

Point on_grid(Point p) {
  return {rounded(p.x()), rounded(p.y())};
}

std::optional<Action> order_action(Prober& p, TurnOf t, UnitId u, GeneralId g) {
  Action a = make_action(ActionKind::order, "order", t, Phase::movement);
  a.actors = {u};
  a.by = g;
  if (!p.legal(a)) return std::nullopt;
  return a;
}

std::optional<Action> advance_action(Prober& p, TurnOf t, UnitId u, Point goal) {
  const Engine& e = p.engine();
  const Point from = p.state().units[u].at;
  const double way = tabletop::length(goal - from);
  if (way < 1) return std::nullopt;
  const Point step = (1 / way) * (goal - from);
  Action a = make_action(ActionKind::move, "move", t, Phase::movement);
  a.actors = {u};
  const auto at = [&](double d) { return on_grid(from + std::min(d, way) * step); };
  const double best = longest([&](double d) {
    a.to = at(d);
    return p.legal(a);
  });
  // Short of what the engine accepts, then back from anything in the way.
  for (double d = best - margin; d >= 1; d -= 0.5) {
    a.to = at(d);
    if (stands_clear(p, e, u, *a.to) && p.legal(a)) return a;
  }
  return std::nullopt;
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
  if (best - margin < 1) return std::nullopt;
  a.to = at(best - margin);
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
