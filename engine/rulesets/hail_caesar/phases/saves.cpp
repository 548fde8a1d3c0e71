#include "engine/rulesets/hail_caesar/phases/saves.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/rulesets/hail_caesar/phases/dice.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar/phases/following.hpp"

namespace umpire::hail_caesar {
void save(Context& cx, const Action& a) {
  const std::optional<PendingHits> pending = cx.scratch.hits;
  // A save right after a strike the engine refused or did not resolve
  // (its hits unknown): followed as written. A support's hits strike the
  // enemy of the unit it supports, which the statement does not name.
  const auto& named = cx.scratch.last_named;
  const bool after_strike =
      cx.scratch.last_struck &&
      (a.actors.empty() || cx.scratch.last_names_not_target ||
       std::find(named.begin(), named.end(), a.actors.front()) != named.end());
  if (a.actors.empty() || (!pending && after_strike)) {
    follow(cx, a);
    return;
  }
  if (!pending || pending->target != a.actors.front()) {
    // A save away from its hits: the break test between them was judged
    // without it. Refused, and its stated casualties are taken.
    cx.checker
        .violation(Check::save_order, a.span,
                   pending ? fmt::format("the save of {} follows hits that {} took",
                                         cx.quoted(a.actors.front()), cx.quoted(pending->target))
                           : fmt::format("the save of {} follows no shot, attack or support that "
                                         "hit it",
                                         cx.quoted(a.actors.front())))
        .note(
            "§ TEST DE PANIQUE: the test reads the casualties left after saves ('les blessures "
            "en excès', 'la différence de blessures'), so a save is written right after the "
            "hits it saves");
    if (a.stated.casualties)
      cx.state.units[a.actors.front()].casualties +=
          static_cast<std::int32_t>(std::max<std::int64_t>(0, *a.stated.casualties));
    return;
  }
  cx.scratch.hits.reset();
  const UnitId u = a.actors.front();
  const UnitSetup& s = cx.setup.units[u];
  Facts f(cx.rules);
  fill_unit(cx, f, u);
  f.boolean(Given::unit_has_save, s.stats.morale_save.has_value());
  if (s.stats.morale_save) f.integer(Given::unit_morale_save, *s.stats.morale_save);
  // The data reads the weapon for its artillery lines only: in hand to
  // hand no missile strikes, and javelins stand for "no artillery".
  f.word(Given::shot_weapon, pending->weapon.empty() ? "javelins" : pending->weapon);
  // A save written without dice is a unit that rolls none: asked quietly.
  const bool may_roll =
      a.roll("")
          ? check_permissions(f, RuleAction::roll_save, cx.checker, a.span, Check::save_not_allowed,
                              [&] { return fmt::format("{} rolling a morale save", cx.quoted(u)); })
          : verdict(f, RuleAction::roll_save) != rules::Verdict::forbidden;
  std::int64_t saves = 0;
  if (may_roll && pending->hits > 0) {
    auto roll = cx.dice.take(d6s(pending->hits), a.roll(""), cx.checker, Check::save_dice,
                             [&] { return fmt::format("morale saves of {}", cx.quoted(u)); });
    const auto test = eval_test(f, Test::morale_save, cx.checker);
    if (!roll || !test) return;
    cx.checker.read_roll(d6s(pending->hits), *roll, [&] {
      return replay::dice_at_least(static_cast<std::int32_t>(test->needed), cx.setup.units[u].side,
                                   fmt::format("morale saves of {}", cx.quoted(u)));
    });
    const NaturalFaces naturals = natural_faces(f, Test::morale_save);
    for (const auto& die : roll->dice)
      if (die_succeeds(naturals, *test, die.faces.face())) ++saves;
    saves += rerolled_successes(cx, a, *test, naturals,
                                static_cast<std::int64_t>(roll->dice.size()) - saves,
                                Check::save_dice, fmt::format("the saves of {}", cx.quoted(u)));
    const auto notes = [&] { return explain(f, Test::morale_save); };
    saves = cx.checker.outcome(Check::save_saves, a.stated.span.valid() ? a.stated.span : a.span,
                               "saves", a.stated.saves, saves, notes);
  } else if (!may_roll && a.roll("")) {
    // Reported: the replay goes on with the casualties the log states.
    cx.state.units[u].casualties += static_cast<std::int32_t>(
        std::max<std::int64_t>(0, a.stated.casualties.value_or(pending->hits)));
    return;
  }
  const std::int64_t casualties =
      cx.checker.outcome(Check::save_saves, a.stated.span.valid() ? a.stated.span : a.span,
                         "casualties", a.stated.casualties, pending->hits - saves);
  cx.state.units[u].casualties += static_cast<std::int32_t>(std::max<std::int64_t>(0, casualties));
}

}  // namespace umpire::hail_caesar
