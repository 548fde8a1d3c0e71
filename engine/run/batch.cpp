#include "engine/run/batch.hpp"

#include <algorithm>
#include <atomic>
#include <functional>
#include <mutex>
#include <thread>

namespace umpire::run {

Batch check_logs(const std::vector<std::filesystem::path>& paths, const BatchOptions& options) {
  Batch batch;
  batch.logs.resize(paths.size());
  const std::size_t threads =
      std::max<std::size_t>(1, std::min<std::size_t>(options.threads, paths.size()));
  for (std::size_t t = 0; t < threads; ++t) {
    batch.sources.push_back(std::make_unique<SourceManager>());
    batch.sources.back()->set_max_input_bytes(options.max_input_bytes);
  }
  std::atomic<std::size_t> next{0};
  std::mutex progress_mutex;
  std::size_t done = 0;
  auto work = [&](SourceManager& sources) {
    RulesCache cache;
    RunOptions run_options = options.run;
    run_options.rules_cache = &cache;
    for (std::size_t i = next++; i < paths.size(); i = next++) {
      CheckedLog& log = batch.logs[i];  // this thread's alone
      log.path = paths[i];
      log.sources = &sources;
      log.file = sources.load(paths[i], log.load_error, &log.why);
      if (log.file) {
        log.diags.put_first(*log.file);
        log.result = run_log(sources, *log.file, log.diags, run_options);
      }
      if (options.progress) {
        const std::lock_guard<std::mutex> lock(progress_mutex);
        options.progress(++done, paths.size());
      }
    }
  };
  if (threads == 1) {
    work(*batch.sources.front());
    return batch;
  }
  std::vector<std::thread> pool;
  for (std::size_t t = 0; t < threads; ++t) pool.emplace_back(work, std::ref(*batch.sources[t]));
  for (std::thread& t : pool) t.join();
  return batch;
}

}  // namespace umpire::run
