// Replays witness logs with the engine and writes them atomically.
#include "verify/witness_replay.hpp"

#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <sstream>
#include <system_error>

#include "engine/core/diagnostic.hpp"
#include "engine/core/plural.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/core/write_file.hpp"
#include "engine/run/run.hpp"
#include "verify/witness_log.hpp"

namespace umpire::verify {
namespace {

// The logs do not pin their rules data: they are written from the data the
// verifier just read, so this warning says nothing about the witness.
bool witness_report_is_noise(const Diagnostic& d) {
  return d.id == "log.data.unpinned";
}

constexpr std::size_t witness_reports_shown = 3;

// The child's answer on the pipe: one header line, then one report a line.
std::string witness_replay_to_text(const WitnessReplay& r) {
  std::string out = fmt::format("{} {} {} {}\n", r.parsed ? 1 : 0, r.replayed ? 1 : 0, r.violations,
                                r.not_checked);
  for (std::string line : r.reports) {
    for (char& ch : line)
      if (ch == '\n') ch = ' ';
    out += line + "\n";
  }
  return out;
}

WitnessReplay witness_replay_from_text(const std::string& text) {
  WitnessReplay r;
  std::istringstream in(text);
  int parsed = 0, replayed = 0;
  in >> parsed >> replayed >> r.violations >> r.not_checked;
  r.parsed = parsed != 0;
  r.replayed = replayed != 0;
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) r.reports.push_back(line);
  return r;
}

}  // namespace

WitnessReplay replay_witness_log(const std::string& name, const std::string& text) {
  WitnessReplay out;
  SourceManager sources;
  const FileId file = sources.add(name, text);
  DiagnosticEngine diags(0);
  const run::RunResult run = run::run_log(sources, file, diags);
  out.parsed = !run.syntax_errors;
  out.replayed = run.replayed;
  out.violations = run.replay.violations;
  out.not_checked = run.replay.not_checked_aspects;
  for (const Diagnostic& d : diags.sorted()) {
    if (witness_report_is_noise(d)) continue;
    const std::string where =
        d.span.valid() ? fmt::format("line {}", sources.line_column(d.span.file, d.span.begin).line)
                       : "log";
    std::string line = fmt::format("{}: {} [{}] {}", where, to_string(d.severity), d.id, d.message);
    // The first note is the engine's own account (its breakdown, the value it computed).
    if (!d.notes.empty()) line += fmt::format(" ({})", d.notes.front());
    out.reports.push_back(std::move(line));
  }
  // Violations first: they are what the log shows; not-checked lines follow.
  std::stable_partition(out.reports.begin(), out.reports.end(), [](const std::string& line) {
    return line.find(": error [") != std::string::npos;
  });
  return out;
}

WitnessReplay replay_witness_log_isolated(const std::string& name, const std::string& text) {
  int fds[2];
  if (pipe(fds) != 0) return replay_witness_log(name, text);
  std::fflush(nullptr);
  const pid_t child = fork();
  if (child < 0) {
    close(fds[0]);
    close(fds[1]);
    return replay_witness_log(name, text);
  }
  if (child == 0) {
    close(fds[0]);
    const std::string answer = witness_replay_to_text(replay_witness_log(name, text));
    std::size_t done = 0;
    while (done < answer.size()) {
      const ssize_t n = write(fds[1], answer.data() + done, answer.size() - done);
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    close(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  std::string answer;
  char buffer[4096];
  for (ssize_t n = 0; (n = read(fds[0], buffer, sizeof buffer)) > 0;)
    answer.append(buffer, static_cast<std::size_t>(n));
  close(fds[0]);
  int status = 0;
  // Retried only when a signal interrupts the wait; any other failure
  // (no such child) must not spin.
  while (waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) return witness_replay_from_text(answer);
  }
  if (WIFSIGNALED(status)) {
    WitnessReplay crashed;
    crashed.crash_signal = WTERMSIG(status);
    crashed.parsed = true;
    return crashed;
  }
  return witness_replay_from_text(answer);
}

std::string describe_witness_replay(const WitnessReplay& r) {
  if (r.crash_signal != 0)
    return fmt::format(
        "umpire check crashes on it (signal {}): a bug in the engine, the log reproduces it",
        r.crash_signal);
  if (!r.parsed) return "the log does not parse (a bug in the log writer)";
  std::string out = r.replayed ? "umpire check replays it" : "umpire check cannot replay it";
  if (r.reports.empty())
    return out + " with no violation and nothing left unchecked: the engine accepts the situation";
  out += fmt::format(" and reports {}, {} not checked: ", plural(r.violations, "violation"),
                     r.not_checked);
  for (std::size_t i = 0; i < r.reports.size() && i < witness_reports_shown; ++i)
    out += (i ? "; " : "") + r.reports[i];
  if (r.reports.size() > witness_reports_shown)
    out += fmt::format("; and {} more", r.reports.size() - witness_reports_shown);
  return out;
}

EmitLogResult emit_witness_logs(Report& report, const std::filesystem::path& dir) {
  EmitLogResult result;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    result.error = fmt::format("cannot create '{}': {}", dir.string(), ec.message());
    return result;
  }
  for (Finding& f : report.findings) {
    const WitnessLog log = witness_log(f);
    if (!log.written) {
      f.log = "no log: " + log.why_not;
      ++result.refused;
      continue;
    }
    const std::filesystem::path path = dir / log.file_name;
    if (std::string error = write_file(path, log.text); !error.empty()) {
      result.error = fmt::format("cannot write '{}': {}", path.string(), error);
      return result;
    }
    ++result.written;
    const WitnessReplay replay = replay_witness_log_isolated(path.string(), log.text);
    std::string shows = fmt::format("log {}: {}", path.string(), log.action);
    if (!log.not_reproduced.empty())
      shows += fmt::format(" ({} not reproduced, listed in the log)",
                           plural(log.not_reproduced.size(), "witness given", "witness givens"));
    f.log = shows + "; " + describe_witness_replay(replay);
  }
  return result;
}

}  // namespace umpire::verify
