#pragma once
// Fire and saves: 002_87c3dc452f850204.txt § Le tir, § Précisions sur les
// facteurs de combat ou de tir, § Sauvegarde, § Formations spéciales (an
// extended line's double fire).
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

// The numbers of a fire (shoot) or a defensive fire (reactions.cpp)
// from the facts of the fire, and its dice and hits (fire.cpp).
struct FireFigures {
  std::int64_t factor = 0;
  std::int64_t needed = 0;       // a hit on this or more (test fire_to_hit)
  std::int64_t six_losses = 1;   // strength points a 6 costs
  const Facts* facts = nullptr;  // of the fire, for the factor's breakdown in a diagnostic
};

struct FireChecks {
  Check dice, hits;
  std::string_view what;  // "fire", "defensive fire"
};

// Reset when the fire is resolved, however it returns.
struct FireHexesScope {
  std::optional<FireHexes>& hexes;
  bool& second_shot;
  ~FireHexesScope() {
    hexes.reset();
    second_shot = false;
  }
};

// The givens of a fire by `u` at `t` that every kind of fire states.
void fill_fire(const Context& cx, Facts& f, UnitId u, UnitId t, std::string_view kind,
               bool free_at_declaration);

// The target in the front cone, and a line of sight to it (§ Le tir):
// asked of every fire; `defensive` words the diagnostics for a reaction.
void check_fire_geometry(Context& cx, const Action& a, UnitId u, UnitId t, bool defensive);

// A fire from `from` takes `t` in enfilade: `from` is outside its front
// cone, either half's for an extended line, and `t` is no square (§ Le tir).
bool in_enfilade(const Context& cx, UnitId t, Hex from);

// Both, kept in Scratch::fire_hexes for the fire `a` by `u` at `t` (the caller
// holds a FireHexesScope); returns them.
const FireHexes& aim_fire(Context& cx, const Action& a, UnitId u, UnitId t, bool double_fire);

void shoot(Context& cx, const Action& a);

std::optional<FireFigures> fire_figures(const Context& cx, const Facts& f);

void roll_fire(Context& cx, const Action& a, UnitId u, UnitId t, FireFigures figures, bool enfilade,
               const FireChecks& ids);

void save(Context& cx, const Action& a);

}  // namespace umpire::sabreur
