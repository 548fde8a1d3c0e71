#pragma once
// Entry point of the battle-log front end. No X3 type appears here.
#include <cstddef>
#include <functional>
#include <string_view>

#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"
#include "grammar/log/ast.hpp"

namespace umpire::log {

// Parses a whole log. Never throws on bad input: syntax errors are reported
// to `diags` (several per file, recovery at each line) and the lines that did
// not parse are left out of the result. Callers that rewrite the file must
// check `diags.has_errors()` first. The log views the file's text, which the
// SourceManager keeps.
ast::Log parse_log(const SourceManager& sources, FileId file, DiagnosticEngine& diags);

// Same, for a buffer that is not in a SourceManager (fuzzing, benchmarks);
// `text` must outlive the result.
ast::Log parse_log_text(std::string_view text, FileId file, DiagnosticEngine& diags);

// The same parser one line at a time, for callers that consume each
// statement and drop it (lowering a large log in bounded memory): next()
// appends the next line that parses to `log` and returns true, or returns
// false at the end of the text. The caller may clear `log` between calls.
// `release`, when given, is told every few megabytes how far the reader has
// read (the whole text once for its UTF-8 check, then line by line), so that
// a mapped file can give back the pages behind it
// (SourceManager::release).
using ReleaseText = std::function<void(std::size_t end)>;
class LineReader {
 public:
  LineReader(std::string_view text, FileId file, DiagnosticEngine& diags, ReleaseText release = {});
  bool next(ast::Log& log);

 private:
  std::string_view text_;
  FileId file_;
  DiagnosticEngine& diags_;
  ReleaseText release_;
  std::size_t released_ = 0;  // where `release_` was last told
  std::size_t start_ = 0;
  bool blank_before_ = false;
  bool any_line_ = false;
  std::uint8_t mode_ = 0;  // detail::PositionMode, from the battlefield seen so far
};

}  // namespace umpire::log
