// Assaults: 002_87c3dc452f850204.txt § L'assaut et la mêlée, § Conditions
// pour qu'un assaut soit valide, § Réactions face à un assaut,
// § Restrictions sur les assauts et les charges.
//
// An assault names one target within the assault distance (the data's
// assault_distance, which follows the switch assault_range); the restrictions
// it shares with charges are the data's `attack` (attack_allowed). The
// assaulter then makes an indirect march of at most 1 hex (assault_march_max)
// without rotation, and must end it engaging its target; one engaged at the
// declaration stays engaged by one of those enemies (§ Manœuvres). The target
// reacts as to a charge, with the same restrictions (reactions.cpp reads
// State::assault), but its reaction test is passed automatically: no dice are
// thrown, so a written test is a violation. What follows is a mêlée:
// State::charge is empty, so combat.cpp does not fight a shock, and no
// pursuit follows (pursuit.cpp).
//
// An extended line, assaulting or assaulted, counts both halves: the
// distance is to the nearer (Board::distance), engagement is either half's
// (Board::engages, engages_at), its second half's way is
// check_second_path's; a march out of reach, applied as written, reports
// the second half's way not checked (second_half_arrives).
#include "engine/rulesets/sabreur_hex/phases/assault.hpp"

#include <fmt/format.h>

#include "engine/geometry/hex/text.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/phases/cancelled_attack.hpp"
#include "engine/rulesets/sabreur_hex/phases/charge.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/following.hpp"
#include "engine/rulesets/sabreur_hex/phases/impetuous.hpp"
#include "engine/rulesets/sabreur_hex/phases/movement.hpp"
#include "engine/rulesets/sabreur_hex/phases/turn.hpp"

