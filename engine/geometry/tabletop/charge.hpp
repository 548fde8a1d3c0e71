#pragma once
// Charges: which side of the target is charged, where the charger ends in
// contact, and how far it must go to get there.
//
// The side is where the charger stands, not what it declares: "Une unité
// charge le front si elle est située dans l'arc frontal de la cible, le
// flanc si elle est sur son flanc droit ou gauche, de dos si elle se situe
// derrière elle" (004_b7c666874e8df030.txt § 5-j Déplacer les unités en
// charge); zones.hpp draws those zones. In contact the charger's front edge
// lies along the target's edge on that side, covering as much of it as it
// can ("couvrir le maximum de son front", same section), its leader on the
// edge where the edge allows.
//
// The reach is one wheel to face the target edge, measured at the outer
// corner (003_54822f0a7c7b7ce7.txt § Manœuvres, Roue: a charge is allowed
// "une seule roue pour se mettre face à l'ennemi"), then the straight
// distance from the leader so wheeled to its place in contact. Hail Caesar
// measures the model that goes furthest (004 § 5-g), which for this path is
// the same sum.
#include "engine/geometry/tabletop/zones.hpp"

namespace umpire::tabletop {

// The edge of a unit that faces a zone (front → front edge...).
Edge edge_facing(Zone z);

// The side a charger at its current place charges.
Zone charged_side(const Footprint& target, const Footprint& charger, ZoneRule rule,
                  ZoneReference ref);

// The charger moved into contact with `side` of the target (a zone other
// than inside).
Footprint contact_position(const Footprint& charger, const Footprint& target, Zone side);

struct ChargeReach {
  Footprint contact;               // where the charger ends
  double wheel_deg = 0.0;          // clockwise, in (-180, 180]
  double wheel_distance = 0.0;     // the outer corner's arc
  double straight_distance = 0.0;  // leader after the wheel to leader in contact
  double total = 0.0;
};
ChargeReach charge_reach(const Footprint& charger, const Footprint& target, Zone side);

// Within `tolerance` of each other: base to base.
bool in_contact(const Footprint& a, const Footprint& b, double tolerance);
// The leader or the centre line of `a` touches `b`: "Une unité dont le
// meneur ou sa ligne médiane est en contact avec l'ennemi est considérée
// comme engagée, sinon l'unité est considérée en soutien" (004 § 7-a).
bool engaged(const Footprint& a, const Footprint& b, double tolerance);

}  // namespace umpire::tabletop
