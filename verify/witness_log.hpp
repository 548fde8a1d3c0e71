#pragma once
// A finding's witness as a short battle log of its ruleset (`umpire verify
// --emit-log`, docs/verification.md § Witness logs), written by the
// ruleset's witness writer (engine/rulesets/witness_writer.hpp), or why a
// finding can have none. witness_replay.hpp replays what it writes.
#include <map>
#include <string>
#include <vector>

#include "verify/findings.hpp"

namespace umpire::verify {

struct WitnessLog {
  bool written = false;  // false: `why_not` says why no log can show this finding
  std::string why_not;
  std::string file_name;  // <finding id, sanitised>.ulog
  std::string text;
  std::string action;  // what the last action shows: "a morale test of w1 with mod -12"
  // Witness givens the log sets up, and those it cannot (each "name = value").
  std::vector<std::string> reproduced, not_reproduced;
  // For tests: the words the log writes for the witness unit (quality, formation, profile).
  std::map<std::string, std::string> unit_words;
};

// The rulesets whose findings can become logs: those with a replay engine
// and a witness writer.
bool has_log_engine(const std::string& ruleset);

// "impossible-test:sabreur-hex:morale_test_2d6" -> "impossible-test_sabreur-hex_morale_test_2d6".
std::string sanitised_file_stem(const std::string& finding_id);

// "self.skills = {a, b}" -> {"self.skills", "{a, b}"}; lines without " = " are skipped.
std::map<std::string, std::string> parse_witness(const std::vector<std::string>& lines);

WitnessLog witness_log(const Finding& f);

}  // namespace umpire::verify
