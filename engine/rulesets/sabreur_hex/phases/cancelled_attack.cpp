// A cancelled charge or assault: 002_87c3dc452f850204.txt § Conditions
// pour qu'une charge soit valide, 6: "L'unité qui charge doit pouvoir, au
// terme de la marche frontale, engager l'unité-cible. Si tout ceci n'est
// pas possible, alors la charge est annulée et l'unité qui charge doit
// retourner sur sa position initiale, en perdant 1 point de force, et sans
// plus rien faire pour le reste du tour en cours. Dans ce cas aucune
// réaction face à cette charge ne sera effectuée." § Conditions pour qu'un
// assaut soit valide, 2 says the same of an assault's indirect march.
//
// "Si tout ceci n'est pas possible" is asked of the engine's own checks:
// each frontal march of the charger's facing within its movement factor
// that ends next to the target (an assault: in place or one hex in any
// direction) is tried on the state and undone (can_attack, impetuous.cpp).
// A charge at a target on a flank hex turns first: which turns the march
// may take is not searched, and reported not checked.
#include "engine/rulesets/sabreur_hex/phases/cancelled_attack.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/geometry/hex/text.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"
#include "engine/rulesets/sabreur_hex/phases/impetuous.hpp"

namespace umpire::sabreur {
namespace {

std::string path_text(const std::vector<Hex>& path) {
  std::string out;
  for (const Hex h : path) out += (out.empty() ? "" : " ") + hex::to_string(h);
  return out;
}

// Whether the attack could have engaged: reported when it could, not
// checked when the engine cannot say.
void check_could_engage(Context& cx, const Action& a, UnitId u, UnitId t, bool is_charge) {
  const std::string_view what = is_charge ? "charge" : "assault";
  AttackWays ways;
  ways.charges = is_charge;
  ways.assaults = !is_charge;
  if (is_charge) {
    if (!cx.board().in_front_cone(u, t)) {
      cx.checker.not_checked(
          fmt::format("whether the charge of {} at {}, on its flank hex, could engage it after "
                      "a rotation",
                      cx.quoted(u), cx.quoted(t)),
          a.span);
      return;
    }
    Facts f(cx.rules);
    fill_self(cx, f, u);
    const auto reach = eval_int(f, Value::movement_factor, cx.checker);
    if (!reach) return;
    ways.charge_steps = static_cast<int>(std::clamp<std::int64_t>(*reach, 0, 12));
  }
  std::vector<Hex> way;
  const Feasible can = can_attack(cx, u, t, a.span, ways, &way);
  if (can == Feasible::unknown) {
    cx.checker.not_checked(fmt::format("whether the cancelled {} of {} could engage {}", what,
                                       cx.quoted(u), cx.quoted(t)),
                           a.span);
    return;
  }
  if (can != Feasible::yes) return;
  auto v =
      cx.checker.violation(is_charge ? Check::charge_cancelled : Check::assault_cancelled,
                           a.stated.span.valid() ? a.stated.span : a.span,
                           fmt::format("the {} of {} is written cancelled, but it could engage {}",
                                       what, cx.quoted(u), cx.quoted(t)));
  if (way.empty())
    v.note("{} engages {} where it stands", cx.quoted(u), cx.quoted(t));
  else if (is_charge)
    v.note("a frontal march would engage it: 'path {}'", path_text(way));
  else
    v.note("an indirect march would engage it: 'to {}'", path_text(way));
  v.hint("a {} is cancelled only when its march cannot engage its target", what);
}

}  // namespace

void cancel_attack(Context& cx, const Action& a, UnitId u, UnitId t) {
  const bool is_charge = a.kind == ActionKind::charge;
  check_could_engage(cx, a, u, t, is_charge);
  // "retourner sur sa position initiale": the march written, if any, is
  // undone; where it went is not checked.
  if (!a.path.empty() || a.to)
    cx.checker.not_checked(fmt::format("the march written on the cancelled {} of {} (it goes "
                                       "back to its start)",
                                       is_charge ? "charge" : "assault", cx.quoted(u)),
                           a.path_span.valid() ? a.path_span : a.span);
  Facts none(cx.rules);
  const auto loss = eval_int(none, Value::cancelled_attack_loss, cx.checker);
  // No charge or assault goes on: no reaction, no combat.
  cx.state.charge.reset();
  cx.state.assault.reset();
  cx.state.combat.reset();
  cx.state.cancelled_attackers.push_back(u);
  if (loss) cx.state.lose(u, static_cast<int>(*loss));
}

bool acts_after_cancelled(Context& cx, const Action& a) {
  const std::vector<UnitId>& cancelled = cx.state.cancelled_attackers;
  // A test, a save or a removal is no action of the unit's own.
  if (cancelled.empty() || a.actors.empty() || a.kind == ActionKind::remove ||
      a.kind == ActionKind::test || a.kind == ActionKind::save)
    return false;
  const UnitId u = a.actors.front();
  const auto word = [&](UnitId c) {
    return cx.state.units[c].choice == ActionChoice::assault ? "assault" : "charge";
  };
  // A reaction while no charge or assault is in progress: to the last one,
  // cancelled ("aucune réaction face à cette charge ne sera effectuée").
  if (a.kind == ActionKind::respond && !cx.state.charge && !cx.state.assault &&
      cx.setup.units[u].side != cx.state.side) {
    const UnitId c = cancelled.back();
    cx.checker
        .violation(Check::action_after_cancelled, a.span,
                   fmt::format("{} reacts to the {} of {}, which was cancelled", cx.quoted(u),
                               word(c), cx.quoted(c)))
        .note("a cancelled {} calls no reaction", word(c))
        .hint("remove the reaction");
    return true;
  }
  if (std::find(cancelled.begin(), cancelled.end(), u) == cancelled.end()) return false;
  cx.checker
      .violation(Check::action_after_cancelled, a.span,
                 fmt::format("{} acts again after its {} was cancelled", cx.quoted(u), word(u)))
      .note(
          "a unit whose {} is cancelled goes back to its start and does nothing more for the "
          "rest of the turn",
          word(u));
  return true;
}

}  // namespace umpire::sabreur
