#pragma once
// Helpers shared by the rules tests: load a ruleset from text or from the
// corpus, count diagnostics by id, evaluate with givens written as text.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"
#include "engine/rules/evaluator.hpp"
#include "engine/rules/loader.hpp"
#include "tests/support/paths.hpp"

namespace umpire::rules::testing {

using umpire::test::corpus_dir;
using umpire::test::source_dir;

struct Loaded {
  SourceManager sources;
  DiagnosticEngine diags{0};
  std::optional<Ruleset> rs;
  std::size_t count(std::string_view id) const;
  std::string messages() const;  // every diagnostic, one per line, for failure output
};

// Loads `text` as a file named `name` (bases looked for in `dir`), its
// citations linted against the rule texts when `lint` and the build has them.
std::unique_ptr<Loaded> load_text(const std::string& text, const std::string& name = "test.rules",
                                  const std::filesystem::path& dir = {}, bool lint = true);
// Loads corpus/rulesets/ID.rules as the engine does: citations checked for
// form only (CorpusCitations.* lints them against the texts).
std::unique_ptr<Loaded> load_corpus(const std::string& id);

// Givens written as text, "self.type" -> "line_infantry".
using Givens = std::map<std::string, std::string>;

// `base` with the pairs of `more` added or replaced.
Givens with(Givens base, const Givens& more);

// Builds a situation from "name=value" pairs (givens and switches); throws
// std::runtime_error naming the pair on a mistake, so tests fail loudly.
Situation situation(const Ruleset& rs, const std::map<std::string, std::string>& givens);

// Evaluates value `name` and renders it as the rules language writes it.
std::string eval_value(const Ruleset& rs, const std::string& name,
                       const std::map<std::string, std::string>& givens);
// Looks column `column` of table `table` up with keys given as text.
std::string eval_table(const Ruleset& rs, const std::string& table, const std::string& column,
                       const std::map<std::string, std::string>& keys);
TestResult eval_test(const Ruleset& rs, const std::string& test,
                     const std::map<std::string, std::string>& givens);
std::int64_t eval_stack(const Ruleset& rs, const std::string& stack, std::int64_t start,
                        const std::map<std::string, std::string>& givens);
Verdict eval_action(const Ruleset& rs, const std::string& action,
                    const std::map<std::string, std::string>& givens);

}  // namespace umpire::rules::testing
