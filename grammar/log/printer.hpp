#pragma once
// The canonical form of a log: keywords and ids lower case, one space between
// values, indentation by nesting (army > units, turn > phase > actions), one
// blank line kept where any stood, comments kept. Printing is idempotent and
// parsing the printed text gives the same AST (spans aside).
#include <string>

#include "grammar/log/ast.hpp"

namespace umpire::log {

std::string print_log(const ast::Log& log);
std::string print_statement(const ast::Log& log, const ast::Statement& statement);
void print_statement(std::string& out, const ast::Log& log, const ast::Statement& statement);
void print_value(std::string& out, const ast::Log& log, const ast::Value& value);

}  // namespace umpire::log
