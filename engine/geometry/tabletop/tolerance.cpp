#include "engine/geometry/tabletop/tolerance.hpp"

#include <fmt/format.h>

#include <cmath>

#include "engine/geometry/tabletop/point.hpp"

namespace umpire::tabletop {

namespace {

// Below a thousandth of an inch two lengths are the same: no tape reads it,
// and it absorbs the rounding of the computation.
constexpr double kSame = 1e-3;

double valid_tolerance(double t) {
  if (require_finite(t, "the tolerance") < 0.0)
    throw GeometryError(fmt::format("the tolerance {} is negative", inches(t)));
  return t;
}

}  // namespace

double Measurement::difference() const {
  return std::abs(written - computed);
}

Measurement compare(double written, double computed, double tolerance) {
  Measurement m{require_finite(written, "the written distance"),
                require_finite(computed, "the computed distance"), valid_tolerance(tolerance),
                Agreement::exact};
  const double d = m.difference();
  if (d > kSame)
    m.agreement =
        d <= tolerance + kSame ? Agreement::within_tolerance : Agreement::beyond_tolerance;
  return m;
}

LimitCheck check_at_most(double measured, double limit, double tolerance) {
  LimitCheck c{require_finite(measured, "the measured distance"),
               require_finite(limit, "the limit"), valid_tolerance(tolerance), Agreement::exact};
  const double over = measured - limit;
  if (over > kSame)
    c.agreement =
        over <= tolerance + kSame ? Agreement::within_tolerance : Agreement::beyond_tolerance;
  return c;
}

std::string inches(double v) {
  std::string s = fmt::format("{:.2f}", v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s + "\"";
}

std::string describe(const Measurement& m, std::string_view what) {
  const std::string both =
      fmt::format("{}: written {}, computed {}", what, inches(m.written), inches(m.computed));
  switch (m.agreement) {
    case Agreement::exact:
      return both;
    case Agreement::within_tolerance:
      return fmt::format("{}, within the {} tolerance", both, inches(m.tolerance));
    case Agreement::beyond_tolerance:
      return fmt::format("{}, {} apart, beyond the {} tolerance", both, inches(m.difference()),
                         inches(m.tolerance));
  }
  return both;
}

std::string describe(const LimitCheck& c, std::string_view what) {
  const std::string both =
      fmt::format("{}: {} for at most {}", what, inches(c.measured), inches(c.limit));
  switch (c.agreement) {
    case Agreement::exact:
      return both;
    case Agreement::within_tolerance:
      return fmt::format("{}, within the {} tolerance", both, inches(c.tolerance));
    case Agreement::beyond_tolerance:
      return fmt::format("{}, {} beyond the {} tolerance", both,
                         inches(c.measured - c.limit - c.tolerance), inches(c.tolerance));
  }
  return both;
}

}  // namespace umpire::tabletop
