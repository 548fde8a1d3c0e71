#pragma once
// The one bridge from the battle-log event stream (engine/events) to the
// engine's own types: the set-up (table, terrain, armies, deployment) and
// one typed Action per event. Whatever the engine types cannot say is kept
// in Action::untyped and reported `not checked`.
#include <optional>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/rulesets/wab/types.hpp"

namespace umpire::events {
struct Battle;
}

namespace umpire::wab {

struct Game {
  Setup setup;
  std::vector<Action> actions;
};

// Nullopt (with `wab.setup.*` errors) when the battle cannot be set up: not
// a tabletop, a unit without a base.
std::optional<Game> game_from_battle(const events::Battle& battle, DiagnosticEngine& diags);

}  // namespace umpire::wab
