#include "engine/rulesets/hail_caesar_hyw/stakes.hpp"

#include <fmt/format.h>

#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"
#include "engine/rulesets/hail_caesar_hyw/unit_history.hpp"
#include "engine/rulesets/hail_caesar_hyw/written_test.hpp"

namespace umpire::hyw {

bool plant_stakes(hail_caesar::Context& cx, const hail_caesar::Action& a, const HywItems& items) {
  if (!plants_stakes(a) || a.actors.empty()) return false;
  const hail_caesar::UnitId u = a.actors.front();
  // The unit's special rules, and whether it shot earlier this turn
  // (UnitFacts, from the statements already replayed).
  hail_caesar::Facts f(cx.rules);
  hail_caesar::fill_unit(cx, f, u);
  judge_due(
      f, items, RuleAction::plant_stakes, Check::stakes_plant, a.span,
      [&] { return fmt::format("{} planting stakes", cx.quoted(u)); }, cx.checker);
  cx.checker.not_checked(
      "whether archers may move in the turn they plant their stakes (gap stakes_duration, "
      "004_b7c666874e8df030.txt § 1-c)",
      a.span);
  return true;
}

}  // namespace umpire::hyw
