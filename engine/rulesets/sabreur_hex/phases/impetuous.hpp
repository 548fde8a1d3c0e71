#pragma once
// The obligations of an "impétueux" unit: 002_87c3dc452f850204.txt § Les
// compétences (suite), § Points d'ordre, § Effets du terrain.
#include "engine/rulesets/sabreur_hex/context.hpp"

namespace umpire::sabreur {

// The obligations of an "impétueux" unit (§ Les
// compétences (suite), § Points d'ordre). The moment the data's `must
// attack` is asked at: the unit just activated, or not activated once its
// side has spent its order points.
enum class ImpetuousMoment : std::uint8_t { activated, order_points_spent };

// The enemy the data binds `u` to attack at `moment`, if it can.
std::optional<UnitId> impetuous_bound_to(Context& cx, UnitId u, ImpetuousMoment moment);

// Its charge or assault activates it automatically (check_activated).
bool impetuous_auto_activation(Context& cx, const Action& a, UnitId u);

// At the end of a player turn: every unit still bound did attack.
void check_impetuous_obligation(Context& cx, Span span);

// At an activation, its end, a charge or assault declared, a manoeuvre
// made, a strike: UnitState::impetuous_bound and owes_attack_on.
void bind_impetuous(Context& cx, UnitId u);

void end_activation(Context& cx, Span span);

void impetuous_declares(Context& cx, const Action& a, UnitId u, UnitId t);

void impetuous_engages(Context& cx, UnitId u, std::optional<UnitId> target,
                       std::span<const std::uint8_t> before);

std::vector<std::uint8_t> engaged_now(const Context& cx, UnitId u);

void check_impetuous_strike(Context& cx, const Action* next);

// Whether `u` can attack `e` as things stand: each way tried with the
// engine's own charge and assault checks on the state, and undone.
enum class Feasible : std::uint8_t { yes, no, unknown };
// The ways tried: charges along frontal marches of the unit's facing (no
// rotation) that end next to `e`, of at most `charge_steps` hexes (when
// negative, as many as the distance needs); assaults in place or one hex
// in any direction.
struct AttackWays {
  bool charges = true;
  bool assaults = true;
  int charge_steps = -1;
};
// Unknown when a way touched something the engine does not check and none
// was clean; `found`, when given, receives the clean way's path (an
// assault's: its one hex, or none in place).
Feasible can_attack(Context& cx, UnitId u, UnitId e, Span span, AttackWays which = {},
                    std::vector<Hex>* found = nullptr);

void impetuous_strikes(Context& cx, UnitId u, UnitId t);

}  // namespace umpire::sabreur
