#include "engine/rulesets/wab/phases/break_test.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "engine/rulesets/wab/phases/following.hpp"
#include "engine/rulesets/wab/phases/leadership_roll.hpp"
#include "engine/rulesets/wab/phases/panic.hpp"

namespace umpire::wab {
namespace {

void forget_owed(Context& cx, UnitId u) {
  auto& owed = cx.scratch.owed_break_tests;
  owed.erase(std::remove_if(owed.begin(), owed.end(), [u](const auto& o) { return o.first == u; }),
             owed.end());
}

}  // namespace

void break_test(Context& cx, const Action& a) {
  if (a.actors.empty()) {
    follow(cx, a);
    return;
  }
  const UnitId u = a.actors.front();
  UnitState& st = cx.state.units[u];
  forget_owed(cx, u);
  // A test where none is due: why none is, and the sentence that says so.
  const auto refuse = [&](std::string_view why, std::string_view text) {
    cx.checker
        .violation(Check::break_test, a.span,
                   fmt::format("{} takes no break test: {}", cx.quoted(u), why))
        .note("{}", text);
    st.break_due = BreakDue::none;
  };
  switch (st.break_due) {
    case BreakDue::none:
      if (cx.models_standing(u) <= 0) {
        refuse("it has no model left",
               "§ Phase 4 : Combat au corps à corps: 'Indiquer les unités complètement détruites "
               "au combat'; § Tests de Moral: 'on tourne une figurine pour montrer que l'unité "
               "est en fuite'");
        return;
      }
      refuse("it did not lose the last round resolved",
             "§ Tests de Moral: 'Chaque unité qui perd un combat doit effectuer un test de "
             "moral'");
      return;
    case BreakDue::exempt:
      refuse("stubborn troops take none the first time they lose a round",
             "§ Obstiné (Stubborn): 'n'ont pas à faire de Test de Moral (break) la première "
             "fois qu'elles perdent un round de combat' (the data's break_procedure)");
      return;
    case BreakDue::without_test:
      refuse(
          "it breaks without one, beaten while fewer by an enemy that causes fear or by a "
          "charging Warband",
          "§ Tests de Moral, § Peur: 'rompt automatiquement (sans test de moral) si elle "
          "est moins nombreuse'; § Warbands 3: 'l'ennemi rate automatiquement son test de "
          "moral s'il est moins nombreux' (the data's break_procedure)");
      return;
    case BreakDue::unjudged:
      cx.checker.not_checked(
          "a break test after a round the log and the engine count differently (reported at its "
          "result)",
          a.span);
      st.break_due = BreakDue::none;
      st.break_tested = true;
      if (a.stated.passed && !*a.stated.passed) {
        st.fleeing = true;
        note_broken_in_combat(cx, u, a.span, "failed_break_test");
      }
      return;
    case BreakDue::stubborn_d6:
    case BreakDue::test:
      break;
  }
  const bool stubborn = st.break_due == BreakDue::stubborn_d6;
  const auto why = [&] {
    return std::vector<std::string>{
        stubborn ? std::string("§ Obstiné (Stubborn): stubborn troops that would break "
                               "automatically roll a D6 (the data's stubborn_against_auto_break)")
                 : fmt::format("its Leadership {} less the margin of the lost round, 10 for "
                               "hatred (the data's break_test_leadership)",
                               cx.setup.units[u].profile.leadership)};
  };
  const RolledTest t{Check::break_test,
                     stubborn ? Test::stubborn_against_auto_break : Test::break_test,
                     st.break_needed, "break test"};
  st.break_due = BreakDue::none;
  const std::optional<bool> passed = roll_test(cx, a, u, t, why);
  st.break_tested = true;
  // A failed break test breaks the unit: it flees (§ Tests de Moral).
  if (passed && !*passed) {
    st.fleeing = true;
    note_broken_in_combat(cx, u, a.span, "failed_break_test");
  }
  if (passed && *passed) st.passed_break = true;
}

void settle_break_tests(Context& cx) {
  for (const auto& [u, span] : cx.scratch.owed_break_tests) {
    if (cx.state.units[u].break_due == BreakDue::none) continue;
    cx.checker
        .violation(Check::break_test, span,
                   fmt::format("{} lost this round and takes no break test", cx.quoted(u)))
        .note(
            "§ Tests de Moral: 'Chaque unité qui perd un combat doit effectuer un test de "
            "moral'")
        .hint("write its test after the result: 'test {} break 2d6=… against {}'",
              cx.setup.units[u].id, cx.state.units[u].break_needed);
    cx.state.units[u].break_due = BreakDue::none;
  }
  cx.scratch.owed_break_tests.clear();
}

}  // namespace umpire::wab
