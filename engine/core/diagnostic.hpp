#pragma once
// One diagnostic engine for everything a user reads: syntax errors in logs and
// rules files, rule violations found by the replay, findings of the verifier,
// and command-line mistakes. Emitting (this file) is separate from rendering
// (diagnostic_render.hpp), as in Clang.
//
//   diags.report(log::Diag::syntax_expected_hex, span, "expected a hex like {}", "5,7")
//        .label(other, "unit declared here")
//        .rule("002_87c3dc452f850204.txt", "Le tir")
//        .hint("hexes are written column,row");
#include <fmt/core.h>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/span.hpp"

namespace umpire {

enum class Severity : std::uint8_t {
  note,         // information attached to nothing else
  not_checked,  // a rule the engine does not enforce yet; never silent
  warning,
  error,
};
std::string_view to_string(Severity severity);

struct Label {
  Span span;
  std::string message;
};

// A citation of the rule text: file name and section heading, as in
// `002_87c3dc452f850204.txt § Le tir`.
struct RuleRef {
  std::string file;
  std::string section;
  std::string to_string() const;
};

// A suggested edit: replace `span` with `replacement`.
struct FixIt {
  Span span;
  std::string replacement;
};

struct Diagnostic {
  std::string id;  // stable, dotted: `log.syntax.expected-token`
  Severity severity = Severity::error;
  std::string message;  // lower case, no trailing period, names in 'quotes'
  Span span;            // primary span; may be invalid for file-less messages
  std::string span_label;
  std::vector<Label> labels;  // secondary spans
  std::vector<std::string> notes;
  std::optional<RuleRef> rule;
  std::string hint;
  std::vector<FixIt> fixits;
};

class DiagnosticEngine;

// Returned by DiagnosticEngine::report and friends; adds detail to the
// diagnostic just emitted. Holds an index, not a reference, so emitting more
// diagnostics never leaves it dangling.
class DiagnosticBuilder {
 public:
  DiagnosticBuilder(DiagnosticEngine* engine, std::size_t index) : engine_(engine), index_(index) {}

  DiagnosticBuilder& span_label(std::string text);
  DiagnosticBuilder& label(Span span, std::string text);
  DiagnosticBuilder& note(std::string text);
  template <typename... Args>
  DiagnosticBuilder& note(fmt::format_string<Args...> format, Args&&... args) {
    return note(fmt::format(format, std::forward<Args>(args)...));
  }
  DiagnosticBuilder& rule(std::string file, std::string section);
  DiagnosticBuilder& rule(RuleRef ref);
  DiagnosticBuilder& hint(std::string text);
  template <typename... Args>
  DiagnosticBuilder& hint(fmt::format_string<Args...> format, Args&&... args) {
    return hint(fmt::format(format, std::forward<Args>(args)...));
  }
  DiagnosticBuilder& fixit(Span span, std::string replacement);

 private:
  Diagnostic* get();
  DiagnosticEngine* engine_;  // null when the diagnostic was dropped (error limit)
  std::size_t index_;
};

// A row of a front end's diagnostics table (engine/core/diagnostic_table.hpp):
// the id a diagnostic shows and its default severity.
struct DiagnosticKind {
  std::string_view id;
  Severity severity;
};

// An enum naming the rows of such a table: its namespace declares
// `const DiagnosticKind& diagnostic_kind(E)`, so a misspelt id does not compile.
template <typename E>
concept DiagnosticEnum = std::is_enum_v<E> && requires(E e) {
  { diagnostic_kind(e) } -> std::same_as<const DiagnosticKind&>;
};

class DiagnosticEngine {
 public:
  // After `error_limit` errors, further errors are counted but not kept; 0
  // means no limit.
  explicit DiagnosticEngine(std::size_t error_limit = 50) : error_limit_(error_limit) {}

  DiagnosticBuilder report(Severity severity, std::string_view id, Span span, std::string message);

  // Reports the row `kind` of a front end's table at its severity.
  template <DiagnosticEnum E, typename... Args>
  DiagnosticBuilder report(E kind, Span span, fmt::format_string<Args...> format, Args&&... args) {
    const DiagnosticKind& k = diagnostic_kind(kind);
    return report(k.severity, k.id, span, fmt::format(format, std::forward<Args>(args)...));
  }

  template <typename... Args>
  DiagnosticBuilder error(std::string_view id, Span span, fmt::format_string<Args...> format,
                          Args&&... args) {
    return report(Severity::error, id, span, fmt::format(format, std::forward<Args>(args)...));
  }
  template <typename... Args>
  DiagnosticBuilder warning(std::string_view id, Span span, fmt::format_string<Args...> format,
                            Args&&... args) {
    return report(Severity::warning, id, span, fmt::format(format, std::forward<Args>(args)...));
  }
  template <typename... Args>
  DiagnosticBuilder note(std::string_view id, Span span, fmt::format_string<Args...> format,
                         Args&&... args) {
    return report(Severity::note, id, span, fmt::format(format, std::forward<Args>(args)...));
  }
  template <typename... Args>
  DiagnosticBuilder not_checked(std::string_view id, Span span, fmt::format_string<Args...> format,
                                Args&&... args) {
    return report(Severity::not_checked, id, span,
                  fmt::format(format, std::forward<Args>(args)...));
  }

  // Kept diagnostics in emission order.
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  // Kept diagnostics ordered by file, then position, then emission order;
  // span-less ones first.
  std::vector<Diagnostic> sorted() const;

  // Counts include diagnostics dropped by the error limit.
  std::size_t count(Severity severity) const { return counts_[static_cast<std::size_t>(severity)]; }
  bool has_errors() const { return count(Severity::error) > 0; }
  std::size_t dropped() const { return dropped_; }
  bool limit_reached() const { return error_limit_ != 0 && count(Severity::error) > error_limit_; }

  // Lists the diagnostics of `file` before those of other files in
  // sorted(), so that a log's own come first whichever of its files (the
  // log, its rules data) was read first.
  void put_first(FileId file) { first_ = file; }

  // Reports a copy of `d`, counted as if emitted here.
  void add(const Diagnostic& d);
  // Moves every diagnostic of `other` into this engine, counting them anew.
  void absorb(DiagnosticEngine&& other);
  void clear();

 private:
  friend class DiagnosticBuilder;
  std::vector<Diagnostic> diagnostics_;
  std::size_t counts_[4] = {0, 0, 0, 0};
  std::size_t error_limit_;
  std::size_t dropped_ = 0;
  FileId first_;
};

// "2 errors, 1 warning and 3 not checked", or "no issues".
std::string summary(const DiagnosticEngine& engine);

}  // namespace umpire
