#pragma once
// Renderers for diagnostics: caret text in the Clang style, JSON and SARIF.
#include <cstddef>
#include <string>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"

namespace umpire {

struct TextStyle {
  bool colour = false;               // ANSI colours; the CLI turns them on only on a terminal
  std::size_t max_line_width = 100;  // longer source lines are shown as a window round the caret
};

// file:line:col: severity: message [id], the source line, carets, labels,
// notes, rule reference and hint.
std::string render_text(const SourceManager& sources, const Diagnostic& diagnostic,
                        const TextStyle& style = {});
// Every kept diagnostic in position order, a line for diagnostics dropped by
// the error limit, no summary.
std::string render_text(const SourceManager& sources, const DiagnosticEngine& engine,
                        const TextStyle& style = {});

// {"diagnostics": [...], "summary": {"errors": n, ...}}; positions carry both
// byte offsets and 1-based line:column.
std::string render_json(const SourceManager& sources, const DiagnosticEngine& engine);
// SARIF 2.1.0, for code-scanning tools and editors: one run (engine/core/sarif.hpp).
std::string render_sarif(const SourceManager& sources, const DiagnosticEngine& engine,
                         std::string_view tool_version);

}  // namespace umpire
