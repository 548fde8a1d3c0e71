#pragma once
// Many battle logs checked at once (`umpire check -j N DIR`): each log is a
// job taken by the next free thread. A thread reads its logs into a
// SourceManager and keeps a rules cache of its own, so threads share only
// what is read-only (the registry, the check tables); each log gets its own
// diagnostics, so what is said of a log does not depend on the thread that
// checked it nor on the logs checked before it there. The results come back
// in the order of the paths, whatever the number of threads.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/run/run.hpp"

namespace umpire::run {

struct CheckedLog {
  std::filesystem::path path;
  // The thread's sources, which hold the log's text; `file` is nullopt when
  // the log could not be read (`load_error`, `why`).
  const SourceManager* sources = nullptr;
  std::optional<FileId> file;
  std::string load_error;
  SourceManager::LoadFailure why = SourceManager::LoadFailure::unreadable;
  RunResult result;
  DiagnosticEngine diags;
};

struct Batch {
  std::vector<std::unique_ptr<SourceManager>> sources;  // one per thread
  std::vector<CheckedLog> logs;                         // in the order of the paths
};

struct BatchOptions {
  RunOptions run;  // its rules_cache is ignored: each thread has its own
  unsigned threads = 1;
  std::uint64_t max_input_bytes = SourceManager::default_max_input_bytes;
  // Called after each log with the count done and the total, one call at a
  // time, from the thread that checked it.
  std::function<void(std::size_t, std::size_t)> progress;
};

Batch check_logs(const std::vector<std::filesystem::path>& paths, const BatchOptions& options);

}  // namespace umpire::run
