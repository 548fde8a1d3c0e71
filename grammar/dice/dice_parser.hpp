#pragma once
// Entry points of the dice notation parser. No X3 here: callers (the log and
// rules grammars, the CLI, tests) see only engine types and diagnostics.
#include <optional>
#include <string_view>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/dice/expr.hpp"
#include "engine/core/dice/recorded.hpp"

namespace umpire::dice {

// Parses dice notation (`2d6-4`, `3d6kl2`, `d6r1`; docs/dice.md § Notation).
// `where` is the span of `text` in its source (a log, a rules file, the
// command line): diagnostics point inside it. Reports `dice.syntax.*` (caret
// under the offending character, what was expected, a hint) or
// `dice.invalid.*` (a well-formed expression the dice cannot honour: `d0`,
// `0d6`, `3d6kl4`, limits) and returns nullopt on any error.
std::optional<Expr> parse(std::string_view text, Span where, DiagnosticEngine& diags);

// Parses recorded faces, `3,5` or `1r4,5` (docs/dice.md § Recorded dice);
// check_recorded() then checks them against the expression.
std::optional<std::vector<RecordedDie>> parse_faces(std::string_view text, Span where,
                                                    DiagnosticEngine& diags);

}  // namespace umpire::dice
