#include "engine/rulesets/hail_caesar_hyw/opportunity.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"
#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar_hyw/checks.hpp"

namespace umpire::hyw {
namespace {

using hail_caesar::Action;
using hail_caesar::ActionKind;
using hail_caesar::UnitId;

bool is_opportunity_shot(const hail_caesar::Engine& game, const Action& a) {
  if (a.kind != ActionKind::shoot || a.actors.empty() || a.targets.empty()) return false;
  return a.phase != hail_caesar::Phase::shooting ||
         game.setup().units[a.actors.front()].side != a.side;
}

// How much of the shooter's front the target's leader went across, ahead
// of it, from `from` to `to` (the shooter's own frame): "La cible doit
// parcourir au moins la moitié du front du tireur".
double front_crossed(const tabletop::Footprint& shooter, tabletop::Point from, tabletop::Point to) {
  const tabletop::Local a = shooter.to_local(from), b = shooter.to_local(to);
  const double half = shooter.frontage() / 2.0;
  const double lo = std::max(-half, std::min(a.lateral, b.lateral));
  const double hi = std::min(half, std::max(a.lateral, b.lateral));
  if (hi <= lo || a.lateral == b.lateral) return 0.0;
  // The part of the way within the front's width must lie ahead of it.
  const auto forward_at = [&](double lateral) {
    const double t = (lateral - a.lateral) / (b.lateral - a.lateral);
    return a.forward + t * (b.forward - a.forward);
  };
  if (forward_at(lo) <= 0.0 || forward_at(hi) <= 0.0) return 0.0;
  return hi - lo;
}

}  // namespace

void MoveStarts::before(const hail_caesar::Engine& game, std::size_t now) {
  const Action& a = game.action(now);
  if (a.kind != ActionKind::move && a.kind != ActionKind::charge) return;
  if (from_.size() != game.setup().units.size()) from_.resize(game.setup().units.size());
  for (UnitId u : a.actors) {
    const hail_caesar::UnitState& st = game.state().units[u];
    if (st.on_table) from_[u] = st.footprint(game.setup().units[u]);
  }
}

void check_opportunity_shot(const hail_caesar::Engine& game, const Binding& rules,
                            const MoveStarts& starts, std::size_t now,
                            replay::EventChecker& checker) {
  const Action& a = game.action(now);
  if (!is_opportunity_shot(game, a)) return;
  const UnitId u = a.actors.front(), t = a.targets.front();
  const hail_caesar::Setup& setup = game.setup();
  const hail_caesar::UnitState& su = game.state().units[u];
  const hail_caesar::UnitState& st = game.state().units[t];
  if (!su.on_table || !st.on_table) return;  // the base engine reports it
  const tabletop::Footprint shooter = su.footprint(setup.units[u]);
  const tabletop::Footprint target = st.footprint(setup.units[t]);
  const tabletop::Footprint* from = starts.of(t);
  const double crossed = from ? front_crossed(shooter, from->leader(), target.leader()) : 0.0;
  // "à moins de 12'": where the target ends its move, closest edges, whole
  // inches (11.9" is under 12).
  const double distance = tabletop::distance(shooter, target, tabletop::Measure::closest_edges);
  const HywItems& items = rules.facts->items();
  hail_caesar::Facts f(rules.base);
  f.data_given(items.given(Given::unit_has_long_range),
               rules::Val::boolean(setup.units[u].stats.long_range.value_or(0) > 0));
  f.data_given(
      items.given(Given::target_crossing_distance),
      rules::Val::integer(std::min<std::int64_t>(hail_caesar::whole_inches(distance), 96)));
  f.data_given(items.given(Given::target_crossed_half_front),
               rules::Val::boolean(crossed + 1e-6 >= shooter.frontage() / 2.0));
  rulesets::common::check_permissions(
      rulesets::common::question(f), items.permissions(RuleAction::opportunity_shot),
      items.action_name(RuleAction::opportunity_shot), checker, a.span, Check::opportunity_shot,
      [&] {
        return fmt::format(
            "'{}' shooting out of its shooting phase (an opportunity shot) at '{}', {} away, "
            "which went across {} of its {} front",
            setup.units[u].id, setup.units[t].id, tabletop::inches(distance),
            tabletop::inches(crossed), tabletop::inches(shooter.frontage()));
      });
}

}  // namespace umpire::hyw
