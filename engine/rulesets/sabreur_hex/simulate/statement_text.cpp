#include "engine/rulesets/sabreur_hex/simulate/statement_text.hpp"

#include <fmt/format.h>

#include "engine/geometry/hex/text.hpp"
#include "engine/rulesets/common/simulate/statement_words.hpp"

namespace umpire::sabreur::simulate {
using rulesets::simulate::roll_text;
using rulesets::simulate::signed_text;

std::string statement_text(const Setup& setup, const Action& a, const Applied& applied) {
  const auto id = [&](UnitId u) { return setup.units[u].id; };
  const auto value = [&](Check check) -> std::optional<std::int64_t> {
    if (const replay::TracedOutcome* o = applied.outcome(check)) return o->value;
    return std::nullopt;
  };
  std::string s = a.verb;
  for (UnitId u : a.actors) s += " " + id(u);
  if (a.kind == ActionKind::special) {
    // `special <unit> <action> [target <friend>] [=> losses N]`
    s += " " + a.detail.text();
    for (UnitId u : a.targets) s += " target " + id(u);
    if (auto v = value(Check::special_transfer_losses)) s += fmt::format(" => losses {}", *v);
    return s;
  }
  for (UnitId u : a.targets) s += " " + id(u);
  std::string outcomes;
  switch (a.kind) {
    case ActionKind::order_points:
      if (auto v = value(Check::orders_points)) outcomes += fmt::format(" points {}", *v);
      break;
    case ActionKind::activate:
      if (auto v = value(Check::activation_cost)) s += fmt::format(" cost {}", *v);
      break;
    case ActionKind::move:
      s += " " + a.detail.text();
      if (a.detail == Detail::indirect && a.to) {
        s += " to " + hex::to_string(*a.to);
      } else {
        if (!a.path.empty()) s += " path";
        for (const Hex h : a.path) s += " " + hex::to_string(h);
        if (a.facing) s += fmt::format(" facing {}", hex::name(*a.facing));
      }
      break;
    case ActionKind::form:
      s += " " + a.formation;
      if (a.to) s += " to " + hex::to_string(*a.to);  // an extended line's half
      break;
    case ActionKind::shoot:
      if (auto v = value(Check::fire_distance)) s += fmt::format(" range {}", *v);
      if (auto v = value(Check::fire_hits)) outcomes += fmt::format(" hits {}", *v);
      break;
    case ActionKind::save:
      if (auto v = value(Check::save_saves)) outcomes += fmt::format(" saves {}", *v);
      if (auto v = value(Check::save_losses)) outcomes += fmt::format(" losses {}", *v);
      break;
    case ActionKind::test:
    case ActionKind::rally:
      if (a.kind == ActionKind::test) s += " " + a.detail.text();
      if (auto v = value(Check::morale_modifier); v && *v != 0) s += " mod " + signed_text(*v);
      if (auto v = value(Check::morale_total)) outcomes += fmt::format(" total {}", *v);
      if (auto v = value(Check::morale_result)) outcomes += *v != 0 ? " pass" : " fail";
      break;
    case ActionKind::flee:
      if (auto v = value(Check::flight_length)) outcomes += fmt::format(" distance {}", *v);
      break;
    case ActionKind::pursue:
      if (auto v = value(Check::pursuit_length)) outcomes += fmt::format(" distance {}", *v);
      break;
    case ActionKind::respond:
      s += " " + a.detail.text();
      if (auto v = value(Check::reaction_defensive_fire_hits))
        outcomes += fmt::format(" hits {}", *v);
      break;
    case ActionKind::attack:
      if (auto v = value(Check::combat_hits)) outcomes += fmt::format(" hits {}", *v);
      break;
    case ActionKind::assault:
      if (a.to) s += " to " + hex::to_string(*a.to);
      break;
    default:
      break;
  }
  // Strikes and fire throw `hit` dice; a flight's dice after its length are
  // the losses of the friends it passes through, in the order of the path.
  const bool hit_dice =
      a.kind == ActionKind::shoot || a.kind == ActionKind::attack || a.kind == ActionKind::respond;
  for (std::size_t i = 0; i < applied.rolls.size(); ++i) {
    const replay::TakenRoll& r = applied.rolls[i];
    const char* label = hit_dice ? " hit " : a.kind == ActionKind::flee && i > 0 ? " effect " : " ";
    s += label + roll_text(r);
  }
  // The march of a charge, a countercharge, a flight, an evade, a pursuit.
  const bool marches = a.kind == ActionKind::charge || a.kind == ActionKind::respond ||
                       a.kind == ActionKind::flee || a.kind == ActionKind::evade ||
                       a.kind == ActionKind::pursue;
  if (marches) {
    if (!a.path.empty()) s += " path";
    for (const Hex h : a.path) s += " " + hex::to_string(h);
    if (a.facing) s += fmt::format(" facing {}", hex::name(*a.facing));
    if (a.off_table) s += " to off-table";
  }
  if (!outcomes.empty()) s += " =>" + outcomes;
  return s;
}

}  // namespace umpire::sabreur::simulate
