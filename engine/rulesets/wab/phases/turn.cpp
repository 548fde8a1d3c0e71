#include "engine/rulesets/wab/phases/turn.hpp"

#include <fmt/format.h>

#include <algorithm>

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

bool after_movement(Phase p) {
  return p == Phase::shooting || p == Phase::combat;
}

// The side that plays first, from the turn headers the log writes (empty
// player turns included): the first of the first turn number whose two
// player turns it writes; else the side of `a`, the first statement, when
// it stands in turn 1.
std::optional<std::uint8_t> first_side_written(const Context& cx, const Action& a) {
  const auto& turns = cx.setup.turns;
  for (std::size_t i = 0; i < turns.size(); ++i)
    for (std::size_t j = i + 1; j < turns.size(); ++j)
      if (turns[j].number == turns[i].number && turns[j].side != turns[i].side)
        return turns[i].side;
  if (a.turn == 1) return a.side;
  return std::nullopt;
}

// A player turn begins: its side's marks are reset, the misfire bans that
// run through it are counted, and the tests its start owes are found.
void start_player_turn(Context& cx, std::uint32_t turn, std::uint8_t side) {
  cx.state.start_turn(turn, side);
  // § Raté d'allumage 3-4: the ban runs through its side's turn
  // misfire_free_turn ("le prochain tour"): when that turn begins it lasts
  // this turn only (start_turn lifts it at the next player turn). The
  // enemy's turn of that number is past it when its side plays first (its
  // turn was left empty), and a later turn number of either side is.
  for (std::size_t u = 0; u < cx.setup.units.size(); ++u) {
    UnitState& st = cx.state.units[u];
    if (st.misfire_turns != kMisfireUntilTurn) continue;
    const std::uint8_t own = cx.setup.units[u].side;
    if (turn > st.misfire_free_turn ||
        (turn == st.misfire_free_turn && own != side && cx.scratch.first_side == own))
      st.misfire_turns = 0;
    else if (turn == st.misfire_free_turn && own == side)
      st.misfire_turns = kMisfireLastTurn;
  }
  for (std::size_t u = 0; u < cx.setup.units.size(); ++u) {
    if (cx.setup.units[u].side != side) continue;
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

// The player turns between the one of the last statement and the one `a`
// begins in which the log writes no statement (§ Phase 1 : Début du tour
// to § Phase 4: each side plays its turn, the two alternating, the side
// `first_side` first in each turn number). A turn with no statement was
// played with nothing done in it: what it owed was not done. A player turn
// the log writes a statement in elsewhere (its turns out of order) is not
// one of them; nor is any when the log never shows which side plays first.
std::vector<Setup::Turn> skipped_turns(const Context& cx, const Action& a) {
  std::vector<Setup::Turn> out;
  if (!cx.scratch.first_side || cx.setup.sides.size() != 2) return out;
  const std::uint8_t first = *cx.scratch.first_side;
  const auto index = [&](std::uint32_t turn, std::uint8_t side) {
    return 2 * static_cast<std::uint64_t>(turn) + (side == first ? 0 : 1);
  };
  const std::uint64_t from = index(cx.state.turn, cx.state.side), to = index(a.turn, a.side);
  for (std::uint64_t i = from + 1; i < to; ++i) {
    const Setup::Turn t{static_cast<std::uint32_t>(i / 2),
                        static_cast<std::uint8_t>(i % 2 == 0 ? first : 1 - first)};
    if (t.number == 0) continue;
    const bool written = std::any_of(cx.log.begin(), cx.log.end(), [&](const Action& b) {
      return b.turn == t.number && b.side == t.side;
    });
    if (!written) out.push_back(t);
  }
  return out;
}

// Each player turn the log leaves out between the last statement and `a`
// (skipped_turns): its start, its compulsory moves and its combat phase
// pass with nothing done, and what it owed is reported at `a`, naming it.
void settle_skipped_turns(Context& cx, const Action& a) {
  const auto side_name = [&](std::uint8_t s) { return cx.setup.sides[s].id; };
  const std::uint32_t last_turn = cx.state.turn;
  const std::uint8_t last_side = cx.state.side;
  for (const Setup::Turn& t : skipped_turns(cx, a)) {
    cx.scratch.skipped_turn = fmt::format(
        "turn {} of '{}' has no statement between turn {} of '{}' and turn {} of '{}' (the log "
        "leaves it out or writes it empty): nothing it owed was done (the two sides play their "
        "turns in turn, § Phase 1 : Début du tour to § Phase 4 : Combat au corps à corps)",
        t.number, side_name(t.side), last_turn, side_name(last_side), a.turn, side_name(a.side));
    start_player_turn(cx, t.number, t.side);
    // § Phase 1 : Début du tour: the tests its start owed.
    cx.state.phase = Phase::start;
    settle_start_panic(cx, a.span);
    settle_start_terror(cx, a.span);
    settle_start_impetuosity(cx, a.span);
    // § Phase 2 : Mouvement: a pursuer off the table comes back; § 2.3
    // Mouvements obligatoires: its fleeing units fled.
    return_pursuers(cx, Phase::movement);
    cx.state.phase = Phase::movement;
    settle_owed_flights(cx, a.span);
    return_pursuers(cx, Phase::combat);
    // § Phase 4 : Combat au corps à corps: the combats under way owed a
    // round, which none fought (no charge was made in this turn).
    cx.state.phase = Phase::combat;
    settle_combats_under_way(cx, a.span);
    for (UnitState& st : cx.state.units) {
      st.won_last_combat = false;
      st.pursuit_charge = st.pursuit_charge == 1 ? 2 : 0;
    }
    end_phase_panic(cx, true);
  }
  cx.scratch.skipped_turn.clear();
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
  if (new_turn) settle_turn_combats(cx, a.span);
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
    if (cx.state.turn == 0) cx.scratch.first_side = first_side_written(cx, a);
    if (cx.state.turn == a.turn && cx.state.side != a.side) cx.scratch.first_side = cx.state.side;
    if (cx.state.turn > 0) settle_skipped_turns(cx, a);
    start_player_turn(cx, a.turn, a.side);
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
