#pragma once
// What every engine's from_events.cpp (Hail Caesar's, WAB's,
// Sabreur-hex's) reads the same way out of a lowered battle log, whatever
// its board: the kind and phase of each statement in the engine's own
// enums, a whole number written on a sheet, the names of a unit or
// commander of the army sheets, and the statements in log order.
// Templates over the engine's own types.
#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/events/battle.hpp"

namespace umpire::rulesets {

// Every engine names the kinds of statement it applies after the log's
// keywords (renaming a few: `respond`, `form`, `result`, `state`, `end`)
// and applies only some: a keyword whose kind the engine's ActionKind does
// not name is `other`, which the engine follows as stated or reports.
template <typename ActionKind>
ActionKind action_kind_of(events::EventKind k) {
  using events::EventKind;
  switch (k) {
    case EventKind::order_points:
      if constexpr (requires { ActionKind::order_points; }) return ActionKind::order_points;
      break;
    case EventKind::activate:
      if constexpr (requires { ActionKind::activate; }) return ActionKind::activate;
      break;
    case EventKind::order:
      if constexpr (requires { ActionKind::order; }) return ActionKind::order;
      break;
    case EventKind::move:
      return ActionKind::move;
    case EventKind::formation_change:
      if constexpr (requires { ActionKind::form; }) return ActionKind::form;
      break;
    case EventKind::charge:
      return ActionKind::charge;
    case EventKind::assault:
      if constexpr (requires { ActionKind::assault; }) return ActionKind::assault;
      break;
    case EventKind::charge_response:
      return ActionKind::respond;
    case EventKind::shoot:
      return ActionKind::shoot;
    case EventKind::combat:
      return ActionKind::combat;
    case EventKind::attack:
      return ActionKind::attack;
    case EventKind::support:
      if constexpr (requires { ActionKind::support; }) return ActionKind::support;
      break;
    case EventKind::combat_result:
      return ActionKind::result;
    case EventKind::test:
      return ActionKind::test;
    case EventKind::save:
      return ActionKind::save;
    case EventKind::rally:
      return ActionKind::rally;
    case EventKind::pursue:
      return ActionKind::pursue;
    case EventKind::flee:
      return ActionKind::flee;
    case EventKind::evade:
      if constexpr (requires { ActionKind::evade; }) return ActionKind::evade;
      break;
    case EventKind::special:
      if constexpr (requires { ActionKind::special; }) return ActionKind::special;
      break;
    case EventKind::remove:
      return ActionKind::remove;
    case EventKind::state_change:
      return ActionKind::state;
    case EventKind::end_of_game:
      return ActionKind::end;
    default:
      break;
  }
  return ActionKind::other;
}

// The phase a statement is played in, by the word the log writes: every
// engine names its phases after those words, and a word its Phase does not
// name is `other` (none written: `none`).
template <typename Phase>
Phase phase_of(std::string_view p) {
  if (p.empty()) return Phase::none;
  if constexpr (requires { Phase::start; })
    if (p == "start") return Phase::start;
  if constexpr (requires { Phase::orders; })
    if (p == "orders") return Phase::orders;
  if constexpr (requires { Phase::movement; })
    if (p == "movement") return Phase::movement;
  if constexpr (requires { Phase::actions; })
    if (p == "actions") return Phase::actions;
  if constexpr (requires { Phase::shooting; })
    if (p == "shooting") return Phase::shooting;
  if constexpr (requires { Phase::combat; })
    if (p == "combat") return Phase::combat;
  if constexpr (requires { Phase::victory; })
    if (p == "victory") return Phase::victory;
  if constexpr (requires { Phase::end; })
    if (p == "end") return Phase::end;
  return Phase::other;
}

// A characteristic of a sheet written as a whole number, all of `v`; none
// when it is anything else.
inline std::optional<std::int32_t> whole_number(std::string_view v) {
  std::int32_t n = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || end != v.data() + v.size()) return std::nullopt;
  return n;
}

// A unit or commander as its army sheet names it: where it is written,
// its id and name, and its side.
template <typename Force, typename ForceSetup>
void read_identity(const Force& f, ForceSetup& s) {
  s.span = f.span;
  s.id = f.id;
  s.name = f.name;
  s.side = static_cast<std::uint8_t>(f.side);
}

// One action per statement, in log order, each filled in place by
// `read_action(battle, event, action)`: an action holds its units, path
// and rolls in place, and moving one costs as much as reading it.
template <typename Game, typename ReadAction>
void read_statements(const events::Battle& battle, Game& game, ReadAction read_action) {
  const events::EventRange range = battle.events();
  game.actions.reserve(range.size());
  for (const events::Event e : range) read_action(battle, e, game.actions.emplace_back());
}

}  // namespace umpire::rulesets
