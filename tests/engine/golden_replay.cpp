#include "tests/engine/golden_replay.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/rulesets/registry.hpp"
#include "tests/support/paths.hpp"

namespace umpire::test {
namespace {

std::vector<std::filesystem::path> logs_in(const std::filesystem::path& dir, bool with_hashes) {
  std::vector<std::filesystem::path> out;
  if (!std::filesystem::is_directory(dir)) return out;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::filesystem::path& p = entry.path();
    if (p.extension() != ".ulog") continue;
    std::filesystem::path hashes = p;
    hashes.replace_extension(".hashes");
    if (!with_hashes || std::filesystem::exists(hashes)) out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::unique_ptr<Replayed> replay_file(const std::filesystem::path& p, replay::ReplayMode mode,
                                      bool hash_every_event) {
  auto out = std::make_unique<Replayed>();
  std::string error;
  auto file = out->sources.load(p, error);
  if (!file) throw std::runtime_error(p.string() + ": " + error);
  run::RunOptions options;
  options.mode = mode;
  options.hash_every_event = hash_every_event;
  out->result = run::run_log(out->sources, *file, out->diags, options);
  return out;
}

std::unique_ptr<Replayed> replay_text(const std::string& name, const std::string& text) {
  auto out = std::make_unique<Replayed>();
  const FileId file = out->sources.add(name, text);
  out->result = run::run_log(out->sources, file, out->diags);
  return out;
}

std::string hash_lines(const run::RunResult& r) {
  std::string out = fmt::format("deployment {}\n", replay::hash_text(r.replay.initial_hash));
  for (const replay::EventRecord& e : r.replay.events)
    out += fmt::format("{} {}  {}\n", e.index + 1, replay::hash_text(e.hash.value()),
                       r.events.at(e.index));
  return out;
}

std::filesystem::path replays_dir(const rulesets::RulesetEntry& ruleset) {
  return source_dir() / "replays" / std::string(ruleset.id);
}

std::vector<std::filesystem::path> recorded_games(const rulesets::RulesetEntry& ruleset) {
  return logs_in(replays_dir(ruleset), true);
}

std::vector<std::filesystem::path> fail_logs(const rulesets::RulesetEntry& ruleset) {
  return logs_in(replays_dir(ruleset) / "fail", false);
}

std::vector<const rulesets::RulesetEntry*> rulesets_with_engine() {
  std::vector<const rulesets::RulesetEntry*> out;
  for (const rulesets::RulesetEntry* e : rulesets::all())
    if (e->engine) out.push_back(e);
  return out;
}

}  // namespace umpire::test
