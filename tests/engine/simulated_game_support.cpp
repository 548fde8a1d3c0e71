#include "tests/engine/simulated_game_support.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "engine/core/diagnostic_render.hpp"
#include "engine/rules/loader.hpp"
#include "engine/rulesets/registry.hpp"
#include "tests/support/paths.hpp"

namespace umpire::test {

Simulated simulate(std::string_view ruleset, std::uint64_t seed, std::uint32_t turns) {
  const rulesets::RulesetEntry* entry = rulesets::find(ruleset);
  EXPECT_TRUE(entry && entry->engine && entry->simulator);
  if (!entry || !entry->engine || !entry->simulator) return {};
  SourceManager sources;
  DiagnosticEngine diags(0);
  rules::LoadOptions load;
  load.check_file_name = false;
  auto data = rules::load_ruleset(sources, corpus_dir() / entry->data_file, diags, load);
  EXPECT_TRUE(data) << render_text(sources, diags);
  if (!data) return {};
  auto bound = entry->engine->bind(*data, diags, {});
  EXPECT_TRUE(bound) << render_text(sources, diags);
  if (!bound) return {};
  rulesets::SimulateOptions options;
  options.seed = seed;
  options.turns = turns;
  const std::optional<std::string> text = entry->simulator->simulate(*bound, options, diags);
  return {text.value_or(""), render_text(sources, diags)};
}

Checked check(std::string_view ruleset, const std::string& text) {
  const rulesets::RulesetEntry* entry = rulesets::find(ruleset);
  SourceManager sources;
  DiagnosticEngine diags(0);
  const FileId file = sources.add("simulated.ulog", text);
  run::RunOptions options;
  options.rules_file = corpus_dir() / entry->data_file;
  Checked out;
  out.result = run::run_log(sources, file, diags, options);
  out.errors = diags.count(Severity::error);
  out.messages = render_text(sources, diags);
  return out;
}

std::map<std::string, int> statements(const std::string& text) {
  std::map<std::string, int> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("    ", 0) != 0) continue;
    std::istringstream words(line);
    std::string verb;
    words >> verb;
    ++out[verb];
  }
  return out;
}

}  // namespace umpire::test
