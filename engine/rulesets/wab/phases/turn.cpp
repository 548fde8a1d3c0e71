#include "engine/rulesets/wab/phases/turn.hpp"

#include "engine/geometry/tabletop/bounds.hpp"
#include "engine/geometry/tabletop/measure.hpp"
#include "engine/rulesets/common/nearest_enemy.hpp"
#include "engine/rulesets/wab/phases/break_test.hpp"
#include "engine/rulesets/wab/phases/charge.hpp"
#include "engine/rulesets/wab/phases/combat_round.hpp"
#include "engine/rulesets/wab/phases/fear.hpp"
#include "engine/rulesets/wab/phases/flight.hpp"
#include "engine/rulesets/wab/phases/off_table.hpp"
#include "engine/rulesets/wab/phases/panic.hpp"
#include "engine/rulesets/wab/phases/psychology.hpp"
#include "engine/rulesets/wab/phases/wounds.hpp"

namespace umpire::wab {

namespace {

// § Marche: "à plus de 8 pas (20cm) d'un ennemi au début du tour": where
// every unit stands when the player turn begins.
void note_turn_start(Context& cx) {
  cx.scratch.turn_start.assign(cx.setup.units.size(), std::nullopt);
  for (std::size_t u = 0; u < cx.setup.units.size(); ++u)
    if (cx.state.units[u].on_table) cx.scratch.turn_start[u] = cx.footprint(static_cast<UnitId>(u));
  cx.scratch.turn_start_generals.assign(cx.setup.generals.size(), std::nullopt);
  for (std::size_t g = 0; g < cx.setup.generals.size(); ++g)
    if (cx.state.generals[g].on_table) cx.scratch.turn_start_generals[g] = cx.state.generals[g].at;
}

// The nearest of `best` and the enemy Generals at `generals` from `from`.
std::optional<double> with_generals(const Context& cx, UnitId u, const tabletop::Footprint& from,
                                    const std::vector<std::optional<Point>>& generals,
                                    std::optional<double> best) {
  for (std::size_t g = 0; g < generals.size() && g < cx.setup.generals.size(); ++g) {
    if (!generals[g] || cx.setup.generals[g].side == cx.setup.units[u].side) continue;
    const double d = tabletop::distance(from, *generals[g], tabletop::Measure::closest_edges);
    if (!best || d < *best) best = d;
  }
  return best;
}

// Whether `p` is a phase before the compulsory moves are over (§ Phase 1 :
// Début du tour, § Phase 2 : Mouvement).
bool before_shooting(Phase p) {
  return p == Phase::start || p == Phase::movement;
}

bool after_movement(Phase p) {
  return p == Phase::shooting || p == Phase::combat;
}

}  // namespace

void begin(Context& cx, const Action& a) {
  const bool new_turn = a.turn != cx.state.turn || a.side != cx.state.side;
  // The charges of a movement phase are settled once it is over.
  if (!cx.scratch.charges.empty() && (new_turn || a.phase != Phase::movement)) settle_charges(cx);
  // The compulsory moves of the side's movement phase are over: its
  // fleeing units fled (§ 2.3 Mouvements obligatoires).
  if (before_shooting(cx.state.phase) && (new_turn || after_movement(a.phase)))
    settle_owed_flights(cx, a.span);
  // The turn is over: the units its charges brought into contact fought
  // (§ Phase 4 : Combat au corps à corps).
  if (new_turn) settle_turn_combats(cx);
  // The break tests a lost round owes come before the next round, phase
  // or turn.
  if (!cx.scratch.owed_break_tests.empty() &&
      (new_turn || a.phase != cx.state.phase || a.kind == ActionKind::combat ||
       a.kind == ActionKind::result))
    settle_break_tests(cx);
  // A new phase: the panic tests the last one owes, and its casualties
  // counted afresh.
  if (new_turn || a.phase != cx.state.phase) {
    settle_pursuits(cx);
    settle_start_panic(cx, a.span);
    settle_start_terror(cx, a.span);
    settle_start_impetuosity(cx, a.span);
    end_phase_panic(cx, new_turn);
  }
  if (new_turn) {
    if (cx.state.turn == 0 && a.turn == 1) cx.scratch.first_side = a.side;
    if (cx.state.turn == a.turn && cx.state.side != a.side) cx.scratch.first_side = cx.state.side;
    cx.state.start_turn(a.turn, a.side);
    // § Raté d'allumage 3-4: the ban runs through its side's turn
    // misfire_free_turn ("le prochain tour"): when that turn begins it lasts
    // this turn only (start_turn lifts it at the next player turn). The
    // enemy's turn of that number is past it when its side plays first (its
    // turn was left empty), and a later turn number of either side is.
    for (std::size_t u = 0; u < cx.setup.units.size(); ++u) {
      UnitState& st = cx.state.units[u];
      if (st.misfire_turns != kMisfireUntilTurn) continue;
      const std::uint8_t side = cx.setup.units[u].side;
      if (a.turn > st.misfire_free_turn ||
          (a.turn == st.misfire_free_turn && side != a.side && cx.scratch.first_side == side))
        st.misfire_turns = 0;
      else if (a.turn == st.misfire_free_turn && side == a.side)
        st.misfire_turns = kMisfireLastTurn;
    }
    for (std::size_t u = 0; u < cx.setup.units.size(); ++u) {
      if (cx.setup.units[u].side != a.side) continue;
      UnitState& st = cx.state.units[u];
      st.moved_in_its_turn = false;
      // The side's next turn after a fall back begins, the one after ends
      // it (§ Repli en Bon Ordre 4: "à leur prochain tour").
      if (st.fall_back_turn > 0) st.fall_back_turn = st.fall_back_turn == 1 ? 2 : 0;
    }
    note_turn_start(cx);
    cx.scratch.moved_ground.assign(cx.setup.units.size(), 0.0);
    cx.scratch.failed_rally.assign(cx.setup.units.size(), Span{});
    cx.scratch.fled_this_turn.assign(cx.setup.units.size(), false);
    owe_start_panic(cx);
    owe_start_terror(cx);
    owe_start_impetuosity(cx);
  }
  if (new_turn || a.phase != cx.state.phase) return_pursuers(cx, a.phase);
  // A turn whose first statement is past its movement phase wrote no
  // flight there.
  if (new_turn && after_movement(a.phase)) settle_owed_flights(cx, a.span);
  // A combat phase begins: the wins of the last one are spent.
  // A pursuit that caught a unit falling back counts as a charge in the
  // next one (§ Repli en Bon Ordre 3), and in no other.
  if (a.phase == Phase::combat && (new_turn || cx.state.phase != Phase::combat))
    for (UnitState& st : cx.state.units) {
      st.won_last_combat = false;
      st.pursuit_charge = st.pursuit_charge == 1 ? 2 : 0;
    }
  cx.state.phase = a.phase;
  // A turn whose first statement is past its start phase took no test there.
  if (a.phase != Phase::start) {
    settle_start_panic(cx, a.span);
    settle_start_terror(cx, a.span);
    settle_start_impetuosity(cx, a.span);
  }
  // A strike goes on through its rolls to wound and its save, and no longer.
  const bool takes_strike = a.kind == ActionKind::save ||
                            ((a.kind == ActionKind::attack || a.kind == ActionKind::shoot) &&
                             a.roll("wound") && !a.roll("hit"));
  if (!takes_strike) end_strike(cx);
}

std::optional<double> nearest_enemy_at_turn_start(const Context& cx, UnitId u) {
  const auto& at = cx.scratch.turn_start;
  if (u >= at.size() || !at[u]) return std::nullopt;
  std::optional<double> best;
  for (std::size_t i = 0; i < at.size(); ++i) {
    if (!at[i] || cx.setup.units[i].side == cx.setup.units[u].side) continue;
    const double d = tabletop::distance(*at[u], *at[i], tabletop::Measure::closest_edges);
    if (!best || d < *best) best = d;
  }
  return with_generals(cx, u, *at[u], cx.scratch.turn_start_generals, best);
}

std::optional<double> nearest_enemy_now(const Context& cx, UnitId u) {
  std::vector<std::optional<Point>> generals(cx.setup.generals.size());
  for (std::size_t g = 0; g < generals.size(); ++g)
    if (cx.state.generals[g].on_table) generals[g] = cx.state.generals[g].at;
  return with_generals(cx, u, cx.footprint(u), generals, rulesets::nearest_enemy_distance(cx, u));
}

std::optional<double> nearest_enemy_on_way(const Context& cx, UnitId u,
                                           const tabletop::MultiPolygon& swept,
                                           std::optional<double> below) {
  if (swept.empty()) return std::nullopt;
  // Only a distance under `below` (and under the best so far) is wanted: an
  // enemy whose box is farther is skipped before the exact measure.
  const tabletop::Box way = tabletop::bounds(swept);
  std::optional<double> best;
  const auto bound = [&] { return best ? best : below; };
  const auto nearer = [&](double d) {
    if (!bound() || d < *bound()) best = d;
  };
  for (std::size_t i = 0; i < cx.setup.units.size(); ++i) {
    if (cx.setup.units[i].side == cx.setup.units[u].side || !cx.state.units[i].on_table) continue;
    const tabletop::Footprint enemy = cx.footprint(static_cast<UnitId>(i));
    if (bound() && tabletop::gap(way, tabletop::bounds(enemy)) >= *bound()) continue;
    nearer(tabletop::distance(swept, enemy));
  }
  for (std::size_t g = 0; g < cx.setup.generals.size(); ++g) {
    if (cx.setup.generals[g].side == cx.setup.units[u].side || !cx.state.generals[g].on_table)
      continue;
    const Point at = cx.state.generals[g].at;
    if (bound() && tabletop::gap(way, tabletop::Box{at, at}) >= *bound()) continue;
    nearer(tabletop::distance(swept, at));
  }
  return best;
}

void place_as_written(Context& cx, UnitId u, const Action& a) {
  rulesets::place_as_written<parse_formation>(cx.state.units, u, a);
  if (a.off_table) note_left_table(cx, u, a);
  // Moving this turn is what the shooting chart's penalty asks
  // (§ Table des armes de tirs).
  if (!a.off_table && written_end(a)) {
    cx.state.units[u].moved = true;
    if (cx.setup.units[u].side == cx.state.side) cx.state.units[u].moved_in_its_turn = true;
  }
}

}  // namespace umpire::wab
