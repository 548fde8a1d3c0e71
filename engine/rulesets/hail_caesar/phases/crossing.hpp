#pragma once
// § Se déplacer à travers une unité (000_a44b407871cbdad9.txt): the units a
// way passes through, under the data's move_through_enemy and
// move_through_friend permissions, and the unit a way ends on. A move, a
// charge and an evasion are all ways on the table: each asks the same
// (phases/movement.cpp, phases/charge.cpp, phases/charge_response.cpp).
#include <optional>

#include "engine/geometry/tabletop/movement.hpp"
#include "engine/rulesets/hail_caesar/context.hpp"

namespace umpire::hail_caesar {

struct Way {
  // The unit a charge goes into: its way ends on that unit's edge, which
  // is no crossing.
  std::optional<UnitId> target;
  // "sauf pour rejoindre ce combat (en charge ou en soutien)".
  bool charging = false;
};

// Each unit the way `m` of `u` passes through, refused under
// hc.move.not-allowed where the data forbids it (a charge as any move); a
// way that ends on a unit ("une unité qui en traverse une autre doit
// toujours finir son mouvement en dehors d'elle", 004 § 5-h) is reported
// not checked.
void check_way_through_units(Context& cx, const Action& a, UnitId u, const tabletop::MoveResult& m,
                             const Facts& f, const Way& way);

}  // namespace umpire::hail_caesar
