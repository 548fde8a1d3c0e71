#pragma once
// Runs the umpire executable as a user would, for the CLI tests.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

#include "tests/support/paths.hpp"

namespace umpire::cli_test {

struct Outcome {
  int exit_code = -1;
  std::string out;  // stdout and stderr, in that order of redirection
};

// Runs a shell command, its standard output captured.
inline Outcome shell(const std::string& command) {
  Outcome run;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    run.out.append(buffer.data(), n);
  const int status = ::pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

// Runs `umpire ARGS` from the source directory; stderr is merged into stdout
// unless not wanted.
inline Outcome umpire(const std::string& args, bool merge_stderr = true) {
  return shell("cd '" + umpire::test::source_dir().string() + "' && NO_COLOR=1 '" + UMPIRE_BINARY +
               "' " + args + (merge_stderr ? " 2>&1" : " 2>/dev/null"));
}

}  // namespace umpire::cli_test
