#include "engine/geometry/tabletop/point.hpp"

#include <fmt/format.h>

#include <cmath>

namespace umpire::tabletop {

double require_finite(double v, const char* what) {
  if (!std::isfinite(v)) throw GeometryError(fmt::format("{} is not a finite number", what));
  return v;
}

Point require_finite(Point p, const char* what) {
  if (!std::isfinite(p.x()) || !std::isfinite(p.y()))
    throw GeometryError(fmt::format("{} has a coordinate that is not a finite number", what));
  return p;
}

Point direction(double bearing_deg) {
  // Exact values at the four cardinal bearings, which logs write most: sin
  // and cos of a rounded π would leave 6e-17 where a test expects 0.
  const double b = normalize_bearing(bearing_deg);
  if (b == 0.0) return {0.0, 1.0};
  if (b == 90.0) return {1.0, 0.0};
  if (b == 180.0) return {0.0, -1.0};
  if (b == 270.0) return {-1.0, 0.0};
  const double r = radians(b);
  return {std::sin(r), std::cos(r)};
}

double bearing(Point from, Point to) {
  const Point d = to - from;
  if (d.x() == 0.0 && d.y() == 0.0) return 0.0;
  return normalize_bearing(degrees(std::atan2(d.x(), d.y())));
}

double normalize_bearing(double deg) {
  double b = std::fmod(deg, 360.0);
  if (b < 0.0) b += 360.0;
  if (b >= 360.0) b -= 360.0;  // fmod of a tiny negative number plus 360
  return b;
}

double normalize_signed_deg(double deg) {
  const double b = normalize_bearing(deg);
  return b > 180.0 ? b - 360.0 : b;
}

Point rotate_clockwise(Point p, Point centre, double deg) {
  // Clockwise by deg: the unit vector of bearing 0 (north) goes to bearing
  // deg, i.e. (0,1) → (sin, cos).
  const Point e = direction(deg);
  const double s = e.x();
  const double c = e.y();
  const Point v = p - centre;
  return centre + Point{c * v.x() + s * v.y(), -s * v.x() + c * v.y()};
}

std::string to_string(Point p) {
  return fmt::format("{:g},{:g}", p.x(), p.y());
}

}  // namespace umpire::tabletop
