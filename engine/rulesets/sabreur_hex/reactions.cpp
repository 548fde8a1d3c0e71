// Reactions to a charge: 002_87c3dc452f850204.txt § Réactions face à une
// charge. Which reaction a unit may choose is asked of the rules data, with
// the charge as it stood at its declaration; what the reaction then does (a
// countercharge's march, defensive fire's dice) is applied as the log writes
// it and reported not checked (following.cpp).
#include <fmt/format.h>

#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"

namespace umpire::sabreur {
namespace {

struct Reaction {
  A action;
  std::string_view check;  // the check reporting what forbids it
};

// The reaction a log word names (docs/log-format.md, `respond`).
std::optional<Reaction> reaction_of(std::string_view word) {
  if (word == "form-square") return Reaction{A::form_square, "sabreur.reaction.square"};
  if (word == "rotate" || word == "turn-to-face")
    return Reaction{A::rotate, "sabreur.reaction.rotate"};
  if (word == "countercharge")
    return Reaction{A::countercharge, "sabreur.reaction.countercharge"};
  if (word == "defensive-fire")
    return Reaction{A::defensive_fire, "sabreur.reaction.defensive-fire"};
  if (word == "evade") return Reaction{A::evade, "sabreur.reaction.evade"};
  if (word == "do-nothing" || word == "hold") return Reaction{A::do_nothing, ""};
  return std::nullopt;
}

}  // namespace

void Engine::respond(const Action& a, replay::EventChecker& checker) {
  const UnitId u = a.actors.front();
  if (!state_.charge && !state_.assault) {
    follow(a, checker);
    return;
  }
  // § Réactions face à un assaut: the reactions to a charge, "dans les mêmes
  // conditions, et avec les mêmes restrictions" (assault.cpp); a pursuit's
  // attack admits none (§ La charge et le choc, step 6).
  const bool to_assault = !state_.charge;
  if (!to_assault && state_.charge->pursuit) {
    checker
        .violation("sabreur.pursuit.no-reaction", a.span,
                   fmt::format("{} reacts to the pursuit of {}", quoted(u),
                               quoted(state_.charge->charger)))
        .note("an enemy a pursuit engages is attacked without any reaction");
    follow(a, checker);
    return;
  }
  ChargeInProgress& c = to_assault ? *state_.assault : *state_.charge;
  const auto reaction = reaction_of(a.detail);
  if (!reaction) {
    checker.not_checked(fmt::format("the reaction '{}'", a.detail), a.span);
    follow(a, checker);
    return;
  }
  const Board b = board();
  const UnitState& st = state_.units[u];
  const UnitState& target = state_.units[c.target];
  bool engaged_with_other = false;
  for (std::size_t e = 0; e < state_.units.size(); ++e) {
    const auto other = static_cast<UnitId>(e);
    if (other != c.charger && b.enemies(u, other) && b.engages(other, u))
      engaged_with_other = true;
  }
  const Arm charger_arm = b.arm(c.charger);
  Facts f(rules_);
  fill_self(f, u);
  fill_enemy(f, c.charger);
  f.integer(G::charge_distance_at_declaration, c.distance_at_declaration);
  f.integer(G::charge_target_distance, c.distance_at_declaration);
  f.boolean(G::charge_target_engaged_at_declaration, c.target_engaged_at_declaration);
  f.boolean(G::charge_charger_is_cavalry, charger_arm == Arm::cavalry);
  f.boolean(G::charge_charger_is_infantry, charger_arm == Arm::infantry);
  f.integer(G::charge_reacting_units, c.reacting_units + 1);
  // A countercharge goes straight at the charger: it may not rotate first.
  f.boolean(G::charge_would_rotate, !hex::in_front_cone(st.hex, st.facing, c.charger_from));
  f.boolean(G::self_adjacent_to_attack_target,
            u == c.target || hex::adjacent(st.hex, target.hex));
  f.boolean(G::self_engaged_with_other_enemy, engaged_with_other);
  f.integer(G::self_defensive_fires_this_turn, st.defensive_fires);
  const std::string subject =
      fmt::format("{} reacting to the {} of {} with '{}' ({} away at the declaration)", quoted(u),
                  to_assault ? "assault" : "charge", quoted(c.charger), a.detail,
                  hexes_text(c.distance_at_declaration));
  // A countercharge may not cross the hexes the data names: each hex of its path is asked.
  std::vector<Hex> crossed = a.path;
  if (crossed.empty()) crossed.push_back(st.hex);
  for (const Hex h : crossed) {
    f.set(G::move_crossed_hex, rules_.terrain(b.terrain_at(h)));
    check_permissions(f, reaction->action, checker, a.span, reaction->check, subject);
    if (reaction->action != A::countercharge) break;
  }
  ++c.reacting_units;
  if (reaction->action == A::defensive_fire) ++state_.units[u].defensive_fires;
  follow(a, checker);
}

}  // namespace umpire::sabreur
