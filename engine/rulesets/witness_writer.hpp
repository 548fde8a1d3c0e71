#pragma once
// A verifier's finding shown as a game (`umpire verify --emit-log`,
// verify/witness_log.hpp): the ruleset's writer turns the witness situation
// into a short battle log of that ruleset, which its engine then replays.
// Plain text: the writer knows the log language, not the verifier.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace umpire::rulesets {

// Where dice decide, whether the finding says they never or always pass.
enum class TestExtreme : std::uint8_t { none, never_passes, always_passes };

struct WitnessSituation {
  std::string_view finding_id;  // "impossible-test:sabreur-hex:morale_test_2d6"
  std::string_view message;     // the finding's one line
  TestExtreme test = TestExtreme::none;
  std::vector<std::string_view> items;        // the names of the items involved
  std::map<std::string, std::string> givens;  // the witness: name -> value
};

struct WitnessLogText {
  std::string text;
  std::string action;  // what the last action shows: "a morale test of w1 with mod -12"
  // Witness givens the log sets up, and those it cannot (each "name = value").
  std::vector<std::string> reproduced, not_reproduced;
  // For tests: the words the log writes for the witness unit (quality, formation, profile).
  std::map<std::string, std::string> unit_words;
};

class WitnessWriter {
 public:
  virtual ~WitnessWriter() = default;
  virtual WitnessLogText write(const WitnessSituation& situation) const = 0;
};

}  // namespace umpire::rulesets
