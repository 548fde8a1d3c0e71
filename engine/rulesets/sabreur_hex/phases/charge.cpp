// Charges and assaults as they are declared: 002_87c3dc452f850204.txt
// § Conditions pour qu'une charge soit valide, § Restrictions sur les
// assauts et les charges, § La charge et le choc.
#include "engine/rulesets/sabreur_hex/phases/charge.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/hex/footprint.hpp"
#include "engine/geometry/hex/text.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/phases/cancelled_attack.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/impetuous.hpp"
#include "engine/rulesets/sabreur_hex/phases/movement.hpp"
#include "engine/rulesets/sabreur_hex/phases/turn.hpp"

namespace umpire::sabreur {
namespace {

// Condition 4 of § Conditions pour qu'une charge soit valide, with
// "directement devant son front" read as the front cone
// (docs/hex-geometry.md § charge geometry): an enemy in the charger's front
// cone within reach is charged before one on a flank hex. Condition 5 (no
// flank or rear charge from in front of the target) needs no check between
// units on one hex: a frontal march from the target's front cone that ends
// engaging it always ends on its front (tests/geometry/zone_test.cpp). Nor
// with an extended line, by or at it, "devant le front" read as a hex of
// the charger in the front cone of a half of the target ("même
// partiellement") and the front as a half of the charger engaging from
// there: the line turns 0°, 60° or about-faces before it marches, and a
// search of every such charge finds none that ends on a flank or the rear
// (tests/geometry/footprint_test.cpp). Only a 120° turn, which
// sabreur.move.rotation refuses, could make one.
void check_charge_priority(Context& cx, const Action& a, UnitId u, UnitId t, const Facts& f) {
  const Board b = cx.board();
  // An extended line's front cone is either half's, at either half of an
  // enemy on two hexes (Board::in_front_cone); distances between the
  // nearer hexes.
  if (!b.in_front_cone(u, t)) {
    const auto reach = eval_int(f, Value::movement_factor, cx.checker);
    for (std::size_t e = 0; reach && e < cx.state.units.size(); ++e) {
      const auto other = static_cast<UnitId>(e);
      const UnitState& es = cx.state.units[e];
      if (other == t || !es.on_table || !b.enemies(u, other)) continue;
      if (!b.in_front_cone(u, other) || b.distance(u, other) > *reach) continue;
      cx.checker
          .violation(
              Check::charge_priority, a.span,
              fmt::format("{} charges {} on its flank hex while {} stands in its front cone, "
                          "{} away",
                          cx.quoted(u), cx.quoted(t), cx.quoted(other),
                          hexes_text(b.distance(u, other))))
          .note("the charge range is the movement factor, {}", hexes_text(static_cast<int>(*reach)))
          .hint("an enemy directly in front is charged first");
      break;
    }
  }
}

}  // namespace

ChargeInProgress declaration(const Context& cx, UnitId u, UnitId t) {
  const Board b = cx.board();
  const UnitState& us = cx.state.units[u];
  const UnitState& ts = cx.state.units[t];
  ChargeInProgress d;
  d.charger = u;
  d.target = t;
  d.charger_from = us.hex;
  d.charger_facing = us.facing;  // whether it engaged a unit firing defensively (reactions.cpp)
  d.distance_at_declaration = static_cast<std::int16_t>(b.distance(u, t));
  d.target_engaged_at_declaration = b.engaged_by_enemy(t) || b.engages_enemy(t);
  d.target_strength = ts.strength;
  return d;
}

ChargeInProgress::PathOpenness path_openness(const Context& cx, Hex start,
                                             std::span<const Hex> path) {
  using enum ChargeInProgress::PathOpenness;
  if (path.empty()) return unwritten;
  const Board b = cx.board();
  const auto open_ground = [&](Hex h) {
    return cx.terrain.hex_open[static_cast<std::size_t>(b.terrain_at(h))];
  };
  if (!open_ground(start) || !std::all_of(path.begin(), path.end(), open_ground)) return not_open;
  // A wood along a side it crosses: whether the path is then "en terrain
  // dégagé" the text does not say (combat.cpp). Water, a ford or a bridge
  // crossed denies the doubling only between the two units at the end
  // (§ Effets du terrain, "De même si l'unité cible [...]").
  return b.crosses_side(start, path, HexsideTerrain::wood) ? open_across_side_wood : open;
}

bool attack_allowed(Context& cx, const Action& a, UnitId u, const Facts& f,
                    const Subject& subject) {
  if (check_permissions(f, RuleAction::attack, cx.checker, a.span, std::nullopt, subject))
    return true;
  // The unit may not attack at all (artillery, a panicked unit, a square,
  // skirmishers against formed troops, "harcèlement" against others):
  // nothing more to check; the march is applied as written.
  std::optional<Hex> to = a.to;
  if (!to && !a.path.empty()) to = a.path.back();
  UnitState& st = cx.state.units.edit(u);
  if (to && cx.setup.map.contains(*to))
    end_move(cx, u, *to, a.facing.value_or(st.facing),
             "an attack the rules do not allow (applied as written)");
  st.manoeuvred = true;
  return false;
}

void mark_attack_target(Context& cx, UnitId u, UnitId t, TestReason reaction_test) {
  UnitState& target = cx.state.units.edit(t);
  target.is_attack_target = true;
  target.next_test = reaction_test;
  target.test_enemy = u;
  impetuous_engages(cx, u, t, {});  // "impétueux": its strike is owed
}

void charge(Context& cx, const Action& a) {
  const UnitId u = a.actors.front();
  // A trial of the charge (can_attack, the simulator's) is refused without
  // unwinding: at the end of the declaration, before anything moves, or
  // once the charge is over.
  replay::EventChecker::DeferRefusal deferred(cx.checker);
  check_activated(cx, a, u);
  if (a.targets.empty()) {
    cx.checker.not_checked("a charge without a target", a.span);
    return;
  }
  const UnitId t = a.targets.front();
  impetuous_declares(cx, a, u, t);  // impetuous.cpp
  const UnitState& cs = cx.state.units[u];
  const UnitState& ts = cx.state.units[t];
  const Board b = cx.board();
  const int distance = b.distance(u, t);  // to the nearer half of an extended line
  // An extended line's front cone and flank hexes are its halves' (Board);
  // condition 5 needs no check over two hexes either (check_charge_priority).
  Facts f(cx.rules);
  fill_self(cx, f, u);
  fill_enemy(cx, f, t);
  f.integer(Given::charge_target_distance, distance);
  f.integer(Given::charge_distance_at_declaration, distance);
  // "sans que cela nécessite une rotation": the target in the front cone.
  f.boolean(Given::charge_would_rotate, !b.in_front_cone(u, t));
  // "impétueux" binds a unit once its side has spent its order points.
  f.integer(Given::side_order_points_left, cx.state.sides[cx.setup.units[u].side].order_points);
  const auto subject = [&] {
    return fmt::format("{} charging {} ({} away)", cx.quoted(u), cx.quoted(t),
                       hexes_text(distance));
  };
  if (!attack_allowed(cx, a, u, f, subject)) return;
  check_permissions(f, RuleAction::charge, cx.checker, a.span, std::nullopt, subject);
  // Condition 3: in the front cone, or on one of the two flank hexes.
  // An extended line charges from either half (Board::in_front_cone,
  // on_flank_hex), and is charged on either.
  if (!b.in_front_cone(u, t) && !b.on_flank_hex(u, t)) {
    auto v =
        cx.checker.violation(Check::charge_cone, a.span,
                             fmt::format("{} is neither in the front cone nor on a flank hex of {}",
                                         cx.quoted(t), cx.quoted(u)));
    v.note("{} faces {} from {}; {} stands on {} ({})", cx.quoted(u), hex::name(cs.facing),
           hex::to_string(cs.hex), cx.quoted(t), hex::to_string(ts.hex),
           hex::name(hex::zone_of(cs.hex, cs.facing, ts.hex)));
    if (cs.second_hex)
      v.note("{} is an extended line: its half on {} has {} on {} ({})", cx.quoted(u),
             hex::to_string(*cs.second_hex), cx.quoted(t), hex::to_string(ts.hex),
             hex::name(hex::zone_of(*cs.second_hex, cs.facing, ts.hex)));
    if (ts.second_hex)
      v.note("{} is an extended line: its half on {} is neither", cx.quoted(t),
             hex::to_string(*ts.second_hex));
  }
  check_charge_priority(cx, a, u, t, f);
  if (cx.checker.refused()) return;  // a trial refused at the declaration
  cx.scratch.declaration_passed = true;
  if (a.stated.cancelled) {  // it could not engage (cancelled_attack.cpp)
    cancel_attack(cx, a, u, t);
    return;
  }
  // The reactions are chosen against the charge as declared (reactions.cpp).
  ChargeInProgress declared = declaration(cx, u, t);
  declared.path_open = path_openness(cx, cs.hex, a.path);
  cx.state.charge = declared;
  cx.state.assault.reset();
  cx.state.units.edit(u).charging = true;
  frontal_march(cx, a, u, true);
  // Condition 6: at the end of its march the charger engages its target.
  const UnitState& after = cx.state.units[u];
  if (!cx.board().engages(u, t)) {  // either half of an extended line (board.cpp)
    Facts none(cx.rules);
    const auto loss = eval_int(none, Value::cancelled_attack_loss, cx.checker);
    cx.checker
        .violation(
            Check::charge_must_engage, a.span,
            fmt::format("{} ends its charge on {} facing {} without engaging {}", cx.quoted(u),
                        hex::to_string(after.hex), hex::name(after.facing), cx.quoted(t)))
        .hint(
            "a charge that cannot engage its target is cancelled: back to the start, {} strength "
            "point lost",
            loss.value_or(1));
  }
  mark_attack_target(cx, u, t, TestReason::charge_reaction);
}

}  // namespace umpire::sabreur
