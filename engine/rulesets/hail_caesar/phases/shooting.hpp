#pragma once
// Shooting: 000_a44b407871cbdad9.txt § Portée des armes de jet, § Modificateurs
// de tirs, § Modificateurs du jet pour toucher au tir (4+).
// `shoot <unit> <target> weapon W range R hit Nd6=… [mod M] => hits H`: the
// range between the closest edges of the two bases (the sheet does not say
// between which points; the written range is compared within the
// tolerance) within the weapon's reach, the dice the data's shooting_dice,
// each die a hit at the data's shooting_needed, the stated modifier and
// hits compared. A target with nothing in the corridor between the two
// bases is in plain view; with a unit or terrain in it, whether it is
// partly hidden, and across two faces which one the shot strikes, are the
// readings the log agrees with (reported not checked); saves and the break
// tests a shot causes follow.
#include <optional>
#include <string_view>

#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

void shoot(Context& cx, const Action& a);

// A closing shot answers a charge before the charger moves in ("Une fois
// que les réactions aux charges ont été déclarées et résolues, il est temps
// de déplacer les unités en charge", 004_b7c666874e8df030.txt § 5-j
// Déplacer les unités en charge; 000_a44b407871cbdad9.txt § Réponses de
// charge lists them first): the shooter is judged as it was before that
// charge (not engaged by the contact the charge just made) and the range,
// with the long-range modifier and dice it brings, is measured to where the
// charger set out from, not to where it ends in contact.
struct BeforeCharge {
  bool shooter_engaged = false;
  tabletop::Footprint charger_start;
};

// `u` shooting at `t` as statement `a` writes it (its `hit` roll, `mod`,
// stated hits; `weapon` and `range` when written), a shot of the data's
// shot_kind `shot`: the `shoot` statement's `normal_shot`, and the
// `closing_shots` of a charge response (phases/charge_response.hpp), which
// passes `before`.
void resolve_shot(Context& cx, const Action& a, UnitId u, UnitId t, std::string_view shot,
                  const std::optional<BeforeCharge>& before = std::nullopt);

}  // namespace umpire::hail_caesar
