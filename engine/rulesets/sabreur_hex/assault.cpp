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
// state_.assault), but its reaction test is passed automatically: no dice are
// thrown, so a written test is a violation. What follows is a mêlée:
// state_.charge is empty, so combat.cpp does not fight a shock, and no
// pursuit follows (pursuit.cpp).
//
// An extended line, assaulting or assaulted, counts both halves: the
// distance is to the nearer (Board::distance), engagement is either half's
// (Board::engages, Engine::engages_at), its second half's way is
// check_second_path's; a march out of reach, applied as written, reports
// the second half's way not checked (second_half_arrives).
#include <fmt/format.h>

#include "engine/geometry/hex/text.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"

namespace umpire::sabreur {

void Engine::assault(const Action& a, replay::EventChecker& checker) {
  const UnitId u = a.actors.front();
  // Whatever came before, the fight that follows is a mêlée.
  state_.charge.reset();
  state_.assault.reset();
  if (a.targets.empty()) {
    follow(a, checker);
    return;
  }
  // A trial of the assault (can_attack, the simulator's) is refused without
  // unwinding: at the end of the declaration, before anything moves, or
  // once the assault is over.
  replay::EventChecker::DeferRefusal deferred(checker);
  check_activated(a, u, checker);
  const UnitId t = a.targets.front();
  if (!on_table(t, a.span, checker)) return;
  impetuous_declares(a, u, t, checker);  // impetuous.cpp
  const Board b = board();
  const UnitState& st = state_.units[u];
  const int distance = b.distance(u, t);  // to the nearer half of an extended line
  Facts f(rules_);
  fill_self(f, u);
  fill_enemy(f, t);
  f.integer(Given::charge_target_distance, distance);
  f.integer(Given::charge_distance_at_declaration, distance);
  f.boolean(Given::charge_would_rotate, false);  // an assault never rotates
  f.integer(Given::side_order_points_left, state_.sides[setup_.units[u].side].order_points);
  const auto subject = [&] {  // written only into a diagnostic
    return fmt::format("{} assaulting {} ({} away)", quoted(u), quoted(t), hexes_text(distance));
  };
  if (!attack_allowed(a, u, f, subject, checker)) return;
  const bool in_reach =
      check_permissions(f, RuleAction::assault, checker, a.span, std::nullopt, subject);
  if (checker.refused()) return;  // a trial refused at the declaration
  declaration_passed_ = true;

  // The declaration, as the reactions read it (§ Réactions face à un assaut:
  // "dans les mêmes conditions, et avec les mêmes restrictions").
  ChargeInProgress declared = declaration(u, t);
  const std::vector<UnitId> engagers = b.engagers(u);

  if (in_reach) {
    assault_march(a, u, engagers, checker);
  } else {
    // Out of reach, the march is no assault's ("Une fois vérifiées les
    // conditions d'assaut précédentes"): applied as written, and the log
    // followed as played.
    std::optional<Hex> to = a.to;
    if (!to && !a.path.empty()) to = a.path.back();
    if (to && setup_.map.contains(*to))
      end_move(u, *to, a.facing.value_or(st.facing), checker,
               "an assault out of reach (applied as written)");
    state_.units.edit(u).manoeuvred = true;
  }

  // Condition 2: at the end of its march the assaulter engages its target.
  const UnitState& after = state_.units[u];
  if (in_reach && after.on_table && !board().engages(u, t)) {
    Facts none(rules_);
    const auto loss = eval_int(none, Value::cancelled_attack_loss, checker);
    checker
        .violation(Check::assault_must_engage, a.span,
                   fmt::format("{} ends its assault on {} facing {} without engaging {}", quoted(u),
                               hex::to_string(after.hex), hex::name(after.facing), quoted(t)))
        .hint(
            "an assault that cannot engage its target is cancelled: back to the start, {} "
            "strength point lost, nothing more this turn, and no reaction",
            loss.value_or(1));
  }
  state_.assault = declared;
  UnitState& target = state_.units.edit(t);
  target.is_attack_target = true;
  target.next_test = TestReason::assault_reaction;
  target.test_enemy = u;
  impetuous_engages(u, t, {}, checker);  // "impétueux": its strike is owed
}

// Condition 2: "une marche indirecte inférieure ou égale à 1 case" — no
// rotation, no change of direction (§ Manœuvres), light cavalry included;
// condition 3: an engaged assaulter stays engaged by one of its engagers
// (the data's engaged_indirect_march, reported as sabreur.move.engaged).
void Engine::assault_march(const Action& a, UnitId u, std::span<const UnitId> engagers,
                           replay::EventChecker& checker) {
  UnitState& st = state_.units.edit(u);
  const Hex start = st.hex;
  std::optional<Hex> to = a.to;
  if (!to && !a.path.empty()) to = a.path.back();
  const Hex end = to.value_or(start);
  const Span span = a.path_span.valid() ? a.path_span : a.span;
  Facts f(rules_);
  fill_self(f, u);
  if (a.facing && *a.facing != st.facing) {
    checker
        .violation(Check::assault_march, span,
                   fmt::format("{} turns during its assault", quoted(u)))
        .note("an assault's manoeuvre is an indirect march, which allows no rotation");
  }
  const int length = hex::distance(start, end);
  const auto dir = hex::straight_direction(start, end);
  if (length > 0 && !dir) {
    checker
        .violation(Check::assault_march, span,
                   fmt::format("{} does not go straight from {} to {}", quoted(u),
                               hex::to_string(start), hex::to_string(end)))
        .note("an indirect march allows no change of direction");
  }
  const auto max = eval_int(f, Value::assault_march_max, checker);
  if (max && length > *max) {
    checker
        .violation(Check::assault_march, span,
                   fmt::format("{} marches {} to assault, at most {}", quoted(u),
                               hexes_text(length), hexes_text(static_cast<int>(*max))))
        .note("the assault's indirect march is of 1 hex at most, light cavalry included");
  }
  if (length == 0) return;  // no march: nothing more to ask
  std::vector<Hex> hexes;
  if (dir)
    for (int i = 1; i <= length; ++i) hexes.push_back(hex::step(start, *dir, i));
  else
    hexes.push_back(end);
  PathCheck pc = check_path(u, start, hexes, span, true, checker);
  const PathCheck second = check_second_path(u, st.facing, hexes, span, checker);  // extended line
  pc.penalising = pc.penalising || second.penalising;
  if (!second.end) pc.end.reset();
  // An extended line, the assaulter or an engager, counts both halves.
  const std::optional<Hex> end2 = second_end(u, end, st.facing);
  bool stays = false;
  for (UnitId e : engagers) stays = stays || engages_at(e, end, end2);
  f.word(Given::move_kind, "marching");
  f.boolean(Given::move_forced, false);
  f.boolean(Given::move_on_penalising_terrain, pc.penalising);
  f.integer(Given::move_rotation_degrees, 0);
  f.integer(Given::move_hexes_used, length);
  f.boolean(Given::move_stays_engaged, stays);
  f.march_end(board(), setup_.units[u].side, end, end2);  // looked for if the data asks
  const auto subject = [&] {
    return fmt::format("{} marching {} indirectly to assault", quoted(u), hexes_text(length));
  };
  check_permissions(f, RuleAction::indirect_march, checker, a.span, std::nullopt, subject);
  check_permissions(f, RuleAction::manoeuvre, checker, a.span, std::nullopt, subject);
  if (pc.end) end_move(u, *pc.end, st.facing, checker, "");
  st.manoeuvred = true;
  if (!engagers.empty()) disengage(a, u, engagers, checker);
}

// § Réactions face à un assaut: "les test de moral sont inutiles pour les
// unités assaillies ; ils sont considérés comme automatiquement réussis, et
// il est donc inutile de lancer les dés". The data sets the assaulted
// unit's target (morale_target_mods, switch panicked_assaulted): the result
// is known without dice, so a test written for it is a violation; the
// reaction stands as the log states it.
void Engine::assault_reaction_test(const Action& a, UnitId u, replay::EventChecker& checker) {
  UnitState& st = state_.units.edit(u);
  Facts f(rules_);
  fill_self(f, u);
  fill_enemy(f, st.test_enemy);
  if (st.test_enemy) fill_confronted_terrain(f, u, *st.test_enemy, checker);  // side_terrain.cpp
  f.word(Given::morale_reason, name(TestReason::assault_reaction));
  const auto target = eval_int(f, Value::modified_command_factor, checker);
  st.next_test = TestReason::special_action;
  auto v =
      checker.violation(Check::assault_reaction_test, a.span,
                        fmt::format("{} takes a morale test to react to an assault", quoted(u)));
  if (target)
    v.note("the test of an assaulted unit {} automatically (modified Cd {}): no dice are thrown",
           *target >= 12  ? "passes"
           : *target <= 0 ? "fails"
                          : "is decided",
           *target);
  v.hint("remove the test: the reaction to an assault needs no dice");
}

}  // namespace umpire::sabreur
