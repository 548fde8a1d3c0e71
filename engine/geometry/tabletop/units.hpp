#pragma once
// A unit on the table: the rectangle its bases cover.
//
// The caller gives the frontage and depth (base size × files and ranks, as
// its formation puts them: the library knows no ruleset) and places the
// unit by its leader, the centre of its front edge: the point 004 § 4-b
// checks line of sight from and § 5-j brings into contact ("meneur",
// GLOSSARY.md `unit_leader`). Facing is a bearing (point.hpp).
#include <array>

#include "engine/geometry/tabletop/point.hpp"

namespace umpire::tabletop {

enum class Edge : unsigned char { front, right, rear, left };
inline constexpr std::array<Edge, 4> kEdges{Edge::front, Edge::right, Edge::rear, Edge::left};
const char* to_string(Edge e);

// A point in the unit's own frame: `lateral` to its right, `forward` ahead
// of its front edge (the unit covers -frontage/2 ≤ lateral ≤ frontage/2,
// -depth ≤ forward ≤ 0).
struct Local {
  double lateral = 0.0;
  double forward = 0.0;
};

class Footprint {
 public:
  // Throws GeometryError for a non-finite value or a frontage or depth that
  // is not positive: a unit without area has no edges to measure from.
  Footprint(Point leader, double facing_deg, double frontage, double depth);

  Point leader() const { return leader_; }
  double facing() const { return facing_; }  // in [0, 360)
  double frontage() const { return frontage_; }
  double depth() const { return depth_; }

  Point ahead() const { return ahead_; }  // unit vector of the facing
  Point right() const { return right_; }  // unit vector to the unit's right
  Point centre() const;

  Point front_left() const;
  Point front_right() const;
  Point rear_left() const;
  Point rear_right() const;
  // An edge from the unit's left to its right as seen from outside it
  // (front: left to right corner; right: front to rear; ...), so each runs
  // clockwise round the unit.
  Segment edge(Edge e) const;
  // The four corners clockwise from the front left, closed.
  Polygon polygon() const;

  Local to_local(Point p) const;
  Point from_local(Local l) const;

  // The same unit moved: used by movement.hpp and charge.hpp.
  Footprint placed(Point leader, double facing_deg) const;

 private:
  Point leader_;
  double facing_;
  double frontage_;
  double depth_;
  Point ahead_;
  Point right_;
};

// Boost.Geometry's overlay (intersection, union) can lose or invent area
// when two operands share an edge that rounding has left almost, not
// exactly, collinear, and units in contact do just that. So overlay work
// runs in one unit's frame (x = lateral, y = forward), where its edges lie
// on lines x = ±frontage/2, y = 0 and y = -depth, with every coordinate
// snapped to a grid of 2^-30" (1e-9"): corners that should coincide do.
// Areas are unchanged by the move; `from_frame` brings a shape back.
Point to_frame(const Footprint& f, Point p);
Polygon to_frame(const Footprint& f, const Polygon& p);
MultiPolygon to_frame(const Footprint& f, const MultiPolygon& m);
MultiPolygon from_frame(const Footprint& f, const MultiPolygon& m);

// The two footprints cover a common area (touching edges do not count):
// the "overlaps two bases" of a log that places units on top of each other.
bool overlap(const Footprint& a, const Footprint& b);

// The convex hull of both footprints' corners: the ground a straight step
// from one to the other sweeps, and the corridor every sight line between
// them runs in.
Polygon hull(const Footprint& a, const Footprint& b);

}  // namespace umpire::tabletop
