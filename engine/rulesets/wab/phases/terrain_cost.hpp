#pragma once
// The ground a move covers (003_54822f0a7c7b7ce7.txt § Terrains et
// obstacles): "Les troupes traversent les terrains difficiles … à demi
// vitesse", "le terrain très difficile au quart de leur vitesse", "passent
// les obstacles en dépensant la moitié de leur mouvement". What each kind
// costs is the data's (ground_cost, obstacle_cost); here is only how much
// of each a way covers. An inch of the way counts as difficult when some
// part of the unit stands in difficult ground over it (the most difficult
// ground it touches wins), measured along the wheel that may open a move
// (the way of its outer model, § Manœuvres: "la distance parcourue par la
// figurine extérieure de la roue") and the straight legs the log writes. An
// obstacle is crossed when the way enters it and the unit did not already
// stand on it.
#include <string>
#include <string_view>
#include <vector>

#include "engine/geometry/tabletop/units.hpp"
#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

struct GroundCovered {
  double difficult = 0, very_difficult = 0;  // inches of the legs
  int obstacles = 0;
  std::vector<std::string> pieces;  // the names of the pieces met, for notes
};

// A wheel that opens a move: its angle and the way of its outer model.
struct OpeningWheel {
  double degrees = 0, inches = 0;
};

// The ground of the wheel `wheel` (none: no wheel) from `start`, where the
// unit stood before the move, then of the legs written on `a` (`path`,
// then `to`) from `legs_from`, the unit as it stands once its wheel or turn
// is made.
GroundCovered ground_covered(const Context& cx, const tabletop::Footprint& start,
                             const tabletop::Footprint& legs_from, const Action& a,
                             const OpeningWheel& wheel = {});

// What a target stands behind as its striker sees it (§ Résultat pour
// toucher: "Un 6 est nécessaire pour toucher un troupe derrière un
// obstacle"): a `wall` or `obstacle` piece that the line between the two
// units' centres meets (the data's other_obstacle), which puts each of two
// units fighting across it behind it as the other sees it. Failing one, a
// hill or a ford it meets is `unsure`: the data's obstacle_kind counts
// them (§ Résultat du combat: "obstacle autre que gué et colline"), but a
// log draws a hill without its crest and the engine does not read fords,
// so whether the target stands behind one the engine cannot tell.
struct Behind {
  std::string_view word = "no_obstacle";  // the data's obstacle_kind
  bool unsure = false;
  std::string piece;  // its name, for notes
};
Behind obstacle_between(const Context& cx, UnitId striker, UnitId target);

// The most difficult ground some part of unit `u` stands in as it is
// (open when none): § Résultat du combat reads it for the ranks.
Ground ground_under(const Context& cx, UnitId u);

}  // namespace umpire::wab
