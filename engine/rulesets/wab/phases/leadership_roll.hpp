#pragma once
// A test of the data rolled as a whole (2D6 at most a Leadership, a D6 at
// least 4): the dice the data names taken from the log, the written
// `against` compared with the score the data computed, the result with the
// one stated. Shared by the break, psychology and rally tests.
#include <optional>
#include <string_view>

#include "engine/rulesets/wab/context.hpp"

namespace umpire::wab {

struct RolledTest {
  Check check;
  Test test;                // the data's test: its dice, and at least or at most
  std::int64_t needed = 0;  // the score the data computed
  std::string_view what;    // "break test", for messages
};

// Whether the test passed, as the replay goes on (the stated result when
// the log states one); nullopt when the roll is missing. `why` is the
// breakdown of `needed`.
std::optional<bool> roll_test(Context& cx, const Action& a, UnitId u, const RolledTest& t,
                              const replay::Notes& why);

}  // namespace umpire::wab
