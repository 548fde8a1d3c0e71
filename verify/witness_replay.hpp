#pragma once
// `umpire verify --emit-log DIR`: each finding's witness written as a battle
// log (witness_log.hpp), replayed by the engine of its ruleset as
// `umpire check` would, and what the engine reports about it told in the
// finding (`Finding::log`). A finding without a log says why (`no log: …`).
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "verify/findings.hpp"

namespace umpire::verify {

struct WitnessReplay {
  // The engine crashed on the log (signal number): replays run in a child
  // process, so an engine bug becomes a sentence of the finding, not a crash
  // of the verifier.
  int crash_signal = 0;
  bool parsed = false;    // no syntax errors
  bool replayed = false;  // lowered, set up and replayed to the end
  std::size_t violations = 0, not_checked = 0;
  // What the engine said, one line each: "line 24: error [sabreur.morale.modifier] …".
  std::vector<std::string> reports;
};

// Replays log `text` (named `name` in the reports) with the engine of its
// ruleset, in this process.
WitnessReplay replay_witness_log(const std::string& name, const std::string& text);
// The same in a child process (POSIX fork): a crash is reported, not shared.
WitnessReplay replay_witness_log_isolated(const std::string& name, const std::string& text);

// One sentence for the finding: what the log shows once replayed.
std::string describe_witness_replay(const WitnessReplay& r);

struct EmitLogResult {
  std::size_t written = 0, refused = 0;
  std::string error;  // a file that could not be written; empty on success
};

// Writes <dir>/<finding id>.ulog for every finding that has a game
// situation, replays it, and fills every finding's `log` line.
EmitLogResult emit_witness_logs(Report& report, const std::filesystem::path& dir);

}  // namespace umpire::verify
