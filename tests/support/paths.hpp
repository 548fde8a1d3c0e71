#pragma once
// Where the tests find what they read: the source tree they were built from
// (test inputs, replays, docs) and the rule texts, an optional input
// (engine/core/data_paths.hpp). A test that lints citations against the
// texts skips without them, by name:
//
//   const auto texts = test::rule_texts();
//   if (!texts) GTEST_SKIP() << test::no_rule_texts;
#include <filesystem>
#include <optional>

#include "engine/core/data_paths.hpp"

namespace umpire::test {

// UMPIRE_SOURCE_DIR is defined for every test target by tests/CMakeLists.txt.
inline std::filesystem::path source_dir() {
  return UMPIRE_SOURCE_DIR;
}

// The shipped rulesets of that tree.
inline std::filesystem::path corpus_dir() {
  return source_dir() / "corpus" / "rulesets";
}

inline std::optional<std::filesystem::path> rule_texts() {
  return paths::texts_dir({}).dir;
}

inline constexpr const char* no_rule_texts =
    "rule texts not found: set UMPIRE_RULES_TEXTS, or configure with -DUMPIRE_RULES_TEXTS=DIR";

}  // namespace umpire::test
