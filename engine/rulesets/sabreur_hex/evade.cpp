// The evade (esquive): 002_87c3dc452f850204.txt § Manœuvres ("Une unité qui
// esquive le fait vers l'arrière, en entrant à chaque fois dans l'un des deux
// hexagones de dos de l'unité. L'esquive est interdite si on est engagé de
// dos par une unité adverse. La longueur du déplacement ne peut pas dépasser
// la longueur maximum autorisée pour l'unité."). Passing through units
// follows the rule of marches (check_path); no disengagement losses, which
// the text gives only after a frontal or indirect march.
#include <fmt/format.h>

#include "engine/geometry/hex/text.hpp"
#include "engine/geometry/hex/zone.hpp"
#include "engine/rulesets/sabreur_hex/engine.hpp"

namespace umpire::sabreur {

void Engine::evade(const Action& a, replay::EventChecker& checker) {
  const UnitId u = a.actors.front();
  UnitState& st = state_.units.edit(u);
  // As a reaction to a charge the unit needs no order, and its `respond`
  // statement already asked whether it may evade (reactions.cpp).
  const bool reacting = st.reaction == Detail::evade;
  const auto subject = [&] { return fmt::format("an evade by {}", quoted(u)); };
  Facts f(rules_);
  fill_self(f, u);
  // § La charge et le choc, 4: "si l'unité chargée est de l'infanterie qui a
  // réagi à une charge de cavalerie en se mettant en carré, alors l'unité de
  // cavalerie peut esquiver, mettant ainsi fin à la charge": the charger's
  // evade in its own charge, instead of its attack, is asked of the data
  // (charger_evades_only_from_square, sabreur.charge.evade-square). The
  // evade's own rules (§ Manœuvres, below) still apply.
  const bool charger_evades = state_.charge && state_.charge->charger == u &&
                              !state_.charge->pursuit && setup_.units[u].side == state_.side;
  f.boolean(Given::charge_charger_evades, charger_evades);
  f.boolean(Given::charge_target_squared, charger_evades && state_.charge->target_squared);
  f.boolean(Given::charge_charger_struck, charger_evades && state_.combat &&
                                              state_.combat->attacker == u &&
                                              state_.combat->attacker_struck);
  if (charger_evades) fill_enemy(f, state_.charge->target);
  if (!reacting) {
    check_activated(a, u, checker);
    check_permissions(f, RuleAction::evade, checker, a.span, Check::move_evade, subject);
  }
  const Hex start = st.hex;
  HexPath path = a.path;
  if (path.empty() && a.to) path.push_back(*a.to);
  const Span span = a.path_span.valid() ? a.path_span : a.span;
  if (a.facing && *a.facing != st.facing) {
    checker.violation(Check::move_evade, span, fmt::format("{} turns while evading", quoted(u)))
        .note("an evade goes backwards, facing {} throughout", hex::name(st.facing));
  }
  const std::size_t bad = hex::first_invalid_step(start, st.facing, path, hex::StepKind::rearward);
  if (bad < path.size()) {
    const Hex from = bad == 0 ? start : path[bad - 1];
    checker
        .violation(Check::move_evade, span,
                   fmt::format("{} evades to {}, which is not one of its rear hexes", quoted(u),
                               hex::to_string(path[bad])))
        .note("facing {} from {}, the rear hexes are {} and {}", hex::name(st.facing),
              hex::to_string(from), hex::to_string(hex::rear_hexes(from, st.facing)[0]),
              hex::to_string(hex::rear_hexes(from, st.facing)[1]));
  }
  PathCheck pc = check_path(u, start, path, span, true, checker);
  const PathCheck second = check_second_path(u, st.facing, path, span, checker);  // extended line
  pc.penalising = pc.penalising || second.penalising;
  if (!second.end) pc.end.reset();

  // The length: within the unit's allowance, as a march's.
  const Board b = board();
  const Hex end = path.empty() ? start : path.back();
  f.word(Given::move_kind, "evading");
  f.boolean(Given::move_forced, false);
  f.boolean(Given::move_on_penalising_terrain, pc.penalising);
  f.integer(Given::move_rotation_degrees, 0);
  f.integer(Given::move_hexes_used, static_cast<std::int64_t>(path.size()));
  f.boolean(Given::move_stays_engaged, false);
  f.march_end(b, setup_.units[u].side, end, std::nullopt);  // looked for if the data asks
  check_permissions(f, RuleAction::manoeuvre, checker, a.span, std::nullopt, [&] {
    return fmt::format("{} evading {}", quoted(u), hexes_text(static_cast<int>(path.size())));
  });
  if (pc.end) end_move(u, *pc.end, st.facing, checker, "");
  st.manoeuvred = true;
}

}  // namespace umpire::sabreur
