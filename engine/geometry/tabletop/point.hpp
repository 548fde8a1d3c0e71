#pragma once
// The tabletop's plane: Boost.Geometry types, directions and the one error
// that bad input raises.
//
// Coordinates are inches on the table, x east and y north from its
// south-west corner; a facing is a bearing in degrees clockwise from north
// (0 faces the north edge, 90 the east edge), as docs/log-format.md § 3
// writes them. Every public function rejects NaN and infinities with
// GeometryError instead of letting them through Boost.Geometry, whose
// algorithms assume finite coordinates.
#include <boost/geometry/geometries/linestring.hpp>
#include <boost/geometry/geometries/multi_polygon.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>
#include <boost/geometry/geometries/segment.hpp>
#include <cmath>
#include <stdexcept>
#include <string>

namespace umpire::tabletop {

using Point = boost::geometry::model::d2::point_xy<double>;
// Clockwise and closed: Boost.Geometry's default, so no correct() is needed
// for the rectangles this library builds itself.
using Polygon = boost::geometry::model::polygon<Point>;
using MultiPolygon = boost::geometry::model::multi_polygon<Polygon>;
using Segment = boost::geometry::model::segment<Point>;
using Linestring = boost::geometry::model::linestring<Point>;

// Invalid input: a non-finite number, a negative or zero size, a polygon
// Boost.Geometry cannot repair. The message names the argument.
class GeometryError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Throws GeometryError naming `what` unless v is finite.
double require_finite(double v, const char* what);
Point require_finite(Point p, const char* what);

// A vector in the plane; Point serves as one. Inline: every footprint,
// distance and move computes with them, and a call each was a tenth of a
// Hail Caesar replay's time.
inline Point operator+(Point a, Point b) {
  return {a.x() + b.x(), a.y() + b.y()};
}
inline Point operator-(Point a, Point b) {
  return {a.x() - b.x(), a.y() - b.y()};
}
inline Point operator*(double k, Point a) {
  return {k * a.x(), k * a.y()};
}
inline double dot(Point a, Point b) {
  return a.x() * b.x() + a.y() * b.y();
}
// z of a × b: > 0 when b is anticlockwise of a.
inline double cross(Point a, Point b) {
  return a.x() * b.y() - a.y() * b.x();
}
inline double length(Point v) {
  return std::hypot(v.x(), v.y());
}

// The unit vector of a bearing (clockwise from north): 0 → (0,1), 90 → (1,0).
Point direction(double bearing_deg);
// The bearing from `from` to `to`, in [0, 360); 0 when they coincide.
double bearing(Point from, Point to);
// An angle brought to (-180, 180].
double normalize_signed_deg(double deg);
// An angle brought to [0, 360).
double normalize_bearing(double deg);
// Rotates p about `centre` by `deg` clockwise (a change of bearing of +deg).
Point rotate_clockwise(Point p, Point centre, double deg);

constexpr double kPi = 3.14159265358979323846;
constexpr double radians(double deg) {
  return deg * kPi / 180.0;
}
constexpr double degrees(double rad) {
  return rad * 180.0 / kPi;
}

std::string to_string(Point p);

}  // namespace umpire::tabletop
