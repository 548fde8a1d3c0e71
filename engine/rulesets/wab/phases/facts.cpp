#include "engine/rulesets/wab/phases/facts.hpp"

#include <cmath>
#include <limits>

namespace umpire::wab {

void fill_strike(const Context& cx, Facts& f, UnitId self, UnitId target) {
  const UnitSetup& s = cx.setup.units[self];
  const UnitSetup& t = cx.setup.units[target];
  const UnitState& ss = cx.state.units[self];
  const UnitState& ts = cx.state.units[target];
  f.set(Given::self_type, cx.rules.type(s.type));
  f.set(Given::self_special, cx.rules.special(s.special));
  f.integer(Given::self_models, cx.models_standing(self));
  f.integer(Given::self_weapon_skill, s.profile.weapon_skill);
  f.integer(Given::self_ballistic_skill, s.profile.ballistic_skill);
  f.integer(Given::self_strength, s.profile.strength);
  f.boolean(Given::self_moved, ss.moved);
  f.boolean(Given::self_failed_fear_test, false);
  f.set(Given::target_type, cx.rules.type(t.type));
  f.integer(Given::target_toughness, t.profile.toughness);
  f.integer(Given::target_weapon_skill, t.profile.weapon_skill);
  f.boolean(Given::target_charging, ts.charging);
  f.boolean(Given::target_single_model, cx.models_standing(target) == 1);
  f.boolean(Given::target_skirmishers, ts.formation == Formation::skirmish);
  f.word(Given::target_cover, "no_cover");
  f.word(Given::target_size, "normal_size");
  f.boolean(Given::target_moved_this_turn, ts.moved);
  f.word(Given::target_behind, "no_obstacle");
  f.set(Given::target_armour, cx.rules.armour(t.armour));
  f.set(Given::target_shield, cx.rules.shield(t.shield));
  f.set(Given::target_mount, cx.rules.mount(t.mount));
  f.integer(Given::enemy_models, cx.models_standing(target));
  f.set(Given::enemy_special, cx.rules.special(t.special));
  f.boolean(Given::combat_first_round, false);
}

bool fill_shot(const Context& cx, Facts& f, const Strike& strike, std::int64_t shooting_models) {
  const std::optional<rules::Val> weapon = cx.rules.missile_weapon(strike.weapon);
  if (!weapon) return false;
  f.set(Given::self_weapon, *weapon);
  f.boolean(Given::self_marching, cx.state.units[strike.striker].marched);
  f.boolean(Given::self_reformed, cx.state.units[strike.striker].reformed);
  // Terrain and arcs are not checked yet (the caller says so).
  f.integer(Given::shot_wood_inches_crossed, 0);
  f.boolean(Given::shot_in_fire_arc, true);
  f.integer(Given::shot_distance, strike.distance);
  f.integer(Given::self_shooting_models, shooting_models);
  return true;
}

std::int64_t whole_inches_up(double d) {
  if (!(d < 1e9)) return std::numeric_limits<std::int32_t>::max();
  return static_cast<std::int64_t>(std::ceil(std::max(0.0, d) - 0.001));
}

std::int64_t successes(const dice::Roll& roll, const rules::TestResult& test) {
  std::int64_t n = 0;
  for (const auto& die : roll.dice)
    if (die.faces.face() >= test.needed) ++n;
  return n;
}

}  // namespace umpire::wab
