#pragma once
// Terrain areas, linear obstacles and the table's edges.
//
// What a terrain does (halves a move, costs a move to cross, blocks sight,
// forbids a unit type: 000_a44b407871cbdad9.txt § Modificateur de
// mouvement; 003_54822f0a7c7b7ce7.txt § Terrains et obstacles) is rules
// data; here is only where it lies and what a footprint or a move meets.
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "engine/geometry/tabletop/units.hpp"

namespace umpire::tabletop {

// An area: a wood, a hill, a building, a river's bed.
struct Area {
  Polygon shape;
};
// A rectangle as the log writes it: `rect <centre> <w>x<d> [rotation <deg>]`
// (docs/log-format.md § 3), rotated clockwise.
Area rect_area(Point centre, double width, double depth, double rotation_deg = 0.0);
// A polygon from its corners in either order; throws GeometryError when
// fewer than three, not finite, or self-intersecting.
Area polygon_area(std::span<const Point> corners);

// A linear obstacle: a wall, a hedge, a stream line.
struct Obstacle {
  Linestring line;
};
Obstacle obstacle(std::span<const Point> points);

// The footprint and the area share some area (touching is not entering).
bool enters(const Footprint& f, const Area& a);
// The part of the footprint inside the area, in [0, 1].
double fraction_inside(const Footprint& f, const Area& a);
// Whether more than half of the footprint lies inside the area (a unit
// stands in a piece of terrain), for a unit the log places within
// `tolerance` inches: the footprint is also tried moved by the tolerance
// ahead, back, left and right, and when the answers differ the placement
// cannot tell (nullopt).
std::optional<bool> mostly_inside(const Footprint& f, const Area& a, double tolerance);
// The area meets the straight line between the centres of two footprints:
// it lies between the two units (003_54822f0a7c7b7ce7.txt § Résultat pour
// toucher, "un troupe derrière un obstacle").
bool lies_between(const Footprint& a, const Footprint& b, const Area& area);
// A swept area (movement.hpp) enters or crosses.
bool enters(const MultiPolygon& swept, const Area& a);
bool crosses(const MultiPolygon& swept, const Obstacle& o);
bool crosses(const Footprint& f, const Obstacle& o);

// The table, its south-west corner at 0,0 (docs/log-format.md § 3).
enum class TableEdge : std::uint8_t { north, east, south, west };
const char* to_string(TableEdge e);

class Table {
 public:
  // Throws GeometryError unless both sizes are positive and finite.
  Table(double width, double depth);
  double width() const { return width_; }
  double depth() const { return depth_; }
  Polygon polygon() const;

  // Wholly on the table, edges included.
  bool contains(const Footprint& f) const;
  bool contains(Point p) const;
  // How far the footprint reaches past the edges: 0 when on the table.
  double overhang(const Footprint& f) const;
  // The edge nearest to a point, ties broken north, east, south, west:
  // "le bord de table le plus proche" (000 § Unité d'une division démoralisée).
  TableEdge nearest_edge(Point p) const;
  double distance_to_edge(Point p, TableEdge e) const;

 private:
  double width_;
  double depth_;
};

// The unit vector from the table out across edge `e` (north is +y).
Point outward(TableEdge e);

// A net move from `from` to `to` held against a straight way along the
// unit vector `dir`: how long it is and how much of it goes along `dir`.
// A move goes straight along `dir` when it gains its length there, less a
// tolerance (a flight towards its own edge, WAB § Troupes en fuite; a
// free move towards the nearest edge, 000 § Unité d'une division
// démoralisée; a blunder's forced move, 000 § D6 Fiasco de commandement).
struct StraightMove {
  double moved = 0.0;
  double gain = 0.0;
  bool straight(double tolerance) const { return gain >= moved - tolerance; }
};
StraightMove straight_move(Point from, Point to, Point dir);

// Whether `in_way` holds of `start` carried straight along the unit vector
// `dir`, sampled every half inch up to `inches` (200 samples at most): a
// unit or terrain on the straight way, which may turn a move aside ("si
// possible") in a way the engines do not weigh.
bool straight_way_blocked(const Footprint& start, Point dir, double inches,
                          const std::function<bool(const Footprint&)>& in_way);

}  // namespace umpire::tabletop
