#pragma once
// Units the tabletop tests place, written as a log places them: the leader
// (centre of the front edge), a facing in degrees, frontage × depth.
#include <gtest/gtest.h>

#include "engine/geometry/tabletop/units.hpp"

namespace umpire::tabletop::testing {

// 6" wide and 2" deep, its leader at 10,10, facing north: it covers
// x 7..13, y 8..10, its centre at 10,9.
inline Footprint block() {
  return Footprint({10.0, 10.0}, 0.0, 6.0, 2.0);
}

inline Footprint unit_at(double x, double y, double facing, double frontage, double depth) {
  return Footprint({x, y}, facing, frontage, depth);
}

inline void expect_point(Point p, double x, double y) {
  EXPECT_NEAR(p.x(), x, 1e-12);
  EXPECT_NEAR(p.y(), y, 1e-12);
}

}  // namespace umpire::tabletop::testing
