#pragma once
// Text renderings of rule data for people: `umpire rules show` (tables as
// tables, stacks stage by stage, profiles of a record side by side) and the
// evaluation breakdown printed by `umpire rules eval` and by the engine.
#include <string>
#include <vector>

#include "engine/rules/evaluator.hpp"
#include "engine/rules/model.hpp"

namespace umpire::rules {

// An expression in the rules language's own notation.
std::string expr_text(const Ruleset& rs, const Expr& e);

// Every item, grouped by kind, one line each.
std::string describe_ruleset(const Ruleset& rs);
// One item in full, with its citations.
std::string describe_item(const Ruleset& rs, ItemRef ref);

// One line per step, indented by depth, citations after the text.
std::string render_breakdown(const std::vector<Step>& steps);

// Columns padded to their widest cell (by code points), separated by two
// spaces, a rule of dashes under the header row.
std::string text_table(const std::vector<std::vector<std::string>>& rows);

}  // namespace umpire::rules
