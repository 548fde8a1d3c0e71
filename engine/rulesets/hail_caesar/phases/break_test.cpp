#include "engine/rulesets/hail_caesar/phases/break_test.hpp"

#include <fmt/format.h>

#include <vector>

#include "engine/rulesets/common/higher_ground.hpp"
#include "engine/rulesets/common/word_table.hpp"
#include "engine/rulesets/hail_caesar/phases/combat.hpp"
#include "engine/rulesets/hail_caesar/phases/dice.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar/phases/following.hpp"
#include "engine/rulesets/hail_caesar/phases/shooting_break.hpp"

namespace umpire::hail_caesar {
namespace {

// § Test de panique et situation spéciale, Position surélevée: "Si une
// unité engagée au corps à corps affronte une unité ennemie sur une
// position surélevée": an enemy engaged against it in its round (or the
// one it is engaged with) fights from higher ground than it
// (common/higher_ground.hpp).
rulesets::HigherGround enemy_above(const Context& cx, UnitId u) {
  std::vector<UnitId> enemies;
  if (cx.scratch.combat)
    for (int s = 0; s < 2; ++s)
      for (UnitId e : cx.scratch.combat->engaged[s])
        if (e == u)
          enemies.assign(cx.scratch.combat->engaged[1 - s].begin(),
                         cx.scratch.combat->engaged[1 - s].end());
  const std::int32_t with = cx.state.units[u].engaged_with;
  if (enemies.empty() && with >= 0) enemies.push_back(static_cast<UnitId>(with));
  rulesets::HigherGround found;
  for (UnitId e : enemies) {
    const rulesets::HigherGround h = rulesets::higher_ground(cx, e, u);
    if (h.height == rulesets::Height::higher) return h;
    if (h.height == rulesets::Height::unsure) found = h;
  }
  return found;
}

}  // namespace

void test(Context& cx, const Action& a) {
  if (a.detail == "disorder") {
    // It changes nothing: a failed test's disorder is the log's `state`. A
    // variant that says how it is rolled judges it itself (HYW 8-d:
    // hail_caesar_hyw/disorder_test.hpp).
    const VariantFacts* variant = cx.rules.variant();
    if (!variant || !variant->rolls_disorder_test())
      cx.checker.not_checked(
          "a disorder test: the sheet never says how it is rolled (the data's gap "
          "disorder_test_undefined)",
          a.span);
    return;
  }
  // A test in the movement phase follows closing shots (§ Le test à lieu
  // quand), and is read as a test at shooting.
  if (a.detail != "break" || a.actors.empty() ||
      (a.phase != Phase::shooting && a.phase != Phase::combat && a.phase != Phase::movement)) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  const UnitSetup& s = cx.setup.units[u];
  const UnitState& st = cx.state.units[u];
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.integer(Given::unit_casualties, st.casualties);
  bool shaken = st.shaken;
  if (s.stats.stamina) {
    Facts sh(cx.rules);
    sh.integer(Given::unit_casualties, st.casualties);
    sh.integer(Given::unit_stamina, *s.stats.stamina);
    const auto v = eval_int(sh, Value::unit_shaken, cx.checker);
    if (v) shaken = shaken || *v != 0;
  }
  f.boolean(Given::unit_shaken, shaken);
  const bool melee = a.phase == Phase::combat;
  f.word(Given::break_context, melee ? "hand_to_hand" : "shooting");
  // The log's 'mod' is what the test subtracts; in hand to hand a resolved
  // round says what it must be (combat.hpp).
  std::int64_t subtracted = a.modifier ? -*a.modifier : 0;
  const BreakDue due = melee ? take_due_test(cx, a, u) : take_shooting_test(cx, a, u);
  if (due.known && due.due && melee)
    subtracted = cx.checker.outcome(Check::break_difference, a.span, "casualty difference",
                                    std::optional<std::int64_t>(subtracted), due.difference);
  else if (due.known && due.due) {
    // The excess casualties: the variant's definition where it gives one.
    const VariantFacts* variant = cx.rules.variant();
    std::optional<std::int64_t> excess;
    if (variant && s.stats.stamina) {
      Facts ex(cx.rules);
      ex.integer(Given::unit_casualties, st.casualties);
      ex.integer(Given::unit_stamina, *s.stats.stamina);
      excess = variant->shooting_excess(cx, ex);
    }
    if (excess)
      subtracted = cx.checker.outcome(
          Check::break_difference, a.span, "excess casualties",
          std::optional<std::int64_t>(subtracted), *excess, [&] {
            return std::vector<std::string>{fmt::format("{} casualties, stamina {}", st.casualties,
                                                        s.stats.stamina.value_or(0))};
          });
    else
      cx.checker.not_checked(
          "the excess casualties a break test at shooting subtracts (the sheet defines none: the "
          "data's gap excess_casualties_undefined)",
          a.span);
  } else if (!due.known)
    cx.checker.not_checked(
        melee ? "a hand-to-hand break test outside a round resolved by 'result'"
              : "whether a break test was due at shooting: a second test after one volley (the "
                "data's ambiguity break_tests_per_volley), a volley the engine did not resolve, or "
                "one "
                "whose test the rules leave open (the data's break_test_open)",
        a.span);
  f.integer(Given::casualty_difference, melee ? subtracted : 0);
  f.integer(Given::excess_casualties, melee ? 0 : subtracted);
  const rulesets::HigherGround above =
      melee ? enemy_above(cx, u) : rulesets::HigherGround{rulesets::Height::not_higher, {}};
  f.boolean(Given::enemy_on_higher_ground, above.height == rulesets::Height::higher);
  auto roll = cx.dice.take(d6s(2), a.roll(""), cx.checker, Check::break_test,
                           [&] { return fmt::format("break test of {}", cx.quoted(u)); });
  if (!roll) return;
  cx.checker.read_roll(d6s(2), *roll, [&] {
    replay::RollReading r;  // the higher, the better the chart's result
    r.side = cx.setup.units[u].side;
    r.what = fmt::format("break test of {}", cx.quoted(u));
    return r;
  });
  f.integer(Given::break_roll, roll->total);
  auto result = eval_int(f, Value::break_test_result, cx.checker);
  if (!result) return;
  const std::string stated = rulesets::data_word(a.stated.result, rulesets::WordCase::exact);
  // Where the engine cannot tell whether the enemy stands higher, the
  // chart's result the log states is taken.
  if (above.height == rulesets::Height::unsure) {
    Facts on_high = f;
    on_high.boolean(Given::enemy_on_higher_ground, true);
    const auto other = eval_int(on_high, Value::break_test_result, cx.checker);
    if (other && *other != *result) {
      cx.checker.not_checked(
          fmt::format("whether an enemy of {} fights from higher ground than it: {} (§ Test de "
                      "panique et situation spéciale, Position surélevée): the log's reading is "
                      "taken",
                      cx.quoted(u), above.why),
          a.span);
      if (stated == cx.rules.domain_value(Domain::break_result, *other)) {
        result = other;
        f = on_high;
      }
    }
  }
  const std::string chart(cx.rules.domain_value(Domain::break_result, *result));
  if (a.stated.result.empty()) {
    cx.checker.not_checked("a break test whose result the log does not state", a.span);
    return;
  }
  // "Confusion ou retraite": the tested unit's player picks one of the two
  // (switch hold_disordered_or_retire_choice).
  const bool picked =
      chart == "hold_disordered_or_retire" && (stated == "hold_disordered" || stated == "retire");
  // What the supports of an engaged unit owe by its result (§ Résultat du
  // test de panique au corps à corps, Déroute), with the round's difference.
  const auto owe_supports = [&] {
    if (!melee || !cx.rules.word(Given::tested_result, stated)) return;
    owe_support_disorder(cx, a, u, stated);
    if (due.known && due.due) {
      owe_support_tests(cx, a, u, stated, due.difference);
      if (cx.scratch.combat) cx.scratch.combat->tested.push_back(u);
    }
  };
  if (stated == chart || picked) {
    owe_outcome(cx, a, u, stated);
    owe_supports();
    return;
  }
  auto b =
      cx.checker.violation(Check::break_test, a.stated.span.valid() ? a.stated.span : a.span,
                           fmt::format("log says {}, the chart gives '{}' for {}", a.stated.result,
                                       rulesets::log_word(chart), cx.quoted(u)));
  b.note("2D6 {}{}, {}{}", roll->total,
         subtracted ? fmt::format(" less {}", subtracted) : std::string(),
         melee ? "hand to hand" : "shooting", shaken ? ", shaken" : "");
  for (const std::string& n : explain(f, Value::break_test_result)) b.note(n);
  // The replay goes on with the result the log states, as played.
  if (cx.rules.word(Given::tested_result, stated)) owe_outcome(cx, a, u, stated);
  owe_supports();
}

}  // namespace umpire::hail_caesar
