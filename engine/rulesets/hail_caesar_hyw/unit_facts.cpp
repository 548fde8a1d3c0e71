// The givens 004_b7c666874e8df030.txt adds to the base sheet's, stated for
// one unit: its profile and special rules (§ 2-b, § 1-c), the unit it
// shoots or fights and the one whose hits it saves (their special rules,
// whether the hits are shots), and what the log's earlier statements say
// of it (stakes planted, shot this turn, the face its charge was written
// on, a general joined), and the face a shot strikes. The facts the engine
// does not track (dismounted archers) take the common case and are
// reported `not checked` by the procedures of procedures.cpp.
#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/tabletop/charge.hpp"
#include "engine/rulesets/common/evaluation.hpp"
#include "engine/rulesets/common/shot_target.hpp"
#include "engine/rulesets/common/tabletop_reading.hpp"
#include "engine/rulesets/hail_caesar/context.hpp"
#include "engine/rulesets/hail_caesar/phases/facts.hpp"
#include "engine/rulesets/hail_caesar_hyw/general_death.hpp"
#include "engine/rulesets/hail_caesar_hyw/levy.hpp"
#include "engine/rulesets/hail_caesar_hyw/montjoie.hpp"
#include "engine/rulesets/hail_caesar_hyw/rally.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"
#include "engine/rulesets/hail_caesar_hyw/staff_reroll.hpp"
#include "engine/rulesets/hail_caesar_hyw/stakes.hpp"
#include "engine/rulesets/hail_caesar_hyw/unit_history.hpp"
#include "engine/rulesets/hail_caesar_hyw/victor_move.hpp"

