#pragma once
// Entry point of the battle-log front end. No X3 type appears here.
#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"
#include "grammar/log/ast.hpp"

namespace umpire::log {

// Parses a whole log. Never throws on bad input: syntax errors are reported
// to `diags` (several per file, recovery at each line) and the lines that did
// not parse are left out of the result. Callers that rewrite the file must
// check `diags.has_errors()` first.
ast::Log parse_log(const SourceManager& sources, FileId file, DiagnosticEngine& diags);

// Same, for a buffer that is not in a SourceManager (fuzzing, benchmarks).
ast::Log parse_log_text(std::string_view text, FileId file, DiagnosticEngine& diags);

}  // namespace umpire::log
