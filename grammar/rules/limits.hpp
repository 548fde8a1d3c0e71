#pragma once
// The structural limits of rules data (engine/core/input_limits.hpp),
// checked on each item as it is parsed: rows of a table, arms of a `cases`,
// options of a switch, entries of a stack's stage. An item past a limit is
// reported at the first element beyond it (`rules.limit.*`) and dropped, so
// that nothing later (resolution, the evaluator, the verifier) spends time
// on it. Chains of operands are bounded by the resolver
// (`rules.syntax.too-long`), the file's items by the parser.
#include "engine/core/diagnostic.hpp"
#include "grammar/rules/ast.hpp"

namespace umpire::rules {

// False, after one error, when `item` is past a limit.
bool within_limits(const ast::Item& item, DiagnosticEngine& diags);

}  // namespace umpire::rules
