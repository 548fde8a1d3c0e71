#pragma once
// 004_b7c666874e8df030.txt § 7-h, "Si une unité victorieuse n'a plus
// d'unité ennemie en contact avec elle (en replis ou détruite), elle peut
// alors accomplir un mouvement", and § 7-i, "Si toutes les unités engagées
// contre une unité victorieuse sont détruites … elle peut accomplir une
// percée. Une percée se limite à un maximum de deux mouvements dans l'arc
// frontal de l'unité". What a unit's last round of the combat phase says of
// the move it makes after it: the givens unit.won_combat,
// unit.enemies_destroyed and move.in_front_arc (unit_facts.cpp), which the
// data's move_after_combat_moves and breakthrough permissions read; a move
// written in the combat phase by a unit that did not win is refused by the
// data's victor_move permissions (hyw.combat.victor-move).
#include <cstddef>
#include <optional>
#include <span>

#include "engine/core/replay/checker.hpp"
#include "engine/rulesets/hail_caesar/engine.hpp"
#include "engine/rulesets/hail_caesar_hyw/rules_binding.hpp"

namespace umpire::hyw {

struct CombatStanding {
  bool won = false;                // it won the round and no enemy of it is in contact
  bool enemies_destroyed = false;  // every enemy of the round is off the table
};

// The last round unit `u` fought in the combat phase of statement `now`
// (its last `combat` statement of that phase, before `now`), as the state
// stands: nothing won when it fought none.
CombatStanding combat_standing(std::span<const hail_caesar::Action> log,
                               const hail_caesar::Setup& setup, const hail_caesar::State& state,
                               std::size_t now, hail_caesar::UnitId u, double tolerance);

// Whether the unit's move `a` (a written end) leaves its leader in the
// front zone of where it stands, the diagonals extended (5-j's "arc
// frontal"); false without a written end.
bool ends_in_front_arc(const tabletop::Footprint& start, const hail_caesar::Action& a);

// 7-h: "Ce mouvement peut ramener l'unité vers l'avant, en contact avec
// l'ennemi qui a reculé. Le combat se poursuivra dans le round suivant et
// l'unité victorieuse bénéficiera du bonus de +1 pour avoir gagné". After
// unit `u`'s move `a` of the combat phase, placed where it ends: an enemy
// of the last round it fought in the phase that it touches again (within
// the tolerance) is engaged with it once more, their combat going on (its
// rounds counted on, so the next is a sustained one; the unit's win kept,
// the base's won_last_round, for its +1; no charge of it, so no charge
// bonus). A round of it is then owed in the next combat phase (7-a,
// hyw.combat.round-owed).
void recontact_after_move(hail_caesar::Context& cx, const hail_caesar::Action& a,
                          hail_caesar::UnitId u);

// 8-c, "Unité amie lors d'une retraite ou d'un repli": the unit of `u`'s
// side that owes a move back (`due`) and whose move back, written later
// in the phase of statement `now`, passes through `u` where it stands:
// `u`'s move `now` steps aside for it. Nullopt when there is none.
std::optional<hail_caesar::UnitId> makes_way_for(std::span<const hail_caesar::Action> log,
                                                 const hail_caesar::Setup& setup,
                                                 const hail_caesar::State& state,
                                                 const hail_caesar::Scratch& scratch,
                                                 std::size_t now, hail_caesar::UnitId u);

// A move written in the combat phase (a victor's move, 7-h; a breakthrough
// written as a move, 7-i): the data's victor_move permissions.
void check_victor_move(const hail_caesar::Engine& game, const Binding& rules, std::size_t now,
                       replay::EventChecker& checker);

}  // namespace umpire::hyw