namespace umpire::hyw {
namespace {

using hail_caesar::Action;
using hail_caesar::ActionKind;
using hail_caesar::Context;
using hail_caesar::UnitId;

rules::Val special_of(const Context& cx, UnitId u) {
  return special_rules(cx.rules.rs(), cx.setup.units[u]);
}

}  // namespace

rules::Val special_rules(const rules::Ruleset& rs, const hail_caesar::UnitSetup& unit) {
  const std::optional<std::uint32_t> p = unit.profile;
  if (!p) return rules::Val::set(0);
  const rules::Profile& profile = rs.profiles[*p];
  const std::optional<std::uint32_t> field = rs.records[profile.record].find("special");
  if (!field || *field >= profile.values.size()) return rules::Val::set(0);
  return profile.values[*field];
}

// The target of `u`'s shot in its arc (the data's unit_vision_arc, from
// `f`'s unit.special) and the nearest enemy it sees there (4-b, 6-a). An
// arc the geometry has no shape for is reported, and the target taken as
// allowed.
rulesets::ShotTarget UnitFacts::shot_target(const Context& cx, const hail_caesar::Facts& f,
                                            UnitId u, UnitId t) const {
  const std::optional<std::int64_t> degrees = value(cx, f, Value::unit_vision_arc);
  std::optional<tabletop::Arc> arc;
  if (degrees == 360) arc = tabletop::Arc::all_round;
  if (degrees == 180) arc = tabletop::Arc::front_half_plane;
  if (degrees == 90) arc = tabletop::Arc::front_90;
  if (!arc) {
    cx.checker.not_checked("the arc a unit shoots in: the data's unit_vision_arc has no shape",
                           cx.checker.event_span());
    return {};
  }
  // The data's enemy_ignored_as_nearest, asked of each enemy nearer than
  // the target: its special rules and whether it is engaged.
  const auto ignored = [&](UnitId e) {
    hail_caesar::Facts ef(cx.rules);
    ef.data_given(items_.given(Given::unit_special), special_of(cx, e));
    ef.boolean(hail_caesar::Given::unit_engaged, cx.state.units[e].engaged_with >= 0);
    const std::optional<std::int64_t> v = value(cx, ef, Value::enemy_ignored_as_nearest);
    return v && *v != 0;
  };
  return rulesets::judge_shot_target(cx, u, t, *arc, cx.scratch.tolerance, ignored);
}

void UnitFacts::fill_unit(const Context& cx, hail_caesar::Facts& f, UnitId u) const {
  const auto set = [&](Given g, const rules::Val& v) { f.data_given(items_.given(g), v); };
  const auto flag = [&](Given g, bool v) { set(g, rules::Val::boolean(v)); };
  if (const std::optional<std::uint32_t> p = cx.setup.units[u].profile)
    set(Given::unit_profile, rules::Val::profile(*p));
  set(Given::unit_special, special_of(cx, u));
  const std::optional<std::size_t> now = current_action(cx);
  const History h(cx, now.value_or(0));
  const auto& combat = cx.scratch.combat;
  flag(Given::unit_stakes_planted, now && h.stakes_planted(u));
  flag(Given::unit_planting_stakes, now && h.planting_stakes(u));
  flag(Given::unit_shot_this_turn, now && h.shot_this_turn(u));
  flag(Given::unit_ordered_this_phase, now && h.ordered_this_turn(u));
  set(Given::unit_moves_this_turn, rules::Val::integer(now ? h.moves_this_turn(u) : 0));
  // In the movement phase a support of a combat still fought is still in
  // support (5-b: it takes no order; 7-a: it does not move); the combat
  // phase states its own supports.
  if (now && cx.log[*now].phase == hail_caesar::Phase::movement && h.supports_a_combat(u))
    f.boolean(hail_caesar::Given::unit_supporting, true);
  flag(Given::unit_breakthrough_this_turn, now && h.pursued_this_turn(u));
  // 7-h, 7-i: a move after a combat, written as a move of the combat phase
  // or a breakthrough (`pursue`), read from the unit's last round and where
  // the move ends.
  const bool after_combat =
      now && !cx.log[*now].actors.empty() && cx.log[*now].actors.front() == u &&
      cx.log[*now].phase == hail_caesar::Phase::combat &&
      (cx.log[*now].kind == ActionKind::move || cx.log[*now].kind == ActionKind::pursue);
  const CombatStanding standing =
      after_combat ? combat_standing(cx.log, cx.setup, cx.state, *now, u, cx.scratch.tolerance)
                   : CombatStanding{};
  flag(Given::unit_won_combat, standing.won);
  flag(Given::unit_enemies_destroyed, standing.enemies_destroyed);
  flag(Given::move_in_front_arc, after_combat && ends_in_front_arc(cx.footprint(u), cx.log[*now]));
  flag(Given::move_makes_way,
       after_combat && cx.log[*now].kind == ActionKind::move &&
           makes_way_for(cx.log, cx.setup, cx.state, cx.scratch, *now, u).has_value());
  // The supports written for it earlier in this round (7-d).
  set(Given::unit_supports_received,
      rules::Val::integer(combat ? std::count(combat->supported.begin(), combat->supported.end(), u)
                                 : 0));
  // 5-k, 7-d: a support touches the unit it supports (socle à socle).
  const bool supports_now = now && cx.log[*now].kind == ActionKind::support &&
                            !cx.log[*now].actors.empty() && cx.log[*now].actors.front() == u &&
                            !cx.log[*now].targets.empty();
  flag(Given::support_touches_supported,
       !supports_now ||
           tabletop::in_contact(cx.footprint(u), cx.footprint(cx.log[*now].targets.front()),
                                cx.scratch.tolerance));
  flag(Given::unit_joined_combat_this_round, false);
  // 3-b: a general fighting with the unit lends it his dice.
  flag(Given::general_joined_combat,
       now && cx.state.units[u].engaged_with >= 0 && h.general_joined(u));
  flag(Given::unit_dismounted, false);
  // 1-c Montjoie !: a double rolled earlier in its turn, its charge not
  // made yet (a unit already engaged has no charge to make).
  flag(Given::unit_montjoie_double,
       now && cx.state.units[u].engaged_with < 0 && montjoie_double_pending(cx.log, *now, u));
  // 1-c Levy: its test of the turn ending (the end of a turn is read as
  // the next begins, the state still in the turn ended).
  flag(Given::unit_levy_test_passed, now && h.levy_test_passed(u, cx.state.turn, cx.state.side));
  flag(Given::command_rolled_before_order, false);
  flag(Given::shot_through_interval, false);
  set(Given::shot_gap_mm, rules::Val::integer(0));
  // The round being fought, as the engine counts it (combat.cpp).
  set(Given::combat_round, rules::Val::integer(combat ? combat->round : 1));
  // The other side of the statement: the unit shot at, charged or fought,
  // or the one whose hits `u` saves.
  std::optional<UnitId> target, attacker;
  bool against_shooting = false;
  if (now) {
    const Action& a = cx.log[*now];
    if ((a.kind == ActionKind::shoot || a.kind == ActionKind::attack ||
         a.kind == ActionKind::charge) &&
        !a.targets.empty() && !a.actors.empty() && a.actors.front() == u)
      target = a.targets.front();
    if (a.kind == ActionKind::save && *now > 0) {
      const Action& hit = cx.log[*now - 1];
      if (!hit.actors.empty()) attacker = hit.actors.front();
      against_shooting = hit.kind == ActionKind::shoot ||
                         (hit.kind == ActionKind::respond && hit.detail == "closing-shots");
    }
  }
  set(Given::target_special, target ? special_of(cx, *target) : rules::Val::set(0));
  // The face written on the charge that brought the two together, checked
  // against the table by hc.charge.side; a face not written is taken as
  // the front.
  const std::optional<UnitId> other = target ? target : attacker;
  const std::string_view face = now && other ? h.charge_face(u, *other) : std::string_view{};
  flag(Given::charge_frontal, face != "flank" && face != "rear");
  const rulesets::ShotTarget aim = target && cx.log[*now].kind == ActionKind::shoot
                                       ? shot_target(cx, f, u, *target)
                                       : rulesets::ShotTarget{};
  flag(Given::target_in_vision_arc, aim.in_arc);
  flag(Given::target_nearest_visible, aim.nearest);
  flag(Given::target_seen, aim.seen);
  // "à moins de la moitié de la portée" (6-b): whole inches, down.
  set(Given::shot_nearest_enemy_distance,
      rules::Val::integer(
          std::min<std::int64_t>(hail_caesar::whole_inches(aim.nearest_distance), 200)));
  flag(Given::target_stakes_planted, target && h.stakes_planted(*target));
  set(Given::attacker_special, attacker ? special_of(cx, *attacker) : rules::Val::set(0));
  flag(Given::attacker_charged, attacker && cx.state.units[*attacker].charged);
  flag(Given::save_against_shooting, against_shooting);
  // Pavise's "tirs de face" (1-c): the shooter's leader in the front zone
  // of the unit it hits, the zones a charge's face is read in (5-j: "dans
  // l'arc frontal de la cible"); shots measure from the leader (6-a).
  flag(Given::shot_from_front,
       !against_shooting || !attacker ||
           tabletop::charged_side(cx.footprint(u), cx.footprint(*attacker),
                                  tabletop::ZoneRule::diagonals,
                                  tabletop::ZoneReference::leader) == tabletop::Zone::front);
}

// The base breaks a unit at twice its stamina; 004 removes it at 10
// casualties too (§ 2-b), as the switch unit_removal_threshold reads the two
// passages: the data's unit_removed decides.
std::optional<bool> UnitFacts::removed(const Context& cx, const hail_caesar::Facts& f) const {
  const std::optional<std::int64_t> v = value(cx, f, Value::unit_removed);
  return v && *v != 0;
}

std::optional<std::int64_t> UnitFacts::shooting_excess(const Context& cx,
                                                       const hail_caesar::Facts& f) const {
  return value(cx, f, Value::shooting_excess_casualties);
}

std::optional<bool> UnitFacts::countercharge_disorders(const Context& cx,
                                                       const hail_caesar::Facts& f) const {
  const std::optional<std::int64_t> v = value(cx, f, Value::countercharge_disorders_charger);
  if (!v) return std::nullopt;
  return *v != 0;
}

std::optional<bool> UnitFacts::charge_disorders(const Context& cx,
                                                const hail_caesar::Facts& f) const {
  const std::optional<std::int64_t> v = value(cx, f, Value::charger_disordered_by_pike_or_stakes);
  if (!v) return std::nullopt;
  return *v != 0;
}

// The roll judged the knights' ground open (montjoie.cpp): so does the
// charge it calls for.
std::optional<bool> UnitFacts::charges_disordered(const Context& cx,
                                                  const hail_caesar::Facts& f) const {
  hail_caesar::Facts m = f;
  m.word(hail_caesar::Given::unit_terrain, "open_ground");
  const std::optional<std::int64_t> v = value(cx, m, Value::montjoie_disorders_unit);
  if (!v) return std::nullopt;
  return *v != 0;
}

std::optional<std::int64_t> UnitFacts::casualties_after_turn(const Context& cx,
                                                             const hail_caesar::Facts& f) const {
  return value(cx, f, Value::casualties_after_end_phase);
}

std::optional<std::int64_t> UnitFacts::combat_phase_moves(const Context& cx,
                                                          const hail_caesar::Facts& f) const {
  return value(cx, f, Value::move_after_combat_moves);
}

std::string UnitFacts::combat_phase_moves_reason(const Context& cx,
                                                 const hail_caesar::Facts& f) const {
  const std::optional<std::int64_t> most = value(cx, f, Value::breakthrough_max_moves);
  const std::optional<std::int64_t> got = value(cx, f, Value::move_after_combat_moves);
  if (most && got && *got >= *most)
    return fmt::format(
        "a breakthrough: {} moves at most, in the unit's front arc (004 § 7-i, "
        "breakthrough_max_moves)",
        *most);
  return fmt::format(
      "a victor's move: {} move{} (004 § 7-h, victor_move_moves); a breakthrough of {} moves only "
      "for a victor, not shaken nor disordered, whose enemies were all destroyed, once a turn, "
      "ending in its front arc (7-i)",
      got.value_or(0), got == 1 ? "" : "s", most.value_or(0));
}

void UnitFacts::moved_after_combat(Context& cx, const Action& a, UnitId u) const {
  recontact_after_move(cx, a, u);
}

double UnitFacts::order_base_radius(const Context& cx) const {
  const hail_caesar::Facts none(cx.rules);
  const std::optional<std::int64_t> mm = value(cx, none, Value::order_distance_general_base_mm);
  // The edge of a round base is half its diameter from the general.
  return mm ? static_cast<double>(*mm) / 2.0 / rulesets::kMillimetresPerInch : 0.0;
}

// The procedures of 004 for statements the base sheet has none for.
bool UnitFacts::apply(Context& cx, const Action& a) const {
  return rally(cx, a, items_) || staff_reroll(cx, a, items_) || plant_stakes(cx, a, items_) ||
         montjoie(cx, a, items_) || levy_test(cx, a, items_) || general_death(cx, a, items_);
}

std::optional<std::int64_t> UnitFacts::value(const Context& cx, const hail_caesar::Facts& f,
                                             Value v) const {
  return rulesets::common::eval_value(rulesets::common::question(f), items_.value(v),
                                      items_.value_name(v), cx.checker, nullptr);
}

}  // namespace umpire::hyw
