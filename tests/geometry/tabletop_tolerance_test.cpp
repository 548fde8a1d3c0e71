// Written measurements against computed ones, and their wording.
#include <gtest/gtest.h>

#include <limits>

#include "engine/geometry/tabletop/point.hpp"
#include "engine/geometry/tabletop/tolerance.hpp"

namespace umpire::tabletop {
namespace {

TEST(TabletopTolerance, Agreement) {
  EXPECT_EQ(compare(6.0, 6.0004).agreement, Agreement::exact);
  EXPECT_EQ(compare(6.2, 6.0).agreement, Agreement::within_tolerance);
  EXPECT_EQ(compare(6.5, 6.0).agreement, Agreement::within_tolerance);  // the bound passes
  EXPECT_EQ(compare(6.51, 6.0).agreement, Agreement::beyond_tolerance);
  EXPECT_EQ(compare(6.2, 6.0, 0.0).agreement, Agreement::beyond_tolerance);
  EXPECT_EQ(compare(5.0, 6.0, 1.0).agreement, Agreement::within_tolerance);
}

TEST(TabletopTolerance, Wording) {
  EXPECT_EQ(describe(compare(6.2, 6.0), "the move"),
            "the move: written 6.2\", computed 6\", within the 0.5\" tolerance");
  EXPECT_EQ(describe(compare(8, 6.25), "the move"),
            "the move: written 8\", computed 6.25\", 1.75\" apart, beyond the 0.5\" tolerance");
  EXPECT_EQ(describe(compare(6, 6), "the range to 'w1'"),
            "the range to 'w1': written 6\", computed 6\"");
}

TEST(TabletopTolerance, Limits) {
  EXPECT_EQ(check_at_most(5.9, 6).agreement, Agreement::exact);
  const LimitCheck near = check_at_most(6.3, 6);
  EXPECT_EQ(near.agreement, Agreement::within_tolerance);
  EXPECT_EQ(describe(near, "the charge"),
            "the charge: 6.3\" for at most 6\", within the 0.5\" tolerance");
  const LimitCheck far = check_at_most(7.1, 6);
  EXPECT_EQ(far.agreement, Agreement::beyond_tolerance);
  EXPECT_EQ(describe(far, "the charge"),
            "the charge: 7.1\" for at most 6\", 0.6\" beyond the 0.5\" tolerance");
}

TEST(TabletopTolerance, Inches) {
  EXPECT_EQ(inches(6), "6\"");
  EXPECT_EQ(inches(6.25), "6.25\"");
  EXPECT_EQ(inches(0.5), "0.5\"");
  EXPECT_EQ(inches(2.0 / 3), "0.67\"");
  EXPECT_EQ(inches(-0.001), "0\"");
}

TEST(TabletopTolerance, BadInput) {
  EXPECT_THROW(compare(std::numeric_limits<double>::quiet_NaN(), 1), GeometryError);
  EXPECT_THROW(compare(1, 1, -0.5), GeometryError);
  EXPECT_THROW(check_at_most(1, std::numeric_limits<double>::infinity()), GeometryError);
}

}  // namespace
}  // namespace umpire::tabletop
