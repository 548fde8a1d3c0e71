#include "engine/rulesets/hail_caesar/phases/turn.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "engine/rulesets/hail_caesar/phases/division.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar/phases/movement.hpp"

namespace umpire::hail_caesar {
namespace {

// Whether `u` supports a combat still fought: a support of the last round
// whose engaged units are still engaged.
bool supports_a_combat(const Context& cx, UnitId u) {
  if (!cx.scratch.combat) return false;
  for (int s = 0; s < 2; ++s) {
    const CombatRound& r = *cx.scratch.combat;
    if (std::find(r.supports[s].begin(), r.supports[s].end(), u) == r.supports[s].end()) continue;
    for (UnitId e : r.engaged[s])
      if (cx.state.units[e].on_table && cx.state.units[e].engaged_with >= 0) return true;
  }
  return false;
}

// § IV - RÉORGANISATION, at the end of a player's turn: "Toutes vos unités
// désorganisées qui ne sont pas engagées ou en soutien au corps à corps
// recouvrent leur état normal".
void reorganise(Context& cx, std::uint8_t side) {
  for (std::size_t i = 0; i < cx.setup.units.size(); ++i) {
    const auto u = static_cast<UnitId>(i);
    UnitState& st = cx.state.units[u];
    if (cx.setup.units[u].side != side || !st.on_table || !st.disordered) continue;
    const std::optional<bool> recovers = recovers_at_end(cx, u);
    if (!recovers)
      cx.checker.not_checked(
          fmt::format("whether the disordered {} recovers at the end of its turn: the rules data "
                      "asks what the log does not record",
                      cx.quoted(u)),
          cx.checker.event_span());
    else if (*recovers)
      st.disordered = false;
  }
}

// At the end of a player's turn a variant may strike off the casualties
// beyond a unit's stamina (HYW 4-d step 4); the base sheet keeps them all.
void strike_off_excess(Context& cx) {
  const VariantFacts* variant = cx.rules.variant();
  if (!variant) return;
  for (std::size_t i = 0; i < cx.setup.units.size(); ++i) {
    UnitState& st = cx.state.units[i];
    const auto stamina = cx.setup.units[i].stats.stamina;
    if (!st.on_table || !stamina || st.casualties <= *stamina) continue;
    Facts f(cx.rules);
    f.integer(Given::unit_casualties, st.casualties);
    f.integer(Given::unit_stamina, *stamina);
    if (const auto kept = variant->casualties_after_turn(cx, f))
      st.casualties = static_cast<std::int32_t>(std::clamp<std::int64_t>(*kept, 0, st.casualties));
  }
}

// Player turn `turn` of `side` among the turns the log writes; end() when
// it writes none.
std::vector<Setup::PlayerTurn>::const_iterator written_turn(const Context& cx, std::uint32_t turn,
                                                            std::uint8_t side) {
  return std::find_if(
      cx.setup.turns.begin(), cx.setup.turns.end(),
      [&](const Setup::PlayerTurn& t) { return t.number == turn && t.side == side; });
}

// The turns the log writes, from the turn of the state to the turn of `a`
// (not included): empty when either is not written or they are out of
// order.
std::pair<std::vector<Setup::PlayerTurn>::const_iterator,
          std::vector<Setup::PlayerTurn>::const_iterator>
turns_between(const Context& cx, const Action& a) {
  const auto& turns = cx.setup.turns;
  const auto from = written_turn(cx, cx.state.turn, cx.state.side);
  const auto to = written_turn(cx, a.turn, a.side);
  if (from == turns.end() || to == turns.end() || !(from < to)) return {turns.end(), turns.end()};
  return {from, to};
}

// The sides whose turns end between the turn of the state and the turn of
// `a`: the state's own, and each turn written between them with no
// statement in it. A game built without its turns (the simulator's)
// plays its sides in order every turn.
std::vector<std::uint8_t> sides_ending(const Context& cx, const Action& a) {
  const auto [from, to] = turns_between(cx, a);
  std::vector<std::uint8_t> sides;
  if (from != to) {
    for (auto t = from; t != to; ++t) sides.push_back(t->side);
  } else if (cx.setup.turns.empty() && !cx.setup.sides.empty()) {
    // Turn N of side s is the (N - 1) * sides + s-th.
    const std::uint64_t n = cx.setup.sides.size();
    const auto index = [&](std::uint32_t turn, std::uint8_t side) {
      return (std::uint64_t{turn} - 1) * n + side;
    };
    for (std::uint64_t i = index(cx.state.turn, cx.state.side); i < index(a.turn, a.side); ++i)
      sides.push_back(static_cast<std::uint8_t>(i % n));
  }
  if (sides.empty()) sides.push_back(cx.state.side);
  return sides;
}

// The player turns the log writes with no statement between the turn of
// the state and the turn of `a`.
std::vector<Setup::PlayerTurn> empty_turns(const Context& cx, const Action& a) {
  const auto [from, to] = turns_between(cx, a);
  if (from == to) return {};
  return {std::next(from), to};
}

}  // namespace

void begin(Context& cx, const Action& a) {
  if (a.turn != cx.state.turn || a.side != cx.state.side || a.phase != cx.state.phase) {
    note_unordered_in_broken_division(cx, a.span);
    settle_free_moves(cx);
    settle_short_blunders(cx);
  }
  if (a.turn != cx.state.turn || a.side != cx.state.side) {
    if (cx.state.turn > 0) {
      // § IV - RÉORGANISATION closes every player turn, one that holds no
      // statement too.
      for (const Setup::PlayerTurn& t : empty_turns(cx, a))
        note_unordered_in_empty_turn(cx, a.span, t.number, t.side);
      for (const std::uint8_t side : sides_ending(cx, a)) reorganise(cx, side);
      strike_off_excess(cx);
    }
    cx.state.start_turn(a.turn, a.side);
    note_enemies_at_turn_start(cx);
  }
  cx.state.phase = a.phase;
  // Hits wait for the save written right after them, and no longer.
  if (a.kind != ActionKind::save) {
    cx.scratch.hits.reset();
    cx.scratch.last_struck = a.kind == ActionKind::shoot || a.kind == ActionKind::attack ||
                             a.kind == ActionKind::support || a.kind == ActionKind::respond;
    cx.scratch.last_names_not_target =
        a.kind == ActionKind::support || a.kind == ActionKind::respond;
    cx.scratch.last_named.clear();
    if (cx.scratch.last_struck) {
      cx.scratch.last_named.insert(cx.scratch.last_named.end(), a.actors.begin(), a.actors.end());
      cx.scratch.last_named.insert(cx.scratch.last_named.end(), a.targets.begin(), a.targets.end());
    }
  }
}

void settle_at_end(Context& cx) {
  note_unordered_in_broken_division(cx, Span{});
  // The player turns the log writes after its last statement, empty.
  const auto& turns = cx.setup.turns;
  if (const auto here = written_turn(cx, cx.state.turn, cx.state.side); here != turns.end())
    for (auto t = std::next(here); t != turns.end(); ++t)
      note_unordered_in_empty_turn(cx, Span{}, t->number, t->side);
  settle_free_moves(cx);
  settle_short_blunders(cx);
}

void place_as_written(Context& cx, UnitId u, const Action& a) {
  rulesets::place_as_written<parse_formation>(cx.state.units, u, a);
}

// The data's disorder_removed_at_end. Asked quietly: a variant may ask
// what no log records (HYW's Levy recovers only on a 4+, 004 § 1-c), and
// the unit then stays as the log states it (nullopt).
std::optional<bool> recovers_at_end(Context& cx, UnitId u) {
  const UnitState& st = cx.state.units[u];
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.boolean(Given::unit_disordered, true);
  f.boolean(Given::unit_engaged, st.engaged_with >= 0);
  f.boolean(Given::unit_supporting, supports_a_combat(cx, u));
  const auto recovers = rules::Evaluator(cx.rules.rs(), f.situation())
                            .value(cx.rules.value(Value::disorder_removed_at_end));
  if (!recovers) return std::nullopt;
  return recovers->number != 0;
}

}  // namespace umpire::hail_caesar
