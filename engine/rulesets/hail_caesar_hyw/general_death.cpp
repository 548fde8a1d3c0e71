#include "engine/rulesets/hail_caesar_hyw/general_death.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"
#include "engine/rulesets/hail_caesar_hyw/unit_history.hpp"
#include "engine/rulesets/hail_caesar_hyw/written_test.hpp"

namespace umpire::hyw {

bool general_death(hail_caesar::Context& cx, const hail_caesar::Action& a, const HywItems& items) {
  using hail_caesar::ActionKind;
  if (a.kind != ActionKind::special || a.detail != "death-roll" || a.generals.empty()) return false;
  const hail_caesar::GeneralId g = a.generals.front();
  const std::string_view general = cx.setup.generals[g].id;
  const std::optional<std::size_t> now = current_action(cx);
  if (!now) return true;
  // The unit he joined last, and the casualties its saves took since.
  std::optional<hail_caesar::UnitId> unit;
  std::int64_t casualties = 0;
  for (std::size_t i = *now; i-- > 0;) {
    const hail_caesar::Action& s = cx.log[i];
    if (joins_combat(s) && s.generals.front() == g) {
      unit = s.targets.front();
      for (std::size_t j = i + 1; j < *now; ++j) {
        const hail_caesar::Action& v = cx.log[j];
        if (v.kind == ActionKind::save && !v.actors.empty() && v.actors.front() == *unit)
          casualties += v.stated.casualties.value_or(0);
      }
      break;
    }
  }
  hail_caesar::Facts f(cx.rules);
  const auto set = [&](Given given, const rules::Val& v) { f.data_given(items.given(given), v); };
  const bool ended =
      unit && (!cx.state.units[*unit].on_table || cx.state.units[*unit].engaged_with < 0);
  set(Given::general_joined_combat, rules::Val::boolean(unit.has_value()));
  set(Given::combat_ended, rules::Val::boolean(ended));
  set(Given::join_unit_casualties_this_combat,
      rules::Val::integer(std::clamp<std::int64_t>(casualties, 0, 30)));
  set(Given::join_unit_casualties_this_round,
      rules::Val::integer(std::clamp<std::int64_t>(casualties, 0, 30)));
  judge_due(
      f, items, Value::general_death_roll_due, Check::general_death, a.span,
      [&] {
        return fmt::format(
            "'{}' throws for his death, which is due only when the combat of the unit he joined "
            "ends and it took a casualty",
            general);
      },
      [&] {
        return !unit
                   ? std::string("he joined no unit")
                   : fmt::format("'{}' {}, {} casualties since he joined", cx.setup.units[*unit].id,
                                 ended ? "is out of combat" : "is still engaged", casualties);
      },
      cx.checker);
  const replay::WrittenRoll* written = a.roll("");
  const std::optional<WrittenTest> t =
      judge_written_test(cx.rules, items, Test::commander_hit_in_melee, written,
                         Check::general_death, "the death roll", cx.checker);
  if (!t) {
    if (!written || !written->roll)
      cx.checker.not_checked("a general's death roll whose dice the log does not write", a.span);
    return true;
  }
  compare_stated(a, t->passed, "dies", "survives", Check::general_death,
                 fmt::format("the death roll of '{}'", general), cx.checker);
  if (t->passed) {
    // "remplacer ce dernier par son subalterne avec une valeur de
    // commandement de 7" (004 § 3-b): the division's later orders, still
    // written by the general's id, are tested on the subordinate's
    // leadership (the data's replacement_leadership).
    const hail_caesar::Facts none(cx.rules);
    const std::optional<std::int64_t> leadership = rulesets::common::eval_value(
        rulesets::common::question(none), items.value(Value::replacement_leadership),
        items.value_name(Value::replacement_leadership), cx.checker, nullptr);
    if (leadership && *leadership > 0)
      cx.state.generals[g].replaced_leadership = static_cast<std::int32_t>(*leadership);
  }
  return true;
}

}  // namespace umpire::hyw
