#pragma once
// The structural limits of the inputs Umpire reads, in one place. Logs and
// rules data come from people and from tools, and also from files nobody
// checked: past these sizes an input is refused with an error at the
// offending line, before anything costly is done with it (lowering, the
// evaluator, the verifier's Z3 encoding, whose cost grows faster than the
// input). Each is far above what a real game or ruleset needs (the largest
// shipped ruleset has 474 items, its largest table 50 rows, its longest
// line 225 bytes). Documented in docs/log-format.md § Limits and
// docs/rules-format.md § Limits; the size of a whole input file is limited
// separately (SourceManager::max_input_bytes, docs/cli.md § Inputs).
#include <cstddef>

namespace umpire::limits {

// Battle logs (log.limit.*).
// The bytes of one line: a 50 MB line of numbers once took 2.5 GB to parse,
// about fifty times its size; 256 KiB holds a statement of 65,535 units
// (log.statement.too-many-units) or a `hex` line of 40,000 hexes.
inline constexpr std::size_t log_line_bytes = std::size_t{256} << 10;  // log.limit.line-length

// Rules data (rules.limit.*), counted in each file as written.
inline constexpr std::size_t rules_items = 5000;   // rules.limit.items: items of a file
inline constexpr std::size_t table_rows = 1000;    // rules.limit.rows: rows of a table
inline constexpr std::size_t case_arms = 256;      // rules.limit.arms: `when` arms of a `cases`
inline constexpr std::size_t switch_options = 64;  // rules.limit.arms: options of a switch
inline constexpr std::size_t stage_entries = 256;  // rules.limit.arms: entries of a stack's stage
// Operands of one chain (`a + b + ...`, `a and b and ...`): the model nests
// a chain as deep as it is long, and every pass over it recurses
// (rules.syntax.too-long, engine/rules/resolve_expr.cpp).
inline constexpr std::size_t operands = 128;

}  // namespace umpire::limits
