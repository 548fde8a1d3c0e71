#pragma once
// From the syntax tree to engine types, with the checks the grammar cannot
// express (`dice.invalid.*`). No X3 here.
#include <optional>
#include <vector>

#include "engine/core/diagnostic.hpp"
#include "engine/core/dice/expr.hpp"
#include "engine/core/dice/recorded.hpp"
#include "grammar/dice/ast.hpp"
#include "grammar/dice/origin.hpp"

namespace umpire::dice::grammar {

std::optional<Expr> lower(const ast::ExprNode& node, const Origin& origin, DiagnosticEngine& diags);
std::vector<RecordedDie> lower(const ast::FacesNode& node, const Origin& origin);

}  // namespace umpire::dice::grammar