namespace umpire::sabreur {
namespace {

// Condition 2: "une marche indirecte inférieure ou égale à 1 case" — no
// rotation, no change of direction (§ Manœuvres), light cavalry included;
// condition 3: an engaged assaulter stays engaged by one of its engagers
// (the data's engaged_indirect_march, reported as sabreur.move.engaged).
void assault_march(Context& cx, const Action& a, UnitId u, std::span<const UnitId> engagers) {
  UnitState& st = cx.state.units.edit(u);
  const Hex start = st.hex;
  std::optional<Hex> to = a.to;
  if (!to && !a.path.empty()) to = a.path.back();
  const Hex end = to.value_or(start);
  const Span span = a.path_span.valid() ? a.path_span : a.span;
  Facts f(cx.rules);
  fill_self(cx, f, u);
  if (a.facing && *a.facing != st.facing) {
    cx.checker
        .violation(Check::assault_march, span,
                   fmt::format("{} turns during its assault", cx.quoted(u)))
        .note("an assault's manoeuvre is an indirect march, which allows no rotation");
  }
  const int length = hex::distance(start, end);
  const auto dir = hex::straight_direction(start, end);
  if (length > 0 && !dir) {
    cx.checker
        .violation(Check::assault_march, span,
                   fmt::format("{} does not go straight from {} to {}", cx.quoted(u),
                               hex::to_string(start), hex::to_string(end)))
        .note("an indirect march allows no change of direction");
  }
  const auto max = eval_int(f, Value::assault_march_max, cx.checker);
  if (max && length > *max) {
    cx.checker
        .violation(Check::assault_march, span,
                   fmt::format("{} marches {} to assault, at most {}", cx.quoted(u),
                               hexes_text(length), hexes_text(static_cast<int>(*max))))
        .note("the assault's indirect march is of 1 hex at most, light cavalry included");
  }
  if (length == 0) return;  // no march: nothing more to ask
  std::vector<Hex> hexes;
  if (dir)
    for (int i = 1; i <= length; ++i) hexes.push_back(hex::step(start, *dir, i));
  else
    hexes.push_back(end);
  PathCheck pc = check_path(cx, u, start, hexes, span, true);
  const PathCheck second = check_second_path(cx, u, st.facing, hexes, span);  // extended line
  pc.penalising = pc.penalising || second.penalising;
  if (!second.end) pc.end.reset();
  // An extended line, the assaulter or an engager, counts both halves.
  const std::optional<Hex> end2 = second_end(cx, u, end, st.facing);
  bool stays = false;
  for (UnitId e : engagers) stays = stays || engages_at(cx, e, end, end2);
  f.word(Given::move_kind, "marching");
  f.boolean(Given::move_forced, false);
  f.boolean(Given::move_on_penalising_terrain, pc.penalising);
  f.integer(Given::move_rotation_degrees, 0);
  f.integer(Given::move_hexes_used, length);
  f.boolean(Given::move_stays_engaged, stays);
  f.march_end(cx.board(), cx.setup.units[u].side, end, end2);  // looked for if the data asks
  const auto subject = [&] {
    return fmt::format("{} marching {} indirectly to assault", cx.quoted(u), hexes_text(length));
  };
  check_permissions(f, RuleAction::indirect_march, cx.checker, a.span, std::nullopt, subject);
  check_permissions(f, RuleAction::manoeuvre, cx.checker, a.span, std::nullopt, subject);
  if (pc.end) end_move(cx, u, *pc.end, st.facing, "");
  st.manoeuvred = true;
  if (!engagers.empty()) disengage(cx, a, u, engagers);
}

}  // namespace

void assault(Context& cx, const Action& a) {
  const UnitId u = a.actors.front();
  // Whatever came before, the fight that follows is a mêlée.
  cx.state.charge.reset();
  cx.state.assault.reset();
  if (a.targets.empty()) {
    follow(cx, a);
    return;
  }
  // A trial of the assault (can_attack, the simulator's) is refused without
  // unwinding: at the end of the declaration, before anything moves, or
  // once the assault is over.
  replay::EventChecker::DeferRefusal deferred(cx.checker);
  check_activated(cx, a, u);
  const UnitId t = a.targets.front();
  if (!on_table(cx, t, a.span)) return;
  impetuous_declares(cx, a, u, t);  // impetuous.cpp
  const Board b = cx.board();
  const UnitState& st = cx.state.units[u];
  const int distance = b.distance(u, t);  // to the nearer half of an extended line
  Facts f(cx.rules);
  fill_self(cx, f, u);
  fill_enemy(cx, f, t);
  f.integer(Given::charge_target_distance, distance);
  f.integer(Given::charge_distance_at_declaration, distance);
  f.boolean(Given::charge_would_rotate, false);  // an assault never rotates
  f.integer(Given::side_order_points_left, cx.state.sides[cx.setup.units[u].side].order_points);
  const auto subject = [&] {  // written only into a diagnostic
    return fmt::format("{} assaulting {} ({} away)", cx.quoted(u), cx.quoted(t),
                       hexes_text(distance));
  };
  if (!attack_allowed(cx, a, u, f, subject)) return;
  const bool in_reach =
      check_permissions(f, RuleAction::assault, cx.checker, a.span, std::nullopt, subject);
  if (cx.checker.refused()) return;  // a trial refused at the declaration
  cx.scratch.declaration_passed = true;
  if (a.stated.cancelled) {  // it could not engage (cancelled_attack.cpp)
    cancel_attack(cx, a, u, t);
    return;
  }

  // The declaration, as the reactions read it (§ Réactions face à un assaut:
  // "dans les mêmes conditions, et avec les mêmes restrictions").
  ChargeInProgress declared = declaration(cx, u, t);
  declared.charger_outflanked_at_declaration = b.surroundings(u).outflanked;
  const std::vector<UnitId> engagers = b.engagers(u);

  if (in_reach) {
    assault_march(cx, a, u, engagers);
  } else {
    // Out of reach, the march is no assault's ("Une fois vérifiées les
    // conditions d'assaut précédentes"): applied as written, and the log
    // followed as played.
    std::optional<Hex> to = a.to;
    if (!to && !a.path.empty()) to = a.path.back();
    if (to && cx.setup.map.contains(*to))
      end_move(cx, u, *to, a.facing.value_or(st.facing),
               "an assault out of reach (applied as written)");
    cx.state.units.edit(u).manoeuvred = true;
  }

  // Condition 2: at the end of its march the assaulter engages its target.
  const UnitState& after = cx.state.units[u];
  if (in_reach && after.on_table && !cx.board().engages(u, t)) {
    Facts none(cx.rules);
    const auto loss = eval_int(none, Value::cancelled_attack_loss, cx.checker);
    cx.checker
        .violation(
            Check::assault_must_engage, a.span,
            fmt::format("{} ends its assault on {} facing {} without engaging {}", cx.quoted(u),
                        hex::to_string(after.hex), hex::name(after.facing), cx.quoted(t)))
        .hint(
            "an assault that cannot engage its target is cancelled: back to the start, {} "
            "strength point lost, nothing more this turn, and no reaction",
            loss.value_or(1));
  }
  cx.state.assault = declared;
  mark_attack_target(cx, u, t, TestReason::assault_reaction);
}

// § Réactions face à un assaut: "les test de moral sont inutiles pour les
// unités assaillies ; ils sont considérés comme automatiquement réussis, et
// il est donc inutile de lancer les dés". The data sets the assaulted
// unit's target (morale_target_mods, switch panicked_assaulted): the result
// is known without dice, so a test written for it is a violation; the
// reaction stands as the log states it.
void assault_reaction_test(Context& cx, const Action& a, UnitId u) {
  UnitState& st = cx.state.units.edit(u);
  Facts f(cx.rules);
  fill_self(cx, f, u);
  fill_enemy(cx, f, st.test_enemy);
  if (st.test_enemy) fill_confronted_terrain(cx, f, u, *st.test_enemy);  // facts.cpp
  f.word(Given::morale_reason, name(TestReason::assault_reaction));
  const auto target = eval_int(f, Value::modified_command_factor, cx.checker);
  st.next_test = TestReason::special_action;
  auto v = cx.checker.violation(
      Check::assault_reaction_test, a.span,
      fmt::format("{} takes a morale test to react to an assault", cx.quoted(u)));
  if (target)
    v.note("the test of an assaulted unit {} automatically (modified Cd {}): no dice are thrown",
           *target >= 12  ? "passes"
           : *target <= 0 ? "fails"
                          : "is decided",
           *target);
  v.hint("remove the test: the reaction to an assault needs no dice");
}

}  // namespace umpire::sabreur
