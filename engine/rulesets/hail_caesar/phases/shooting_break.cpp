#include "engine/rulesets/hail_caesar/phases/shooting_break.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "engine/rulesets/hail_caesar/phases/facts.hpp"

namespace umpire::hail_caesar {
namespace {

bool listed(const UnitList& list, UnitId u) {
  return std::find(list.begin(), list.end(), u) != list.end();
}

// The phases whose shots call for break tests: the shooting phase's, and
// the closing shots of the movement phase.
bool shot_phase(Phase p) {
  return p == Phase::shooting || p == Phase::movement;
}

bool owed_already(const Context& cx, UnitId u) {
  return std::any_of(cx.scratch.due_tests.begin(), cx.scratch.due_tests.end(),
                     [&](const DueTest& d) { return d.shooting && d.unit == u; });
}

void owe(Context& cx, const Action& a, UnitId u, std::string why) {
  if (owed_already(cx, u)) return;
  cx.scratch.due_tests.push_back({u, 0, a.span, true, std::move(why)});
  mark_debts(cx, a);
}

// The data's break_test_due for a volley, read from the shooter's facts:
// its to-hit score is the shooter's. Each trigger is asked alone: the
// natural 6s with no casualties, which leaves the shooter's own state in
// place for the score; the casualties with no natural 6, the target's
// state standing in for the shooter's (the score no longer counts).
// `which` is break_test_due, or break_test_open: whether the rules leave
// the question open for this shot (a variant's reading question).
bool volley_calls_for_test(Context& cx, Facts f, std::optional<bool> target_shaken,
                           std::int64_t casualties, std::int64_t natural_sixes,
                           Value which = Value::break_test_due) {
  f.word(Given::break_context, "shooting");
  if (target_shaken) f.boolean(Given::unit_shaken, *target_shaken);
  f.integer(Given::volley_casualties, casualties);
  f.integer(Given::natural_sixes, natural_sixes);
  f.integer(Given::casualty_difference, 0);
  const auto v = eval_int(f, which, cx.checker);
  return v && *v != 0;
}

}  // namespace

void note_volley(Context& cx, const Action& a, UnitId target, const Facts& shot,
                 std::int64_t natural_sixes) {
  if (!shot_phase(a.phase) || natural_sixes == 0) return;
  if (!volley_calls_for_test(cx, shot, std::nullopt, 0, natural_sixes)) {
    // A test the rules leave open (HYW 8-a's one natural 6 of closing or
    // opportunity shots: switch natural_six_shot_kinds) is neither owed
    // nor refused.
    if (!volley_calls_for_test(cx, shot, std::nullopt, 0, natural_sixes, Value::break_test_open))
      return;
    cx.checker.not_checked(
        "whether a natural 6 to hit of closing or opportunity shots calls for a break test: the "
        "variant's text leaves it open (the data's break_test_open)",
        a.span);
    if (!listed(cx.scratch.volley_unresolved, target))
      cx.scratch.volley_unresolved.push_back(target);
    mark_debts(cx, a);
    return;
  }
  const auto needed = eval_int(shot, Value::shooting_needed, cx.checker);
  owe(cx, a, target,
      fmt::format("the shot rolled {} natural 6{} needing {}+", natural_sixes,
                  natural_sixes == 1 ? "" : "s", needed.value_or(0)));
}

void forgive_shooting_test(Context& cx, UnitId u) {
  std::erase_if(cx.scratch.due_tests, [&](const DueTest& d) { return d.shooting && d.unit == u; });
}

void note_unresolved_volley(Context& cx, const Action& a, UnitId target) {
  if (!shot_phase(a.phase)) return;
  if (!listed(cx.scratch.volley_unresolved, target)) cx.scratch.volley_unresolved.push_back(target);
  mark_debts(cx, a);
}

void note_volley_casualties(Context& cx, const Action& a, UnitId u, const Facts* volley,
                            std::int64_t taken) {
  if (!shot_phase(a.phase)) return;
  if (!volley) {
    note_unresolved_volley(cx, a, u);
    return;
  }
  const UnitState& st = cx.state.units[u];
  if (!st.on_table || taken <= 0 || !volley_calls_for_test(cx, *volley, st.shaken, taken, 0))
    return;
  owe(cx, a, u,
      fmt::format("it took {} casualt{} and is shaken ({} of stamina {})", taken,
                  taken == 1 ? "y" : "ies", st.casualties,
                  cx.setup.units[u].stats.stamina.value_or(0)));
}

BreakDue take_shooting_test(Context& cx, const Action& a, UnitId u) {
  auto& due = cx.scratch.due_tests;
  for (auto it = due.begin(); it != due.end(); ++it)
    if (it->shooting && it->unit == u) {
      due.erase(it);
      cx.scratch.volley_tested.push_back(u);
      return {true, true, 0};
    }
  if (listed(cx.scratch.volley_tested, u) || listed(cx.scratch.volley_unresolved, u)) return {};
  cx.checker
      .violation(Check::break_due, a.span,
                 fmt::format("{} takes a break test no shot of this phase calls for", cx.quoted(u)))
      .note(
          "§ Le test à lieu quand: at shooting, a unit shaken by the shot's casualties or "
          "shaken already, a natural 6 to hit needing 5 or less, two needing 6 or more (the "
          "data's break_test_due)");
  return {true, false, 0};
}

}  // namespace umpire::hail_caesar
