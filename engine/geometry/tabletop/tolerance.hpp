#pragma once
// A distance written in a log against the one the engine computes.
//
// Players measure with a tape, so a log's measurements carry a declared
// tolerance (`tolerance 0.5"`, issue 30; kDefaultTolerance when the log
// declares none). Within it the written value passes with a note that
// states both; beyond it, it is a violation that states both and by how much
// the tolerance was exceeded. The wording is lower case without a trailing
// period, like every diagnostic (docs/diagnostics.md).
#include <cstdint>
#include <string>
#include <string_view>

namespace umpire::tabletop {

inline constexpr double kDefaultTolerance = 0.5;  // inches

enum class Agreement : std::uint8_t {
  exact,             // the same number to 1/1000"
  within_tolerance,  // passes, with a note
  beyond_tolerance,  // a violation
};

struct Measurement {
  double written = 0.0;
  double computed = 0.0;
  double tolerance = kDefaultTolerance;
  Agreement agreement = Agreement::exact;
  double difference() const;  // |written − computed|
};

// Throws GeometryError for a non-finite value or a negative tolerance.
Measurement compare(double written, double computed, double tolerance = kDefaultTolerance);

// A limit the rules set (a move allowance, a range): `measured` may exceed
// `limit` by the tolerance and pass with a note.
struct LimitCheck {
  double measured = 0.0;
  double limit = 0.0;
  double tolerance = kDefaultTolerance;
  Agreement agreement = Agreement::exact;  // exact: at or under the limit
};
LimitCheck check_at_most(double measured, double limit, double tolerance = kDefaultTolerance);

// `what` names the measure ("the move", "the range to 'w1'"):
//   the move: written 6.2", computed 6", within the 0.5" tolerance
//   the move: written 8", computed 6.25", 1.75" apart, beyond the 0.5" tolerance
std::string describe(const Measurement& m, std::string_view what);
//   the charge: 6.3" for at most 6", within the 0.5" tolerance
//   the charge: 7.1" for at most 6", 0.6" beyond the 0.5" tolerance
std::string describe(const LimitCheck& c, std::string_view what);

// A length as written in messages: at most two decimals, no trailing zeros,
// and the inch mark: 6", 6.25", 0.5".
std::string inches(double v);

}  // namespace umpire::tabletop
