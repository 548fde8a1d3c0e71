#include "engine/rulesets/wab/phases/combat_result.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/rulesets/common/higher_ground.hpp"
#include "engine/rulesets/wab/phases/attack_sides.hpp"
#include "engine/rulesets/wab/phases/break_test.hpp"
#include "engine/rulesets/wab/phases/combat_round.hpp"
#include "engine/rulesets/wab/phases/facts.hpp"
#include "engine/rulesets/wab/phases/flight.hpp"
#include "engine/rulesets/wab/phases/following.hpp"
#include "engine/rulesets/wab/phases/panic.hpp"
#include "engine/rulesets/wab/phases/terrain_cost.hpp"

namespace umpire::wab {
namespace {

// One side of the round being resolved.
struct Side {
  std::vector<UnitId> units;
  Facts facts;
  std::int64_t result = 0;
};

Side side_of(const Context& cx, std::uint8_t which) {
  Side s{{}, Facts(cx.rules), 0};
  std::int64_t wounds = 0;
  for (std::size_t u = 0; u < cx.state.units.size(); ++u) {
    if (cx.state.units[u].round_side != which) continue;
    s.units.push_back(static_cast<UnitId>(u));
    wounds += cx.state.units[u].round_wounds;
  }
  if (!s.units.empty()) fill_side(cx, s.facts, s.units, wounds);
  return s;
}

std::string names(const Context& cx, const std::vector<UnitId>& units) {
  std::vector<std::string> out;
  for (UnitId u : units) out.push_back(cx.quoted(u));
  return fmt::format("{}", fmt::join(out, ", "));
}

// The data's break_outcome, by name.
BreakDue break_due_of(const Context& cx, std::int64_t outcome) {
  const rules::Domain& d = cx.rules.rs().domains[cx.rules.domain(Domain::break_outcome)];
  const std::string_view word = outcome >= 0 && static_cast<std::size_t>(outcome) < d.values.size()
                                    ? std::string_view(d.values[static_cast<std::size_t>(outcome)])
                                    : std::string_view();
  if (word == "takes_break_test") return BreakDue::test;
  if (word == "breaks_without_test") return BreakDue::without_test;
  if (word == "rolls_stubborn_d6") return BreakDue::stubborn_d6;
  return word == "no_break_test" ? BreakDue::exempt : BreakDue::none;
}

// How much losing owes: breaking without a test above the stubborn D6,
// above a test, above none.
int severity(BreakDue d) {
  switch (d) {
    case BreakDue::without_test:
      return 3;
    case BreakDue::stubborn_d6:
      return 2;
    case BreakDue::test:
      return 1;
    default:
      return 0;
  }
}

// What losing the round owes each unit of the losing side: beaten by the
// winners together, it answers to the one that owes the most ("par un
// ennemi qui provoque la peur", § Peur; a charging Warband, § Warbands),
// whichever is written first. A unit with no model left is destroyed
// (§ Phase 4: "Indiquer les unités complètement détruites") and tests
// nothing.
void owe_break_tests(Context& cx, const Action& a, const Side& losers, const Side& winners) {
  for (UnitId u : losers.units) {
    UnitState& st = cx.state.units[u];
    if (!st.on_table || cx.models_standing(u) <= 0) continue;
    std::optional<BreakDue> due;
    std::int64_t needed = 0;
    Facts loser = losers.facts;
    fill_unit(cx, loser, u);
    for (UnitId w : winners.units) {
      Facts f = loser;
      fill_enemy(cx, f, w);
      // An enemy it fights is within its charge range, whatever a charge
      // reaches (§ Frénésie (Frenzy): immune to psychology, § Peur's
      // breaking without a test included, the data's immune_to_fear_effects).
      f.boolean(Given::self_enemy_in_charge_range, true);
      f.integer(Given::combat_opponent_resolution, winners.result);
      const auto procedure = eval_int(f, Value::break_procedure, cx.checker);
      if (!procedure) continue;
      const BreakDue d = break_due_of(cx, *procedure);
      if (due && severity(d) <= severity(*due)) continue;
      const auto test = eval_test(
          f, d == BreakDue::stubborn_d6 ? Test::stubborn_against_auto_break : Test::break_test,
          cx.checker);
      if (!test) continue;
      due = d;
      needed = test->needed;
    }
    if (!due) continue;
    st.break_due = *due;
    st.break_needed = static_cast<std::int32_t>(needed);
    st.lost_combat_before = true;
    if (st.break_due == BreakDue::without_test) {  // it breaks
      st.fleeing = true;
      note_broken_in_combat(cx, u, a.span, "broken_without_test");
    }
    if (st.break_due == BreakDue::test || st.break_due == BreakDue::stubborn_d6)
      cx.scratch.owed_break_tests.emplace_back(u, a.span);
  }
}

// "+1 pour position surélevée" (§ Résultat du combat): a side has it when
// one of its units fights from higher ground than an enemy of the round
// (common/higher_ground.hpp). `unsure` when no unit does but one may: the
// reading question goes to `why`.
rulesets::Height side_high_ground(const Context& cx, const Side& own, const Side& other,
                                  std::string& why) {
  rulesets::Height best = rulesets::Height::not_higher;
  for (UnitId u : own.units)
    for (UnitId e : other.units) {
      const rulesets::HigherGround h = rulesets::higher_ground(cx, u, e);
      if (h.height == rulesets::Height::higher) {
        why.clear();
        return h.height;
      }
      if (h.height == rulesets::Height::unsure && best != rulesets::Height::unsure) {
        best = h.height;
        why = fmt::format("whether {} fights from higher ground than {}: {}", cx.quoted(u),
                          cx.quoted(e), h.why);
      }
    }
  return best;
}

// "Les rangs ne sont pas pris en compte dans le cas d'un combat où une
// unité est … derrière un obstacle autre que gué et colline" (§ Résultat
// du combat): the deepest unit of `own` is behind an obstacle when a wall
// or obstacle piece lies between it and an enemy of the round (hills and
// fords keep the ranks, so the data's other_obstacle only).
bool deepest_behind_obstacle(const Context& cx, const Side& own, const Side& other) {
  const UnitId d = deepest(cx, own.units);
  for (UnitId e : other.units)
    if (obstacle_between(cx, e, d).word == "other_obstacle") return true;
  return false;
}

// "+1/+2 pour chaque char détruit" (§ Résultat du combat): the chariot
// models of `other` that fell in this phase's round, light or scythed and
// heavy.
std::pair<std::int64_t, std::int64_t> chariots_destroyed(const Context& cx, const Side& other) {
  std::int64_t light = 0, heavy = 0;
  for (UnitId e : other.units) {
    const TroopType t = cx.setup.units[e].type;
    const std::int64_t fell =
        std::max<std::int64_t>(0, cx.state.units[e].phase_models - cx.models_standing(e));
    if (t == TroopType::light_chariot || t == TroopType::scythed_chariot) light += fell;
    if (t == TroopType::heavy_chariot) heavy += fell;
  }
  return {light, heavy};
}

void fill_terrain_and_chariots(const Context& cx, Side& first, Side& second) {
  const bool behind1 = deepest_behind_obstacle(cx, first, second);
  const bool behind2 = deepest_behind_obstacle(cx, second, first);
  first.facts.word(Given::side_deepest_unit_behind, behind1 ? "other_obstacle" : "no_obstacle");
  second.facts.word(Given::side_deepest_unit_behind, behind2 ? "other_obstacle" : "no_obstacle");
  // "un combat où une unité est en terrain difficile ou très difficile ou
  // derrière un obstacle" (switch difficult_terrain_ranks_scope).
  const bool rough = round_on_rough_ground(cx) || behind1 || behind2;
  first.facts.boolean(Given::combat_rough_ground_or_obstacle, rough);
  second.facts.boolean(Given::combat_rough_ground_or_obstacle, rough);
  for (auto [own, other] : {std::pair{&first, &second}, std::pair{&second, &first}}) {
    const auto [light, heavy] = chariots_destroyed(cx, *other);
    own->facts.integer(Given::side_light_or_scythed_chariots_destroyed, light);
    own->facts.integer(Given::side_heavy_chariots_destroyed, heavy);
  }
}

}  // namespace

void open_round(Context& cx, const Action& a) {
  if (a.actors.empty() || a.targets.empty()) {
    follow(cx, a);
    return;
  }
  bool refused = false;
  for (UnitId u : a.actors) refused = refuse_fleeing(cx, a, u, "fights") || refused;
  for (UnitId u : a.targets) refused = refuse_fleeing(cx, a, u, "fights") || refused;
  for (UnitState& st : cx.state.units) {
    st.round_side = 0;
    st.round_wounds = 0;
    st.break_due = BreakDue::none;
  }
  cx.scratch.round_attack_dice.assign(cx.state.units.size(), 0);
  cx.scratch.round_struck.assign(cx.state.units.size(), false);
  // A round with a fleeing unit is not fought: no result is judged.
  if (refused) return;
  check_round(cx, a);
  check_contact(cx, a);
  for (UnitId u : a.actors) cx.state.units[u].fought_this_turn = true;
  for (UnitId u : a.targets) cx.state.units[u].fought_this_turn = true;
  cx.scratch.last_round_at.resize(cx.state.units.size());
  for (UnitId u : a.actors) cx.scratch.last_round_at[u] = a.span;
  for (UnitId u : a.targets) cx.scratch.last_round_at[u] = a.span;
  const auto round =
      static_cast<std::uint8_t>(std::clamp<std::int64_t>(a.round.value_or(1), 1, 255));
  for (UnitId u : a.actors) cx.state.units[u].round_number = round;
  for (UnitId u : a.targets) cx.state.units[u].round_number = round;
  const std::int32_t key = 1 + std::min(*std::min_element(a.actors.begin(), a.actors.end()),
                                        *std::min_element(a.targets.begin(), a.targets.end()));
  for (UnitId u : a.actors) cx.state.units[u].round_key = key;
  for (UnitId u : a.targets) cx.state.units[u].round_key = key;
  for (UnitId u : a.actors) {
    cx.state.units[u].round_side = 1;
    cx.state.units[u].engaged_with = a.targets.front();
  }
  for (UnitId u : a.targets) {
    cx.state.units[u].round_side = 2;
    cx.state.units[u].engaged_with = a.actors.front();
  }
}

void credit_round_wounds(Context& cx, UnitId striker, std::int64_t wounds) {
  UnitState& st = cx.state.units[striker];
  if (st.round_side != 0 && wounds > 0) st.round_wounds += static_cast<std::int32_t>(wounds);
}

void resolve_round(Context& cx, const Action& a) {
  Side first = side_of(cx, 1);
  Side second = side_of(cx, 2);
  if (first.units.empty() || second.units.empty()) {
    cx.checker.not_checked("a combat result with no round opened by 'combat' before it", a.span);
    return;
  }
  fill_terrain_and_chariots(cx, first, second);
  const Attacks by_first = attacks_on(cx, first.units, second.units, deepest(cx, second.units));
  const Attacks by_second = attacks_on(cx, second.units, first.units, deepest(cx, first.units));
  fill_attacks(first.facts, second.facts, by_first);
  fill_attacks(second.facts, first.facts, by_second);
  // "+1 pour position surélevée": where the engine cannot tell whether a
  // side has it, both readings are tried and the one the log's result
  // agrees with is taken, reported not checked.
  std::string why_first, why_second;
  const rulesets::Height high1 = side_high_ground(cx, first, second, why_first);
  const rulesets::Height high2 = side_high_ground(cx, second, first, why_second);
  const auto resolution = [&](bool h1,
                              bool h2) -> std::optional<std::pair<std::int64_t, std::int64_t>> {
    first.facts.boolean(Given::side_high_ground, h1);
    second.facts.boolean(Given::side_high_ground, h2);
    const auto r1 = eval_int(first.facts, Value::combat_resolution, cx.checker);
    const auto r2 = eval_int(second.facts, Value::combat_resolution, cx.checker);
    if (!r1 || !r2) return std::nullopt;
    return std::pair{*r1, *r2};
  };
  const auto agrees = [&](std::int64_t r1, std::int64_t r2) {
    const std::int64_t margin = std::abs(r1 - r2);
    if (a.stated.draw) return r1 == r2;
    if (!a.stated.winner) return true;
    const int side = cx.state.units[*a.stated.winner].round_side;
    return (side == 1 ? r1 > r2 : side == 2 && r2 > r1) &&
           (!a.stated.margin || *a.stated.margin == margin);
  };
  std::vector<std::pair<bool, bool>> readings;
  for (bool h1 : {false, true})
    for (bool h2 : {false, true})
      if ((high1 == rulesets::Height::unsure || h1 == (high1 == rulesets::Height::higher)) &&
          (high2 == rulesets::Height::unsure || h2 == (high2 == rulesets::Height::higher)))
        readings.emplace_back(h1, h2);
  for (const std::string* why : {&why_first, &why_second})
    if (!why->empty())
      cx.checker.not_checked(*why +
                                 " (§ Résultat du combat: \"+1 pour position surélevée\"): the "
                                 "reading the stated result agrees with is taken",
                             a.span);
  std::pair<bool, bool> taken = readings.front();
  if (readings.size() > 1)
    for (const auto& reading : readings) {
      const auto r = resolution(reading.first, reading.second);
      if (r && agrees(r->first, r->second)) {
        taken = reading;
        break;
      }
    }
  const auto r = resolution(taken.first, taken.second);
  if (!r) return;
  first.result = r->first;
  second.result = r->second;
  const auto notes = [&] {
    std::vector<std::string> out;
    for (const Attacks* at : {&by_first, &by_second})
      out.insert(out.end(), at->why.begin(), at->why.end());
    for (const Side* s : {&first, &second}) {
      out.push_back(fmt::format("{}: combat result {}", names(cx, s->units), s->result));
      for (std::string& n : explain(s->facts, Value::combat_resolution))
        out.push_back("  " + std::move(n));
    }
    return out;
  };
  const Span stated = a.stated.span.valid() ? a.stated.span : a.span;
  const int computed = first.result > second.result ? 1 : second.result > first.result ? 2 : 0;
  const std::int64_t margin = std::abs(first.result - second.result);
  // The side the log says won: 0 a draw, -1 none written.
  int written = -1;
  if (a.stated.draw) written = 0;
  if (a.stated.winner) written = cx.state.units[*a.stated.winner].round_side;
  if (a.stated.winner && written == 0) {
    cx.checker.violation(
        Check::combat_result, stated,
        fmt::format("{} fights on neither side of this round", cx.quoted(*a.stated.winner)));
    written = -1;
  }
  const auto said = [&](int w) {
    return w == 0 ? std::string("a draw")
                  : fmt::format("{} win{}", names(cx, (w == 1 ? first : second).units),
                                (w == 1 ? first : second).units.size() == 1 ? "s" : "");
  };
  if (written == -1) {
    cx.checker.not_checked("a combat result that names neither a winner nor a draw", a.span);
  } else if (written != computed) {
    auto v = cx.checker.violation(
        Check::combat_result, stated,
        fmt::format("log says {}; the combat results are {} to {}: {}", said(written), first.result,
                    second.result,
                    computed == 0 ? std::string("a draw")
                                  : fmt::format("{} by {}", said(computed), margin)));
    for (std::string& n : notes()) v.note(std::move(n));
  } else if (computed != 0) {
    cx.checker.outcome(Check::combat_result, stated, "margin", a.stated.margin, margin, notes);
  }
  // The log's winner won as played, if only on the log's count.
  const int winner = written >= 0 ? written : computed;
  if (winner > 0)
    for (UnitId u : (winner == 1 ? first : second).units) cx.state.units[u].won_last_combat = true;
  if (written > 0 && written != computed) {
    // The log's loser lost on the log's count only: its test is taken as
    // played, not judged again.
    for (UnitId u : (written == 1 ? second : first).units)
      cx.state.units[u].break_due = BreakDue::unjudged;
    return;
  }
  if (winner == 1) owe_break_tests(cx, a, second, first);
  if (winner == 2) owe_break_tests(cx, a, first, second);
}

}  // namespace umpire::wab
