#pragma once
// The canonical printer of `.rules` syntax trees: one clause per line,
// two-space indentation, a blank line between items. Parsing its output
// gives back the same tree (tests/rules/printer_test.cpp checks this with
// rapidcheck), so `umpire rules show --source` can print any ruleset,
// merged variants included, as a file a rule writer can edit.
#include <string>

#include "grammar/rules/ast.hpp"

namespace umpire::rules {

std::string print(const ast::File& file);
std::string print(const ast::Item& item);
std::string print(const ast::Expr& expr);
std::string print(const ast::Cond& cond);
std::string print(const ast::Literal& literal);
std::string print(const ast::Type& type);
std::string print(const ast::Pattern& pattern);

// A string literal with `"` and `\` escaped.
std::string quote(std::string_view text);

}  // namespace umpire::rules
