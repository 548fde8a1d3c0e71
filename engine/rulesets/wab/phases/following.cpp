#include "engine/rulesets/wab/phases/following.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/rulesets/wab/phases/panic.hpp"
#include "engine/rulesets/wab/phases/turn.hpp"

namespace umpire::wab {
namespace {

// What each statement the engine follows leaves unchecked, by the sheet's
// section.
std::string unchecked(const Action& a) {
  switch (a.kind) {
    case ActionKind::move:
      return "moves outside the movement phase, of generals, of several units at once or off the "
             "table, reforms and the manoeuvres the engine does not measure (§ Manœuvres)";
    case ActionKind::charge:
      return "charges outside the movement phase, of several units or a second one (§ 2.1 "
             "Déclaration de charges)";
    case ActionKind::respond:
      return fmt::format("the charge response '{}' and its dice (§ Phase 2 : Mouvement)", a.detail);
    case ActionKind::test:
      return fmt::format("the {} test: when it is due and its Leadership (§ Psychologie)",
                         a.detail);
    case ActionKind::result:
      return "combat results: wounds, ranks, standards, flanks and high ground (§ Résultat du "
             "combat)";
    case ActionKind::flee:
      return "flight: its dice and direction (§ Fuite)";
    case ActionKind::pursue:
      return "pursuit: its dice and whether it catches (§ Fuite)";
    case ActionKind::rally:
      return "rallying fleeing troops (§ 2.2 Ralliement des troupes en fuite)";
    case ActionKind::save:
      return "armour saves with no strike before them that the engine checks (its hits and "
             "wounds not rolled on the statements before it)";
    default:
      return fmt::format("'{}' statements", a.verb);
  }
}

}  // namespace

void follow(Context& cx, const Action& a) {
  cx.checker.not_checked(unchecked(a), a.span);
  for (GeneralId g : a.generals) {
    if (auto end = written_end(a)) cx.state.generals[g].at = *end;
    // `remove gen killed` takes a General off the table as `to off-table`
    // does: he lends his Leadership no more (§ 2.2 Ralliement des troupes
    // en fuite) and a General gone is § 2.4's "Le général est tué".
    if (a.off_table || a.kind == ActionKind::remove) cx.state.generals[g].on_table = false;
    // The tests his death owes are named, not judged: the sheet lists the
    // cause but never which units take the test (panic_due answers
    // nullopt for his side from here on).
    if (a.kind == ActionKind::remove)
      cx.checker.not_checked(
          fmt::format("the panic tests that the death of '{}' owes (§ Panique 8, 'Le général est "
                      "tué'): the sheet never says which units of his army test, nor when",
                      cx.setup.generals[g].id),
          a.span);
  }
  if (a.actors.empty()) return;
  const UnitId u = a.actors.front();
  UnitState& st = cx.state.units[u];
  switch (a.kind) {
    case ActionKind::combat:
      // `combat a vs b`: the two are engaged until one moves away.
      if (!a.targets.empty()) {
        st.engaged_with = a.targets.front();
        cx.state.units[a.targets.front()].engaged_with = u;
      }
      break;
    case ActionKind::charge:
      for (UnitId m : a.actors) place_as_written(cx, m, a);
      st.charging = true;
      break;
    case ActionKind::flee:
      place_as_written(cx, u, a);
      st.fleeing = true;
      break;
    case ActionKind::respond:
      place_as_written(cx, u, a);
      if (a.detail == "flee" || a.detail == "fire-and-flee") st.fleeing = true;
      break;
    case ActionKind::rally:
      st.fleeing = false;
      break;
    case ActionKind::remove:
      // A unit removed in the combat phase was destroyed in its combats.
      note_destroyed(cx, u, a.span);
      st.on_table = false;
      break;
    case ActionKind::save:
      // Saves the engine does not check still cost the wounds they leave.
      st.wounds_taken +=
          static_cast<std::int32_t>(std::max<std::int64_t>(0, a.stated.wounds.value_or(0)));
      break;
    case ActionKind::test:
    case ActionKind::result:
      break;
    case ActionKind::move:
      for (UnitId m : a.actors) {
        // A unit that reforms in place stays in its combat (§ Redresser
        // les rangs: "peut se reformer pour faire face à l'ennemi").
        const std::int32_t enemy = cx.state.units[m].engaged_with;
        const std::int32_t enemy_with =
            enemy >= 0 ? cx.state.units[static_cast<UnitId>(enemy)].engaged_with : -1;
        place_as_written(cx, m, a);
        if (a.detail == "reform" && !a.off_table && enemy >= 0) {
          cx.state.units[m].engaged_with = enemy;
          cx.state.units[static_cast<UnitId>(enemy)].engaged_with = enemy_with;
        }
        // `move u march …` (or `march-wheel`), `move u reform …` (§ Marche, § Manœuvres).
        if (a.detail == "march" || a.detail == "march-wheel") cx.state.units[m].marched = true;
        if (a.detail == "reform") cx.state.units[m].reformed = true;
      }
      break;
    default:
      for (UnitId m : a.actors) place_as_written(cx, m, a);
      break;
  }
}

}  // namespace umpire::wab
