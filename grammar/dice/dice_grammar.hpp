#pragma once
// The top rules, declared for the translation units that instantiate them
// (dice_parser.cpp, faces_parser.cpp) and the one that calls them (parse.cpp).
#include <boost/spirit/home/x3.hpp>

#include "grammar/dice/ast.hpp"

namespace umpire::dice::grammar {

namespace x3 = boost::spirit::x3;

struct expr_class;
struct faces_class;
using expr_type = x3::rule<expr_class, ast::ExprNode>;
using faces_type = x3::rule<faces_class, ast::FacesNode>;
BOOST_SPIRIT_DECLARE(expr_type, faces_type)

expr_type expr_rule();
faces_type faces_rule();

}  // namespace umpire::dice::grammar
