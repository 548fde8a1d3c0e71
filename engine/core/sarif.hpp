#pragma once
// SARIF 2.1.0 (the OASIS standard code-scanning tools read): one run of
// Umpire as rules (the checks or kinds of finding, with the rule text they
// cite), artifacts (the files analysed) and results (the diagnostics), each
// located by line and column and given a fingerprint that survives edits
// elsewhere in the file. `umpire check` and `umpire verify` both write it
// through this builder; docs/cli.md § SARIF says what each field holds.
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"

namespace umpire::sarif {

// A rule as the viewer lists it: what it checks, the rule text it enforces
// (the help text) and the level of a breach.
struct Rule {
  std::string id;
  std::string description;  // one line; empty: none
  std::optional<RuleRef> citation;
  Severity severity = Severity::error;
};

// SARIF's `level` of a severity; `not checked` is a result to review, whose
// level SARIF requires to be "none".
std::string_view level(Severity severity);
std::string_view kind(Severity severity);

// The URI of a file as it was named: a relative path as given (relative to
// the working directory, which is how code scanning resolves it), an
// absolute path inside the working directory made relative to it, any other
// absolute path as a file: URI; percent-encoded as RFC 3986 asks.
std::string artifact_uri(std::string_view name);

// The text a fingerprint reads: whitespace runs become one space, the ends
// are trimmed, so re-indenting a statement keeps its fingerprint.
std::string normalise_statement(std::string_view text);
// Hex of SHA-256 over the rule id, the statement's normalised text and the
// occurrence index of that pair in its file (the second identical statement
// breaking the same rule is occurrence 1): it does not move when lines above
// are added or removed, as a line number would.
std::string fingerprint(std::string_view rule_id, std::string_view statement,
                        std::size_t occurrence);
inline constexpr std::string_view fingerprint_key = "umpireStatement/v1";

// Builds one run. Results keep the order they are added in; rules are listed
// sorted by id, only those some result names.
class RunBuilder {
 public:
  explicit RunBuilder(std::string_view tool_version);
  ~RunBuilder();
  RunBuilder(const RunBuilder&) = delete;
  RunBuilder& operator=(const RunBuilder&) = delete;

  // What a rule id means; ids no result names are left out. An id without a
  // description takes its level and citation from its first diagnostic.
  void describe(Rule rule);
  // An analysed file with its properties (a JSON object's text, or empty);
  // returns its index. Files results point into are added on the way.
  std::size_t add_artifact(std::string_view name, std::string_view properties_json = {});
  // Every kept diagnostic of `engine` in position order: one result each
  // when it points into a file, else (and when it points into
  // `not_an_artifact`, the command line) a notification of the invocation.
  void add(const SourceManager& sources, const DiagnosticEngine& engine,
           FileId not_an_artifact = {});
  // One result, with its own locations (already SARIF JSON objects' text):
  // for producers that are not diagnostics (the verifier's findings).
  void add_result(std::string_view result_json);
  // A problem of the run itself, not of a file (an unreadable argument).
  void notify(Severity severity, std::string_view id, std::string_view message);
  void set_execution_successful(bool successful) { successful_ = successful; }
  // Properties of the run (a JSON object's text).
  void set_properties(std::string_view properties_json);

  std::string render() const;

 private:
  struct Json;
  std::unique_ptr<Json> json_;
  std::map<std::string, Rule, std::less<>> catalogue_;
  std::map<std::string, std::size_t, std::less<>> artifact_index_;
  std::map<std::string, std::size_t, std::less<>> occurrences_;
  bool successful_ = true;
};

}  // namespace umpire::sarif
