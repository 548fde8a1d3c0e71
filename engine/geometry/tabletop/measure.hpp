#pragma once
// Distances the way the texts measure them, in inches.
//
// - closest_edges: between the nearest points of the two units' bases,
//   "entre les bords les plus proches" (004_b7c666874e8df030.txt § 4-a
//   Mesures); 0 when they touch or overlap.
// - from_leader: from the centre of the first unit's front edge to the
//   nearest point of the other: a range "en mesurant la portée depuis le
//   meneur de l'unité" (004 § 6-a Généralités sur la phase de tir).
// - from_front_edge: from any point of the first unit's front edge to the
//   nearest point of the other: how far the front is from a unit ahead
//   (the 12" of 004 § 5-g Mouvements et proximité de l'ennemi, "qui fait
//   face à un ennemi à 12' ou moins").
// - centre_to_centre: between the centres of the footprints.
#include <cstdint>
#include <span>

#include "engine/geometry/tabletop/units.hpp"

namespace umpire::tabletop {

enum class Measure : std::uint8_t { closest_edges, from_leader, from_front_edge, centre_to_centre };
const char* to_string(Measure m);

double distance(const Footprint& a, const Footprint& b, Measure m);
// From a unit to a point (a general's base is measured as its centre:
// "depuis le socle du général jusqu'au bord le plus proche de l'unité",
// 004 § 4-a, with closest_edges): 0 when the point lies in the unit.
double distance(const Footprint& a, Point p, Measure m);
// From a unit to an area (terrain): 0 when they meet.
double distance(const Footprint& a, const Polygon& area, Measure m);
// From a unit to a line (a linear obstacle, a table edge).
double distance(const Footprint& a, const Linestring& line, Measure m);

// The nearest an area comes to a unit's base, or to a point: 0 when they
// meet. The area of a move (movement.hpp swept_area) tells how near the
// unit came on its way, not only where it started and ended.
double distance(const MultiPolygon& area, const Footprint& b);
double distance(const MultiPolygon& area, Point p);

// The largest gap between the units of a group that keeps together as a
// chain: each unit at most that far from another of the group (the
// longest link of their minimum spanning tree, closest edges); 0 for one
// unit or none. "Séparées de 6 maximum les unes des autres" (004 § 5-c)
// read as a chain is never stricter than read pairwise.
double largest_gap(std::span<const Footprint> group);

// The point of `b` nearest to `from`, and of the segment.
Point nearest_point(const Footprint& b, Point from);
Point nearest_point(const Segment& s, Point from);

}  // namespace umpire::tabletop
