#include "engine/rulesets/wab/phases/facts.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/geometry/tabletop/measure.hpp"
#include "engine/rulesets/wab/phases/engagement.hpp"
#include "engine/rulesets/wab/phases/terrain_cost.hpp"

namespace umpire::wab {

void fill_strike(const Context& cx, Facts& f, UnitId self, UnitId target) {
  const UnitSetup& s = cx.setup.units[self];
  const UnitSetup& t = cx.setup.units[target];
  const UnitState& ss = cx.state.units[self];
  const UnitState& ts = cx.state.units[target];
  fill_self(cx, f, self);
  fill_enemy(cx, f, target);
  f.integer(Given::self_weapon_skill, s.profile.weapon_skill);
  f.integer(Given::self_ballistic_skill, s.profile.ballistic_skill);
  f.integer(Given::self_strength, s.profile.strength);
  f.boolean(Given::self_moved, ss.moved);
  f.set(Given::target_type, cx.rules.type(t.type));
  f.integer(Given::target_toughness, t.profile.toughness);
  f.integer(Given::target_weapon_skill, t.profile.weapon_skill);
  f.boolean(Given::target_charging, ts.charging);
  f.boolean(Given::target_single_model, cx.models_standing(target) == 1);
  f.boolean(Given::target_skirmishers, ts.formation == Formation::skirmish);
  f.word(Given::target_cover, "no_cover");
  f.word(Given::target_size, "normal_size");
  f.boolean(Given::target_moved_in_its_turn, ts.moved_in_its_turn);
  f.word(Given::target_behind, "no_obstacle");
  f.boolean(Given::target_charged_striker, ts.charged_unit == static_cast<std::int32_t>(self));
  f.set(Given::target_armour, cx.rules.armour(t.armour));
  f.set(Given::target_shield, cx.rules.shield(t.shield));
  f.set(Given::target_mount, cx.rules.mount(t.mount));
  // The striker's first round of close combat (§ Haine (Hatred): "Le
  // premier tour de corps à corps"): the combat's first, or the round a
  // unit that charged into a combat already fought joins it by its charge
  // (an engaged unit declares no charge, so it fought no round since).
  f.boolean(Given::combat_first_round,
            ss.round_side != 0 && (ss.round_number == 1 || ss.charging || ss.pursuit_charge == 2));
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
  f.word(Given::target_cover, strike.cover);
  f.integer(Given::self_shooting_models, shooting_models);
  return true;
}

bool carries(const UnitSetup& s, std::string_view word) {
  return std::find(s.weapons.begin(), s.weapons.end(), word) != s.weapons.end();
}

UnitId deepest(const Context& cx, std::span<const UnitId> side) {
  UnitId best = side.front();
  for (UnitId u : side)
    if (ranks_of_four(cx, u) > ranks_of_four(cx, best)) best = u;
  return best;
}

namespace {

void fill_deepest_unit(const Context& cx, Facts& f, UnitId u) {
  const UnitSetup& s = cx.setup.units[u];
  const UnitState& st = cx.state.units[u];
  f.set(Given::side_deepest_unit_type, cx.rules.type(s.type));
  f.integer(Given::side_deepest_unit_ranks_of_four, ranks_of_four(cx, u));
  const Ground ground = ground_under(cx, u);
  f.word(Given::side_deepest_unit_terrain, ground == Ground::very_difficult
                                               ? "very_difficult_terrain"
                                           : ground == Ground::difficult ? "difficult_terrain"
                                                                         : "open_ground");
  f.word(Given::side_deepest_unit_behind, "no_obstacle");
  f.set(Given::side_deepest_unit_special, cx.rules.special(s.special));
  f.boolean(Given::side_deepest_unit_fleeing, st.fleeing);
  f.boolean(Given::side_deepest_unit_skirmishers, st.formation == Formation::skirmish);
}

// A side's other facts, none of which the engine reads from the table yet.
void fill_side_as_none(Facts& f) {
  f.boolean(Given::side_charged_in_flank_or_rear_by_5_plus, false);
  f.boolean(Given::side_high_ground, false);
  f.boolean(Given::side_flank_attack, false);
  f.boolean(Given::side_second_flank_attack, false);
  f.boolean(Given::side_rear_attack, false);
  f.boolean(Given::side_rear_attack_by_5_plus, false);
  f.integer(Given::side_light_or_scythed_chariots_destroyed, 0);
  f.integer(Given::side_heavy_chariots_destroyed, 0);
  f.boolean(Given::combat_rough_ground_or_obstacle, false);
}

}  // namespace

std::int64_t ranks_of_four(const Context& cx, UnitId u) {
  const UnitSetup& s = cx.setup.units[u];
  const std::int64_t file = std::max<std::int64_t>(1, (s.models + s.ranks - 1) / s.ranks);
  const std::int64_t standing = cx.models_standing(u);
  const std::int64_t full = file >= 4 ? standing / file : 0;
  return full + (standing % file >= 4 ? 1 : 0);
}

bool round_on_rough_ground(const Context& cx) {
  for (std::size_t u = 0; u < cx.state.units.size(); ++u)
    if (cx.state.units[u].round_side != 0 &&
        ground_under(cx, static_cast<UnitId>(u)) != Ground::open)
      return true;
  return false;
}

void fill_self(const Context& cx, Facts& f, UnitId u) {
  const UnitSetup& s = cx.setup.units[u];
  const UnitState& st = cx.state.units[u];
  f.set(Given::self_type, cx.rules.type(s.type));
  f.set(Given::self_special, cx.rules.special(s.special));
  f.integer(Given::self_models, cx.models_standing(u));
  f.integer(Given::self_characters, 0);
  f.integer(Given::self_movement, s.profile.movement);
  f.integer(Given::self_leadership, s.profile.leadership);
  f.boolean(Given::self_skirmishers, st.formation == Formation::skirmish);
  f.boolean(Given::self_single_model, cx.models_standing(u) == 1);
  f.boolean(Given::self_fleeing, st.fleeing);
  f.boolean(Given::self_engaged, fights_an_enemy(cx, u));
  f.boolean(Given::self_charging, st.charging);
  // How far a charge reaches the sheet never says (gap charge_range): an
  // enemy is taken as out of charge range, frenzy then gives no immunity.
  f.boolean(Given::self_enemy_in_charge_range, false);
  f.boolean(Given::self_frenzy_lost, st.frenzy != Frenzy::kept);
  f.boolean(Given::self_fell_back_last_turn, st.fall_back_turn == 2);
  f.boolean(Given::self_lost_combat_before, st.lost_combat_before);
  f.boolean(Given::self_lost_round_of_this_combat_before, false);
  f.boolean(Given::self_overcame_terror, st.overcame_terror);
  f.boolean(Given::self_terror_test_taken, st.terror_tested);
  f.boolean(Given::self_terror_test_taken_against_this_enemy, false);
  f.boolean(Given::self_panicked_this_turn, st.panicked_this_turn);
  f.boolean(Given::self_falls_back_in_good_order, false);
  f.boolean(Given::self_failed_fear_test, st.failed_fear);
  f.word(Given::self_charge_response, st.fire_and_flee ? "fire_and_flee" : "flee");
}

namespace {

// A Warband's Leadership takes its rank bonus (§ Warbands): the rank bonus
// of § Résultat du combat, the unit on its own where it stands and, in a
// round, with the round's ground as its combat result read it; evaluated
// again only when what it reads has changed.
std::int64_t rank_bonus(const Context& cx, UnitId u) {
  const UnitState& st = cx.state.units[u];
  auto& cache = cx.scratch.rank_bonus;
  if (cache.size() < cx.setup.units.size()) cache.resize(cx.setup.units.size());
  Scratch::RankBonus& c = cache[u];
  const std::int64_t models = cx.models_standing(u);
  const bool rough = st.round_side != 0 && st.fought_this_turn && round_on_rough_ground(cx);
  if (c.models != models || c.fleeing != st.fleeing || c.formation != st.formation ||
      c.at.x() != st.at.x() || c.at.y() != st.at.y() || c.facing != st.facing || c.rough != rough) {
    Facts ranks(cx.rules);
    fill_deepest_unit(cx, ranks, u);
    fill_side_as_none(ranks);
    ranks.boolean(Given::combat_rough_ground_or_obstacle, rough);
    const auto bonus =
        rules::Evaluator(cx.rules.rs(), ranks.situation()).value(cx.rules.value(Value::rank_bonus));
    c = {models, st.fleeing, st.formation, st.at, st.facing, rough, bonus ? bonus->number : 0};
  }
  return c.bonus;
}

}  // namespace

std::optional<rules::Val> Facts::fact_on_demand(Given g) const {
  if (!context_) return std::nullopt;
  if (g == Given::self_rank_bonus && rank_unit_)
    return rules::Val::integer(rank_bonus(*context_, *rank_unit_));
  if (g == Given::enemy_distance && distance_)
    return rules::Val::integer(whole_inches_up(tabletop::distance(
        context_->footprint(distance_->first), context_->footprint(distance_->second),
        tabletop::Measure::closest_edges)));
  return std::nullopt;
}

void fill_unit(const Context& cx, Facts& f, UnitId u) {
  fill_self(cx, f, u);
  f.rank_bonus_when_read(cx, u);
}

void fill_enemy(const Context& cx, Facts& f, UnitId enemy) {
  const UnitSetup& e = cx.setup.units[enemy];
  const UnitState& es = cx.state.units[enemy];
  f.set(Given::enemy_type, cx.rules.type(e.type));
  f.integer(Given::enemy_models, cx.models_standing(enemy));
  f.integer(Given::enemy_movement, e.profile.movement);
  f.set(Given::enemy_special, cx.rules.special(e.special));
  f.boolean(Given::enemy_charged_this_turn, es.charging);
  f.boolean(Given::enemy_began_combat_by_charging, es.charging);
  // The log names no hated enemy: a unit with Hatred hates whom it fights.
  f.boolean(Given::enemy_hated, true);
  f.boolean(Given::enemy_fleeing, es.fleeing);
}

void fill_side(const Context& cx, Facts& f, std::span<const UnitId> side, std::int64_t wounds) {
  f.integer(Given::side_wounds_inflicted, wounds);
  fill_deepest_unit(cx, f, deepest(cx, side));
  bool unit_standard = false, army_standard = false;
  for (UnitId u : side) {
    unit_standard = unit_standard || carries(cx.setup.units[u], "standard");
    army_standard = army_standard || carries(cx.setup.units[u], "army_standard");
  }
  f.boolean(Given::side_unit_standard, unit_standard);
  f.boolean(Given::side_army_standard, army_standard);
  fill_side_as_none(f);
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
