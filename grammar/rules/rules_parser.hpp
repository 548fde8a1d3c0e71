#pragma once
// Entry point of the rules front end: text in, syntax tree and diagnostics
// out. No X3 type appears here.
#include "engine/core/diagnostic.hpp"
#include "engine/core/source_manager.hpp"
#include "grammar/rules/ast.hpp"

namespace umpire::rules {

// Parses the `.rules` file `file`. Syntax errors are reported as
// `rules.syntax.*` diagnostics; after an error the parser resumes at the
// next line that starts an item, so one run reports several mistakes. The
// returned tree holds every item that parsed; `header_ok` is false when the
// `ruleset` line itself did not parse.
struct ParsedFile {
  ast::File file;
  bool header_ok = false;
};
ParsedFile parse_rules(const SourceManager& sources, FileId file, DiagnosticEngine& diags);

// Deepest bracket nesting (and runs of prefix `not`/`-`) the parser accepts;
// deeper input is rejected before parsing so that recursion stays bounded.
inline constexpr int max_nesting = 64;

}  // namespace umpire::rules
