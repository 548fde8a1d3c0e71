#include "engine/rulesets/sabreur_hex/simulate/legal_actions.hpp"

#include "engine/geometry/hex/zone.hpp"

namespace umpire::sabreur::simulate {
namespace {

// A frontal march of the simulator has at most this many steps: no unit of
// the factor table moves further in one march (§ FACTEURS DES UNITES), and
// the engine's allowance check rejects what is too long anyway.
constexpr int max_frontal_steps = 3;
// An indirect march is at most 3 hexes (light cavalry, § Manœuvres).
constexpr int max_indirect_steps = 3;

bool acts(Prober& p, TurnOf t, UnitId u) {
  return p.engine().setup().units[u].side == t.side && p.state().units[u].on_table;
}

void keep_if_legal(Prober& p, Action a, std::vector<Action>& out) {
  if (p.legal(a)) out.push_back(std::move(a));
}

// Every path of `steps` frontal steps from `from` facing `f`, each step into
// one of the two front hexes (§ Manœuvres), appended to `out`.
void frontal_paths(Hex from, Facing f, int steps, std::vector<Hex>& path,
                   std::vector<std::vector<Hex>>& out) {
  if (steps == 0) {
    out.push_back(path);
    return;
  }
  for (const Hex next : hex::front_hexes(from, f)) {
    path.push_back(next);
    frontal_paths(next, f, steps - 1, path, out);
    path.pop_back();
  }
}

}  // namespace

Action make_action(ActionKind kind, std::string_view verb, TurnOf t, Phase phase) {
  Action a;
  a.kind = kind;
  a.verb = std::string(verb);
  a.turn = t.turn;
  a.side = t.side;
  a.phase = phase;
  return a;
}

std::vector<Action> order_point_actions(Prober& p, TurnOf t) {
  std::vector<Action> out;
  keep_if_legal(p, make_action(ActionKind::order_points, "order-points", t, Phase::orders), out);
  return out;
}

std::vector<Action> activation_actions(Prober& p, TurnOf t) {
  std::vector<Action> out;
  const State& s = p.state();
  const auto n = static_cast<UnitId>(s.units.size());
  for (UnitId u = 0; u < n; ++u) {
    if (!acts(p, t, u) || s.units[u].activated) continue;
    Action a = make_action(ActionKind::activate, "activate", t, Phase::actions);
    a.actors = {u};
    keep_if_legal(p, a, out);
    for (UnitId v = static_cast<UnitId>(u + 1); v < n; ++v) {
      if (!acts(p, t, v) || s.units[v].activated) continue;
      if (!hex::adjacent(s.units[u].hex, s.units[v].hex)) continue;
      a.actors = {u, v};
      keep_if_legal(p, a, out);
    }
  }
  return out;
}

std::vector<Action> unit_actions(Prober& p, TurnOf t, UnitId u) {
  std::vector<Action> out;
  const State& s = p.state();
  if (!acts(p, t, u)) return out;
  const UnitState& st = s.units[u];

  // Frontal marches: a rotation to any facing, then 0 to 3 steps.
  for (int fi = 0; fi < 6; ++fi) {
    const Facing f = hex::facing_from_index(fi);
    for (int steps = 0; steps <= max_frontal_steps; ++steps) {
      if (steps == 0 && f == st.facing) continue;  // no march at all
      std::vector<std::vector<Hex>> paths;
      std::vector<Hex> path;
      frontal_paths(st.hex, f, steps, path, paths);
      for (std::vector<Hex>& hexes : paths) {
        Action a = make_action(ActionKind::move, "move", t, Phase::actions);
        a.actors = {u};
        a.detail = "frontal";
        a.path = std::move(hexes);
        a.facing = f;
        keep_if_legal(p, std::move(a), out);
      }
    }
  }
  // Indirect marches: straight, without rotation.
  for (int di = 0; di < 6; ++di) {
    const hex::Direction d = hex::direction_from_index(di);
    for (int n = 1; n <= max_indirect_steps; ++n) {
      Action a = make_action(ActionKind::move, "move", t, Phase::actions);
      a.actors = {u};
      a.detail = "indirect";
      a.to = hex::step(st.hex, d, n);
      keep_if_legal(p, std::move(a), out);
    }
  }
  // Changes of formation.
  for (const std::string_view word : formation_names()) {
    if (parse_formation(word) == st.formation) continue;
    Action a = make_action(ActionKind::form, "form", t, Phase::actions);
    a.actors = {u};
    a.formation = std::string(word);
    keep_if_legal(p, std::move(a), out);
  }
  // Fire at every enemy.
  const Setup& setup = p.engine().setup();
  for (UnitId e = 0; e < s.units.size(); ++e) {
    if (setup.units[e].side == t.side || !s.units[e].on_table) continue;
    Action a = make_action(ActionKind::shoot, "shoot", t, Phase::actions);
    a.actors = {u};
    a.targets = {e};
    keep_if_legal(p, std::move(a), out);
  }
  // A rally.
  Action r = make_action(ActionKind::rally, "rally", t, Phase::actions);
  r.actors = {u};
  keep_if_legal(p, std::move(r), out);
  return out;
}

std::vector<Action> save_actions(Prober& p, TurnOf t, UnitId u) {
  std::vector<Action> out;
  if (!p.state().pending || p.state().pending->unit != u) return out;
  Action a = make_action(ActionKind::save, "save", t, Phase::actions);
  a.actors = {u};
  keep_if_legal(p, std::move(a), out);
  return out;
}

std::vector<Action> test_actions(Prober& p, TurnOf t, UnitId u) {
  std::vector<Action> out;
  Action a = make_action(ActionKind::test, "test", t, Phase::actions);
  a.actors = {u};
  a.detail = "morale";
  keep_if_legal(p, std::move(a), out);
  return out;
}

std::vector<Action> legal_actions(Prober& p, TurnOf t) {
  std::vector<Action> out = activation_actions(p, t);
  for (const UnitId u : p.state().group) {
    std::vector<Action> more = unit_actions(p, t, u);
    out.insert(out.end(), std::make_move_iterator(more.begin()),
               std::make_move_iterator(more.end()));
  }
  return out;
}

}  // namespace umpire::sabreur::simulate
