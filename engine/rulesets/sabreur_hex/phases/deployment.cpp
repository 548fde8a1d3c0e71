// Deployment: each unit on its hex before the first event
// (002_87c3dc452f850204.txt § Formations spéciales for the extended line's
// two hexes).
#include "engine/rulesets/sabreur_hex/phases/deployment.hpp"

#include <fmt/format.h>

#include "engine/geometry/hex/footprint.hpp"
#include "engine/geometry/hex/text.hpp"
#include "engine/rulesets/common/check_breach.hpp"
#include "engine/rulesets/sabreur_hex/checks.hpp"
#include "engine/rulesets/sabreur_hex/phases/facts.hpp"

namespace umpire::sabreur {
namespace {

// A deployment that breaks a check: reported before any event.
using rulesets::check_breach;

std::string quoted(const Setup& setup, UnitId u) {
  return fmt::format("'{}'", setup.units[u].id);
}

// An extended line "est disposée ... sur 2 hexagones voisins" (§ Formations
// spéciales): only it holds two hexes, side by side (each half on a flank
// hex of the other, facing the same way), both on the map and free.
void deploy_second_hex(const Setup& setup, const TerrainRules& terrain, State& state,
                       const DeploymentSetup& d, DiagnosticEngine& diags) {
  const bool extended = d.formation == Formation::extended_line;
  if (extended != d.second_hex.has_value()) {
    auto v = check_breach(diags, Check::setup_two_hexes, d.span, "{} {} deployed on {}",
                          quoted(setup, d.unit),
                          extended ? "in extended line is" : "is not in extended line but is",
                          extended ? "one hex" : "two hexes");
    if (extended)
      v.hint("write both halves' hexes: 'at {} <neighbour>'", hex::to_string(d.hex));
    else
      v.hint("only an extended line stands on two hexes; write one position");
    return;
  }
  if (!d.second_hex) return;
  const Hex h = *d.second_hex;
  if (!hex::is_extended_line(d.hex, h, d.facing)) {
    check_breach(diags, Check::setup_extended_line_hexes, d.span,
                 "the halves of {} on {} and {} do not stand side by side facing {}",
                 quoted(setup, d.unit), hex::to_string(d.hex), hex::to_string(h),
                 hex::name(d.facing))
        .hint(hex::adjacent(d.hex, h)
                  ? "the second half stands on a flank hex of the first, not before or behind it"
                  : "the two halves stand on neighbouring hexes");
    return;
  }
  if (!setup.map.contains(h) ||
      !terrain.hex_passable[static_cast<std::size_t>(Board(setup, state, terrain).terrain_at(h))]) {
    check_breach(diags, Check::setup_off_map, d.span, "the second half of {} is deployed on {}, {}",
                 quoted(setup, d.unit), hex::to_string(h),
                 setup.map.contains(h) ? "impassable terrain" : "off the map");
    return;
  }
  if (auto other = state.unit_at(h)) {
    check_breach(diags, Check::setup_stacked, d.span,
                 "the second half of {} is deployed on {}, where {} already stands",
                 quoted(setup, d.unit), hex::to_string(h), quoted(setup, *other))
        .hint("at most one unit per hex");
    return;
  }
  state.place_second(d.unit, h);
}

}  // namespace

void deploy(const Setup& setup, const TerrainRules& terrain, State& state,
            DiagnosticEngine& diags) {
  for (const DeploymentSetup& d : setup.deployment) {
    UnitState& u = state.units.edit(d.unit);
    u.facing = d.facing;
    u.formation = d.formation;
    if (!setup.map.contains(d.hex) || !terrain.hex_passable[static_cast<std::size_t>(
                                          Board(setup, state, terrain).terrain_at(d.hex))]) {
      check_breach(diags, Check::setup_off_map, d.span, "{} is deployed on {}, {}",
                   quoted(setup, d.unit), hex::to_string(d.hex),
                   setup.map.contains(d.hex) ? "impassable terrain" : "off the map");
      continue;
    }
    if (auto other = state.unit_at(d.hex)) {
      check_breach(diags, Check::setup_stacked, d.span,
                   "{} is deployed on {}, where {} already stands", quoted(setup, d.unit),
                   hex::to_string(d.hex), quoted(setup, *other))
          .hint("at most one unit per hex");
      continue;
    }
    state.place(d.unit, d.hex);
    deploy_second_hex(setup, terrain, state, d, diags);
  }
}

// A unit is deployed as the text draws it: "L'infanterie peut avoir 5
// formations", "on représentera donc la cavalerie dans la formation en
// ligne", a horde only when panicked, "ordre lâche" "toujours formée en
// tirailleur". The rules are the data's hold_formation, which every change
// of formation asks too.
void check_deployed_formations(Context& cx) {
  for (const DeploymentSetup& d : cx.setup.deployment) {
    if (!cx.state.units[d.unit].on_table) continue;  // reported by deploy()
    Facts f(cx.rules);
    fill_self(cx, f, d.unit);
    f.set(Given::self_new_formation, cx.rules.formation(d.formation));
    check_permissions(
        f, RuleAction::hold_formation, cx.checker, d.span, Check::setup_formation,
        [&] { return fmt::format("deploying {} in {}", cx.quoted(d.unit), name(d.formation)); });
  }
}

}  // namespace umpire::sabreur
