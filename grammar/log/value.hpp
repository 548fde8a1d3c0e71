#pragma once
// One value of a statement line (`5,7`, `2d6=3,5`, `"Legio X"`, `(a, b)`).
// Declared here, defined in value_def.hpp, instantiated once in value.cpp.
#include "grammar/log/ast.hpp"
#include "grammar/log/config.hpp"

namespace umpire::log::parser {

struct value_class;
using value_type = x3::rule<value_class, ast::Value>;
BOOST_SPIRIT_DECLARE(value_type)

value_type const& value_parser();

}  // namespace umpire::log::parser
