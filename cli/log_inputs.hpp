#pragma once
// The battle logs `umpire check` is given: a file as named, a folder as
// every *.ulog file under it, at any depth, in sorted order. A folder that
// cannot be read, or holds no log, is reported naming it; the logs found
// elsewhere are still returned, so one bad argument does not stop a
// tournament's check.
#include <filesystem>
#include <string>
#include <vector>

#include "cli/session.hpp"

namespace umpire::cli {

struct LogInputs {
  std::vector<std::filesystem::path> logs;
  bool failed = false;  // something was reported: the command exits 2
};

LogInputs find_logs(Session& session, const std::vector<std::string>& arguments);

}  // namespace umpire::cli
