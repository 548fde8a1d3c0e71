#include "engine/rulesets/sabreur_hex/simulate/legal_actions.hpp"

#include <algorithm>
#include <array>

#include "engine/core/dice/expr.hpp"
#include "engine/geometry/hex/footprint.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/common/simulate/game.hpp"

namespace umpire::sabreur::simulate {
namespace {

// A frontal march of the simulator has at most this many steps: no unit of
// the factor table moves further in one march (§ FACTEURS DES UNITES), and
// the engine's allowance check rejects what is too long anyway.
constexpr int max_frontal_steps = 3;
// An indirect march is at most 3 hexes (light cavalry, § Manœuvres).
constexpr int max_indirect_steps = 3;
// A charge or an evade runs at most the largest movement factor of the
// factor table (5, § FACTEURS DES UNITES); the engine checks the unit's own.
constexpr int max_charge_steps = 5;
// An assault's target within 2 hexes (assault_distance), a march of at most
// 1 hex (assault_march_max): the largest the data allows, the engine checks.
constexpr int max_assault_distance = 2;
// The reactions the log's `respond` names (docs/log-format.md) in this
// ruleset's words; a flight is written `flee`, an evade's march `evade`.
constexpr std::array<std::string_view, 7> reaction_words{
    "do-nothing",    "rotate",         "form-square", "form-closed-column",
    "countercharge", "defensive-fire", "evade"};

// The dice of the 2 D6 order points, before the army size's malus.
dice::Expr two_d6_order_dice() {
  dice::Expr e;
  e.terms.push_back(dice::dice_term(dice::make_dice(2, 6)));
  return e;
}

// The least distance from `h` to a hex of `u` (an extended line holds two).
int distance_to(const State& s, Hex h, UnitId u) {
  const UnitState& st = s.units[u];
  const int d = hex::distance(h, st.hex);
  return st.second_hex ? std::min(d, hex::distance(h, *st.second_hex)) : d;
}

// The least distance between a hex of `a` and a hex of `b`.
int distance_between(const State& s, UnitId a, UnitId b) {
  const UnitState& st = s.units[a];
  const int d = distance_to(s, st.hex, b);
  return st.second_hex ? std::min(d, distance_to(s, *st.second_hex, b)) : d;
}

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

// Every path of up to `steps` hexes from `from`, each step into one of the
// two hexes `next` gives (front or rear hexes), all on the map, the empty
// path included.
template <typename Next>
void paths_within(const hex::HexMap& map, Hex from, int steps, Next next, std::vector<Hex>& path,
                  std::vector<std::vector<Hex>>& out) {
  out.push_back(path);
  if (steps == 0) return;
  for (const Hex h : next(from)) {
    if (!map.contains(h)) continue;
    path.push_back(h);
    paths_within(map, h, steps - 1, next, path, out);
    path.pop_back();
  }
}

bool enemy_on_table(Prober& p, UnitId u, UnitId e) {
  const Setup& setup = p.engine().setup();
  return setup.units[e].side != setup.units[u].side && p.state().units[e].on_table;
}

// The length a random move's die gives, read from the outcome `check` of a
// probe of `a` (the same die for every candidate: each probe starts from
// the same dice state).
std::optional<std::int64_t> probed_length(Prober& p, const Action& a, Check check) {
  const Applied first = p.probe(a);
  const replay::TracedOutcome* length = first.outcome(check);
  if (!length || length->value < 0) return std::nullopt;
  return length->value;
}

// Each of `paths` with facing `f`, on the table, and leaving it (`to
// off-table`) when it ends at the edge short of `length`.
void keep_random_moves(Prober& p, Action a, Facing f, std::int64_t length,
                       std::vector<std::vector<Hex>>& paths, std::vector<Action>& out) {
  const hex::HexMap& map = p.engine().setup().map;
  const Hex start = p.state().units[a.actors.front()].hex;
  for (std::vector<Hex>& hexes : paths) {
    a.path.assign(hexes.begin(), hexes.end());
    a.off_table = false;
    keep_if_legal(p, a, out);
    const Hex end = a.path.empty() ? start : a.path.back();
    const auto front = hex::front_hexes(end, f);
    if (static_cast<std::int64_t>(a.path.size()) < length &&
        (!map.contains(front[0]) || !map.contains(front[1]))) {
      a.off_table = true;
      keep_if_legal(p, a, out);
    }
  }
}

}  // namespace

Action make_action(ActionKind kind, std::string_view verb, TurnOf t, Phase phase) {
  return rulesets::simulate::make_statement<Action>(kind, verb, t.turn, t.side, phase);
}

std::vector<Action> order_point_actions(Prober& p, TurnOf t) {
  std::vector<Action> out;
  const Action d3 = make_action(ActionKind::order_points, "order-points", t, Phase::orders);
  keep_if_legal(p, d3, out);
  // The 2 D6 formula, which the log chooses by writing its dice: a first
  // probe with plain 2d6 reads the expression the engine calls for (the
  // army size's malus, from the data), then that expression is tried; the
  // engine refuses it for an army too small.
  Action two_d6 = d3;
  two_d6.rolls.push_back({Span{}, "", two_d6_order_dice(), std::nullopt});
  const Applied first = p.probe(two_d6);
  if (first.rolls.empty()) return out;
  two_d6.rolls.front().expr = first.rolls.front().expr;
  keep_if_legal(p, std::move(two_d6), out);
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
      if (distance_between(s, u, v) != 1) continue;
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
        a.path.assign(hexes.begin(), hexes.end());
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
  // Evades (an action as well as a reaction, § Manœuvres): rearward, 1 to
  // 3 hexes as a frontal march.
  {
    std::vector<Action> evades = evade_actions(p, t, u, max_frontal_steps);
    out.insert(out.end(), std::make_move_iterator(evades.begin()),
               std::make_move_iterator(evades.end()));
  }
  // Changes of formation. An extended line forms with its second half on
  // either flank hex (`to`, § Formations spéciales: "disposée ... sur 2
  // hexagones voisins"); a line leaving it keeps its first half, or its
  // second (`to`, § Changements de formation: "l'une au moins ... doit rester
  // fixe").
  for (const std::string_view word : formation_names()) {
    const auto formation = parse_formation(word);
    if (formation == st.formation) continue;
    Action a = make_action(ActionKind::form, "form", t, Phase::actions);
    a.actors = {u};
    a.formation = std::string(word);
    if (formation == Formation::extended_line) {
      for (const hex::Side side : {hex::Side::left, hex::Side::right}) {
        a.to = hex::extended_line_partner(st.hex, st.facing, side);
        keep_if_legal(p, a, out);
      }
      continue;
    }
    if (st.second_hex) {
      Action second = a;
      second.to = *st.second_hex;
      keep_if_legal(p, std::move(second), out);
    }
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
  // Charges and assaults.
  for (std::vector<Action> more : {charge_actions(p, t, u), assault_actions(p, t, u)})
    out.insert(out.end(), std::make_move_iterator(more.begin()),
               std::make_move_iterator(more.end()));
  return out;
}

std::vector<Action> return_fire_actions(Prober& p, TurnOf t, UnitId shooter) {
  std::vector<Action> out;
  const State& s = p.state();
  const Setup& setup = p.engine().setup();
  if (!s.units[shooter].on_table) return out;
  for (UnitId u = 0; u < s.units.size(); ++u) {
    if (setup.units[u].side == t.side || !s.units[u].on_table) continue;
    Action a = make_action(ActionKind::shoot, "shoot", t, Phase::actions);
    a.actors = {u};
    a.targets = {shooter};
    keep_if_legal(p, std::move(a), out);
  }
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

std::vector<Action> flight_actions(Prober& p, TurnOf t, UnitId u) {
  std::vector<Action> out;
  const State& s = p.state();
  if (!s.units[u].on_table) return out;
  Action a = make_action(ActionKind::flee, "flee", t, Phase::actions);
  a.actors = {u};
  const auto length = probed_length(p, a, Check::flight_length);
  if (!length) return out;
  const hex::HexMap& map = p.engine().setup().map;
  for (int fi = 0; fi < 6; ++fi) {
    const Facing f = hex::facing_from_index(fi);
    std::vector<std::vector<Hex>> paths;
    std::vector<Hex> path;
    paths_within(
        map, s.units[u].hex, static_cast<int>(*length),
        [f](Hex h) { return hex::front_hexes(h, f); }, path, paths);
    a.facing = f;
    keep_random_moves(p, a, f, *length, paths, out);
  }
  return out;
}

std::vector<Action> charge_actions(Prober& p, TurnOf t, UnitId u) {
  std::vector<Action> out;
  const State& s = p.state();
  if (!acts(p, t, u)) return out;
  const hex::HexMap& map = p.engine().setup().map;
  const Hex from = s.units[u].hex;
  for (UnitId e = 0; e < s.units.size(); ++e) {
    if (!enemy_on_table(p, u, e) || distance_between(s, u, e) > max_charge_steps + 1) continue;
    for (int fi = 0; fi < 6; ++fi) {
      const Facing f = hex::facing_from_index(fi);
      std::vector<std::vector<Hex>> paths;
      std::vector<Hex> path;
      paths_within(
          map, from, max_charge_steps, [f](Hex h) { return hex::front_hexes(h, f); }, path, paths);
      for (std::vector<Hex>& hexes : paths) {
        // Only a march that ends next to its target can engage it.
        const Hex end = hexes.empty() ? from : hexes.back();
        // (An extended line's second half is left to the engine.)
        if (distance_to(s, end, e) != 1) continue;
        Action a = make_action(ActionKind::charge, "charge", t, Phase::actions);
        a.actors = {u};
        a.targets = {e};
        a.path.assign(hexes.begin(), hexes.end());
        a.facing = f;
        keep_if_legal(p, std::move(a), out);
      }
    }
  }
  return out;
}

std::vector<Action> assault_actions(Prober& p, TurnOf t, UnitId u) {
  std::vector<Action> out;
  const State& s = p.state();
  if (!acts(p, t, u)) return out;
  const Hex from = s.units[u].hex;
  for (UnitId e = 0; e < s.units.size(); ++e) {
    if (!enemy_on_table(p, u, e) || distance_between(s, u, e) > max_assault_distance) continue;
    Action a = make_action(ActionKind::assault, "assault", t, Phase::actions);
    a.actors = {u};
    a.targets = {e};
    keep_if_legal(p, a, out);
    for (int di = 0; di < 6; ++di) {
      a.to = hex::step(from, hex::direction_from_index(di), 1);
      keep_if_legal(p, a, out);
    }
  }
  return out;
}

std::vector<Action> reaction_actions(Prober& p, TurnOf t, UnitId target, UnitId charger) {
  std::vector<Action> out;
  const State& s = p.state();
  if (!s.units[target].on_table) return out;
  const hex::HexMap& map = p.engine().setup().map;
  for (const std::string_view word : reaction_words) {
    Action a = make_action(ActionKind::respond, "respond", t, Phase::actions);
    a.actors = {target};
    a.detail = std::string(word);
    if (word == "countercharge") {
      // A frontal march without the initial rotation, ending on the charger.
      const Facing f = s.units[target].facing;
      std::vector<std::vector<Hex>> paths;
      std::vector<Hex> path;
      paths_within(
          map, s.units[target].hex, max_charge_steps, [f](Hex h) { return hex::front_hexes(h, f); },
          path, paths);
      for (std::vector<Hex>& hexes : paths) {
        const Hex end = hexes.empty() ? s.units[target].hex : hexes.back();
        if (s.units[charger].on_table && distance_to(s, end, charger) != 1) continue;
        a.path.assign(hexes.begin(), hexes.end());
        keep_if_legal(p, a, out);
      }
    } else if (word == "rotate") {
      for (int fi = 0; fi < 6; ++fi) {
        a.facing = hex::facing_from_index(fi);
        if (a.facing != s.units[target].facing) keep_if_legal(p, a, out);
      }
    } else {
      keep_if_legal(p, std::move(a), out);
    }
  }
  // A flight as the reaction to a charge.
  if (p.state().charge) {
    std::vector<Action> flights = flight_actions(p, t, target);
    out.insert(out.end(), std::make_move_iterator(flights.begin()),
               std::make_move_iterator(flights.end()));
  }
  return out;
}

std::vector<Action> evade_actions(Prober& p, TurnOf t, UnitId u) {
  return evade_actions(p, t, u, max_charge_steps);
}

std::vector<Action> evade_actions(Prober& p, TurnOf t, UnitId u, int max_steps) {
  std::vector<Action> out;
  const State& s = p.state();
  if (!s.units[u].on_table) return out;
  const Facing f = s.units[u].facing;
  std::vector<std::vector<Hex>> paths;
  std::vector<Hex> path;
  paths_within(
      p.engine().setup().map, s.units[u].hex, max_steps,
      [f](Hex h) { return hex::rear_hexes(h, f); }, path, paths);
  for (std::vector<Hex>& hexes : paths) {
    if (hexes.empty()) continue;
    Action a = make_action(ActionKind::evade, "evade", t, Phase::actions);
    a.actors = {u};
    a.path.assign(hexes.begin(), hexes.end());
    keep_if_legal(p, std::move(a), out);
  }
  return out;
}

std::vector<Action> transfer_actions(Prober& p, TurnOf t, UnitId u) {
  std::vector<Action> out;
  const State& s = p.state();
  if (!s.pending || s.pending->unit != u || !s.units[u].on_table) return out;
  const Setup& setup = p.engine().setup();
  for (UnitId f = 0; f < s.units.size(); ++f) {
    if (f == u || setup.units[f].side != setup.units[u].side || !s.units[f].on_table) continue;
    // The receiver must be next to it (the data's friend.adjacent): the
    // others are not tried.
    if (distance_between(s, u, f) != 1) continue;
    Action a = make_action(ActionKind::special, "special", t, Phase::actions);
    a.actors = {u};
    a.targets = {f};
    a.detail = "transfer-losses";
    if (p.legal_but_for(a, Check::special_transfer_test)) out.push_back(std::move(a));
  }
  return out;
}

std::vector<Action> attack_actions(Prober& p, TurnOf t, UnitId u) {
  std::vector<Action> out;
  const State& s = p.state();
  if (!s.units[u].on_table) return out;
  for (UnitId e = 0; e < s.units.size(); ++e) {
    if (!enemy_on_table(p, u, e) || distance_between(s, u, e) != 1) continue;
    Action a = make_action(ActionKind::attack, "attack", t, Phase::actions);
    a.actors = {u};
    a.targets = {e};
    keep_if_legal(p, std::move(a), out);
  }
  return out;
}

std::vector<Action> pursuit_actions(Prober& p, TurnOf t, UnitId u, std::optional<UnitId> fled) {
  std::vector<Action> out;
  const State& s = p.state();
  if (!s.units[u].on_table) return out;
  Action a = make_action(ActionKind::pursue, "pursue", t, Phase::actions);
  a.actors = {u};
  const auto length = probed_length(p, a, Check::pursuit_length);
  if (!length) return out;
  const Facing f = s.units[u].facing;
  // A unit whose flight ended on an occupied hex is gone (§ Manœuvres): the
  // pursuit may not name it (sabreur.flight.occupied-end).
  const bool name_fled = fled && s.units[*fled].on_table;
  for (int named = 0; named < (name_fled ? 2 : 1); ++named) {
    a.targets.clear();
    if (named == 1 && fled) a.targets = {*fled};
    std::vector<std::vector<Hex>> paths;
    std::vector<Hex> path;
    paths_within(
        p.engine().setup().map, s.units[u].hex, static_cast<int>(*length),
        [f](Hex h) { return hex::front_hexes(h, f); }, path, paths);
    keep_random_moves(p, a, f, *length, paths, out);
  }
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
