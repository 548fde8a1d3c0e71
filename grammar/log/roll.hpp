#pragma once
// A recorded dice roll, `2d6=3,5` or `d6r1=1r4`: notation, '=', the faces.
// Declared here, defined in roll_def.hpp, instantiated once in roll.cpp.
#include "grammar/log/ast.hpp"
#include "grammar/log/config.hpp"

namespace umpire::log::parser {

struct roll_class;
using roll_type = x3::rule<roll_class, ast::Value>;
BOOST_SPIRIT_DECLARE(roll_type)

roll_type const& roll_parser();

}  // namespace umpire::log::parser
