#include "engine/rulesets/hail_caesar_hyw/montjoie.hpp"

#include <fmt/format.h>

#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"
#include "engine/rulesets/hail_caesar_hyw/written_test.hpp"

namespace umpire::hyw {
namespace {

constexpr std::string_view kGap = "(gap montjoie_procedure, 004_b7c666874e8df030.txt § 1-c)";

}  // namespace

bool montjoie(hail_caesar::Context& cx, const hail_caesar::Action& a, const HywItems& items) {
  if (a.kind != hail_caesar::ActionKind::special || a.detail != "montjoie" || a.actors.empty())
    return false;
  const hail_caesar::UnitId u = a.actors.front();
  hail_caesar::Facts f(cx.rules);
  hail_caesar::fill_unit(cx, f, u);
  const std::optional<double> enemy = hail_caesar::nearest_enemy_distance(cx, u);
  // "à 18pcs ou moins": 18.2" is beyond, as inches begun count it.
  f.integer(hail_caesar::Given::enemy_distance,
            enemy ? hail_caesar::whole_inches_up(*enemy) : 1000);
  // Whose ground must be "dégagé" is not said: the knights' is taken as
  // open, and the question reported.
  f.word(hail_caesar::Given::unit_terrain, "open_ground");
  judge_due(
      f, items, Value::montjoie_roll_due, Check::montjoie, a.span,
      [&] {
        // The range the rule reads (montjoie_range), as the data has it.
        const std::optional<std::int64_t> range = rulesets::common::eval_value(
            rulesets::common::question(f), items.value(Value::montjoie_range),
            items.value_name(Value::montjoie_range), cx.checker, nullptr);
        return fmt::format(
            "{} throws the Montjoie roll, which is due only to a unit with Montjoie ! within "
            "{} of an enemy",
            cx.quoted(u), range ? fmt::format("{}\"", *range) : std::string("montjoie_range"));
      },
      [&] {
        return enemy ? fmt::format("the nearest enemy is {} away", tabletop::inches(*enemy))
                     : std::string("no enemy is on the table");
      },
      cx.checker);
  cx.checker.not_checked(
      fmt::format("which ground a Montjoie roll needs open, and when the roll is due {}", kGap),
      a.span);
  const replay::WrittenRoll* written = a.roll("");
  const std::optional<WrittenTest> t =
      judge_written_test(cx.rules, items, Test::montjoie_test, written, Check::montjoie,
                         "the Montjoie roll", cx.checker);
  if (!t) {
    if (!written || !written->roll)
      cx.checker.not_checked("a Montjoie roll whose dice the log does not write", a.span);
    return true;
  }
  compare_stated(a, t->passed, "double", "no-double", Check::montjoie, "the Montjoie roll",
                 cx.checker);
  if (t->passed)
    cx.checker.not_checked(
        fmt::format("the charge of a Montjoie double: how far it goes and when {}", kGap), a.span);
  return true;
}

}  // namespace umpire::hyw
