#pragma once
// The canonical form of a log: keywords and ids lower case, one space between
// values, indentation by nesting (army > units, turn > phase > actions), one
// blank line kept where any stood, comments kept. Printing is idempotent and
// parsing the printed text gives the same AST (spans aside).
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/diagnostic.hpp"
#include "grammar/log/ast.hpp"

namespace umpire::log {

std::string print_log(const ast::Log& log);
// Parses and prints a log line by line, never holding its whole tree (what
// `umpire fmt` does for a file): the canonical text, or nullopt when a line
// did not parse (its diagnostics are in `diags`). Same text as print_log of
// the parsed log.
std::optional<std::string> format_log(std::string_view text, FileId file, DiagnosticEngine& diags);
std::string print_statement(const ast::Log& log, const ast::Statement& statement);
void print_statement(std::string& out, const ast::Log& log, const ast::Statement& statement);
void print_value(std::string& out, const ast::Log& log, const ast::Value& value);

}  // namespace umpire::log
